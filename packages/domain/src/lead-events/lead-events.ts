// The lead event stream (issue 22 §2): one typed event per change of a lead, written by the server
// in the change's own transaction (the outbox lead_eventos) and read in order by its consumers (the
// realtime announcement, and the automations, Conversions API and ads attribution of issues 23–25).
// The realtime contract beside it (../realtime/events.ts) is what the browser hears; this is what
// happened.
import { z } from 'zod';

import { LEAD_ACTIONS, type LeadAction } from '../leads-api/lead-api.ts';
import { leadOriginSchema } from '../leads/origin.ts';

/**
 * Every kind of change of a lead. The lead actions of the realtime contract (001 §7 `action`) are
 * the kinds of the lead core's changes; the pipeline board adds a card's new place in its column
 * (002 §4: no status change) and the WhatsApp ingest the message received and sent, and the edit of
 * the lead's last message that moves its list preview (ref §4.3 MESSAGES_EDITED, 001 §3); the mass
 * send the lead's SAIR/PARAR that takes it out of the campaigns (issue 13 'Opt-out').
 * `criado` covers every way a lead starts (manual, CSV, a message from an unknown number, the
 * /webhook/lead and POST /contacts capture, the capture URL): its `dados.origem` says which, and
 * `dados.toque` the origin it arrived with (issue 23 §4). `captado-novamente` is a number the unit
 * already had arriving again (the capture URL, issue 23 §1): the lead re-enters the queue and its
 * last touch becomes `dados.toque`.
 */
export const LEAD_EVENT_TYPES = [
  ...LEAD_ACTIONS,
  'posicao-pipeline',
  'mensagem-recebida',
  'mensagem-enviada',
  'mensagem-editada',
  'optout-envio-massa',
  'captado-novamente',
] as const;
export type LeadEventType = (typeof LEAD_EVENT_TYPES)[number];

/** Who may see the lead (001 §6): its unit and attendant (null: unassigned). */
export const leadAudienceSchema = z.object({ idUnidade: z.number().int(), idUsuario: z.number().int().nullable() });
export type LeadEventAudience = z.infer<typeof leadAudienceSchema>;

const json: z.ZodType<unknown> = z.unknown();
/** One changed column of the lead: its value before and after (dates as ISO text). */
export const leadFieldChangeSchema = z.object({ de: json, para: json });

/** How a lead started (the history event's text, 000 §3). */
export const LEAD_ORIGINS = ['manual', 'csv', 'whatsapp', 'captura'] as const;

/**
 * A change made to many leads at once and announced as a whole elsewhere (the CSV import's
 * 'importados', a deleted funnel status' unit-data event): each lead still has its event, and the
 * realtime consumer leaves it to that one announcement.
 */
export const LEAD_EVENT_BATCHES = ['importacao-csv', 'status-removido'] as const;
/** What an event caused by an automation carries (`dados.automacao`): the loop guard reads it (issue 25 'Loop guard'). */
export const automationCauseSchema = z.object({
  idAutomacao: z.number().int(),
  idExecucao: z.number().int(),
  profundidade: z.number().int().min(1),
  /** The step's key (`run:round:step`): a step that may run again after a crash finds what it already wrote. */
  chave: z.string().max(60).optional(),
  /** The rule's name: the history events the step writes show 'Automação: {nome}' as their author (issue 25). */
  nome: z.string().max(80).optional(),
});
export type AutomationCause = z.infer<typeof automationCauseSchema>;
// `automacao`: the automation step that made the change.
const base = z.object({ lote: z.enum(LEAD_EVENT_BATCHES).optional(), automacao: automationCauseSchema.optional() }).strict();

/** A move on the pipeline board (issue 11): the board's own announcement (`company-{id}-pipeline`). */
export const pipelineMoveDataSchema = z.object({
  familia: z.enum(['negociacao', 'venda']),
  de: z.number().int(),
  para: z.number().int(),
  posicao: z.number(),
  idUsuario: z.number().int(),
});

