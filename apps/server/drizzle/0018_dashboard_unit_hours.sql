-- Hand-written (issue 14 "the first-contact time counted in the unit's working hours"): the
-- working-hours first contact of dashboard_leads now counts in the unit's own call hours and
-- holidays (unidade_configuracoes.horario_ligacao / feriados, issue 12, the rule of
-- @funil/domain/webphone/call-hours), Monday to Friday 08:00-18:00 when the unit has no hours
-- (@funil/domain/dashboard DEFAULT_WORKING_HOURS). The value stays stored (one avg over an index
-- range, docs/performance.md); a change of the unit's hours or holidays computes its leads again.
-- docs/decisions.md "Dashboards: working hours of the unit".

-- Seconds of [a, b] inside the windows of `horario` (7 entries, Sunday first, each
-- {"inicio": "HH:MM", "fim": "HH:MM"} or null; SQL/JSON null = the default week) on days that are
-- not in `feriados` ('YYYY-MM-DD'), São Paulo wall time. NULL when either end is missing, 0 when b <= a.
CREATE FUNCTION dashboard_segundos_uteis(a timestamptz, b timestamptz, horario jsonb, feriados jsonb) RETURNS bigint
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN a IS NULL OR b IS NULL THEN NULL
    WHEN b <= a THEN 0::bigint
    ELSE coalesce((
      SELECT sum(greatest(0, extract(epoch FROM
        least(b AT TIME ZONE 'America/Sao_Paulo', d + (w.j ->> 'fim')::time) - greatest(a AT TIME ZONE 'America/Sao_Paulo', d + (w.j ->> 'inicio')::time))))::bigint
      FROM generate_series(date_trunc('day', a AT TIME ZONE 'America/Sao_Paulo'), date_trunc('day', b AT TIME ZONE 'America/Sao_Paulo'), interval '1 day') AS d
      CROSS JOIN LATERAL (SELECT CASE
        WHEN horario IS NULL OR jsonb_typeof(horario) <> 'array' THEN
          CASE WHEN extract(isodow FROM d) BETWEEN 1 AND 5 THEN '{"inicio": "08:00", "fim": "18:00"}'::jsonb END
        ELSE horario -> extract(dow FROM d)::int
      END AS j) AS w
      WHERE jsonb_typeof(w.j) = 'object'
        AND NOT coalesce(feriados ? to_char(d, 'YYYY-MM-DD'), false)
    ), 0::bigint)
  END
$$;
--> statement-breakpoint
-- The same for a unit, with its settings (none: the default week, no holidays).
CREATE FUNCTION dashboard_segundos_uteis_unidade(unidade integer, a timestamptz, b timestamptz) RETURNS bigint
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT dashboard_segundos_uteis(a, b, c.horario_ligacao, c.feriados)
  FROM (SELECT 1) AS um LEFT JOIN unidade_configuracoes c ON c.id_unidade = unidade
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_leads_uteis() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.data_captacao IS DISTINCT FROM OLD.data_captacao
     OR NEW.primeira_mensagem_em IS DISTINCT FROM OLD.primeira_mensagem_em
     OR NEW.primeira_ligacao_em IS DISTINCT FROM OLD.primeira_ligacao_em
     OR NEW.id_unidade IS DISTINCT FROM OLD.id_unidade THEN
    NEW.segundos_uteis_primeiro_contato := dashboard_segundos_uteis_unidade(NEW.id_unidade, NEW.data_captacao, least(NEW.primeira_mensagem_em, NEW.primeira_ligacao_em));
  END IF;
  NEW.dia_captacao := (NEW.data_captacao AT TIME ZONE 'America/Sao_Paulo')::date;
  NEW.dia_conversao := (NEW.convertido_em AT TIME ZONE 'America/Sao_Paulo')::date;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A unit's hours or holidays changed (or its settings row came or went): its leads again. One
-- UPDATE of the unit's contacted leads, in the admin's transaction (a rare write).
CREATE FUNCTION dashboard_unidade_horario() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unidade integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.id_unidade ELSE NEW.id_unidade END;
BEGIN
  IF TG_OP <> 'UPDATE' OR NEW.horario_ligacao IS DISTINCT FROM OLD.horario_ligacao OR NEW.feriados IS DISTINCT FROM OLD.feriados THEN
    UPDATE dashboard_leads SET segundos_uteis_primeiro_contato = dashboard_segundos_uteis_unidade(unidade, data_captacao, primeiro_contato_em)
    WHERE id_unidade = unidade AND primeiro_contato_em IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_unidade_horario AFTER INSERT OR DELETE OR UPDATE OF horario_ligacao, feriados ON unidade_configuracoes
  FOR EACH ROW EXECUTE FUNCTION dashboard_unidade_horario();
--> statement-breakpoint
CREATE OR REPLACE VIEW dashboard_leads_bruto AS
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
  dashboard_segundos_uteis_unidade(l.id_unidade, l.cli_data_captacao, least(msg.primeira_enviada, lig.primeira)) AS segundos_uteis_primeiro_contato
FROM leads l
LEFT JOIN msg ON msg.cli_crm_id = l.cli_crm_id
LEFT JOIN aguardando ag ON ag.cli_crm_id = l.cli_crm_id
LEFT JOIN lig ON lig.cli_crm_id = l.cli_crm_id
LEFT JOIN st ON st.cli_crm_id = l.cli_crm_id;
--> statement-breakpoint
DROP FUNCTION dashboard_segundos_uteis(timestamptz, timestamptz);
--> statement-breakpoint
-- Backfill: the leads of units that have their own hours or holidays.
UPDATE dashboard_leads d SET segundos_uteis_primeiro_contato = dashboard_segundos_uteis(d.data_captacao, d.primeiro_contato_em, c.horario_ligacao, c.feriados)
FROM unidade_configuracoes c
WHERE c.id_unidade = d.id_unidade AND d.primeiro_contato_em IS NOT NULL
  AND (c.horario_ligacao IS NOT NULL OR c.feriados <> '[]'::jsonb);
