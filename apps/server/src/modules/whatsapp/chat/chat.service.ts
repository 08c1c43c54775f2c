// Sending, reading and listing a lead's conversation on the one message store, for the three
// channels of 001 §7. The server picks the instance, resolves the number on the gateway (cached
// 30 minutes), refuses blocked leads and never takes a gateway key from the browser.
import { hasInvalidCharacter } from '@funil/domain/http/text-characters';
import type { LeadEventInput } from '@funil/domain/lead-events/lead-events';
import { jidToPhone } from '@funil/domain/phone/jid';
import { classifyPhone, whatsappNumberVariants } from '@funil/domain/phone/matching';
import {
  ACK,
  MESSAGE_PAGE_SIZE,
  type ChatMediaType,
  type ChatMessage,
  type ChatMessagePage,
} from '@funil/domain/whatsapp-api/chat-message';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { DomainError } from '../../../http/domain-error.ts';
import { toGatewayMedia, type QuotedRef } from '../../../integrations/evolution/evolution-client.ts';
import { EvolutionError } from '../../../integrations/evolution/evolution-error.ts';
import { phoneJidOfKey } from '../../../integrations/evolution/evolution-jid.ts';
import { MESSAGE_STATUS_RANK, type MessageRecord } from '../../../integrations/evolution/evolution-types.ts';
import type { Session } from '../../auth/auth.service.ts';
import { appendLeadEvents } from '../../lead-events/lead-events.service.ts';
import { leadForSession, leadForSessionByPhone, type LeadRow } from '../../leads/leads.service.ts';
import { markLeadRead } from '../../leads/views/chat/lead-chat.service.ts';
import { unitExtraSettings } from '../../tenancy/tenancy.service.ts';
import { findLidLeadId } from '../ingest/lids.repository.ts';
import { previewText } from '../ingest/message-content.ts';
import {
  announceWritten,
  settleWritten,
  storeRounds,
  type PipelineItem,
  type StoreOutcome,
  type Written,
} from '../ingest/message-pipeline.ts';
import { findInstanceById, listInstances, type InstanceRow } from '../instances/instances.repository.ts';
import { gatewayFailure, requireGateway } from '../instances/instances.service.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import { saveMedia } from './media.service.ts';
import {
  claimUnreadIncoming,
  findByIdempotencyKey,
  findMessageOfLeadByWaId,
  findMessageRow,
  isPendingMessageId,
  listByWaIds,
  listLeadMessages,
  listReactions,
  pendingMessageId,
  recordOfRow,
  recordSent,
  updateMessage,
  type MessageRow,
  type RecordMessage,
} from './message-store.repository.ts';
import { chatMessageOf } from './message-view.ts';

const tenantOf = (s: Session) => ({ idEmpresa: s.empresaId, idUnidade: s.unidadeId });

/** The lead the session may see (the leads service's door: 404 another unit's or a deleted lead, 403 another attendant's). */
export function leadOfUnit(ctx: WhatsappContext, session: Session, cliCrmId: number): Promise<LeadRow> {
  return leadForSession(ctx.db, session, cliCrmId);
}

/** The session's visible lead with this number or jid (ninth digit and 55 tolerated, @lid learned); 404 when none. */
export async function leadOfNumber(ctx: WhatsappContext, session: Session, number: string): Promise<LeadRow> {
  const trimmed = number.trim();
  if (trimmed.endsWith('@lid')) {
    const id = await findLidLeadId(ctx.db, session.unidadeId, trimmed);
    if (id !== null) return leadForSession(ctx.db, session, id);
  }
  const phone = trimmed.includes('@') ? jidToPhone(trimmed) : trimmed;
  if (!phone) throw new DomainError('not_found', WHATSAPP_MESSAGES.leadNotFound);
  return leadForSessionByPhone(ctx.db, session, phone);
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
  // 001 §5 Composer: the user's name in bold when assinaturaWhatsapp is on.
  return (await unitExtraSettings(ctx.db, session.unidadeId)).assinaturaWhatsapp ? `*${session.nome}*\n` : '';
}

export type Outgoing =
  | { kind: 'text'; text: string }
  | {
      kind: 'media';
      mediatype: 'image' | 'video' | 'document' | 'sticker';
      media: string;
      mimetype?: string;
      caption?: string;
      fileName?: string;
    }
  | { kind: 'audio'; audio: string };

export type SendInput = {
  lead: LeadRow;
  instance?: InstanceRow | null;
  outgoing: Outgoing;
  /** WhatsApp id of the quoted message of this lead. */
  quotedId?: string | null;
  ticketId?: number | null;
  /** issue 7 §2: the client's temp_ id or Idempotency-Key; a repeat answers the stored message and sends nothing. */
  idempotencyKey?: string | null;
  /** The gateway's typing presence before the send, ms (ref §3.7 `delay`; issue 13 mass send). */
  delayMs?: number | undefined;
  /** Issue 13: a gateway failure is thrown as the gateway's error (after it is recorded), so the caller can tell 429/463 apart. */
  rawGatewayErrors?: boolean | undefined;
  /** A mass-send campaign's send (issue 13): its campaign, on the message's lead event (`dados.idCampanha`, issue 22 §2). */
  idCampanha?: number | null | undefined;
};

