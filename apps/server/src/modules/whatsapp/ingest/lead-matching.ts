// Which lead a WhatsApp chat belongs to (001 §5 "Phone matching", ref §7 @lid): the phone JID's
// telefone_chave in the instance's unit, else a lid learned before; an unknown number becomes a
// new lead of the unit (platform WhatsApp). The leads themselves are read and created through
// the leads service (issue 7 §1); this module keeps only the lids it learned. A message from a
// click-to-WhatsApp ad creates or re-enters its lead with the ad's origin (issue 23 §3).
import { jidToPhone } from '@funil/domain/phone/jid';

import { isLidJid } from '../../../integrations/evolution/evolution-jid.ts';
import { captureAdMessage, type AdReply } from '../../leads/lead-ad-message.service.ts';
import { findOrCreateLeadByPhone, leadPhoneOf, unitLead, type LeadRow, type UnitRef } from '../../leads/leads.service.ts';
import { onCommit, type WhatsappContext } from '../whatsapp-context.ts';
import { findLidLeadId, rememberLid } from './lids.repository.ts';

export type ChatAddress = { phoneJid: string | null; lid: string | null };

export type Unit = UnitRef;

/** What the pipeline needs of a chat's lead. */
export type ChatLead = Pick<LeadRow, 'cliCrmId' | 'idTicket'>;

/** The national digits of a phone JID, or the id of a lid. */
export const phoneOfJid = (jid: string): string | null => jidToPhone(jid);

/** The telefone_chave a chat's phone is matched by (001 §5), null when it is not a phone. */
export const chatPhoneKey = (phone: string): string | null => leadPhoneOf(phone)?.key ?? null;

/** The history event of a lead created by a message from an unknown number (000 §3). */
export const CREATED_BY_MESSAGE = 'Lead cadastrado por mensagem de WhatsApp';

/** The unit's lead of a phone, created when new, through the leads service (one lock, one event, counts dropped after the commit). */
export function findOrCreateChatLead(
  ctx: WhatsappContext,
  unit: Unit,
  phone: string,
  name: string,
  idInstancia: number,
): Promise<{ lead: LeadRow; created: boolean }> {
  return findOrCreateLeadByPhone({ db: ctx.db, cacheDb: (ctx.root ?? ctx).db, afterCommit: (fn) => onCommit(ctx, fn) }, unit, {
    phone,
    name,
    idInstancia,
    origem: CREATED_BY_MESSAGE,
  });
}

/** Issue 23 §3: the unit's lead of a phone that wrote from an ad, created or re-entered with the ad's origin. */
export async function captureChatAd(
  ctx: WhatsappContext,
  unit: Unit,
  phone: string,
  name: string,
  idInstancia: number,
  reply: AdReply,
): Promise<{ lead: ChatLead; created: boolean }> {
  const c = { db: ctx.db, cacheDb: (ctx.root ?? ctx).db, afterCommit: (fn: () => void) => onCommit(ctx, fn) };
  const result = await captureAdMessage(c, unit, { phone, name, idInstancia, reply });
  return { lead: result.lead, created: result.created };
}

/**
 * ref §7: the lead of a chat, by phone JID first, then by a lid learned before; remembers the lid.
 * Null when it names no phone. With `ad` (a message from a click-to-WhatsApp ad, issue 23 §3) the
 * lead is created or re-entered with the ad's origin.
 */
export async function matchChat(
  ctx: WhatsappContext,
  unit: Unit,
  address: ChatAddress,
  pushName: string | null,
  idInstancia: number,
  ad: AdReply | null = null,
): Promise<{ lead: ChatLead; created: boolean } | null> {
  let phone: string | null = null;
  if (address.phoneJid) phone = phoneOfJid(address.phoneJid);
  else if (address.lid) {
    const knownId = await findLidLeadId(ctx.db, unit.idUnidade, address.lid);
    const known = knownId === null ? null : await unitLead(ctx.db, unit.idUnidade, knownId);
    if (known && known.desativado === 0 && !ad) return { lead: known, created: false };
    phone = known && known.desativado === 0 ? known.cliTelefone : (address.lid.split('@')[0] ?? address.lid);
  }
  if (!phone || !chatPhoneKey(phone)) return null;
  const result = ad
    ? await captureChatAd(ctx, unit, phone, pushName ?? phone, idInstancia, ad)
    : await findOrCreateChatLead(ctx, unit, phone, pushName ?? phone, idInstancia);
  if (address.lid) await rememberChatLid(ctx, unit, address.lid, result.lead.cliCrmId);
  return result;
}

/** ref §7: remembers the @lid a lead was seen with, once per unit, lid and lead. */
export async function rememberChatLid(ctx: WhatsappContext, unit: Unit, lid: string, cliCrmId: number): Promise<void> {
  if (!isLidJid(lid)) return;
  const cacheKey = `${unit.idUnidade}:${lid}:${cliCrmId}`;
  if (ctx.knownLids.has(cacheKey)) return;
  await rememberLid(ctx.db, unit.idUnidade, lid, cliCrmId);
  // Remembered only once stored for good: a rolled-back batch item must not skip the next insert.
  onCommit(ctx, () => {
    if (ctx.knownLids.size > 100_000) ctx.knownLids.clear();
    ctx.knownLids.add(cacheKey);
  });
}
