// Sending, reading and listing a lead's conversation on the one message store, for the three
// channels of 001 §7. The server picks the instance, resolves the number on the gateway (cached
// 30 minutes), refuses blocked leads and never takes a gateway key from the browser.
import { eq } from 'drizzle-orm';
import { whatsappNumberVariants } from '@funil/domain/phone/matching';
import { classifyPhone } from '@funil/domain/phone/matching';
import { jidToPhone } from '@funil/domain/phone/jid';
import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';
import { ACK, MESSAGE_PAGE_SIZE, type ChatMediaType, type ChatMessage, type ChatMessagePage } from '@funil/domain/whatsapp-api/chat-message';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import { DomainError } from '../../http/domain-error.ts';
import { EvolutionError } from '../../integrations/evolution/evolution-error.ts';
import { MESSAGE_STATUS_RANK, type MessageRecord } from '../../integrations/evolution/evolution-types.ts';
import { phoneJidOfKey } from '../../integrations/evolution/evolution-jid.ts';
import { toGatewayMedia, type QuotedRef } from '../../integrations/evolution/evolution-client.ts';
import { unidadeConfiguracoes } from '../tenancy/tenancy.table.ts';
import type { Session } from '../auth/auth.service.ts';
import { phoneKey } from '../leads/phone-key.ts';
import { gatewayFailure, requireGateway } from './instances.service.ts';
import { previewText } from './message-content.ts';
import { chatMessageOf, ticketOf } from './message-view.ts';
import { saveMedia } from './media.service.ts';
import { emitLead, emitMessage, emitTicket } from './whatsapp-events.ts';
import type { WhatsappContext } from './whatsapp-context.ts';
import {
  applyPendingEvent,
  claimUnreadIncoming,
  findInstanceById,
  findLeadByLid,
  findLeadByPhoneKey,
  findLeadInUnit,
  findMessageOfLeadByWaId,
  findMessageRow,
  findTicketInUnit,
  leadSummaryOf,
  listByWaIds,
  listInstances,
  listLeadMessages,
  listReactions,
  storeMessage,
  updateLeadFields,
  updateLeadLastStatus,
  updateMessage,
  type InstanceRow,
  type LeadRow,
  type MessageRow,
} from './whatsapp.repository.ts';

const tenantOf = (s: Session) => ({ idEmpresa: s.empresaId, idUnidade: s.unidadeId });

/** The lead of the session's unit; 404 for any other id (tenant boundary). */
export async function leadOfUnit(ctx: WhatsappContext, session: Session, cliCrmId: number): Promise<LeadRow> {
  const lead = await findLeadInUnit(ctx.db, session.unidadeId, cliCrmId);
  if (!lead || lead.idEmpresa !== session.empresaId) throw new DomainError('not_found', WHATSAPP_MESSAGES.leadNotFound);
  return lead;
}

/** The unit's lead with this number or jid (ninth digit and 55 tolerated, @lid learned); 404 when none. */
export async function leadOfNumber(ctx: WhatsappContext, session: Session, number: string): Promise<LeadRow> {
  const trimmed = number.trim();
  let lead: LeadRow | null = null;
  if (trimmed.endsWith('@lid')) lead = await findLeadByLid(ctx.db, session.unidadeId, trimmed);
  if (!lead) {
    const phone = trimmed.includes('@') ? jidToPhone(trimmed) : trimmed;
    if (phone) lead = await findLeadByPhoneKey(ctx.db, session.unidadeId, phoneKey(phone));
  }
  if (!lead) throw new DomainError('not_found', WHATSAPP_MESSAGES.leadNotFound);
  return lead;
}

/** 001 §5 "Sending": the lead's instance when open, else the unit's first open one. */
export async function pickInstance(ctx: WhatsappContext, lead: LeadRow, explicit: InstanceRow | null): Promise<InstanceRow> {
  requireGateway(ctx);
  if (explicit) {
    if (explicit.connectionStatus !== 'open') throw new DomainError('conflict', WHATSAPP_MESSAGES.disconnected);
    return explicit;
  }
  if (lead.idInstanciaEvolution) {
    const own = await findInstanceById(ctx.db, lead.idInstanciaEvolution);
    if (own && own.idUnidade === lead.idUnidade && own.connectionStatus === 'open') return own;
  }
  const open = (await listInstances(ctx.db, lead.idUnidade)).find((i) => i.connectionStatus === 'open');
  if (!open) throw new DomainError('conflict', WHATSAPP_MESSAGES.disconnected);
  return open;
}

