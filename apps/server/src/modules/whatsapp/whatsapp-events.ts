// Live events of the WhatsApp area (001 §7 "Main socket"), always to the instance's unit only;
// a lead's messages and tickets only to the users who may see that lead (001 §6, issues 9 and 21).
// A lead's own changes (created by a message, its chat fields) are announced by the lead event
// stream (issue 22 §2, modules/lead-events), not here.
import { appMessageEvent, ticketEvent, whatsappEvent, whatsappSessionEvent } from '@funil/domain/realtime/events';
import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import type { AppMessagePayload, InstanceEventPayload, LeadSummary } from '@funil/domain/whatsapp-api/realtime';
import type { Ticket } from '@funil/domain/whatsapp-api/tickets-api';

import type { InstanceRow } from './instances/instances.repository.ts';
import type { WhatsappContext } from './whatsapp-context.ts';

export type Tenant = { idEmpresa: number; idUnidade: number };

export function emitMessage(
  ctx: WhatsappContext,
  t: Tenant,
  action: 'create' | 'update',
  message: ChatMessage,
  contact: LeadSummary,
  ticket: Ticket | null,
): void {
  const payload: AppMessagePayload = { action, message, ticket, contact };
  ctx.realtime.toUsersWhoSee({ idUnidade: t.idUnidade, idUsuario: contact.idUsuario }, appMessageEvent(t.idEmpresa), payload);
}

/** A lead's ticket (its last message's text included): only to the users who may see the lead (issue 21, 001 §6). */
export function emitTicket(
  ctx: WhatsappContext,
  t: Tenant,
  ticket: Ticket,
  lead: Pick<LeadSummary, 'idUsuario'>,
  action: 'create' | 'update' = 'update',
): void {
  ctx.realtime.toUsersWhoSee({ idUnidade: t.idUnidade, idUsuario: lead.idUsuario }, ticketEvent(t.idEmpresa), { action, ticket });
}

/** connection.update / qrcode.updated relayed (001 §4 "Gateway instance connection"). */
export function emitInstance(
  ctx: WhatsappContext,
  row: InstanceRow,
  qrcode?: string | null,
  action: InstanceEventPayload['action'] = 'update',
): void {
  const payload: InstanceEventPayload = {
    action,
    instance: {
      id: row.id,
      name: row.name,
      connectionStatus: row.connectionStatus,
      ownerJid: row.ownerJid,
      profileName: row.profileName,
      ...(qrcode !== undefined ? { qrcode } : {}),
    },
  };
  ctx.realtime.toUnit(row.idUnidade, whatsappSessionEvent(row.idEmpresa), payload);
  ctx.realtime.toUnit(row.idUnidade, whatsappEvent(row.idEmpresa), payload);
}
