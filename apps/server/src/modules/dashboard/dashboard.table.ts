// The dashboards' read model (issue 14 "Speed"): one row of facts per lead, attendant activity per
// day, and every negotiation-status move. The owners of the raw records (leads, historico,
// whatsapp_mensagens) do not write these tables in code: triggers of migration 0013 keep them as
// the records are written, in the same transaction, and the views dashboard_*_bruto compute the
// same rows from the raw records (the backfill, and dashboard.routes.test.ts proves they agree).
// docs/decisions.md "Dashboards" says what each column means for the cards.
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

import { leads } from '../leads/leads.table.ts';

export const dashboardLeads = pgTable(
  'dashboard_leads',
  {
    cliCrmId: integer('cli_crm_id')
      .primaryKey()
      .references(() => leads.cliCrmId, { onDelete: 'cascade' }),
    // Copied from the lead (trigger on leads).
    idEmpresa: integer('id_empresa').notNull(),
    idUnidade: integer('id_unidade').notNull(),
    idUsuario: integer('id_usuario'),
    cliNome: varchar('cli_nome', { length: 200 }).notNull(),
    cliTelefone: varchar('cli_telefone', { length: 20 }).notNull(),
    adId: varchar('ad_id', { length: 64 }),
    adName: varchar('ad_name', { length: 200 }),
    cliCampanhaNome: varchar('cli_campanha_nome', { length: 200 }),
    cliTipoLead: integer('cli_tipo_lead').notNull(),
    statusNegociacao: integer('status_negociacao').notNull(),
    statusVenda: integer('status_venda').notNull(),
    contatoStatus: integer('contato_status').notNull(),
    valorTicket: numeric('valor_ticket', { precision: 14, scale: 2 }).notNull(),
    desativado: integer('desativado').notNull(),
    dataCaptacao: timestamp('data_captacao', { withTimezone: true }).notNull(),
    dataAtendimento: timestamp('data_atendimento', { withTimezone: true }),
    // WhatsApp (trigger on whatsapp_mensagens; reactions and call logs are not messages here).
    mensagensEnviadas: integer('mensagens_enviadas').notNull().default(0),
    primeiraMensagemEm: timestamp('primeira_mensagem_em', { withTimezone: true }),
    primeiraMensagemPor: integer('primeira_mensagem_por'),
    respostasRecebidas: integer('respostas_recebidas').notNull().default(0),
    primeiraRespostaEm: timestamp('primeira_resposta_em', { withTimezone: true }),
    // The first received message not yet answered; an outgoing message closes it and is measured.
    aguardandoRespostaDesde: timestamp('aguardando_resposta_desde', { withTimezone: true }),
    respostasMedidas: integer('respostas_medidas').notNull().default(0),
    segundosResposta: bigint('segundos_resposta', { mode: 'number' }).notNull().default(0),
    // Calls (trigger on historico types 3 and 4).
    ligacoes: integer('ligacoes').notNull().default(0),
    primeiraLigacaoEm: timestamp('primeira_ligacao_em', { withTimezone: true }),
    primeiraLigacaoPor: integer('primeira_ligacao_por'),
    ligacoesAtendidas: integer('ligacoes_atendidas').notNull().default(0),
    primeiraAtendidaEm: timestamp('primeira_atendida_em', { withTimezone: true }),
    segundosLigacao: bigint('segundos_ligacao', { mode: 'number' }).notNull().default(0),
    segundosFalados: bigint('segundos_falados', { mode: 'number' }).notNull().default(0),
    segundosCobrados: bigint('segundos_cobrados', { mode: 'number' }).notNull().default(0),
    // Negotiation-status moves (trigger on historico type 5): 000 §9 funnel ids 5 or 6 convert.
    convertidoEm: timestamp('convertido_em', { withTimezone: true }),
    convertidoPor: integer('convertido_por'),
    ultimaMudancaStatusEm: timestamp('ultima_mudanca_status_em', { withTimezone: true }),
    // The first contact of either kind, and its time in working hours (set by a trigger, in the unit's hours since migration 0017).
    primeiroContatoEm: timestamp('primeiro_contato_em', { withTimezone: true }).generatedAlwaysAs(
      sql`least(primeira_mensagem_em, primeira_ligacao_em)`,
    ),
    segundosUteisPrimeiroContato: bigint('segundos_uteis_primeiro_contato', { mode: 'number' }),
    // The São Paulo days of the capture and the conversion (set by a trigger of 0014), so the daily
    // charts group by a date instead of converting every row's time zone.
    diaCaptacao: date('dia_captacao', { mode: 'string' }),
    diaConversao: date('dia_conversao', { mode: 'string' }),
    // The lead's channel, campaign id and ad set (issue 23 §4, copied by the trigger on leads since
    // migration 0032): the cost per campaign and the leads without a known ad (issue 23 §3 §6).
    origemCanal: varchar('origem_canal', { length: 20 }),
    cliCampanhaId: varchar('cli_campanha_id', { length: 64 }),
    adsetId: varchar('adset_id', { length: 64 }),
    adsetName: varchar('adset_name', { length: 200 }),
  },
  (t) => [
    index('dashboard_leads_captacao_idx').on(t.idUnidade, t.dataCaptacao),
    index('dashboard_leads_contato_idx')
      .on(t.idUnidade, t.primeiroContatoEm)
      .where(sql`primeiro_contato_em is not null`),
    index('dashboard_leads_conversao_idx')
      .on(t.idUnidade, t.convertidoEm)
      .where(sql`convertido_em is not null`),
    index('dashboard_leads_atendimento_idx')
      .on(t.idUnidade, t.dataAtendimento)
      .where(sql`data_atendimento is not null`),
    index('dashboard_leads_mensagem_idx')
      .on(t.idUnidade, t.primeiraMensagemEm)
      .where(sql`primeira_mensagem_em is not null`),
    index('dashboard_leads_ligacao_idx')
      .on(t.idUnidade, t.primeiraLigacaoEm)
      .where(sql`primeira_ligacao_em is not null`),
  ],
);

