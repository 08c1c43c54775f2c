CREATE TABLE "dashboard_atendente_dia" (
	"id_unidade" integer NOT NULL,
	"dia" date NOT NULL,
	"id_usuario" integer NOT NULL,
	"ligacoes" integer DEFAULT 0 NOT NULL,
	"ligacoes_atendidas" integer DEFAULT 0 NOT NULL,
	"segundos_falados" bigint DEFAULT 0 NOT NULL,
	"mensagens_enviadas" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_atendente_dia_id_unidade_dia_id_usuario_pk" PRIMARY KEY("id_unidade","dia","id_usuario")
);
--> statement-breakpoint
CREATE TABLE "dashboard_etapas_dia" (
	"id_unidade" integer NOT NULL,
	"dia" date NOT NULL,
	"de" integer NOT NULL,
	"para" integer NOT NULL,
	"movimentos" integer DEFAULT 0 NOT NULL,
	"segundos" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_etapas_dia_id_unidade_dia_de_para_pk" PRIMARY KEY("id_unidade","dia","de","para")
);
--> statement-breakpoint
CREATE TABLE "dashboard_leads" (
	"cli_crm_id" integer PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"id_usuario" integer,
	"cli_nome" varchar(200) NOT NULL,
	"cli_telefone" varchar(20) NOT NULL,
	"ad_id" varchar(64),
	"ad_name" varchar(200),
	"cli_campanha_nome" varchar(200),
	"cli_tipo_lead" integer NOT NULL,
	"status_negociacao" integer NOT NULL,
	"status_venda" integer NOT NULL,
	"contato_status" integer NOT NULL,
	"valor_ticket" numeric(14, 2) NOT NULL,
	"desativado" integer NOT NULL,
	"data_captacao" timestamp with time zone NOT NULL,
	"data_atendimento" timestamp with time zone,
	"mensagens_enviadas" integer DEFAULT 0 NOT NULL,
	"primeira_mensagem_em" timestamp with time zone,
	"primeira_mensagem_por" integer,
	"respostas_recebidas" integer DEFAULT 0 NOT NULL,
	"primeira_resposta_em" timestamp with time zone,
	"aguardando_resposta_desde" timestamp with time zone,
	"respostas_medidas" integer DEFAULT 0 NOT NULL,
	"segundos_resposta" bigint DEFAULT 0 NOT NULL,
	"ligacoes" integer DEFAULT 0 NOT NULL,
	"primeira_ligacao_em" timestamp with time zone,
	"primeira_ligacao_por" integer,
	"ligacoes_atendidas" integer DEFAULT 0 NOT NULL,
	"primeira_atendida_em" timestamp with time zone,
	"segundos_ligacao" bigint DEFAULT 0 NOT NULL,
	"segundos_falados" bigint DEFAULT 0 NOT NULL,
	"segundos_cobrados" bigint DEFAULT 0 NOT NULL,
	"convertido_em" timestamp with time zone,
	"convertido_por" integer,
	"ultima_mudanca_status_em" timestamp with time zone,
	"primeiro_contato_em" timestamp with time zone GENERATED ALWAYS AS (least(primeira_mensagem_em, primeira_ligacao_em)) STORED,
	"segundos_uteis_primeiro_contato" bigint,
	"dia_captacao" date,
	"dia_conversao" date
);
--> statement-breakpoint
CREATE TABLE "dashboard_mudancas_status" (
	"id_historico" bigint PRIMARY KEY NOT NULL,
	"id_unidade" integer NOT NULL,
	"cli_crm_id" integer NOT NULL,
	"de" integer,
	"para" integer,
	"em" timestamp with time zone NOT NULL,
	"segundos_na_etapa" bigint
);
--> statement-breakpoint
ALTER TABLE "dashboard_leads" ADD CONSTRAINT "dashboard_leads_cli_crm_id_leads_cli_crm_id_fk" FOREIGN KEY ("cli_crm_id") REFERENCES "public"."leads"("cli_crm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_mudancas_status" ADD CONSTRAINT "dashboard_mudancas_status_cli_crm_id_leads_cli_crm_id_fk" FOREIGN KEY ("cli_crm_id") REFERENCES "public"."leads"("cli_crm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_leads_captacao_idx" ON "dashboard_leads" USING btree ("id_unidade","data_captacao");--> statement-breakpoint
CREATE INDEX "dashboard_leads_contato_idx" ON "dashboard_leads" USING btree ("id_unidade","primeiro_contato_em") WHERE primeiro_contato_em is not null;--> statement-breakpoint
CREATE INDEX "dashboard_leads_conversao_idx" ON "dashboard_leads" USING btree ("id_unidade","convertido_em") WHERE convertido_em is not null;--> statement-breakpoint
CREATE INDEX "dashboard_leads_atendimento_idx" ON "dashboard_leads" USING btree ("id_unidade","data_atendimento") WHERE data_atendimento is not null;--> statement-breakpoint
CREATE INDEX "dashboard_leads_mensagem_idx" ON "dashboard_leads" USING btree ("id_unidade","primeira_mensagem_em") WHERE primeira_mensagem_em is not null;--> statement-breakpoint
CREATE INDEX "dashboard_leads_ligacao_idx" ON "dashboard_leads" USING btree ("id_unidade","primeira_ligacao_em") WHERE primeira_ligacao_em is not null;--> statement-breakpoint
CREATE INDEX "dashboard_mudancas_status_unidade_idx" ON "dashboard_mudancas_status" USING btree ("id_unidade","em");--> statement-breakpoint
-- Hand-written (issue 14 "Speed"): the dashboards' read model is kept by triggers on the raw
-- records, in the writer's transaction, and computed again from them by the dashboard_*_bruto
-- views (the backfill below; dashboard.routes.test.ts compares both). docs/decisions.md
-- "Dashboards" defines every column.

-- Seconds of [a, b] inside working hours: Monday to Friday, 08:00 to 18:00 in São Paulo
-- (@funil/domain/dashboard WORKING_HOURS). NULL when either end is missing, 0 when b <= a.
CREATE FUNCTION dashboard_segundos_uteis(a timestamptz, b timestamptz) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN a IS NULL OR b IS NULL THEN NULL
    WHEN b <= a THEN 0::bigint
    ELSE coalesce((
      SELECT sum(greatest(0, extract(epoch FROM
        least(b AT TIME ZONE 'America/Sao_Paulo', d + time '18:00') - greatest(a AT TIME ZONE 'America/Sao_Paulo', d + time '08:00'))))::bigint
      FROM generate_series(date_trunc('day', a AT TIME ZONE 'America/Sao_Paulo'), date_trunc('day', b AT TIME ZONE 'America/Sao_Paulo'), interval '1 day') AS d
      WHERE extract(isodow FROM d) BETWEEN 1 AND 5
    ), 0::bigint)
  END
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_leads_uteis() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.data_captacao IS DISTINCT FROM OLD.data_captacao
     OR NEW.primeira_mensagem_em IS DISTINCT FROM OLD.primeira_mensagem_em
     OR NEW.primeira_ligacao_em IS DISTINCT FROM OLD.primeira_ligacao_em THEN
    NEW.segundos_uteis_primeiro_contato := dashboard_segundos_uteis(NEW.data_captacao, least(NEW.primeira_mensagem_em, NEW.primeira_ligacao_em));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_leads_uteis BEFORE INSERT OR UPDATE ON dashboard_leads FOR EACH ROW EXECUTE FUNCTION dashboard_leads_uteis();
--> statement-breakpoint
-- The lead's own fields, copied on every write that touches one of them.
CREATE FUNCTION dashboard_lead_copia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_leads (cli_crm_id, id_empresa, id_unidade, id_usuario, cli_nome, cli_telefone, ad_id, ad_name, cli_campanha_nome,
    cli_tipo_lead, status_negociacao, status_venda, contato_status, valor_ticket, desativado, data_captacao, data_atendimento)
  VALUES (NEW.cli_crm_id, NEW.id_empresa, NEW.id_unidade, NEW.id_usuario, NEW.cli_nome, NEW.cli_telefone, NEW.ad_id, NEW.ad_name, NEW.cli_campanha_nome,
    NEW.cli_tipo_lead, NEW.cli_status_negociacao, NEW.cli_status_negociacao_venda, NEW.cli_contato_status, NEW.valor_ticket, NEW.desativado,
    NEW.cli_data_captacao, NEW.cli_data_atendimento)
  ON CONFLICT (cli_crm_id) DO UPDATE SET
    id_empresa = EXCLUDED.id_empresa, id_unidade = EXCLUDED.id_unidade, id_usuario = EXCLUDED.id_usuario, cli_nome = EXCLUDED.cli_nome,
    cli_telefone = EXCLUDED.cli_telefone, ad_id = EXCLUDED.ad_id, ad_name = EXCLUDED.ad_name, cli_campanha_nome = EXCLUDED.cli_campanha_nome,
    cli_tipo_lead = EXCLUDED.cli_tipo_lead, status_negociacao = EXCLUDED.status_negociacao, status_venda = EXCLUDED.status_venda,
    contato_status = EXCLUDED.contato_status, valor_ticket = EXCLUDED.valor_ticket, desativado = EXCLUDED.desativado,
    data_captacao = EXCLUDED.data_captacao, data_atendimento = EXCLUDED.data_atendimento;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_lead_copia AFTER INSERT OR UPDATE OF id_empresa, id_unidade, id_usuario, cli_nome, cli_telefone, ad_id, ad_name,
  cli_campanha_nome, cli_tipo_lead, cli_status_negociacao, cli_status_negociacao_venda, cli_contato_status, valor_ticket, desativado,
  cli_data_captacao, cli_data_atendimento ON leads FOR EACH ROW EXECUTE FUNCTION dashboard_lead_copia();
--> statement-breakpoint
-- Calls (types 3 answered, 4 not answered) and negotiation-status moves (type 5) of the history.
CREATE FUNCTION dashboard_historico() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  desde timestamptz;
BEGIN
  IF NEW.tipo NOT IN (3, 4, 5) THEN
    RETURN NULL;
  END IF;
  -- Lock order: the lead's row before its facts, as an update of the lead does (its trigger runs
  -- with the lead locked); a message or call written before the lead's update in one transaction
  -- and a status change of the same lead in another then wait, never deadlock.
  PERFORM 1 FROM leads WHERE cli_crm_id = NEW.cli_crm_id FOR NO KEY UPDATE;
  IF NEW.tipo IN (3, 4) THEN
    UPDATE dashboard_leads SET
      ligacoes = ligacoes + 1,
      primeira_ligacao_por = CASE WHEN primeira_ligacao_em IS NULL OR NEW.datacad < primeira_ligacao_em THEN NEW.atendente ELSE primeira_ligacao_por END,
      primeira_ligacao_em = CASE WHEN primeira_ligacao_em IS NULL OR NEW.datacad < primeira_ligacao_em THEN NEW.datacad ELSE primeira_ligacao_em END,
      ligacoes_atendidas = ligacoes_atendidas + (NEW.tipo = 3)::int,
      primeira_atendida_em = CASE WHEN NEW.tipo = 3 AND (primeira_atendida_em IS NULL OR NEW.datacad < primeira_atendida_em) THEN NEW.datacad ELSE primeira_atendida_em END,
      segundos_ligacao = segundos_ligacao + coalesce(NEW.duracao, 0),
      segundos_falados = segundos_falados + coalesce(NEW.duracao_falada, 0),
      segundos_cobrados = segundos_cobrados + coalesce(NEW.duracao_cobrada, 0)
    WHERE cli_crm_id = NEW.cli_crm_id;
    INSERT INTO dashboard_atendente_dia AS d (id_unidade, dia, id_usuario, ligacoes, ligacoes_atendidas, segundos_falados)
    VALUES (NEW.id_unidade, (NEW.datacad AT TIME ZONE 'America/Sao_Paulo')::date, coalesce(NEW.atendente, 0), 1, (NEW.tipo = 3)::int, coalesce(NEW.duracao_falada, 0))
    ON CONFLICT (id_unidade, dia, id_usuario) DO UPDATE SET
      ligacoes = d.ligacoes + 1, ligacoes_atendidas = d.ligacoes_atendidas + EXCLUDED.ligacoes_atendidas, segundos_falados = d.segundos_falados + EXCLUDED.segundos_falados;
  ELSIF NEW.tipo = 5 THEN
    SELECT coalesce(ultima_mudanca_status_em, data_captacao) INTO desde FROM dashboard_leads WHERE cli_crm_id = NEW.cli_crm_id;
    INSERT INTO dashboard_mudancas_status (id_historico, id_unidade, cli_crm_id, de, para, em, segundos_na_etapa)
    VALUES (NEW.id, NEW.id_unidade, NEW.cli_crm_id, NEW.id_antigo, NEW.id_novo, NEW.datacad, greatest(0, extract(epoch FROM NEW.datacad - desde))::bigint);
    UPDATE dashboard_leads SET
      ultima_mudanca_status_em = greatest(ultima_mudanca_status_em, NEW.datacad),
      convertido_por = CASE WHEN NEW.id_novo IN (5, 6) AND (convertido_em IS NULL OR NEW.datacad < convertido_em) THEN NEW.atendente ELSE convertido_por END,
      convertido_em = CASE WHEN NEW.id_novo IN (5, 6) AND (convertido_em IS NULL OR NEW.datacad < convertido_em) THEN NEW.datacad ELSE convertido_em END
    WHERE cli_crm_id = NEW.cli_crm_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_historico AFTER INSERT ON historico FOR EACH ROW EXECUTE FUNCTION dashboard_historico();
--> statement-breakpoint
-- WhatsApp messages (reactions and call logs are not messages): sent, received, and the reply time
-- from the first unanswered received message to the next sent one.
CREATE FUNCTION dashboard_mensagem() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.media_type IN ('reaction', 'call_log') THEN
    RETURN NULL;
  END IF;
  -- The lead's row first (see dashboard_historico).
  PERFORM 1 FROM leads WHERE cli_crm_id = NEW.cli_crm_id FOR NO KEY UPDATE;
  IF NEW.from_me THEN
    UPDATE dashboard_leads SET
      mensagens_enviadas = mensagens_enviadas + 1,
      primeira_mensagem_por = CASE WHEN primeira_mensagem_em IS NULL OR NEW.criado_em < primeira_mensagem_em THEN NEW.id_usuario ELSE primeira_mensagem_por END,
      primeira_mensagem_em = CASE WHEN primeira_mensagem_em IS NULL OR NEW.criado_em < primeira_mensagem_em THEN NEW.criado_em ELSE primeira_mensagem_em END,
      respostas_medidas = respostas_medidas + (aguardando_resposta_desde IS NOT NULL)::int,
      segundos_resposta = segundos_resposta + coalesce(greatest(0, extract(epoch FROM NEW.criado_em - aguardando_resposta_desde))::bigint, 0),
      aguardando_resposta_desde = NULL
    WHERE cli_crm_id = NEW.cli_crm_id;
    INSERT INTO dashboard_atendente_dia AS d (id_unidade, dia, id_usuario, mensagens_enviadas)
    VALUES (NEW.id_unidade, (NEW.criado_em AT TIME ZONE 'America/Sao_Paulo')::date, coalesce(NEW.id_usuario, 0), 1)
    ON CONFLICT (id_unidade, dia, id_usuario) DO UPDATE SET mensagens_enviadas = d.mensagens_enviadas + 1;
  ELSE
    UPDATE dashboard_leads SET
      respostas_recebidas = respostas_recebidas + 1,
      primeira_resposta_em = CASE WHEN primeira_resposta_em IS NULL OR NEW.criado_em < primeira_resposta_em THEN NEW.criado_em ELSE primeira_resposta_em END,
      aguardando_resposta_desde = coalesce(aguardando_resposta_desde, NEW.criado_em)
    WHERE cli_crm_id = NEW.cli_crm_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_mensagem AFTER INSERT ON whatsapp_mensagens FOR EACH ROW EXECUTE FUNCTION dashboard_mensagem();
--> statement-breakpoint
-- The same rows computed from the raw records (messages and calls in their time order).
CREATE VIEW dashboard_leads_bruto AS
WITH m AS (
  SELECT cli_crm_id, from_me, criado_em, id_usuario, id,
    count(*) FILTER (WHERE from_me) OVER (PARTITION BY cli_crm_id ORDER BY criado_em, id) AS grupo
  FROM whatsapp_mensagens WHERE media_type NOT IN ('reaction', 'call_log')
), espera AS (
  SELECT cli_crm_id, grupo, min(criado_em) FILTER (WHERE NOT from_me) AS desde FROM m GROUP BY cli_crm_id, grupo
), msg AS (
  SELECT m.cli_crm_id,
    count(*) FILTER (WHERE m.from_me) AS enviadas,
    min(m.criado_em) FILTER (WHERE m.from_me) AS primeira_enviada,
    (array_agg(m.id_usuario ORDER BY m.criado_em, m.id) FILTER (WHERE m.from_me))[1] AS primeira_por,
    count(*) FILTER (WHERE NOT m.from_me) AS recebidas,
    min(m.criado_em) FILTER (WHERE NOT m.from_me) AS primeira_recebida,
    count(e.desde) FILTER (WHERE m.from_me) AS medidas,
    coalesce(sum(greatest(0, extract(epoch FROM m.criado_em - e.desde))::bigint) FILTER (WHERE m.from_me AND e.desde IS NOT NULL), 0) AS segundos
  FROM m LEFT JOIN espera e ON e.cli_crm_id = m.cli_crm_id AND e.grupo = m.grupo - 1 AND m.from_me
  GROUP BY m.cli_crm_id
), aguardando AS (
  SELECT e.cli_crm_id, e.desde FROM espera e JOIN msg ON msg.cli_crm_id = e.cli_crm_id AND e.grupo = msg.enviadas
  WHERE e.desde IS NOT NULL
), lig AS (
  SELECT cli_crm_id, count(*) AS ligacoes, min(datacad) AS primeira,
    (array_agg(atendente ORDER BY datacad, id))[1] AS primeira_por,
    count(*) FILTER (WHERE tipo = 3) AS atendidas, min(datacad) FILTER (WHERE tipo = 3) AS primeira_atendida,
    sum(coalesce(duracao, 0)) AS segundos, sum(coalesce(duracao_falada, 0)) AS falados, sum(coalesce(duracao_cobrada, 0)) AS cobrados
  FROM historico WHERE tipo IN (3, 4) GROUP BY cli_crm_id
), st AS (
  SELECT cli_crm_id, max(datacad) AS ultima,
    min(datacad) FILTER (WHERE id_novo IN (5, 6)) AS convertido_em,
    (array_agg(atendente ORDER BY datacad, id) FILTER (WHERE id_novo IN (5, 6)))[1] AS convertido_por
  FROM historico WHERE tipo = 5 GROUP BY cli_crm_id
)
SELECT l.cli_crm_id, l.id_empresa, l.id_unidade, l.id_usuario, l.cli_nome, l.cli_telefone, l.ad_id, l.ad_name, l.cli_campanha_nome,
  l.cli_tipo_lead, l.cli_status_negociacao AS status_negociacao, l.cli_status_negociacao_venda AS status_venda, l.cli_contato_status AS contato_status,
  l.valor_ticket, l.desativado, l.cli_data_captacao AS data_captacao, l.cli_data_atendimento AS data_atendimento,
  coalesce(msg.enviadas, 0)::int AS mensagens_enviadas, msg.primeira_enviada AS primeira_mensagem_em, msg.primeira_por AS primeira_mensagem_por,
  coalesce(msg.recebidas, 0)::int AS respostas_recebidas, msg.primeira_recebida AS primeira_resposta_em, ag.desde AS aguardando_resposta_desde,
  coalesce(msg.medidas, 0)::int AS respostas_medidas, coalesce(msg.segundos, 0)::bigint AS segundos_resposta,
  coalesce(lig.ligacoes, 0)::int AS ligacoes, lig.primeira AS primeira_ligacao_em, lig.primeira_por AS primeira_ligacao_por,
  coalesce(lig.atendidas, 0)::int AS ligacoes_atendidas, lig.primeira_atendida AS primeira_atendida_em,
  coalesce(lig.segundos, 0)::bigint AS segundos_ligacao, coalesce(lig.falados, 0)::bigint AS segundos_falados, coalesce(lig.cobrados, 0)::bigint AS segundos_cobrados,
  st.convertido_em, st.convertido_por, st.ultima AS ultima_mudanca_status_em,
  dashboard_segundos_uteis(l.cli_data_captacao, least(msg.primeira_enviada, lig.primeira)) AS segundos_uteis_primeiro_contato
FROM leads l
LEFT JOIN msg ON msg.cli_crm_id = l.cli_crm_id
LEFT JOIN aguardando ag ON ag.cli_crm_id = l.cli_crm_id
LEFT JOIN lig ON lig.cli_crm_id = l.cli_crm_id
LEFT JOIN st ON st.cli_crm_id = l.cli_crm_id;
--> statement-breakpoint
CREATE VIEW dashboard_atendente_dia_bruto AS
SELECT id_unidade, dia, id_usuario, sum(ligacoes)::int AS ligacoes, sum(ligacoes_atendidas)::int AS ligacoes_atendidas,
  sum(segundos_falados)::bigint AS segundos_falados, sum(mensagens_enviadas)::int AS mensagens_enviadas
FROM (
  SELECT id_unidade, (datacad AT TIME ZONE 'America/Sao_Paulo')::date AS dia, coalesce(atendente, 0) AS id_usuario,
    1 AS ligacoes, (tipo = 3)::int AS ligacoes_atendidas, coalesce(duracao_falada, 0) AS segundos_falados, 0 AS mensagens_enviadas
  FROM historico WHERE tipo IN (3, 4)
  UNION ALL
  SELECT id_unidade, (criado_em AT TIME ZONE 'America/Sao_Paulo')::date, coalesce(id_usuario, 0), 0, 0, 0, 1
  FROM whatsapp_mensagens WHERE from_me AND media_type NOT IN ('reaction', 'call_log')
) AS a
GROUP BY id_unidade, dia, id_usuario;
--> statement-breakpoint
CREATE VIEW dashboard_mudancas_status_bruto AS
SELECT h.id AS id_historico, h.id_unidade, h.cli_crm_id, h.id_antigo AS de, h.id_novo AS para, h.datacad AS em,
  greatest(0, extract(epoch FROM h.datacad - coalesce(lag(h.datacad) OVER (PARTITION BY h.cli_crm_id ORDER BY h.datacad, h.id), l.cli_data_captacao)))::bigint AS segundos_na_etapa
FROM historico h JOIN leads l ON l.cli_crm_id = h.cli_crm_id
WHERE h.tipo = 5;
--> statement-breakpoint
-- Backfill: the records written before this migration.
INSERT INTO dashboard_leads (cli_crm_id, id_empresa, id_unidade, id_usuario, cli_nome, cli_telefone, ad_id, ad_name, cli_campanha_nome, cli_tipo_lead,
  status_negociacao, status_venda, contato_status, valor_ticket, desativado, data_captacao, data_atendimento, mensagens_enviadas, primeira_mensagem_em,
  primeira_mensagem_por, respostas_recebidas, primeira_resposta_em, aguardando_resposta_desde, respostas_medidas, segundos_resposta, ligacoes,
  primeira_ligacao_em, primeira_ligacao_por, ligacoes_atendidas, primeira_atendida_em, segundos_ligacao, segundos_falados, segundos_cobrados,
  convertido_em, convertido_por, ultima_mudanca_status_em)
SELECT cli_crm_id, id_empresa, id_unidade, id_usuario, cli_nome, cli_telefone, ad_id, ad_name, cli_campanha_nome, cli_tipo_lead,
  status_negociacao, status_venda, contato_status, valor_ticket, desativado, data_captacao, data_atendimento, mensagens_enviadas, primeira_mensagem_em,
  primeira_mensagem_por, respostas_recebidas, primeira_resposta_em, aguardando_resposta_desde, respostas_medidas, segundos_resposta, ligacoes,
  primeira_ligacao_em, primeira_ligacao_por, ligacoes_atendidas, primeira_atendida_em, segundos_ligacao, segundos_falados, segundos_cobrados,
  convertido_em, convertido_por, ultima_mudanca_status_em
FROM dashboard_leads_bruto;
--> statement-breakpoint
INSERT INTO dashboard_atendente_dia SELECT * FROM dashboard_atendente_dia_bruto;
--> statement-breakpoint
INSERT INTO dashboard_mudancas_status SELECT * FROM dashboard_mudancas_status_bruto;

--> statement-breakpoint
-- Hand-written (issue 14 "Speed"): every negotiation move added to dashboard_mudancas_status is
-- summed per unit, São Paulo day, from and to; dashboard_etapas_dia_bruto computes the same from
-- the raw history (through dashboard_mudancas_status_bruto).
CREATE FUNCTION dashboard_etapa_dia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_etapas_dia AS e (id_unidade, dia, de, para, movimentos, segundos)
  VALUES (NEW.id_unidade, (NEW.em AT TIME ZONE 'America/Sao_Paulo')::date, coalesce(NEW.de, 0), coalesce(NEW.para, 0), 1, coalesce(NEW.segundos_na_etapa, 0))
  ON CONFLICT (id_unidade, dia, de, para) DO UPDATE SET movimentos = e.movimentos + 1, segundos = e.segundos + EXCLUDED.segundos;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_etapa_dia AFTER INSERT ON dashboard_mudancas_status FOR EACH ROW EXECUTE FUNCTION dashboard_etapa_dia();
--> statement-breakpoint
CREATE VIEW dashboard_etapas_dia_bruto AS
SELECT id_unidade, (em AT TIME ZONE 'America/Sao_Paulo')::date AS dia, coalesce(de, 0) AS de, coalesce(para, 0) AS para,
  count(*)::int AS movimentos, sum(coalesce(segundos_na_etapa, 0))::bigint AS segundos
FROM dashboard_mudancas_status_bruto
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO dashboard_etapas_dia (id_unidade, dia, de, para, movimentos, segundos)
SELECT id_unidade, (em AT TIME ZONE 'America/Sao_Paulo')::date, coalesce(de, 0), coalesce(para, 0), count(*)::int, sum(coalesce(segundos_na_etapa, 0))::bigint
FROM dashboard_mudancas_status GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- The facts' derived columns: working-hours first contact (0013) and the São Paulo days of the
-- capture and the conversion.
CREATE OR REPLACE FUNCTION dashboard_leads_uteis() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.data_captacao IS DISTINCT FROM OLD.data_captacao
     OR NEW.primeira_mensagem_em IS DISTINCT FROM OLD.primeira_mensagem_em
     OR NEW.primeira_ligacao_em IS DISTINCT FROM OLD.primeira_ligacao_em THEN
    NEW.segundos_uteis_primeiro_contato := dashboard_segundos_uteis(NEW.data_captacao, least(NEW.primeira_mensagem_em, NEW.primeira_ligacao_em));
  END IF;
  NEW.dia_captacao := (NEW.data_captacao AT TIME ZONE 'America/Sao_Paulo')::date;
  NEW.dia_conversao := (NEW.convertido_em AT TIME ZONE 'America/Sao_Paulo')::date;
  RETURN NEW;
END
$$;
--> statement-breakpoint
UPDATE dashboard_leads SET dia_captacao = (data_captacao AT TIME ZONE 'America/Sao_Paulo')::date, dia_conversao = (convertido_em AT TIME ZONE 'America/Sao_Paulo')::date;
