// Drizzle queries of the lead core; they return rows or null and let the service decide. The list
// SQL the views compose is in lead-sql.service.ts.
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';

import { automationAuthor } from '@funil/domain/automations/automations';
import { formatSchedulePayload } from '@funil/domain/format/date';
import { appointmentStatusLabel, type CrmContato, type HistoryItem, type TagRef } from '@funil/domain/leads-api/lead-api';
import type { LeadOrigin } from '@funil/domain/leads/origin';

import type { DbOrTx } from '../../db/handle.ts';
import { automationCauseStore } from '../lead-events/lead-events.service.ts';
import { leadTagsJsonSql } from '../tags/tags.service.ts';
import { userNameSql } from '../users/users.service.ts';
import { agendamentos } from './appointments.table.ts';
import { historico, leads } from './leads.table.ts';

export type LeadRow = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
export type NewHistory = Omit<typeof historico.$inferInsert, 'id'>;

/** Who is reading or changing leads: the session's company, unit and visibility (001 §6). */
export type LeadScope = {
  empresaId: number;
  unidadeId: number;
  userId: number;
  /** false: an attendant without acesso_atribuidos, who sees only unassigned leads and their own. */
  seesAssigned: boolean;
};

// `desativado = 0` stays a literal: it is the predicate of the partial list indexes
// (leads_lista_idx, leads_lista_status_idx), which a bound parameter would not match in a generic plan.
const inScope = (scope: LeadScope): SQL =>
  and(eq(leads.idEmpresa, scope.empresaId), eq(leads.idUnidade, scope.unidadeId), sql`${leads.desativado} = 0`)!;

