// Live events of the WhatsApp area (001 §7 "Main socket"), always to the instance's unit only.
import {
  appMessageEvent,
  contactEvent,
  leadUpdateEvent,
  ticketEvent,
  whatsappEvent,
  whatsappSessionEvent,
  type AppMessagePayload,
  type InstanceEventPayload,
  type LeadSummary,
} from '@funil/domain/whatsapp-api/realtime';
import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import type { Ticket } from '@funil/domain/whatsapp-api/tickets-api';
import type { WhatsappContext } from './whatsapp-context.ts';
import type { InstanceRow } from './instances.repository.ts';

export type Tenant = { idEmpresa: number; idUnidade: number };

export function emitMessage(ctx: WhatsappContext, t: Tenant, action: 'create' | 'update', message: ChatMessage, contact: LeadSummary, ticket: Ticket | null): void {
  const payload: AppMessagePayload = { action, message, ticket, contact };
  ctx.realtime.toUnit(t.idUnidade, appMessageEvent(t.idEmpresa), payload);
}

export function emitLead(ctx: WhatsappContext, t: Tenant, lead: LeadSummary, action: 'create' | 'update' = 'update'): void {
  ctx.realtime.toUnit(t.idUnidade, contactEvent(t.idEmpresa), { action, contact: lead });
  ctx.realtime.toUnit(t.idUnidade, leadUpdateEvent(lead.cli_crm_id), { lead });
}

export function emitTicket(ctx: WhatsappContext, t: Tenant, ticket: Ticket, action: 'create' | 'update' = 'update'): void {
  ctx.realtime.toUnit(t.idUnidade, ticketEvent(t.idEmpresa), { action, ticket });
}

/** connection.update / qrcode.updated relayed (001 §4 "Gateway instance connection"). */
export function emitInstance(ctx: WhatsappContext, row: InstanceRow, qrcode?: string | null): void {
  const payload: InstanceEventPayload = {
    action: 'update',
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
