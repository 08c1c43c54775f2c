// Queries of a lead's chat bookkeeping (001 §3 list-derived fields: last message, unread marks,
// ticket, gateway instance) for the door the leads service opens to the WhatsApp module. The
// last-message update is an SQL fragment so that the message store moves a lead in the same
// statement that stores its messages (one statement per round on the webhook hot path).
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';

import { leadStatusOfAck } from '@funil/domain/whatsapp-api/chat-message';
import type { LeadSummary } from '@funil/domain/whatsapp-api/realtime';

import type { DbOrTx } from '../../../../db/handle.ts';
import { ackLeadStatusSql } from '../../../../db/sql-rules.ts';
import type { LeadRow, NewLead } from '../../leads.service.ts';
import { leads } from '../../leads.table.ts';

export async function updateLeadRow(db: DbOrTx, cliCrmId: number, set: Partial<NewLead>): Promise<LeadRow | null> {
  const [row] = await db
    .update(leads)
    .set({ ...set, dataAtualizacao: new Date() })
    .where(eq(leads.cliCrmId, cliCrmId))
    .returning();
  return row ?? null;
}

/** The first live, unblocked leads of each unit (the demo gateway's auto-reply numbers). */
export async function firstLeadPhones(
  db: DbOrTx,
  unitIds: readonly number[],
  perUnit: number,
): Promise<{ idUnidade: number; telefone: string }[]> {
  if (unitIds.length === 0) return [];
  const rows = await db
    .select({ idUnidade: leads.idUnidade, telefone: leads.cliTelefone })
    .from(leads)
    .where(and(inArray(leads.idUnidade, [...unitIds]), eq(leads.desativado, 0), eq(leads.whatsappBlocked, 0)))
    .orderBy(asc(leads.cliCrmId));
  return unitIds.flatMap((id) => rows.filter((r) => r.idUnidade === id).slice(0, perUnit));
}

// ---- the last message (001 §3) ----

const SUMMARY_COLUMN_NAMES = [
  'cli_crm_id',
  'cli_nome',
  'cli_telefone',
  'id_unidade',
  'id_usuario',
  'id_ticket',
  'id_instancia_evolution',
  'whatsapp_blocked',
  'marcado_nao_lida',
  'whatsapp_ultima_mensagem_texto',
  'whatsapp_ultima_mensagem_data_geral',
  'whatsapp_ultima_mensagem_data_enviada',
  'whatsapp_ultima_mensagem_data_recebida',
  'whatsapp_ultima_mensagem_nao_lidas',
  'whatsapp_ultima_mensagem_from_me',
  'whatsapp_ultima_mensagem_tipo',
  'whatsapp_ultima_mensagem_status',
] as const;

/** The lead columns a LeadSummary is read from, as `leads.<column>` for a RETURNING list. */
export const LEAD_SUMMARY_COLUMNS = sql.raw(SUMMARY_COLUMN_NAMES.map((c) => `leads.${c}`).join(', '));

/** A row with the LEAD_SUMMARY_COLUMNS (null columns when no lead moved). */
export type RawLeadSummary = {
  cli_crm_id: number | null;
  cli_nome: string;
  cli_telefone: string;
  id_unidade: number;
  id_usuario: number | null;
  id_ticket: number | null;
  id_instancia_evolution: number | null;
  whatsapp_blocked: number;
  marcado_nao_lida: number;
  whatsapp_ultima_mensagem_texto: string | null;
  whatsapp_ultima_mensagem_data_geral: Date | string | null;
  whatsapp_ultima_mensagem_data_enviada: Date | string | null;
  whatsapp_ultima_mensagem_data_recebida: Date | string | null;
  whatsapp_ultima_mensagem_nao_lidas: number;
  whatsapp_ultima_mensagem_from_me: number | null;
  whatsapp_ultima_mensagem_tipo: string | null;
  whatsapp_ultima_mensagem_status: number | null;
};