const refOf = (row: InstanceRow) => ({ instanceName: row.name, token: row.token });

/**
 * 001 §5: the number the gateway knows for a lead. The 55-prefixed variants (as stored, then the
 * other ninth-digit form) are checked through whatsappNumbers (cached 30 minutes, 001 §9); the
 * forms without 55 would be read by the gateway as other countries, so they are not sent.
 */
export async function resolveNumber(ctx: WhatsappContext, instance: InstanceRow, lead: LeadRow): Promise<string> {
  const identity = classifyPhone(lead.cliTelefone);
  if (identity.kind === 'lid') return `${identity.id}@lid`;
  if (identity.kind !== 'national') throw new DomainError('invalid', WHATSAPP_MESSAGES.leadWithoutWhatsapp);
  const variants = whatsappNumberVariants(lead.cliTelefone).filter((v) => v.startsWith('55'));
  let checks;
  try {
    checks = await requireGateway(ctx).client.whatsappNumbers(refOf(instance), variants);
  } catch (err) {
    gatewayFailure(ctx, err);
  }
  const found = variants.map((v) => checks.find((c) => c.number === v)).find((c) => c?.exists);
  if (!found) throw new DomainError('invalid', WHATSAPP_MESSAGES.leadWithoutWhatsapp);
  // ref §3.7: digits for a phone JID (the gateway applies its own rewrite), the JID otherwise.
  return found.jid.endsWith('@s.whatsapp.net') ? found.jid.split('@')[0]! : found.jid;
}

async function signatureOf(ctx: WhatsappContext, session: Session): Promise<string> {
  const [config] = await ctx.db
    .select({ extra: unidadeConfiguracoes.configuracoesExtra })
    .from(unidadeConfiguracoes)
    .where(eq(unidadeConfiguracoes.idUnidade, session.unidadeId))
    .limit(1);
  // 001 §5 Composer: the user's name in bold when assinaturaWhatsapp is on.
  return parseConfiguracoesExtra(config?.extra).assinaturaWhatsapp ? `*${session.nome}*\n` : '';
}

export type Outgoing =
  | { kind: 'text'; text: string }
  | { kind: 'media'; mediatype: 'image' | 'video' | 'document' | 'sticker'; media: string; mimetype?: string; caption?: string; fileName?: string }
  | { kind: 'audio'; audio: string };

export type SendInput = {
  lead: LeadRow;
  instance?: InstanceRow | null;
  outgoing: Outgoing;
  /** WhatsApp id of the quoted message of this lead. */
  quotedId?: string | null;
  ticketId?: number | null;
};

const RAW_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function decodeMedia(value: string): { data: Buffer; mimetype: string | undefined } {
  const { media, mimetype } = toGatewayMedia(value.trim());
  const compact = media.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !RAW_BASE64.test(compact)) throw new DomainError('invalid', WHATSAPP_MESSAGES.mediaInvalid);
  return { data: Buffer.from(compact, 'base64'), mimetype };
}

const mediaTypeOf = (o: Outgoing): ChatMediaType =>
  o.kind === 'text' ? 'chat' : o.kind === 'audio' ? 'audio' : o.mediatype === 'document' ? 'application/document' : o.mediatype;