const RAW_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function decodeMedia(value: string): { data: Buffer; mimetype: string | undefined } {
  const { media, mimetype } = toGatewayMedia(value.trim());
  const compact = media.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !RAW_BASE64.test(compact))
    throw new DomainError('invalid', WHATSAPP_MESSAGES.mediaInvalid);
  return { data: Buffer.from(compact, 'base64'), mimetype };
}

const mediaTypeOf = (o: Outgoing): ChatMediaType =>
  o.kind === 'text' ? 'chat' : o.kind === 'audio' ? 'audio' : o.mediatype === 'document' ? 'application/document' : o.mediatype;

// A NUL or half an emoji could never be stored or sent, so it is never sent (text-characters.ts).
const hasInvalidText = (...texts: (string | undefined)[]) => texts.some((t) => t !== undefined && hasInvalidCharacter(t));

/** A repeated send (same user and key): the stored message, or the first attempt's failure again; nothing is sent. */
async function repeatedSend(ctx: WhatsappContext, lead: LeadRow, row: MessageRow): Promise<ChatMessage> {
  if (row.cliCrmId !== lead.cliCrmId) throw new DomainError('conflict', WHATSAPP_MESSAGES.idempotencyKeyReused);
  if (row.isError && isPendingMessageId(row.messageId)) throw new DomainError('gateway', WHATSAPP_MESSAGES.gatewayUnavailable);
  const [view] = await viewsOf(ctx, row.cliCrmId, [row]);
  return view!;
}

/**
 * Sends one message to a lead (issue 7 §2 "outgoing sends store first"): checks it, stores it as
 * pending under a temp_ id with the idempotency key (moving the lead like any message, through
 * the one pipeline), calls the gateway, then records the gateway's id (or the failure), applies
 * the acks that came first and lifts the lead's status, and announces it. A repeated key answers
 * the stored message and sends nothing; a message that cannot be stored is never sent.
 */
