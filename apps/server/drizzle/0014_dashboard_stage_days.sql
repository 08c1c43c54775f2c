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
ALTER TABLE "dashboard_leads" ADD COLUMN "dia_captacao" date;--> statement-breakpoint
ALTER TABLE "dashboard_leads" ADD COLUMN "dia_conversao" date;--> statement-breakpoint
CREATE INDEX "dashboard_leads_mensagem_idx" ON "dashboard_leads" USING btree ("id_unidade","primeira_mensagem_em") WHERE primeira_mensagem_em is not null;--> statement-breakpoint
CREATE INDEX "dashboard_leads_ligacao_idx" ON "dashboard_leads" USING btree ("id_unidade","primeira_ligacao_em") WHERE primeira_ligacao_em is not null;--> statement-breakpoint
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
