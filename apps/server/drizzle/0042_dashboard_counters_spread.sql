-- Issue 25 and issue 22 (the automations and webhook benches): the dashboards' per-day counters were one
-- row per key, so every writer of one key (an attendant's sends of the day, a unit's moves from one status
-- to another) queued on that row's lock until its transaction committed: on the automations bench the
-- move counter's upsert waited 3.2 ms on average, the automation author's send counter 10.4 ms. Each key
-- is now spread over 8 rows (`fatia`, the writer's backend pid modulo 8); every reader sums over the key.
-- docs/decisions.md "Dashboards: counters spread over rows".
ALTER TABLE "dashboard_atendente_dia" ADD COLUMN "fatia" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_etapas_dia" ADD COLUMN "fatia" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_atendente_dia" DROP CONSTRAINT "dashboard_atendente_dia_id_unidade_dia_id_usuario_pk";--> statement-breakpoint
ALTER TABLE "dashboard_etapas_dia" DROP CONSTRAINT "dashboard_etapas_dia_id_unidade_dia_de_para_pk";--> statement-breakpoint
ALTER TABLE "dashboard_atendente_dia" ADD CONSTRAINT "dashboard_atendente_dia_id_unidade_dia_id_usuario_fatia_pk" PRIMARY KEY("id_unidade","dia","id_usuario","fatia");--> statement-breakpoint
ALTER TABLE "dashboard_etapas_dia" ADD CONSTRAINT "dashboard_etapas_dia_id_unidade_dia_de_para_fatia_pk" PRIMARY KEY("id_unidade","dia","de","para","fatia");--> statement-breakpoint
-- Hand-written: the triggers of 0016 with the row's `fatia`.
CREATE OR REPLACE FUNCTION dashboard_historico() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO dashboard_atendente_dia AS d (id_unidade, dia, id_usuario, fatia, ligacoes, ligacoes_atendidas, segundos_falados)
    VALUES (NEW.id_unidade, (NEW.datacad AT TIME ZONE 'America/Sao_Paulo')::date, coalesce(NEW.atendente, 0), pg_backend_pid() % 8, 1,
      (NEW.tipo = 3)::int, coalesce(NEW.duracao_falada, 0))
    ON CONFLICT (id_unidade, dia, id_usuario, fatia) DO UPDATE SET
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
CREATE OR REPLACE FUNCTION dashboard_mensagem() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO dashboard_atendente_dia AS d (id_unidade, dia, id_usuario, fatia, mensagens_enviadas)
    VALUES (NEW.id_unidade, (NEW.criado_em AT TIME ZONE 'America/Sao_Paulo')::date, coalesce(NEW.id_usuario, 0), pg_backend_pid() % 8, 1)
    ON CONFLICT (id_unidade, dia, id_usuario, fatia) DO UPDATE SET mensagens_enviadas = d.mensagens_enviadas + 1;
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
CREATE OR REPLACE FUNCTION dashboard_etapa_dia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_etapas_dia AS e (id_unidade, dia, de, para, fatia, movimentos, segundos)
  VALUES (NEW.id_unidade, (NEW.em AT TIME ZONE 'America/Sao_Paulo')::date, coalesce(NEW.de, 0), coalesce(NEW.para, 0), pg_backend_pid() % 8, 1,
    coalesce(NEW.segundos_na_etapa, 0))
  ON CONFLICT (id_unidade, dia, de, para, fatia) DO UPDATE SET movimentos = e.movimentos + 1, segundos = e.segundos + EXCLUDED.segundos;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Hand-written: a change of the lead updates its copy; the insert (with its BEFORE INSERT trigger, which
-- computes the working-hours first contact) only for a new lead or a copy that is missing. The upsert ran
-- that trigger for the insert it then abandoned, at every status change (7 % of PostgreSQL's time on the
-- automations bench, most of it planning the SQL function again).
CREATE OR REPLACE FUNCTION dashboard_lead_copia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE dashboard_leads SET
      id_empresa = NEW.id_empresa, id_unidade = NEW.id_unidade, id_usuario = NEW.id_usuario, cli_nome = NEW.cli_nome,
      cli_telefone = NEW.cli_telefone, ad_id = NEW.ad_id, ad_name = NEW.ad_name, cli_campanha_nome = NEW.cli_campanha_nome,
      cli_tipo_lead = NEW.cli_tipo_lead, status_negociacao = NEW.cli_status_negociacao, status_venda = NEW.cli_status_negociacao_venda,
      contato_status = NEW.cli_contato_status, valor_ticket = NEW.valor_ticket, desativado = NEW.desativado,
      data_captacao = NEW.cli_data_captacao, data_atendimento = NEW.cli_data_atendimento,
      origem_canal = NEW.origem_canal, cli_campanha_id = NEW.cli_campanha_id, adset_id = NEW.adset_id, adset_name = NEW.adset_name
    WHERE cli_crm_id = NEW.cli_crm_id;
    IF FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO dashboard_leads (cli_crm_id, id_empresa, id_unidade, id_usuario, cli_nome, cli_telefone, ad_id, ad_name, cli_campanha_nome,
    cli_tipo_lead, status_negociacao, status_venda, contato_status, valor_ticket, desativado, data_captacao, data_atendimento,
    origem_canal, cli_campanha_id, adset_id, adset_name)
  VALUES (NEW.cli_crm_id, NEW.id_empresa, NEW.id_unidade, NEW.id_usuario, NEW.cli_nome, NEW.cli_telefone, NEW.ad_id, NEW.ad_name, NEW.cli_campanha_nome,
    NEW.cli_tipo_lead, NEW.cli_status_negociacao, NEW.cli_status_negociacao_venda, NEW.cli_contato_status, NEW.valor_ticket, NEW.desativado,
    NEW.cli_data_captacao, NEW.cli_data_atendimento, NEW.origem_canal, NEW.cli_campanha_id, NEW.adset_id, NEW.adset_name)
  -- Nothing else writes a lead's copy, and its change holds the lead's row: no other insert can come first.
  ON CONFLICT (cli_crm_id) DO NOTHING;
  RETURN NULL;
END
$$;