/** Sends one message to a lead and stores it; answers the stored chat message. */
export async function sendToLead(ctx: WhatsappContext, session: Session, input: SendInput): Promise<ChatMessage> {
  const { lead } = input;
  if (lead.whatsappBlocked === 1) throw new DomainError('conflict', WHATSAPP_MESSAGES.blocked);
  const o = input.outgoing;
  if (o.kind === 'text' && o.text.trim() === '') throw new DomainError('invalid', WHATSAPP_MESSAGES.emptyText);
  const decoded = o.kind === 'media' ? decodeMedia(o.media) : o.kind === 'audio' ? decodeMedia(o.audio) : null;
  const instance = await pickInstance(ctx, lead, input.instance ?? null);
  const number = await resolveNumber(ctx, instance, lead);
  const quotedRow = input.quotedId ? await findMessageOfLeadByWaId(ctx.db, lead.cliCrmId, input.quotedId) : null;
  if (input.quotedId && !quotedRow) throw new DomainError('not_found', WHATSAPP_MESSAGES.messageNotFound);
  const quoted: QuotedRef | undefined = quotedRow?.messageId ? { key: { id: quotedRow.messageId } } : undefined;
  const client = requireGateway(ctx).client;
  const text = o.kind === 'text' ? `${await signatureOf(ctx, session)}${o.text}` : '';
  let record: MessageRecord;
  try {
    if (o.kind === 'text') record = await client.sendText(refOf(instance), { number, text, ...(quoted ? { quoted } : {}) });
    else if (o.kind === 'audio') record = await client.sendWhatsAppAudio(refOf(instance), { number, audio: decoded!.data.toString('base64'), ...(quoted ? { quoted } : {}) });
    else if (o.mediatype === 'sticker') record = await client.sendSticker(refOf(instance), { number, sticker: decoded!.data.toString('base64'), ...(quoted ? { quoted } : {}) });
    else {
      record = await client.sendMedia(refOf(instance), {
        number,
        mediatype: o.mediatype,
        media: decoded!.data.toString('base64'),
        ...(o.mimetype ?? decoded!.mimetype ? { mimetype: (o.mimetype ?? decoded!.mimetype)! } : {}),
        ...(o.caption ? { caption: o.caption } : {}),
        ...(o.fileName ? { fileName: o.fileName } : o.mediatype === 'document' ? { fileName: 'documento' } : {}),
        ...(quoted ? { quoted } : {}),
      });
    }
  } catch (err) {
    if (err instanceof EvolutionError && err.notOnWhatsapp.length > 0) throw new DomainError('invalid', WHATSAPP_MESSAGES.leadWithoutWhatsapp);
    gatewayFailure(ctx, err);
  }
  const mediaType = mediaTypeOf(o);
  const mimetype = o.kind === 'media' ? (o.mimetype ?? decoded?.mimetype ?? null) : o.kind === 'audio' ? (decoded?.mimetype ?? 'audio/ogg') : null;
  const fileName = o.kind === 'media' ? (o.fileName ?? null) : null;
  const body = o.kind === 'text' ? text : o.kind === 'media' ? (o.caption ?? (o.mediatype === 'document' ? (fileName ?? '') : '')) : '';
  const status = record.status ?? 'PENDING';
  const base = {
    idEmpresa: lead.idEmpresa,
    idUnidade: lead.idUnidade,
    cliCrmId: lead.cliCrmId,
    idInstancia: instance.id,
    idTicket: input.ticketId ?? lead.idTicket,
    messageId: record.key.id,
    remoteJid: record.key.remoteJid,
    phoneJid: phoneJidOfKey(record.key),
    fromMe: true,
    mediaType,
    gatewayType: record.messageType,
    body,
    mimetype,
    fileName,
    mediaStatus: decoded ? ('pending' as const) : ('none' as const),
    mediaPath: null,
    ack: (MESSAGE_STATUS_RANK as Record<string, number>)[status] ?? ACK.pending,
    isError: false,
    quotedMessageId: quotedRow?.messageId ?? null,
    quoted: quotedRow
      ? { messageId: quotedRow.messageId ?? '', body: quotedRow.body, fromMe: quotedRow.fromMe, mediaType: quotedRow.mediaType, contactName: quotedRow.pushName }
      : null,
    reactionTargetId: null,
    senderTimestamp: null,
    pushName: null,
    idUsuario: session.userId,
    criadoEm: new Date(record.messageTimestamp * 1000),
  };
  const stored = await storeMessage(ctx.db, base, { preview: previewText(mediaType, body, fileName), idInstancia: instance.id }, 'claim');
  if (!stored) throw new DomainError('gateway', WHATSAPP_MESSAGES.gatewayUnavailable);
  if (decoded) {
    const path = await saveMedia(ctx, { idUnidade: lead.idUnidade, id: stored.id }, decoded.data, mimetype, fileName);
    await updateMessage(ctx.db, stored.id, { mediaPath: path, mediaStatus: 'ready' });
  }
  const changed = await applyPendingEvent(ctx.db, instance.id, record.key.id);
  const raised = changed ? await updateLeadLastStatus(ctx.db, changed.cliCrmId, changed.criadoEm, changed.ack) : null;
  const row = await findMessageRow(ctx.db, stored.id);
  const summary = raised ?? stored.lead ?? leadSummaryOf((await findLeadInUnit(ctx.db, lead.idUnidade, lead.cliCrmId)) ?? lead);
  const message = chatMessageOf(row!, [], quotedRow);
  const ticket = base.idTicket ? await findTicketInUnit(ctx.db, lead.idUnidade, base.idTicket) : null;
  const ticketView = ticket ? ticketOf(ticket, summary) : null;
  emitMessage(ctx, tenantOf(session), stored.inserted ? 'create' : 'update', message, summary, ticketView);
  emitLead(ctx, tenantOf(session), summary);
  if (ticketView) emitTicket(ctx, tenantOf(session), ticketView);
  return message;
}