export async function sendToLead(ctx: WhatsappContext, session: Session, input: SendInput): Promise<ChatMessage> {
  const { lead } = input;
  if (lead.whatsappBlocked === 1) throw new DomainError('conflict', WHATSAPP_MESSAGES.blocked);
  const o = input.outgoing;
  if (o.kind === 'text' && o.text.trim() === '') throw new DomainError('invalid', WHATSAPP_MESSAGES.emptyText);
  if (
    hasInvalidText(
      o.kind === 'text' ? o.text : undefined,
      o.kind === 'media' ? o.caption : undefined,
      o.kind === 'media' ? o.fileName : undefined,
    )
  ) {
    throw new DomainError('invalid', WHATSAPP_MESSAGES.invalidCharacter);
  }
  const decoded = o.kind === 'media' ? decodeMedia(o.media) : o.kind === 'audio' ? decodeMedia(o.audio) : null;
  const key = input.idempotencyKey ?? null;
  if (key) {
    const earlier = await findByIdempotencyKey(ctx.db, session.userId, key);
    if (earlier) return repeatedSend(ctx, lead, earlier);
  }
  const instance = await pickInstance(ctx, lead, input.instance ?? null);
  const number = await resolveNumber(ctx, instance, lead);
  const quotedRow = input.quotedId ? await findMessageOfLeadByWaId(ctx.db, lead.cliCrmId, input.quotedId) : null;
  if (input.quotedId && !quotedRow) throw new DomainError('not_found', WHATSAPP_MESSAGES.messageNotFound);
  const quoted: QuotedRef | undefined = quotedRow?.messageId ? { key: { id: quotedRow.messageId } } : undefined;
  const text = o.kind === 'text' ? `${await signatureOf(ctx, session)}${o.text}` : '';
  const mediaType = mediaTypeOf(o);
  const mimetype =
    o.kind === 'media'
      ? (o.mimetype ?? decoded?.mimetype ?? null)
      : o.kind === 'audio'
        ? (decoded?.mimetype ?? 'audio/ogg')
        : null;
  const fileName = o.kind === 'media' ? (o.fileName ?? null) : null;
  const body =
    o.kind === 'text' ? text : o.kind === 'media' ? (o.caption ?? (o.mediatype === 'document' ? (fileName ?? '') : '')) : '';
  const idTicket = input.ticketId ?? lead.idTicket;
  const message: RecordMessage = {
    idEmpresa: lead.idEmpresa,
    idUnidade: lead.idUnidade,
    idInstancia: instance.id,
    messageId: pendingMessageId(),
    remoteJid: null,
    phoneJid: null,
    fromMe: true,
    mediaType,
    gatewayType: null,
    body,
    mimetype,
    fileName,
    mediaStatus: decoded ? 'pending' : 'none',
    mediaPath: null,
    ack: ACK.pending,
    isError: false,
    quotedMessageId: quotedRow?.messageId ?? null,
    quoted: quotedRow
      ? {
          messageId: quotedRow.messageId ?? '',
          body: quotedRow.body,
          fromMe: quotedRow.fromMe,
          mediaType: quotedRow.mediaType,
          contactName: quotedRow.pushName,
        }
      : null,
    reactionTargetId: null,
    senderTimestamp: null,
    pushName: null,
    idUsuario: session.userId,
    // Whole seconds, as the gateway's timestamps (the lead's last-message order compares them).
    criadoEm: new Date(Math.floor(Date.now() / 1000) * 1000),
  };
  // 1. Store (pending). A failed store throws here: nothing was sent.
  const [written] = await storePending(
    ctx,
    {
      unit: tenantOf(session),
      message,
      preview: previewText(mediaType, body, fileName),
      hasMedia: false,
      idempotencyKey: key,
      lead: { cliCrmId: lead.cliCrmId, idTicket, created: false },
    },
    input.idCampanha ?? null,
  );
  if (!written || written === 'no-lead') throw new DomainError('not_found', WHATSAPP_MESSAGES.leadNotFound);
  if (!written.stored) {
    // The same key stored by a concurrent request: that one sends.
    const earlier = key ? await findByIdempotencyKey(ctx.db, session.userId, key) : null;
    if (!earlier) throw new DomainError('gateway', WHATSAPP_MESSAGES.gatewayUnavailable);
    return repeatedSend(ctx, lead, earlier);
  }
  const pendingId = written.stored.id;
  let record: MessageRecord;
  try {
    if (decoded) {
      const path = await saveMedia(ctx, { idUnidade: lead.idUnidade, id: pendingId }, decoded.data, mimetype, fileName);
      await updateMessage(ctx.db, pendingId, { mediaPath: path, mediaStatus: 'ready' });
    }
    // 2. Send.
    record = await sendOutgoing(ctx, instance, number, o, decoded, quoted, text, input.delayMs);
  } catch (err) {
    // 3a. The failure is recorded: a retry with the same key answers it and sends nothing.
    await updateMessage(ctx.db, pendingId, { isError: true });
    if (err instanceof EvolutionError && err.notOnWhatsapp.length > 0)
      throw new DomainError('invalid', WHATSAPP_MESSAGES.leadWithoutWhatsapp);
    if (input.rawGatewayErrors && err instanceof EvolutionError) throw err;
    if (err instanceof DomainError) throw err;
    gatewayFailure(ctx, err);
  }
  // 3b. The gateway's id and ack; a send.message webhook that stored it first keeps its row.
  const status = record.status ?? 'PENDING';
  const sent = await recordSent(ctx.db, pendingId, {
    messageId: record.key.id,
    remoteJid: record.key.remoteJid,
    phoneJid: phoneJidOfKey(record.key),
    gatewayType: record.messageType,
    ack: (MESSAGE_STATUS_RANK as Record<string, number>)[status] ?? ACK.pending,
  });
  // 4. The acks that came first, the lead's status, the announcement: the one pipeline's steps.
  const item: PipelineItem = {
    unit: tenantOf(session),
    message: recordOfRow(sent),
    preview: previewText(mediaType, body, fileName),
    hasMedia: false,
    quoted: quotedRow,
    announceAs: sent.id === pendingId ? 'create' : 'update',
  };
  const done: Written = {
    lead: { cliCrmId: lead.cliCrmId, idTicket: sent.idTicket, created: false },
    stored: {
      ...written.stored,
      id: sent.id,
      ack: sent.ack,
      isError: sent.isError,
      isDeleted: sent.isDeleted,
      datacad: sent.datacad,
      stale: sent.ack > ACK.pending,
    },
  };
  await settleWritten(ctx.db, [item], [done], true);
  await announceWritten(ctx, item, done, new Map());
  const chatMessage = chatMessageOf((await findMessageRow(ctx.db, sent.id)) ?? sent, [], quotedRow);
  return chatMessage;
}

/**
 * Stores a pending send through the one pipeline. A campaign's send (issue 13) runs the store in
 * its own transaction with the events held (storeRounds' `hold`), so its 'mensagem-enviada' is
 * appended with the campaign's id (issue 22 §2) in the message's transaction, as one event.
 */
