// The realtime contract (001 §7 "Main socket", 002 §7 "Mass send"): every event the server pushes
// on the main socket, its name and the one schema of its payload. The server's emit is typed by
// it (and checks payloads outside production), the browser parses what it receives with it.
import { z } from 'zod';

import { CSV_IMPORT_PROGRESS_EVENT, csvImportProgressEventSchema } from '../leads-api/csv-import-api.ts';
import { companyContactEventSchema, leadRealtimeEventSchema } from '../leads-api/lead-api.ts';
import { pipelineMoveEventSchema } from '../pipeline/pipeline-api.ts';
import { appMessagePayloadSchema, instanceEventPayloadSchema, ticketPayloadSchema } from '../whatsapp-api/realtime.ts';

/** 001 §7: sent to a socket right after its session is accepted. */
export const readyPayloadSchema = z.object({ idUnidade: z.number().int() });

/** 002 §4 "Mass-send campaign status". */
export const MASS_SEND_STATUSES = ['EM_ANDAMENTO', 'PAUSADO', 'FINALIZADO'] as const;
/** 002 §4: the status of one lead of a campaign (NOT_SENT: 'otherwise Não Enviado', a lead skipped for good). */
export const MASS_SEND_LEAD_STATUSES = ['SENT', 'PENDING', 'ERROR', 'NOT_SENT'] as const;

/** create-campanha / update-campanha (002 §7): a campaign of the unit appeared or changed; the monitor reads its list again. */
export const campaignEventSchema = z.object({
  campanhaId: z.number().int(),
  status: z.enum(MASS_SEND_STATUSES),
  motivoPausa: z.string().nullable().optional(),
});
/** envio-campanha (002 §7): one message of a campaign went out (or failed). */
export const campaignSendEventSchema = z.object({
  campanhaId: z.number().int(),
  enviados: z.number().int(),
  leadId: z.number().int(),
  status: z.enum(MASS_SEND_LEAD_STATUSES),
});
/** update-lead (002 §7): a lead's status within a campaign changed. */
export const campaignLeadEventSchema = z.object({
  campanhaId: z.number().int(),
  leadId: z.number().int(),
  status: z.enum(MASS_SEND_LEAD_STATUSES),
});

/**
 * What changed in a company's administration (issue 10): the browser reads the unit data again
 * (menus, flags, funnels, settings) without a new login.
 */
export const UNIT_DATA_CHANGES = [
  'configuracoes-extras',
  'configuracoes-unidade',
  'status-negociacao',
  'status-negociacao-venda',
  'potencial',
  'orientacoes',
] as const;
export const unitDataEventSchema = z.object({ motivo: z.enum(UNIT_DATA_CHANGES), idUnidade: z.number().int().nullable() });

/**
 * Who an event may reach (issue 21): 'lead' names a lead or carries its content, so it goes only
 * to the sockets of users who may see that lead (001 §6, ../leads/visibility.ts); 'unit' carries
 * nothing of a lead and goes to every socket of a unit (or of a company's units).
 */
export type RealtimeAudience = 'lead' | 'unit';

type Entry = {
  readonly name: (id: number) => string;
  readonly pattern: RegExp;
  readonly schema: z.ZodType;
  readonly audience: RealtimeAudience;
};

/**
 * Every server → browser event: `name` builds the event name (from the company id, or the lead id
 * for `lead-{id}-update`), `pattern` recognises a built name, `schema` is its one payload,
 * `audience` who may receive it. Every event goes to the sockets of one unit (or of a company's
 * units), never wider; a lead's event only to those of its unit who may see the lead.
 */
export const REALTIME_EVENTS = {
  ready: { name: () => 'ready' as const, pattern: /^ready$/, schema: readyPayloadSchema, audience: 'unit' },
  appMessage: {
    name: (idEmpresa: number) => `company-${idEmpresa}-appMessage` as const,
    pattern: /^company-\d+-appMessage$/,
    schema: appMessagePayloadSchema,
    audience: 'lead',
  },
  ticket: {
    name: (idEmpresa: number) => `company-${idEmpresa}-ticket` as const,
    pattern: /^company-\d+-ticket$/,
    schema: ticketPayloadSchema,
    audience: 'lead',
  },
  contact: {
    name: (idEmpresa: number) => `company-${idEmpresa}-contact` as const,
    pattern: /^company-\d+-contact$/,
    schema: companyContactEventSchema,
    audience: 'lead',
  },
  whatsapp: {
    name: (idEmpresa: number) => `company-${idEmpresa}-whatsapp` as const,
    pattern: /^company-\d+-whatsapp$/,
    schema: instanceEventPayloadSchema,
    audience: 'unit',
  },
  whatsappSession: {
    name: (idEmpresa: number) => `company-${idEmpresa}-whatsappSession` as const,
    pattern: /^company-\d+-whatsappSession$/,
    schema: instanceEventPayloadSchema,
    audience: 'unit',
  },
  leadUpdate: {
    name: (cliCrmId: number) => `lead-${cliCrmId}-update` as const,
    pattern: /^lead-\d+-update$/,
    schema: leadRealtimeEventSchema,
    audience: 'lead',
  },
  csvImportProgress: {
    name: () => CSV_IMPORT_PROGRESS_EVENT,
    pattern: /^csv-import-progress$/,
    schema: csvImportProgressEventSchema,
    audience: 'unit',
  },
  createCampaign: {
    name: (idEmpresa: number) => `company-${idEmpresa}-create-campanha` as const,
    pattern: /^company-\d+-create-campanha$/,
    schema: campaignEventSchema,
    audience: 'unit',
  },
  updateCampaign: {
    name: (idEmpresa: number) => `company-${idEmpresa}-update-campanha` as const,
    pattern: /^company-\d+-update-campanha$/,
    schema: campaignEventSchema,
    audience: 'unit',
  },
  campaignSend: {
    name: (idEmpresa: number) => `company-${idEmpresa}-envio-campanha` as const,
    pattern: /^company-\d+-envio-campanha$/,
    schema: campaignSendEventSchema,
    audience: 'lead',
  },
  campaignLead: {
    name: (idEmpresa: number) => `company-${idEmpresa}-update-lead` as const,
    pattern: /^company-\d+-update-lead$/,
    schema: campaignLeadEventSchema,
    audience: 'lead',
  },
  unitData: {
    name: (idEmpresa: number) => `company-${idEmpresa}-unit-data` as const,
    pattern: /^company-\d+-unit-data$/,
    schema: unitDataEventSchema,
    audience: 'unit',
  },
  /** Issue 11: a card of the unit's pipeline moved or was reordered; the boards apply it live. */
  pipelineMove: {
    name: (idEmpresa: number) => `company-${idEmpresa}-pipeline` as const,
    pattern: /^company-\d+-pipeline$/,
    schema: pipelineMoveEventSchema,
    audience: 'lead',
  },
} as const satisfies Record<string, Entry>;

