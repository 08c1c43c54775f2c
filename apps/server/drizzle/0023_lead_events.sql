-- Issue 22 §2: the lead event stream. Every change of a lead appends one row to lead_eventos in
-- the change's transaction (a transactional outbox); each consumer keeps its durable position in
-- lead_eventos_consumidores. One NOTIFY per appending statement on 'funil_lead_eventos', delivered
-- at the commit, wakes the consumers of every server process at once (no polling on the hot path).
CREATE TABLE "lead_eventos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"cli_crm_id" integer NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"antes" jsonb,
	"depois" jsonb NOT NULL,
	"ator" integer,
	"mudancas" jsonb NOT NULL,
	"dados" jsonb NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_eventos_consumidores" (
	"consumidor" varchar(60) PRIMARY KEY NOT NULL,
	"ultimo_id" bigint DEFAULT 0 NOT NULL,
	"erro" text,
	"falhas" integer DEFAULT 0 NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lead_eventos_lead_idx" ON "lead_eventos" USING btree ("cli_crm_id","id");;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "funil_lead_eventos_novos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('funil_lead_eventos', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_eventos_notifica" AFTER INSERT ON "lead_eventos" FOR EACH STATEMENT EXECUTE FUNCTION "funil_lead_eventos_novos"();