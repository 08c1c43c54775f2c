-- Issue 23 §3 §6: the dashboards' cost per campaign and the leads without a known ad read a lead's
-- channel, campaign id and ad set from the read model, as every other dashboard number: four more of
-- the lead's own fields copied by dashboard_lead_copia (docs/decisions.md "Issue 23 §3 §6, helper
-- costs"). The backfill view gains them at its end, and the rows of today are filled once.
ALTER TABLE "dashboard_leads" ADD COLUMN "origem_canal" varchar(20);--> statement-breakpoint
ALTER TABLE "dashboard_leads" ADD COLUMN "cli_campanha_id" varchar(64);--> statement-breakpoint
ALTER TABLE "dashboard_leads" ADD COLUMN "adset_id" varchar(64);--> statement-breakpoint
ALTER TABLE "dashboard_leads" ADD COLUMN "adset_name" varchar(200);--> statement-breakpoint
-- The lead's own fields, copied on every write that touches one of them.
CREATE OR REPLACE FUNCTION dashboard_lead_copia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_leads (cli_crm_id, id_empresa, id_unidade, id_usuario, cli_nome, cli_telefone, ad_id, ad_name, cli_campanha_nome,
    cli_tipo_lead, status_negociacao, status_venda, contato_status, valor_ticket, desativado, data_captacao, data_atendimento,
    origem_canal, cli_campanha_id, adset_id, adset_name)
  VALUES (NEW.cli_crm_id, NEW.id_empresa, NEW.id_unidade, NEW.id_usuario, NEW.cli_nome, NEW.cli_telefone, NEW.ad_id, NEW.ad_name, NEW.cli_campanha_nome,
    NEW.cli_tipo_lead, NEW.cli_status_negociacao, NEW.cli_status_negociacao_venda, NEW.cli_contato_status, NEW.valor_ticket, NEW.desativado,
    NEW.cli_data_captacao, NEW.cli_data_atendimento, NEW.origem_canal, NEW.cli_campanha_id, NEW.adset_id, NEW.adset_name)
  ON CONFLICT (cli_crm_id) DO UPDATE SET
    id_empresa = EXCLUDED.id_empresa, id_unidade = EXCLUDED.id_unidade, id_usuario = EXCLUDED.id_usuario, cli_nome = EXCLUDED.cli_nome,
    cli_telefone = EXCLUDED.cli_telefone, ad_id = EXCLUDED.ad_id, ad_name = EXCLUDED.ad_name, cli_campanha_nome = EXCLUDED.cli_campanha_nome,
    cli_tipo_lead = EXCLUDED.cli_tipo_lead, status_negociacao = EXCLUDED.status_negociacao, status_venda = EXCLUDED.status_venda,
    contato_status = EXCLUDED.contato_status, valor_ticket = EXCLUDED.valor_ticket, desativado = EXCLUDED.desativado,
    data_captacao = EXCLUDED.data_captacao, data_atendimento = EXCLUDED.data_atendimento,
    origem_canal = EXCLUDED.origem_canal, cli_campanha_id = EXCLUDED.cli_campanha_id, adset_id = EXCLUDED.adset_id,
    adset_name = EXCLUDED.adset_name;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER dashboard_lead_copia ON leads;
--> statement-breakpoint
CREATE TRIGGER dashboard_lead_copia AFTER INSERT OR UPDATE OF id_empresa, id_unidade, id_usuario, cli_nome, cli_telefone, ad_id, ad_name,
  cli_campanha_nome, cli_tipo_lead, cli_status_negociacao, cli_status_negociacao_venda, cli_contato_status, valor_ticket, desativado,
  cli_data_captacao, cli_data_atendimento, origem_canal, cli_campanha_id, adset_id, adset_name
  ON leads FOR EACH ROW EXECUTE FUNCTION dashboard_lead_copia();
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
  dashboard_segundos_uteis_unidade(l.id_unidade, l.cli_data_captacao, least(msg.primeira_enviada, lig.primeira)) AS segundos_uteis_primeiro_contato,
  l.origem_canal, l.cli_campanha_id, l.adset_id, l.adset_name
FROM leads l
LEFT JOIN msg ON msg.cli_crm_id = l.cli_crm_id
LEFT JOIN aguardando ag ON ag.cli_crm_id = l.cli_crm_id
LEFT JOIN lig ON lig.cli_crm_id = l.cli_crm_id
LEFT JOIN st ON st.cli_crm_id = l.cli_crm_id;
--> statement-breakpoint
-- Backfill: the leads that have any of the four (older leads have none: nothing to copy).
UPDATE dashboard_leads d SET origem_canal = l.origem_canal, cli_campanha_id = l.cli_campanha_id, adset_id = l.adset_id,
  adset_name = l.adset_name
FROM leads l
WHERE l.cli_crm_id = d.cli_crm_id
  AND (l.origem_canal IS NOT NULL OR l.cli_campanha_id IS NOT NULL OR l.adset_id IS NOT NULL OR l.adset_name IS NOT NULL);