const isoOf = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** A lead as the chat shows it (001 §3 Lead with its list-derived fields). */
export function leadSummaryOf(lead: LeadRow): LeadSummary {
  return {
    cli_crm_id: lead.cliCrmId,
    cli_nome: lead.cliNome,
    cli_telefone: lead.cliTelefone,
    unidade: lead.idUnidade,
    idUsuario: lead.idUsuario,
    idTicket: lead.idTicket,
    idInstanciaEvolution: lead.idInstanciaEvolution,
    whatsapp_blocked: lead.whatsappBlocked,
    marcado_nao_lida: lead.marcadoNaoLida,
    whatsapp_ultima_mensagem_texto: lead.whatsappUltimaMensagemTexto,
    whatsapp_ultima_mensagem_data_geral: isoOf(lead.whatsappUltimaMensagemDataGeral),
    whatsapp_ultima_mensagem_data_enviada: isoOf(lead.whatsappUltimaMensagemDataEnviada),
    whatsapp_ultima_mensagem_data_recebida: isoOf(lead.whatsappUltimaMensagemDataRecebida),
    whatsapp_ultima_mensagem_nao_lidas: lead.whatsappUltimaMensagemNaoLidas,
    whatsapp_ultima_mensagem_from_me: lead.whatsappUltimaMensagemFromMe,
    whatsapp_ultima_mensagem_tipo: lead.whatsappUltimaMensagemTipo,
    whatsapp_ultima_mensagem_status: lead.whatsappUltimaMensagemStatus,
  };
}

/** The LeadSummary of a raw row, null when its lead columns are null (nothing moved). */
export function summaryOfRaw(r: RawLeadSummary): LeadSummary | null {
  if (r.cli_crm_id === null) return null;
  return {
    cli_crm_id: Number(r.cli_crm_id),
    cli_nome: r.cli_nome,
    cli_telefone: r.cli_telefone,
    unidade: Number(r.id_unidade),
    idUsuario: r.id_usuario === null ? null : Number(r.id_usuario),
    idTicket: r.id_ticket,
    idInstanciaEvolution: r.id_instancia_evolution,
    whatsapp_blocked: r.whatsapp_blocked,
    marcado_nao_lida: r.marcado_nao_lida,
    whatsapp_ultima_mensagem_texto: r.whatsapp_ultima_mensagem_texto,
    whatsapp_ultima_mensagem_data_geral: isoOf(r.whatsapp_ultima_mensagem_data_geral),
    whatsapp_ultima_mensagem_data_enviada: isoOf(r.whatsapp_ultima_mensagem_data_enviada),
    whatsapp_ultima_mensagem_data_recebida: isoOf(r.whatsapp_ultima_mensagem_data_recebida),
    whatsapp_ultima_mensagem_nao_lidas: Number(r.whatsapp_ultima_mensagem_nao_lidas),
    whatsapp_ultima_mensagem_from_me: r.whatsapp_ultima_mensagem_from_me,
    whatsapp_ultima_mensagem_tipo: r.whatsapp_ultima_mensagem_tipo,
    whatsapp_ultima_mensagem_status: r.whatsapp_ultima_mensagem_status,
  };
}

/**
 * The UPDATE that moves leads' last-message fields for stored messages (001 §3), as a statement
 * to put in a WITH of the message store. `stored` is a relation with at most one row per lead and
 * the columns cli_crm_id, from_me, criado_em, preview, media_type, ack, id_instancia. Incoming
 * messages count as unread and set the message status to 'Respondeu…' (001 §4), our own ones
 * take the sent date and status; only a message not older than the lead's last one replaces
 * its text, type and status. Returns the moved leads' LEAD_SUMMARY_COLUMNS.
 */
