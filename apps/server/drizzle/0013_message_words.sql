CREATE TABLE "whatsapp_palavras_lead" (
	"cli_crm_id" integer PRIMARY KEY NOT NULL,
	"id_unidade" integer NOT NULL,
	"palavras" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "whatsapp_mensagens_unidade_texto_trgm_idx";--> statement-breakpoint
ALTER TABLE "whatsapp_palavras_lead" ADD CONSTRAINT "whatsapp_palavras_lead_cli_crm_id_leads_cli_crm_id_fk" FOREIGN KEY ("cli_crm_id") REFERENCES "public"."leads"("cli_crm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_palavras_lead_idx" ON "whatsapp_palavras_lead" USING gin ("palavras");--> statement-breakpoint
-- Hand-written (issue 9, chat search over message text): the tagged words of a text, the same
-- normalisation as leads.cli_nome_palavras (lower case, unaccented, letters and digits), each word
-- prefixed with the unit ('12uorcamento'), positions stripped so a lead's row grows only with new words.
CREATE OR REPLACE FUNCTION whatsapp_palavras_de(id_unidade integer, texto text) RETURNS tsvector
  AS $$ SELECT strip(to_tsvector('simple'::regconfig, regexp_replace(btrim(regexp_replace(immutable_unaccent(lower(texto)), '[^[:alnum:]]+', ' ', 'g')), '([^ ]+)', id_unidade::text || 'u\1', 'g'))) $$
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT;
--> statement-breakpoint
-- The unit's leads whose words match a tsquery, at most `limite`, through the GIN index. PostgreSQL
-- prices a prefix match on a GIN index far above its cost (on 40,000 rows it chose a sequential
-- scan: 77-179 ms where the index answers in 0.2 ms), so the lookup runs with sequential scans off.
CREATE OR REPLACE FUNCTION whatsapp_leads_com_palavras(unidade integer, consulta tsquery, limite integer) RETURNS SETOF integer
  AS $$ SELECT cli_crm_id FROM whatsapp_palavras_lead WHERE id_unidade = unidade AND palavras @@ consulta LIMIT limite $$
  LANGUAGE sql STABLE PARALLEL SAFE STRICT SET enable_seqscan = off;
--> statement-breakpoint
-- Each inserted batch (one statement of the message store) adds its words to its leads' rows in
-- one statement, leads in id order (the same lock order for every batch).
CREATE OR REPLACE FUNCTION whatsapp_palavras_inseridas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO whatsapp_palavras_lead AS p (cli_crm_id, id_unidade, palavras)
  SELECT n.cli_crm_id, max(n.id_unidade), whatsapp_palavras_de(max(n.id_unidade), string_agg(n.body, ' '))
  FROM novas n
  WHERE NOT n.is_deleted AND n.media_type NOT IN ('reaction', 'call_log') AND n.body <> ''
  GROUP BY n.cli_crm_id
  ORDER BY n.cli_crm_id
  ON CONFLICT (cli_crm_id) DO UPDATE SET palavras = p.palavras || excluded.palavras, id_unidade = excluded.id_unidade;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER whatsapp_mensagens_palavras_ins AFTER INSERT ON whatsapp_mensagens
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION whatsapp_palavras_inseridas();
--> statement-breakpoint
-- An edited or deleted message (rare) rebuilds its lead's row from the lead's live text messages,
-- so an edited-away or deleted word stops matching.
CREATE OR REPLACE FUNCTION whatsapp_palavras_refeitas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO whatsapp_palavras_lead AS p (cli_crm_id, id_unidade, palavras)
  SELECT NEW.cli_crm_id, NEW.id_unidade, coalesce(whatsapp_palavras_de(NEW.id_unidade, string_agg(m.body, ' ')), ''::tsvector)
  FROM whatsapp_mensagens m
  WHERE m.cli_crm_id = NEW.cli_crm_id AND NOT m.is_deleted AND m.media_type NOT IN ('reaction', 'call_log') AND m.body <> ''
  ON CONFLICT (cli_crm_id) DO UPDATE SET palavras = excluded.palavras;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER whatsapp_mensagens_palavras_upd AFTER UPDATE OF body, is_deleted, media_type ON whatsapp_mensagens
  FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted OR OLD.media_type IS DISTINCT FROM NEW.media_type)
  EXECUTE FUNCTION whatsapp_palavras_refeitas();
--> statement-breakpoint
-- The messages stored so far.
INSERT INTO whatsapp_palavras_lead (cli_crm_id, id_unidade, palavras)
SELECT cli_crm_id, max(id_unidade), whatsapp_palavras_de(max(id_unidade), string_agg(body, ' '))
FROM whatsapp_mensagens
WHERE NOT is_deleted AND media_type NOT IN ('reaction', 'call_log') AND body <> ''
GROUP BY cli_crm_id;