/** Chat messages with their reactions and quoted originals. */
export async function viewsOf(ctx: WhatsappContext, cliCrmId: number, rows: readonly MessageRow[]): Promise<ChatMessage[]> {
  const waIds = rows.flatMap((r) => (r.messageId ? [r.messageId] : []));
  const quotedIds = rows.flatMap((r) => (r.quotedMessageId ? [r.quotedMessageId] : []));
  const [reactions, quoted] = await Promise.all([listReactions(ctx.db, cliCrmId, waIds), listByWaIds(ctx.db, cliCrmId, quotedIds)]);
  return rows.map((r) =>
    chatMessageOf(
      r,
      reactions.filter((x) => x.reactionTargetId === r.messageId),
      quoted.find((q) => q.messageId === r.quotedMessageId) ?? null,
    ),
  );
}

/** 001 §9: 50 a page, newest first. */
export async function messagePage(ctx: WhatsappContext, where: { cliCrmId: number; idTicket?: number }, page: number): Promise<ChatMessagePage> {
  const { rows, total } = await listLeadMessages(ctx.db, where, page, MESSAGE_PAGE_SIZE);
  return { total, pages: Math.ceil(total / MESSAGE_PAGE_SIZE), currentPage: page, records: await viewsOf(ctx, where.cliCrmId, rows) };
}

/**
 * 001 §4 "Reading": zeroes the unread counter and marks the incoming messages since the last own
 * message as read on the gateway once (phone JIDs, ref §3.12). Gateway failures are only logged.
 */
export async function readConversation(ctx: WhatsappContext, session: Session, lead: LeadRow): Promise<number> {
  const claimed = await claimUnreadIncoming(ctx.db, lead.cliCrmId);
  if (claimed.length > 0 && ctx.gateway) {
    const byInstance = new Map<number, MessageRow[]>();
    for (const row of claimed) if (row.idInstancia !== null) byInstance.set(row.idInstancia, [...(byInstance.get(row.idInstancia) ?? []), row]);
    for (const [idInstancia, rows] of byInstance) {
      const instance = await findInstanceById(ctx.db, idInstancia);
      if (!instance || instance.idUnidade !== lead.idUnidade) continue;
      try {
        await ctx.gateway.client.markMessageAsRead(
          refOf(instance),
          rows.map((r) => ({ remoteJid: r.remoteJid ?? r.phoneJid ?? '', remoteJidAlt: r.phoneJid, fromMe: false, id: r.messageId ?? '' })),
        );
      } catch (err) {
        ctx.log.warn({ err }, 'falha ao marcar mensagens como lidas no WhatsApp');
      }
    }
  }
  if (lead.whatsappUltimaMensagemNaoLidas !== 0 || lead.marcadoNaoLida !== 0) {
    const updated = await updateLeadFields(ctx.db, lead.cliCrmId, { whatsappUltimaMensagemNaoLidas: 0, marcadoNaoLida: 0 });
    if (updated) emitLead(ctx, tenantOf(session), leadSummaryOf(updated));
  }
  return claimed.length;
}