// Calls and sent messages per unit, São Paulo day and attendant (0: nobody), for the ranking.
// `fatia`: each key's counts are spread over 8 rows (the writer's connection picks one; readers sum
// them), so the writers of one attendant's day do not queue on one row lock (migration 0042,
// docs/decisions.md "Dashboards: counters spread over rows").
export const dashboardAtendenteDia = pgTable(
  'dashboard_atendente_dia',
  {
    idUnidade: integer('id_unidade').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    idUsuario: integer('id_usuario').notNull(),
    fatia: smallint('fatia').notNull().default(0),
    ligacoes: integer('ligacoes').notNull().default(0),
    ligacoesAtendidas: integer('ligacoes_atendidas').notNull().default(0),
    segundosFalados: bigint('segundos_falados', { mode: 'number' }).notNull().default(0),
    mensagensEnviadas: integer('mensagens_enviadas').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.idUnidade, t.dia, t.idUsuario, t.fatia] })],
);

// Every negotiation-status move (historico type 5) with the time the lead spent in the status it left.
export const dashboardMudancasStatus = pgTable(
  'dashboard_mudancas_status',
  {
    idHistorico: bigint('id_historico', { mode: 'number' }).primaryKey(),
    idUnidade: integer('id_unidade').notNull(),
    cliCrmId: integer('cli_crm_id')
      .notNull()
      .references(() => leads.cliCrmId, { onDelete: 'cascade' }),
    de: integer('de'),
    para: integer('para'),
    em: timestamp('em', { withTimezone: true }).notNull(),
    segundosNaEtapa: bigint('segundos_na_etapa', { mode: 'number' }),
  },
  (t) => [index('dashboard_mudancas_status_unidade_idx').on(t.idUnidade, t.em)],
);

// Negotiation moves per unit, São Paulo day, from and to (0: none), with the seconds spent in the
// status left: the stage view of a whole unit reads a few rows a day, not every move. Spread over 8
// rows per key (`fatia`), as dashboard_atendente_dia.
export const dashboardEtapasDia = pgTable(
  'dashboard_etapas_dia',
  {
    idUnidade: integer('id_unidade').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    de: integer('de').notNull(),
    para: integer('para').notNull(),
    fatia: smallint('fatia').notNull().default(0),
    movimentos: integer('movimentos').notNull().default(0),
    segundos: bigint('segundos', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.idUnidade, t.dia, t.de, t.para, t.fatia] })],
);