export function lastMessageUpdate(stored: SQL): SQL {
  const latest = sql.raw(
    `(leads.whatsapp_ultima_mensagem_data_geral is null or leads.whatsapp_ultima_mensagem_data_geral <= m.criado_em)`,
  );
  return sql`update leads set
      whatsapp_ultima_mensagem_data_enviada = case when m.from_me
        then greatest(coalesce(leads.whatsapp_ultima_mensagem_data_enviada, m.criado_em), m.criado_em) else
          leads.whatsapp_ultima_mensagem_data_enviada end,
      whatsapp_ultima_mensagem_data_recebida = case when m.from_me
        then leads.whatsapp_ultima_mensagem_data_recebida else greatest(coalesce(leads.whatsapp_ultima_mensagem_data_recebida,
          m.criado_em), m.criado_em) end,
      whatsapp_ultima_mensagem_nao_lidas = leads.whatsapp_ultima_mensagem_nao_lidas + case when m.from_me then 0 else 1 end,
      cli_mensagem_status = case
        when m.from_me then case leads.cli_mensagem_status when 0 then 1 when 3 then 2 else leads.cli_mensagem_status end
        when leads.cli_mensagem_status = 4 then 4 else 3 end,
      id_instancia_evolution = case when m.from_me
        then coalesce(leads.id_instancia_evolution, m.id_instancia) else coalesce(m.id_instancia, leads.id_instancia_evolution) end,
      whatsapp_ultima_mensagem_texto = case when ${latest} then m.preview else leads.whatsapp_ultima_mensagem_texto end,
      whatsapp_ultima_mensagem_from_me = case when ${latest} then case when m.from_me then 1 else 0 end else
        leads.whatsapp_ultima_mensagem_from_me end,
      whatsapp_ultima_mensagem_tipo = case when ${latest} then m.media_type else leads.whatsapp_ultima_mensagem_tipo end,
      whatsapp_ultima_mensagem_status = case when ${latest}
        then ${sql.raw(ackLeadStatusSql('m.from_me', 'm.ack'))}
        else leads.whatsapp_ultima_mensagem_status end,
      whatsapp_ultima_mensagem_data_geral = greatest(coalesce(leads.whatsapp_ultima_mensagem_data_geral, m.criado_em), m.criado_em),
      data_atualizacao = now()
    from ${stored} m
    where leads.cli_crm_id = m.cli_crm_id
    returning ${LEAD_SUMMARY_COLUMNS}`;
}

/**
 * The lead of each row of `input` (a relation with ord, id_unidade, chave): the oldest live lead
 * of its unit with that telefone_chave (001 §5), as a SELECT for a WITH of the message store.
 */
export function leadsByPhoneKey(input: SQL): SQL {
  return sql`select i.ord, f.cli_crm_id, f.id_ticket from ${input} i
    cross join lateral (
      select leads.cli_crm_id, leads.id_ticket from leads
      where leads.id_unidade = i.id_unidade and leads.telefone_chave = i.chave and leads.desativado = 0
      order by leads.cli_crm_id limit 1
    ) f`;
}

/** 001 §3 _status follows the ack of the lead's last message when it is our own and not newer. */
export async function raiseLastMessageStatus(db: DbOrTx, cliCrmId: number, criadoEm: Date, ack: number): Promise<LeadRow | null> {
  const [row] = await db
    .update(leads)
    .set({ whatsappUltimaMensagemStatus: leadStatusOfAck(ack) })
    .where(
      and(
        eq(leads.cliCrmId, cliCrmId),
        eq(leads.whatsappUltimaMensagemFromMe, 1),
        sql`${leads.whatsappUltimaMensagemDataGeral} <= ${criadoEm.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The list preview follows an edit of the lead's last message (ref §4.3 MESSAGES_EDITED): the lead
 * before (locked) and after, or null when the message is not its last one or the text is the same.
 */
export async function setLastMessagePreview(
  db: DbOrTx,
  cliCrmId: number,
  criadoEm: Date,
  preview: string,
): Promise<{ before: LeadRow; after: LeadRow } | null> {
  const [before] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.cliCrmId, cliCrmId), eq(leads.whatsappUltimaMensagemDataGeral, criadoEm)))
    .for('update');
  if (!before || before.whatsappUltimaMensagemTexto === preview) return null;
  const [after] = await db
    .update(leads)
    .set({ whatsappUltimaMensagemTexto: preview })
    .where(eq(leads.cliCrmId, cliCrmId))
    .returning();
  return after ? { before, after } : null;
}