/** A lead of the scope's unit (not deleted), or null; `lock` takes FOR UPDATE. */
export async function findLead(db: DbOrTx, scope: LeadScope, id: number, lock = false): Promise<LeadRow | null> {
  const query = db
    .select()
    .from(leads)
    .where(and(eq(leads.cliCrmId, id), inScope(scope)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The live leads of a unit whose telefone_chave is one of `keys` (ninth-digit tolerant). */
export async function findLeadsByPhoneKeys(db: DbOrTx, idUnidade: number, keys: readonly string[], exceptId?: number) {
  if (keys.length === 0) return [];
  return db
    .select({ cliCrmId: leads.cliCrmId, cliNome: leads.cliNome, telefoneChave: leads.telefoneChave })
    .from(leads)
    .where(
      and(
        eq(leads.idUnidade, idUnidade),
        eq(leads.desativado, 0),
        inArray(leads.telefoneChave, [...keys]),
        exceptId === undefined ? undefined : ne(leads.cliCrmId, exceptId),
      ),
    )
    .orderBy(asc(leads.cliCrmId));
}

export async function insertLeads(db: DbOrTx, values: NewLead[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(leads).values(values).returning({ id: leads.cliCrmId });
  return rows.map((r) => r.id);
}

/** One CSV row ready to insert (000 §4): only the columns the file fills, the rest keep their defaults. */
export type ImportedLead = {
  line: number;
  nome: string;
  telefone: string;
  chave: string;
  email: string | null;
  adName: string | null;
  adId: string | null;
  /** The history event's descricao and texto (000 §3 "History event"). */
  descricao: string;
  texto: string | null;
  /** Its origin (issue 23 §4: channel csv, the ad typed in the file as a manual attribution). */
  origem: LeadOrigin;
};

/**
 * Inserts a batch of imported leads and their history events in one statement, the rows
 * travelling as one JSON parameter instead of one placeholder per value; the tags module links
 * their tags (csv-import.service.ts). Leads get their ids in line order; the batch's phone keys
 * are distinct (the caller drops duplicates). Returns the new lead id of each line.
 */
export async function insertImportedLeads(
  db: DbOrTx,
  target: { empresaId: number; unidadeId: number; atendente: number | null; tipo: number },
  rows: readonly ImportedLead[],
): Promise<{ line: number; id: number }[]> {
  if (rows.length === 0) return [];
  // The statement matches rows back by phone key; duplicates in the file are reported before this.
  if (new Set(rows.map((r) => r.chave)).size !== rows.length) throw new Error('telefone repetido no lote de importação');
  const records = JSON.stringify(
    rows.map((r) => ({
      n: r.line,
      nome: r.nome,
      telefone: r.telefone,
      chave: r.chave,
      email: r.email,
      ad_name: r.adName,
      ad_id: r.adId,
      descricao: r.descricao,
      texto: r.texto,
      origem: r.origem,
    })),
  );
  const result = (await db.execute(sql`
    with r as (
      select * from json_to_recordset(${records}::json)
        as r(n int, nome text, telefone text, chave text, email text, ad_name text, ad_id text, descricao text, texto text,
          origem jsonb)
    ), novos as (
      insert into ${leads} (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, cli_email, ad_name, ad_id, cli_campanha_nome,
        origem_canal, origem_certeza, origem_em, origem_primeira)
      select ${target.empresaId}::int, ${target.unidadeId}::int, r.nome, r.telefone, r.chave, r.email, r.ad_name, r.ad_id, r.ad_name,
        r.origem->>'canal', r.origem->>'certeza', (r.origem->>'em')::timestamptz, r.origem
      from r order by r.n
      returning cli_crm_id, telefone_chave
    ), eventos as (
      insert into ${historico} (cli_crm_id, id_unidade, atendente, tipo, descricao, texto)
      select novos.cli_crm_id, ${target.unidadeId}::int, ${target.atendente}::int, ${target.tipo}::int, r.descricao, r.texto
      from novos join r on r.chave = novos.telefone_chave
      order by novos.cli_crm_id
    )
    select r.n as line, novos.cli_crm_id as id from novos join r on r.chave = novos.telefone_chave order by r.n`)) as unknown as {
    rows: { line: number; id: number }[];
  };
  return result.rows.map((r) => ({ line: Number(r.line), id: Number(r.id) }));
}

export async function updateLead(db: DbOrTx, id: number, set: Partial<NewLead>): Promise<void> {
  await db.update(leads).set(set).where(eq(leads.cliCrmId, id));
}

/** The lead's update, not run: a part of a statement that also writes the change's lead events (appendLeadEventsWith). */
export function leadUpdatePart(db: DbOrTx, id: number, set: Partial<NewLead>): SQL {
  return db.update(leads).set(set).where(eq(leads.cliCrmId, id)).getSQL();
}

/** The history rows' insert, not run: a part of a statement that also writes the change's lead events (appendLeadEventsWith). */
export function historyInsertPart(db: DbOrTx, rows: NewHistory[]): SQL {
  return db.insert(historico).values(rows).getSQL();
}

export async function insertHistory(db: DbOrTx, rows: NewHistory[]): Promise<number[]> {
  if (rows.length === 0) return [];
  // Issue 25: a change an automation's step makes, through whichever door, is signed 'Automação: {nome}'.
  const cause = automationCauseStore.getStore();
  const autor = cause?.nome ? automationAuthor(cause.nome) : null;
  const signed = autor ? rows.map((r) => ({ ...r, autor: r.autor ?? autor })) : rows;
  const inserted = await db.insert(historico).values(signed).returning({ id: historico.id });
  return inserted.map((r) => r.id);
}

export async function findHistoryItem(db: DbOrTx, leadId: number, itemId: number) {
  const [row] = await db
    .select()
    .from(historico)
    .where(and(eq(historico.id, itemId), eq(historico.cliCrmId, leadId)));
  return row ?? null;
}

/** The lead of a history item, for routes addressed by the item's id. */
export async function findHistoryItemById(db: DbOrTx, itemId: number) {
  const [row] = await db.select().from(historico).where(eq(historico.id, itemId));
  return row ?? null;
}

export async function deleteHistoryItem(db: DbOrTx, itemId: number): Promise<void> {
  await db.delete(historico).where(eq(historico.id, itemId));
}

export async function clearHistoryComment(db: DbOrTx, itemId: number): Promise<void> {
  await db.update(historico).set({ comentario: null }).where(eq(historico.id, itemId));
}

// The lead's tags and its attendant's name come from their modules' fragments (issue 7 §1), so
// a lead is still read in one statement.
const tagsOfLead = sql<TagRef[]>`${sql.raw(leadTagsJsonSql('"leads"."cli_crm_id"'))}`;
export const attendantName = sql<string | null>`${sql.raw(userNameSql('"leads"."id_usuario"'))}`;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const zeroOne = (n: number): 0 | 1 => (n === 1 ? 1 : 0);

/** A lead row as the API answers it (001 §3 with list-derived fields, 002 §3 crm_contato). */
/** The columns of a lead that the API shows (toCrmContato), as the list reads them. */
type ListedField =
  | 'cliCrmId'
  | 'cliId'
  | 'cliNome'
  | 'cliTelefone'
  | 'cliEmail'
  | 'cliContatoStatus'
  | 'cliMensagemStatus'
  | 'cliTipoLead'
  | 'cliDataCaptacao'
  | 'cliContatoAgendado'
  | 'cliDataProximaTentativa'
  | 'cliStatusNegociacao'
  | 'cliStatusNegociacaoVenda'
  | 'cliCampanhaInteresse'
  | 'cliCampanhaNome'
  | 'cliUrlFoto'
  | 'cliIdAtendimento'
  | 'idUnidade'
  | 'idEmpresa'
  | 'idUsuario'
  | 'valorTicket'
  | 'adName'
  | 'informacoesExtra'
  | 'utmCampaign'
  | 'utmMedium'
  | 'utmSource'
  | 'utmContent'
  | 'utmTerm'
  | 'whatsappBlocked'
  | 'idTicket'
  | 'idInstanciaEvolution'
  | 'isGroup'
  | 'marcadoNaoLida'
  | 'desativado'
  | 'cliMensagemAgendada'
  | 'cliDataMensagemAgendada'
  | 'cliMensagemAgendadaStatus'
  | 'cliMensagemAgendadaErro'
  | 'cliMensagemAgendadaTentativas'
  | 'whatsappUltimaMensagemTexto'
  | 'whatsappUltimaMensagemDataGeral'
  | 'whatsappUltimaMensagemDataEnviada'
  | 'whatsappUltimaMensagemDataRecebida'
  | 'whatsappUltimaMensagemNaoLidas'
  | 'whatsappUltimaMensagemFromMe'
  | 'whatsappUltimaMensagemTipo'
  | 'whatsappUltimaMensagemStatus'
  | 'idPotencial'
  | 'valorPotencial'
  | 'cliDataAtendimento'
  | 'cliCampanhaId'
  | 'adId'
  | 'cliTentativas'
  | 'cliTentativasDiarias'
  | 'dataAtualizacao';
export type ListedLead = Pick<LeadRow, ListedField>;

export function toCrmContato(lead: ListedLead, nomeAtendimento: string | null, tagList: TagRef[]): CrmContato {
  const status = lead.whatsappUltimaMensagemStatus;
  const fromMe = lead.whatsappUltimaMensagemFromMe;
  return {
    cli_crm_id: lead.cliCrmId,
    cli_id: lead.cliId,
    cli_nome: lead.cliNome,
    cli_telefone: lead.cliTelefone,
    cli_email: lead.cliEmail,
    cli_contato_status: lead.cliContatoStatus,
    cli_mensagem_status: lead.cliMensagemStatus,
    cli_tipo_lead: lead.cliTipoLead,
    cli_data_captacao: iso(lead.cliDataCaptacao),
    cli_contato_agendado: iso(lead.cliContatoAgendado),
    cli_data_proxima_tentativa: iso(lead.cliDataProximaTentativa),
    cli_status_negociacao: lead.cliStatusNegociacao,
    cli_status_negociacao_venda: lead.cliStatusNegociacaoVenda,
    cli_campanha_interesse: lead.cliCampanhaInteresse,
    cli_campanha_nome: lead.cliCampanhaNome,
    cli_url_foto: lead.cliUrlFoto,
    cli_id_atendimento: lead.cliIdAtendimento,
    unidade: lead.idUnidade,
    idEmpresa: lead.idEmpresa,
    idUsuario: lead.idUsuario,
    nome_atendimento: nomeAtendimento,
    valor_ticket: Number(lead.valorTicket),
    ad_name: lead.adName,
    informacoesExtra: lead.informacoesExtra,
    utm_campaign: lead.utmCampaign,
    utm_medium: lead.utmMedium,
    utm_source: lead.utmSource,
    utm_content: lead.utmContent,
    utm_term: lead.utmTerm,
    whatsapp_blocked: zeroOne(lead.whatsappBlocked),
    idTicket: lead.idTicket,
    idInstanciaEvolution: lead.idInstanciaEvolution,
    isGroup: lead.isGroup === 1,
    marcado_nao_lida: zeroOne(lead.marcadoNaoLida),
    desativado: zeroOne(lead.desativado),
    cli_mensagem_agendada: lead.cliMensagemAgendada,
    cli_data_mensagem_agendada: lead.cliDataMensagemAgendada ? formatSchedulePayload(lead.cliDataMensagemAgendada) : null,
    cli_mensagem_agendada_status:
      lead.cliMensagemAgendadaStatus === 'pendente' || lead.cliMensagemAgendadaStatus === 'falhou'
        ? lead.cliMensagemAgendadaStatus
        : null,
    cli_mensagem_agendada_erro: lead.cliMensagemAgendadaErro,
    cli_mensagem_agendada_tentativas: lead.cliMensagemAgendadaTentativas,
    whatsapp_ultima_mensagem_texto: lead.whatsappUltimaMensagemTexto,
    whatsapp_ultima_mensagem_data_geral: iso(lead.whatsappUltimaMensagemDataGeral),
    whatsapp_ultima_mensagem_data_enviada: iso(lead.whatsappUltimaMensagemDataEnviada),
    whatsapp_ultima_mensagem_data_recebida: iso(lead.whatsappUltimaMensagemDataRecebida),
    whatsapp_ultima_mensagem_nao_lidas: Math.max(0, lead.whatsappUltimaMensagemNaoLidas),
    whatsapp_ultima_mensagem_from_me: fromMe === null ? null : zeroOne(fromMe),
    whatsapp_ultima_mensagem_tipo: lead.whatsappUltimaMensagemTipo,
    whatsapp_ultima_mensagem_status: status === 1 || status === 2 || status === 3 ? status : null,
    tags: tagList,
    id_potencial: lead.idPotencial,
    valor_potencial: lead.valorPotencial,
    cli_data_atendimento: iso(lead.cliDataAtendimento),
    cli_campanha_id: lead.cliCampanhaId,
    ad_id: lead.adId,
    cli_tentativas: lead.cliTentativas,
    cli_tentativas_diarias: lead.cliTentativasDiarias,
    dataAtualizacao: lead.dataAtualizacao.toISOString(),
  };
}

const viewColumns = { lead: leads, nomeAtendimento: attendantName, tags: tagsOfLead };

/** One lead as the API shows it (any state), or null. */
export async function leadView(db: DbOrTx, id: number): Promise<CrmContato | null> {
  const [row] = await db.select(viewColumns).from(leads).where(eq(leads.cliCrmId, id));
  return row ? toCrmContato(row.lead, row.nomeAtendimento, row.tags) : null;
}

export async function listCampaigns(db: DbOrTx, scope: LeadScope): Promise<{ cli_campanha_nome: string }[]> {
  // Issue 23 §4: the campaigns and the ads of the leads' last touch, the names the filter matches (campaignOrAdSql).
  const rows = await db
    .selectDistinct({ nome: sql<string>`nome` })
    .from(sql`${leads}, lateral (values (${leads.cliCampanhaNome}), (${leads.adName})) as nomes(nome)`)
    .where(and(inScope(scope), sql`nome is not null and nome <> ''`))
    .orderBy(sql`nome`);
  return rows.flatMap((r) => (r.nome ? [{ cli_campanha_nome: r.nome }] : []));
}

/** The history of a lead, newest first, with the attendant's name (000 §3 "History event"). */
export async function listHistory(db: DbOrTx, leadId: number): Promise<HistoryItem[]> {
  const rows = await db
    .select({ h: historico, nome: sql<string | null>`${sql.raw(userNameSql('"historico"."atendente"'))}` })
    .from(historico)
    .where(eq(historico.cliCrmId, leadId))
    .orderBy(desc(historico.datacad), desc(historico.id));
  const num = (v: string | null) => (v === null ? null : Number(v));
  return rows.map(({ h, nome }) => ({
    id: h.id,
    cli_crm_id: h.cliCrmId,
    atendente: h.atendente,
    data_comentario: iso(h.dataComentario),
    comentario: h.comentario,
    datacad: iso(h.datacad),
    texto: h.texto,
    texto_antigo: h.textoAntigo,
    url_gravacao: h.urlGravacao,
    tentativas: h.tentativas,
    duracao: h.duracao,
    duracao_falada: h.duracaoFalada,
    duracao_cobrada: h.duracaoCobrada,
    status_chamada: h.statusChamada,
    motivo_desconexao: h.motivoDesconexao,
    tipo: h.tipo,
    id_antigo: h.idAntigo,
    id_novo: h.idNovo,
    valor_antigo: num(h.valorAntigo),
    valor_novo: num(h.valorNovo),
    descricao: h.descricao,
    autor: h.autor,
    nome_atendente: h.autor ?? nome,
  }));
}

export async function listAppointments(db: DbOrTx, leadId: number) {
  const rows = await db
    .select()
    .from(agendamentos)
    .where(eq(agendamentos.cliCrmId, leadId))
    .orderBy(desc(agendamentos.atendData), desc(agendamentos.atendHora));
  return rows.map((a) => ({
    id: a.id,
    atend_data: a.atendData,
    atend_hora: a.atendHora,
    atend_valor: Number(a.atendValor),
    proced_nome: a.procedNome,
    proced_valor: Number(a.procedValor),
    atend_status: a.atendStatus,
    atend_status_texto: appointmentStatusLabel(a.atendStatus),
  }));
}

/** Moves a lead's history with it when it changes unit. */
export async function moveHistoryToUnit(db: DbOrTx, leadId: number, idUnidade: number): Promise<void> {
  await db.update(historico).set({ idUnidade }).where(eq(historico.cliCrmId, leadId));
}

/** Issue 13 opt-out: marks the lead once (null → now); the marked lead, or null when it was marked already. */
export async function markMassSendOptOut(db: DbOrTx, cliCrmId: number, at: Date): Promise<LeadRow | null> {
  const [row] = await db
    .update(leads)
    .set({ optoutEnvioMassa: at })
    .where(and(eq(leads.cliCrmId, cliCrmId), isNull(leads.optoutEnvioMassa)))
    .returning();
  return row ?? null;
}
