// The lead (001 §3 "Lead (client)", 002 §3) and its history events (000 §3). A lead's tags
// (lead_tags) belong to the tags module.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { empresas, unidades } from '../tenancy/tenancy.table.ts';
import { usuarios } from '../users/users.table.ts';

export const leads = pgTable(
  'leads',
  {
    cliCrmId: serial('cli_crm_id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    idUnidade: integer('id_unidade')
      .notNull()
      .references(() => unidades.id),
    // System customer id of the sister system; 0 means not converted (001 §3).
    cliId: integer('cli_id').notNull().default(0),
    cliNome: varchar('cli_nome', { length: 200 }).notNull(),
    // Digits only, without the country code 55.
    cliTelefone: varchar('cli_telefone', { length: 20 }).notNull(),
    // The 10-digit national form (area code + 8 digits), so a sender matches whichever ninth-digit form each side has.
    telefoneChave: varchar('telefone_chave', { length: 20 }).notNull(),
    cliEmail: varchar('cli_email', { length: 254 }),
    cliContatoStatus: integer('cli_contato_status').notNull().default(1),
    cliMensagemStatus: integer('cli_mensagem_status').notNull().default(0),
    cliTipoLead: integer('cli_tipo_lead').notNull().default(1),
    cliDataCaptacao: timestamp('cli_data_captacao', { withTimezone: true }).notNull().defaultNow(),
    cliDataAtendimento: timestamp('cli_data_atendimento', { withTimezone: true }),
    cliContatoAgendado: timestamp('cli_contato_agendado', { withTimezone: true }),
    cliDataProximaTentativa: timestamp('cli_data_proxima_tentativa', { withTimezone: true }),
    cliTentativas: integer('cli_tentativas').notNull().default(0),
    cliTentativasDiarias: integer('cli_tentativas_diarias').notNull().default(0),
    cliStatusNegociacao: integer('cli_status_negociacao').notNull().default(1),
    cliStatusNegociacaoVenda: integer('cli_status_negociacao_venda').notNull().default(1),
    cliCampanhaInteresse: varchar('cli_campanha_interesse', { length: 200 }),
    cliCampanhaId: varchar('cli_campanha_id', { length: 64 }),
    cliCampanhaNome: varchar('cli_campanha_nome', { length: 200 }),
    cliUrlFoto: text('cli_url_foto'),
    cliIdAtendimento: integer('cli_id_atendimento'),
    idUsuario: integer('id_usuario').references(() => usuarios.id),
    valorTicket: numeric('valor_ticket', { precision: 14, scale: 2 }).notNull().default('0'),
    idPotencial: integer('id_potencial'),
    valorPotencial: integer('valor_potencial').notNull().default(0),
    adName: varchar('ad_name', { length: 200 }),
    adId: varchar('ad_id', { length: 64 }),
    informacoesExtra: jsonb('informacoes_extra').$type<Record<string, unknown>>().notNull().default({}),
    utmCampaign: varchar('utm_campaign', { length: 200 }),
    utmMedium: varchar('utm_medium', { length: 200 }),
    utmSource: varchar('utm_source', { length: 200 }),
    utmContent: varchar('utm_content', { length: 200 }),
    utmTerm: varchar('utm_term', { length: 200 }),
    whatsappBlocked: integer('whatsapp_blocked').notNull().default(0),
    idTicket: integer('id_ticket'),
    idInstanciaEvolution: integer('id_instancia_evolution'),
    isGroup: integer('is_group').notNull().default(0),
    marcadoNaoLida: integer('marcado_nao_lida').notNull().default(0),
    desativado: integer('desativado').notNull().default(0),
    cliMensagemAgendada: text('cli_mensagem_agendada'),
    cliDataMensagemAgendada: timestamp('cli_data_mensagem_agendada', { withTimezone: true }),
    // The scheduled message's sending (issue 9): 'pendente' | 'enviando' | 'falhou'; the failure's
    // reason; the attempts made; a version that a new schedule raises so an older job sends nothing.
    cliMensagemAgendadaStatus: varchar('cli_mensagem_agendada_status', { length: 10 }),
    cliMensagemAgendadaErro: text('cli_mensagem_agendada_erro'),
    cliMensagemAgendadaTentativas: integer('cli_mensagem_agendada_tentativas').notNull().default(0),
    cliMensagemAgendadaVersao: integer('cli_mensagem_agendada_versao').notNull().default(0),
    // List-derived fields of 001 §3, kept on the row so the lists need no aggregate.
    whatsappUltimaMensagemTexto: text('whatsapp_ultima_mensagem_texto'),
    whatsappUltimaMensagemDataGeral: timestamp('whatsapp_ultima_mensagem_data_geral', { withTimezone: true }),
    whatsappUltimaMensagemDataEnviada: timestamp('whatsapp_ultima_mensagem_data_enviada', { withTimezone: true }),
    whatsappUltimaMensagemDataRecebida: timestamp('whatsapp_ultima_mensagem_data_recebida', { withTimezone: true }),
    whatsappUltimaMensagemNaoLidas: integer('whatsapp_ultima_mensagem_nao_lidas').notNull().default(0),
    whatsappUltimaMensagemFromMe: integer('whatsapp_ultima_mensagem_from_me'),
    whatsappUltimaMensagemTipo: varchar('whatsapp_ultima_mensagem_tipo', { length: 40 }),
    whatsappUltimaMensagemStatus: integer('whatsapp_ultima_mensagem_status'),
    dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The lead list (000 §7, docs/performance.md "Lead list"): live leads of a unit in the list's
    // order (cli_data_captacao DESC, cli_crm_id DESC), so a page stops after 50 index entries and
    // the total is an index-only count. Migration 0004 adds INCLUDE (id_usuario) by hand, for the
    // attendant's visibility (001 §6) without heap visits. The list's WHERE must keep
    // `desativado = 0` as a literal to match the predicate.
    index('leads_lista_idx')
      .on(t.idUnidade, t.idEmpresa, t.cliDataCaptacao.desc().nullsFirst(), t.cliCrmId.desc().nullsFirst())
      .where(sql`${t.desativado} = 0`),
    // The same order under a negotiation-status filter.
    index('leads_lista_status_idx')
      .on(t.idUnidade, t.cliStatusNegociacao, t.cliDataCaptacao.desc().nullsFirst(), t.cliCrmId.desc().nullsFirst())
      .where(sql`${t.desativado} = 0`),
    index('leads_unidade_telefone_chave_idx').on(t.idUnidade, t.telefoneChave),
    // The chat lead list (issue 9): a unit's leads newest conversation first, the first page read from the index.
    index('leads_chat_lista_idx')
      .on(t.idUnidade, sql`coalesce(${t.whatsappUltimaMensagemDataGeral}, ${t.cliDataCaptacao}) desc`, t.cliCrmId.desc().nullsFirst())
      .where(sql`${t.desativado} = 0`),
    // Name and phone search (001 §5) within a unit: GIN over the unit (btree_gin, migration 0005)
    // and the trigrams, so a search reads only its unit's candidates (docs/performance.md).
    index('leads_unidade_nome_trgm_idx')
      .using('gin', t.idUnidade, sql`immutable_unaccent(lower(${t.cliNome})) gin_trgm_ops`)
      .where(sql`${t.desativado} = 0`),
    index('leads_unidade_telefone_trgm_idx')
      .using('gin', t.idUnidade, sql`${t.cliTelefone} gin_trgm_ops`)
      .where(sql`${t.desativado} = 0`),
  ],
);

// 000 §3 "History event": one row per change of a lead, written in the change's transaction.
export const historico = pgTable(
  'historico',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cliCrmId: integer('cli_crm_id')
      .notNull()
      .references(() => leads.cliCrmId),
    idUnidade: integer('id_unidade').notNull(),
    atendente: integer('atendente'),
    tipo: integer('tipo').notNull(),
    dataComentario: timestamp('data_comentario', { withTimezone: true }),
    comentario: text('comentario'),
    datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
    texto: text('texto'),
    textoAntigo: text('texto_antigo'),
    urlGravacao: text('url_gravacao'),
    tentativas: integer('tentativas'),
    duracao: integer('duracao'),
    duracaoFalada: integer('duracao_falada'),
    duracaoCobrada: integer('duracao_cobrada'),
    statusChamada: varchar('status_chamada', { length: 50 }),
    motivoDesconexao: varchar('motivo_desconexao', { length: 100 }),
    idAntigo: integer('id_antigo'),
    idNovo: integer('id_novo'),
    valorAntigo: numeric('valor_antigo', { precision: 14, scale: 2 }),
    valorNovo: numeric('valor_novo', { precision: 14, scale: 2 }),
    descricao: text('descricao'),
  },
  (t) => [index('historico_lead_idx').on(t.cliCrmId, t.datacad)],
);