async function storePending(ctx: WhatsappContext, item: PipelineItem, idCampanha: number | null): Promise<StoreOutcome[]> {
  if (idCampanha === null) return storeRounds(ctx.db, [item], 'throw');
  return ctx.db.transaction(async (tx) => {
    const held: LeadEventInput[] = [];
    const out = await storeRounds(tx, [item], 'throw', held);
    await appendLeadEvents(
      tx,
      held.map((e) => (e.tipo === 'mensagem-enviada' ? { ...e, dados: { ...e.dados, idCampanha } } : e)),
    );
    return out;
  });
}

/** The gateway call of one outgoing message (ref §3.7–§3.9). */
async function sendOutgoing(
  ctx: WhatsappContext,
  instance: InstanceRow,
  number: string,
  o: Outgoing,
  decoded: { data: Buffer; mimetype: string | undefined } | null,
  quoted: QuotedRef | undefined,
  text: string,
  delayMs?: number,
): Promise<MessageRecord> {
  const client = requireGateway(ctx).client;
  const q = { ...(quoted ? { quoted } : {}), ...(delayMs ? { delay: delayMs } : {}) };
  if (o.kind === 'text') return client.sendText(refOf(instance), { number, text, ...q });
  if (o.kind === 'audio')
    return client.sendWhatsAppAudio(refOf(instance), { number, audio: decoded!.data.toString('base64'), ...q });
  if (o.mediatype === 'sticker')
    return client.sendSticker(refOf(instance), { number, sticker: decoded!.data.toString('base64'), ...q });
  return client.sendMedia(refOf(instance), {
    number,
    mediatype: o.mediatype,
    media: decoded!.data.toString('base64'),
    ...((o.mimetype ?? decoded!.mimetype) ? { mimetype: (o.mimetype ?? decoded!.mimetype)! } : {}),
    ...(o.caption ? { caption: o.caption } : {}),
    ...(o.fileName ? { fileName: o.fileName } : o.mediatype === 'document' ? { fileName: 'documento' } : {}),
    ...q,
  });
}

/** Chat messages with their reactions and quoted originals. */
export async function viewsOf(ctx: WhatsappContext, cliCrmId: number, rows: readonly MessageRow[]): Promise<ChatMessage[]> {
  const waIds = rows.flatMap((r) => (r.messageId ? [r.messageId] : []));
  const quotedIds = rows.flatMap((r) => (r.quotedMessageId ? [r.quotedMessageId] : []));
  const [reactions, quoted] = await Promise.all([
    listReactions(ctx.db, cliCrmId, waIds),
    listByWaIds(ctx.db, cliCrmId, quotedIds),
  ]);
  return rows.map((r) =>
    chatMessageOf(
      r,
      reactions.filter((x) => x.reactionTargetId === r.messageId),
      quoted.find((q) => q.messageId === r.quotedMessageId) ?? null,
    ),
  );
}

/** 001 §9: 50 a page, newest first. */
export async function messagePage(
  ctx: WhatsappContext,
  where: { cliCrmId: number; idTicket?: number },
  page: number,
): Promise<ChatMessagePage> {
  const { rows, total } = await listLeadMessages(ctx.db, where, page, MESSAGE_PAGE_SIZE);
  return {
    total,
    pages: Math.ceil(total / MESSAGE_PAGE_SIZE),
    currentPage: page,
    records: await viewsOf(ctx, where.cliCrmId, rows),
  };
}

/**
 * 001 §4 "Reading": zeroes the unread counter and marks the incoming messages since the last own
 * message as read on the gateway once (phone JIDs, ref §3.12). Gateway failures are only logged.
 */
export async function readConversation(ctx: WhatsappContext, session: Session, lead: LeadRow): Promise<number> {
  const claimed = await claimUnreadIncoming(ctx.db, lead.cliCrmId);
  if (claimed.length > 0 && ctx.gateway) {
    const byInstance = new Map<number, MessageRow[]>();
    for (const row of claimed)
      if (row.idInstancia !== null) byInstance.set(row.idInstancia, [...(byInstance.get(row.idInstancia) ?? []), row]);
    for (const [idInstancia, rows] of byInstance) {
      const instance = await findInstanceById(ctx.db, idInstancia);
      if (!instance || instance.idUnidade !== lead.idUnidade) continue;
      try {
        await ctx.gateway.client.markMessageAsRead(
          refOf(instance),
          rows.map((r) => ({
            remoteJid: r.remoteJid ?? r.phoneJid ?? '',
            remoteJidAlt: r.phoneJid,
            fromMe: false,
            id: r.messageId ?? '',
          })),
        );
      } catch (err) {
        ctx.log.warn({ err }, 'falha ao marcar mensagens como lidas no WhatsApp');
      }
    }
  }
  // The lead's change is announced by the lead event stream (its 'whatsapp' event, issue 22 §2).
  await markLeadRead(ctx.db, lead, session.userId);
  return claimed.length;
}