/** What each kind carries besides the changed columns. */
export const LEAD_EVENT_DATA = {
  criado: base.extend({
    origem: z.enum(LEAD_ORIGINS),
    descricao: z.string(),
    tags: z.array(z.number().int()).optional(),
    toque: leadOriginSchema.optional(),
  }),
  'captado-novamente': base.extend({ descricao: z.string(), toque: leadOriginSchema }),
  status: base.extend({ pipeline: pipelineMoveDataSchema.optional() }),
  'status-venda': base.extend({ pipeline: pipelineMoveDataSchema.optional() }),
  'posicao-pipeline': base.extend({ pipeline: pipelineMoveDataSchema }),
  tags: base.extend({ adicionadas: z.array(z.number().int()), removidas: z.array(z.number().int()) }),
  'chamada-encerrada': base.extend({
    atendida: z.boolean(),
    statusChamada: z.string().nullable(),
    duracaoFalada: z.number().nullable(),
  }),
  'mensagem-recebida': base.extend({ idMensagem: z.number().int(), tipo: z.string() }),
  'mensagem-enviada': base.extend({
    idMensagem: z.number().int(),
    tipo: z.string(),
    idCampanha: z.number().int().nullable().optional(),
  }),
  /** The edited message (its id and media type); the preview's old and new text are in `mudancas`. */
  'mensagem-editada': base.extend({ idMensagem: z.number().int(), tipo: z.string() }),
} as const satisfies Partial<Record<LeadEventType, z.ZodType>>;

const dataSchemaOf = (tipo: LeadEventType): z.ZodType =>
  (LEAD_EVENT_DATA as Partial<Record<LeadEventType, z.ZodType>>)[tipo] ?? base;
/** What a change writes: everything but the stream's id and the time (the database's). */
export const leadEventInputSchema = z
  .object({
    tipo: z.enum(LEAD_EVENT_TYPES),
    cliCrmId: z.number().int(),
    idEmpresa: z.number().int(),
    /** The lead's unit after the change. */
    idUnidade: z.number().int(),
    /** Who saw the lead before the change (null: it did not exist) and who sees it after. */
    antes: leadAudienceSchema.nullable(),
    depois: leadAudienceSchema,
    /** The user who made the change; null for the lead itself (a message) or the system. */
    ator: z.number().int().nullable(),
    /** The lead's columns the change moved (property names of the leads table). */
    mudancas: z.record(z.string(), leadFieldChangeSchema),
    dados: z.record(z.string(), z.unknown()),
  })
  .superRefine((e, ctx) => {
    const parsed = dataSchemaOf(e.tipo).safeParse(e.dados);
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', path: ['dados'], message: `dados de ${e.tipo}: ${z.prettifyError(parsed.error)}` });
  });
export type LeadEventInput = z.input<typeof leadEventInputSchema>;

/** An event as its consumers read it: its place in the stream (ordered, unique) and its time. */
export type LeadEvent = LeadEventInput & { id: number; em: Date };

/** The lead action the browser hears for an event (001 §7 `lead-{id}-update` / `company-{id}-contact`). */
export function realtimeActionOf(tipo: LeadEventType): LeadAction {
  if (tipo === 'mensagem-recebida' || tipo === 'mensagem-enviada' || tipo === 'mensagem-editada') return 'whatsapp';
  if (tipo === 'optout-envio-massa' || tipo === 'captado-novamente') return 'atualizado';
  return tipo === 'posicao-pipeline' ? 'status' : tipo;
}

/** The changed columns between a row and its new values (only keys of `next` whose value differs). */
export function fieldChanges(
  before: Record<string, unknown>,
  next: Record<string, unknown>,
): Record<string, { de: unknown; para: unknown }> {
  const out: Record<string, { de: unknown; para: unknown }> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) continue;
    const de = jsonValue(before[key]);
    const para = jsonValue(value);
    if (JSON.stringify(de) !== JSON.stringify(para)) out[key] = { de, para };
  }
  return out;
}

const jsonValue = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);
