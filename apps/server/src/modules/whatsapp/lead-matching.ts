// Which lead a WhatsApp chat belongs to (001 §5 "Phone matching", ref §7 @lid): the phone JID's
// telefone_chave in the instance's unit, else a lid learned before; an unknown number becomes a
// new lead of the unit (platform WhatsApp), as POST /webhook/lead does (001 §7).
import { jidToPhone } from '@funil/domain/phone/jid';
import { classifyPhone } from '@funil/domain/phone/matching';
import { phoneKey } from '../leads/phone-key.ts';
import { isLidJid } from '../../integrations/evolution/evolution-jid.ts';
import { onCommit, type WhatsappContext } from './whatsapp-context.ts';
import { invalidateLeadCounts } from '../leads/lead-count-cache.ts';
import { findLeadByLid, findLeadByPhoneKey, insertLead, lockPhoneKey, rememberLid, type LeadRow } from './whatsapp.repository.ts';

/** plataformas.id of WhatsApp (seeded reference list). */
export const PLATFORM_WHATSAPP = 4;

export type ChatAddress = { phoneJid: string | null; lid: string | null };

export type Unit = { idEmpresa: number; idUnidade: number };

/** The national digits of a phone JID, or the id of a lid. */
export const phoneOfJid = (jid: string): string | null => jidToPhone(jid);

/** The telefone_chave a phone is matched by (001 §5), and the digits a new lead of it stores. */
export function phoneKeyOf(phone: string): { telefone: string; key: string } {
  const identity = classifyPhone(phone);
  const telefone = identity.kind === 'national' ? identity.digits : identity.kind === 'lid' ? identity.id : identity.digits;
  return { telefone, key: phoneKey(telefone) };
}

/** Finds the unit's lead of a phone (any ninth-digit form, with or without 55); creates it when new. */
export async function findOrCreateLeadByPhone(
  ctx: WhatsappContext,
  unit: Unit,
  phone: string,
  name: string,
  extra: { idInstancia?: number | null; idTicket?: number | null; email?: string | null } = {},
): Promise<{ lead: LeadRow; created: boolean }> {
  const { telefone, key } = phoneKeyOf(phone);
  const found = await findLeadByPhoneKey(ctx.db, unit.idUnidade, key);
  if (found) return { lead: found, created: false };
  return ctx.db.transaction(async (tx) => {
    await lockPhoneKey(tx, unit.idUnidade, key);
    const again = await findLeadByPhoneKey(tx, unit.idUnidade, key);
    if (again) return { lead: again, created: false };
    const lead = await insertLead(tx, {
      idEmpresa: unit.idEmpresa,
      idUnidade: unit.idUnidade,
      cliNome: (name.trim() || telefone).slice(0, 200),
      cliTelefone: telefone,
      telefoneChave: key,
      cliEmail: extra.email ?? null,
      cliTipoLead: PLATFORM_WHATSAPP,
      idInstanciaEvolution: extra.idInstancia ?? null,
      idTicket: extra.idTicket ?? null,
    });
    return { lead, created: true };
  }).then((result) => {
    // The lead lists' cached totals of the unit (leads module) learn of the new lead once it is stored.
    if (result.created) onCommit(ctx, () => invalidateLeadCounts((ctx.root ?? ctx).db, [unit.idUnidade]));
    return result;
  });
}

/** ref §7: the lead of a chat, by phone JID first, then by a lid learned before; remembers the lid. */
export async function matchChat(ctx: WhatsappContext, unit: Unit, address: ChatAddress, pushName: string | null, idInstancia: number): Promise<{ lead: LeadRow; created: boolean } | null> {
  let result: { lead: LeadRow; created: boolean } | null = null;
  if (address.phoneJid) {
    const phone = phoneOfJid(address.phoneJid);
    if (!phone) return null;
    result = await findOrCreateLeadByPhone(ctx, unit, phone, pushName ?? phone, { idInstancia });
  } else if (address.lid) {
    const known = await findLeadByLid(ctx.db, unit.idUnidade, address.lid);
    if (known) return { lead: known, created: false };
    const lidDigits = address.lid.split('@')[0] ?? address.lid;
    result = await findOrCreateLeadByPhone(ctx, unit, lidDigits, pushName ?? lidDigits, { idInstancia });
  }
  if (result && address.lid) await rememberChatLid(ctx, unit, address.lid, result.lead.cliCrmId);
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