// The browser → server events of 001 §7 and 002 §7 (joinTickets, joinNotification, joinEnvioEmMassa)
// need no handler: a socket joins its unit's and company's rooms when its session is accepted.

type Registry = typeof REALTIME_EVENTS;
export type RealtimeEventKey = keyof Registry;
/** Every event name the server may push. */
export type RealtimeEventName = { [K in RealtimeEventKey]: ReturnType<Registry[K]['name']> }[RealtimeEventKey];
/** The events that name a lead or carry its content: only to the users who may see that lead. */
export type LeadEventName = {
  [K in RealtimeEventKey]: Registry[K]['audience'] extends 'lead' ? ReturnType<Registry[K]['name']> : never;
}[RealtimeEventKey];
/** The events that carry nothing of a lead: to every socket of a unit or company. */
export type UnitEventName = Exclude<RealtimeEventName, LeadEventName>;
/** What the server must send for an event name. */
export type RealtimePayloadIn<N extends string> = {
  [K in RealtimeEventKey]: N extends ReturnType<Registry[K]['name']> ? z.input<Registry[K]['schema']> : never;
}[RealtimeEventKey];
/** What the browser receives for an event name, once parsed. */
export type RealtimePayload<N extends string> = {
  [K in RealtimeEventKey]: N extends ReturnType<Registry[K]['name']> ? z.output<Registry[K]['schema']> : never;
}[RealtimeEventKey];

export const appMessageEvent = REALTIME_EVENTS.appMessage.name;
export const ticketEvent = REALTIME_EVENTS.ticket.name;
export const contactEvent = REALTIME_EVENTS.contact.name;
export const whatsappEvent = REALTIME_EVENTS.whatsapp.name;
export const whatsappSessionEvent = REALTIME_EVENTS.whatsappSession.name;
export const leadUpdateEvent = REALTIME_EVENTS.leadUpdate.name;
export const csvImportProgressEvent = REALTIME_EVENTS.csvImportProgress.name;
export const createCampaignEvent = REALTIME_EVENTS.createCampaign.name;
export const updateCampaignEvent = REALTIME_EVENTS.updateCampaign.name;
export const campaignSendEvent = REALTIME_EVENTS.campaignSend.name;
export const campaignLeadEvent = REALTIME_EVENTS.campaignLead.name;
export const unitDataEvent = REALTIME_EVENTS.unitData.name;
export const pipelineMoveEvent = REALTIME_EVENTS.pipelineMove.name;

/** The payload schema of an event name; null for a name outside the contract. */
export function realtimeSchemaOf(name: string): z.ZodType | null {
  for (const entry of Object.values(REALTIME_EVENTS)) if (entry.pattern.test(name)) return entry.schema;
  return null;
}

/** The audience of an event name (issue 21); null for a name outside the contract. */
export function realtimeAudienceOf(name: string): RealtimeAudience | null {
  for (const entry of Object.values(REALTIME_EVENTS)) if (entry.pattern.test(name)) return entry.audience;
  return null;
}

/**
 * Checks one payload against the contract: the parsed payload, or null with the reason when the
 * name is unknown or the payload has another shape.
 */
export function parseRealtimePayload<N extends string>(
  name: N,
  payload: unknown,
): { ok: true; payload: RealtimePayload<N> } | { ok: false; reason: string } {
  const schema = realtimeSchemaOf(name);
  if (!schema) return { ok: false, reason: `evento fora do contrato: ${name}` };
  const parsed = schema.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: `${name}: ${z.prettifyError(parsed.error)}` };
  return { ok: true, payload: parsed.data as RealtimePayload<N> };
}
