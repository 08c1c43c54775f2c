// Request and response bodies of the lead API (000 §3 §7, 001 §3 §7, 002 §3 "Contact list
// response"): one schema per payload, shared by the server and the browser.
import { z } from 'zod';

import { contactCreatePayloadSchema } from '../leads/contact.ts';
import { csvLeadRowSchema, splitCsvTags } from '../leads/csv.ts';
import { leadListItemSchema } from '../leads/lead.ts';
import { leadOriginsSchema } from '../leads/origin.ts';
import { historyEventSchema } from '../leads/timeline.ts';
import { stripPhone, toNationalDigits } from '../phone/phone.ts';
import { brlField, idField, intField, zeroOneField } from './fields.ts';

/** Leads per page of the contact list reads (000 §7); newest captured first. */
export const CONTACT_LIST_PAGE_SIZE = 50;

export const tagRefSchema = z.object({ id: z.number().int(), nome: z.string(), cor: z.string() });
export type TagRef = z.infer<typeof tagRefSchema>;

/** One lead of crm_contato: the 001 §3 lead with its list-derived fields, tags and potential. */
export const crmContatoSchema = leadListItemSchema.extend({
  tags: z.array(tagRefSchema),
  id_potencial: z.number().int().nullable(),
  valor_potencial: z.number().int(),
  cli_data_atendimento: z.string().nullable(),
  cli_campanha_id: z.string().nullable(),
  ad_id: z.string().nullable(),
  cli_tentativas: z.number().int(),
  cli_tentativas_diarias: z.number().int(),
  dataAtualizacao: z.string(),
});
export type CrmContato = z.infer<typeof crmContatoSchema>;

const statusEntrySchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  cor: z.string().nullable(),
  idFunil: z.number().int().nullable(),
  idFunilVenda: z.number().int().nullable(),
});

/** 002 §3 "Contact list response", under `data`. */
export const contactListResponseSchema = z.object({
  data: z.object({
    crm_contato: z.array(crmContatoSchema),
    crm_contato_total: z.object({ total: z.number().int() }),
    pagina: z.number().int(),
    por_pagina: z.number().int(),
    crm_configuracoes: z.object({ intervalo_dias_crm: z.number().int() }),
    crm_contato_negociacao_status: z.array(statusEntrySchema),
    crm_contato_negociacao_status_venda: z.array(statusEntrySchema),
    crm_contato_negociacao_status_contato: z.array(statusEntrySchema),
    crm_contato_negociacao_plataforma: z.array(z.object({ id: z.number().int(), nome: z.string() })),
    crm_cliente_mensagem_status: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  }),
});
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;

/** 001 §3 Negotiation potential, as the picker lists it (crm_potencial_negociacao). */
export const potentialSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  status: z.string(),
  status1: z.string(),
  status2: z.string(),
  status3: z.string(),
  status4: z.string(),
  status5: z.string(),
});

/** GET contato/completo/{id} (000 §3 "Full contact"). */
export const fullContactResponseSchema = z.object({
  data: z.object({
    // Issue 23 §4: the lead's origin, first and last touch (only on the full contact, not the lists; the server always sends it).
    crm_contato_completo: crmContatoSchema.extend({ origem: leadOriginsSchema.optional() }),
    crm_potencial_negociacao: z.array(potentialSchema),
  }),
});

/** 001 §3 "Appointment history (contact)": atend_status 0..5 and its label. */
export const APPOINTMENT_STATUS_LABELS = [
  'Aguardando Confirmação',
  'Compareceu',
  'Cancelado',
  'Não Compareceu',
  'Reagendado',
  'Confirmado',
] as const;

export function appointmentStatusLabel(status: number): string {
  return APPOINTMENT_STATUS_LABELS[status] ?? 'Desconhecido';
}

export const appointmentSchema = z.object({
  id: z.number().int(),
  /** 'YYYY-MM-DD'. */
  atend_data: z.string(),
  /** 'HH:mm'. */
  atend_hora: z.string(),
  atend_valor: z.number(),
  proced_nome: z.string(),
  proced_valor: z.number(),
  atend_status: z.number().int(),
  atend_status_texto: z.string(),
});
export const appointmentsResponseSchema = z.object({ data: z.array(appointmentSchema) });

/** GET contato/lista-campanhas: distinct campaign names of the unit. */
export const campaignsResponseSchema = z.object({ data: z.array(z.object({ cli_campanha_nome: z.string() })) });

/** GET /negociacao/{cli_crm_id}: the history, newest first, with the attendant's name. */
export const historyItemSchema = historyEventSchema.extend({ nome_atendente: z.string().nullable() });
export const historyResponseSchema = z.object({ data: z.array(historyItemSchema) });
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** Every change answers its message and the lead as it is now (null once deleted or moved away). */
export const leadChangeResponseSchema = z.object({ message: z.string(), data: crmContatoSchema.nullable() });
export type LeadChangeResponse = z.infer<typeof leadChangeResponseSchema>;

/** POST contato/cadastrarcontato/manual and contato/cadastrarcontatocsv: data.data.id. */
export const contactCreatedResponseSchema = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });

/** The manual create body (000 §3 "Contact create payload"), multipart, form or JSON. */
export const contactCreateBodySchema = contactCreatePayloadSchema;

/**
 * POST contato/cadastrarcontatocsv: the JSON of one CSV row (000 §3 CSV columns). The phone loses
 * its mask and a leading 55; cli_tags may be the raw 'a; b' text or a list.
 */
export const csvRowBodySchema = z.preprocess((raw) => {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const row = raw as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  return {
    ...row,
    cli_telefone: typeof row.cli_telefone === 'string' ? toNationalDigits(stripPhone(row.cli_telefone)) : row.cli_telefone,
    cli_email:
      row.cli_email === undefined || row.cli_email === null
        ? undefined
        : (text(row.cli_email) ?? (typeof row.cli_email === 'string' ? undefined : row.cli_email)),
    ad_name: typeof row.ad_name === 'string' ? text(row.ad_name) : row.ad_name,
    ad_id: typeof row.ad_id === 'string' ? text(row.ad_id) : row.ad_id,
    cli_tags: typeof row.cli_tags === 'string' ? splitCsvTags(row.cli_tags) : (row.cli_tags ?? []),
  };
}, csvLeadRowSchema);
export type CsvRowBody = z.output<typeof csvRowBodySchema>;

/** negociacao/atualizarstatusnegociacao|atualizarstatusnegociacaovenda/{id}: form `status` (idFunil / idFunilVenda). */
export const statusBodySchema = z.object({ status: intField('Status inválido.') });

/** negociacao/atualizarpotencial/{id}: form idPotencial and valor 0..5 (001 §7). */
export const potentialBodySchema = z.object({
  idPotencial: idField('Potencial inválido.'),
  valor: intField('Valor do potencial inválido.').pipe(
    z.number().min(0, 'O potencial vai de 0 a 5.').max(5, 'O potencial vai de 0 a 5.'),
  ),
});

/** Longest note text. */
export const NOTE_MAX = 5000;

/** negociacao/adicionaritem/{id}: note form tipo=2 and texto (001 §7). */
export const noteBodySchema = z.object({
  tipo: intField('Tipo inválido.').pipe(z.literal(2, 'Somente anotações (tipo 2) podem ser adicionadas.')).optional(),
  texto: z
    .string({ error: 'Texto da anotação é obrigatório.' })
    .trim()
    .min(1, 'Texto da anotação é obrigatório.')
    .max(NOTE_MAX, `A anotação deve ter no máximo ${NOTE_MAX} caracteres.`),
});
export const noteAddedResponseSchema = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });

/** negociacao/removercomentario/{id}: sends comentario empty (000 §7). */
export const removeCommentBodySchema = z
  .object({ comentario: z.string().max(0, 'Envie o comentário vazio.').optional() })
  .nullish();

/** POST contato/valorticket/{id}: valor_ticket in BRL ≥ 0, id_negociacao the timeline event edited (000 §4). */
export const ticketBodySchema = z.object({
  valor_ticket: brlField,
  id_negociacao: idField('Negociação inválida.').optional(),
});

const scheduleDateText = z
  .string({ error: 'Data e hora inválidas. Use o formato AAAA-MM-DD HH:mm:ss.' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, 'Data e hora inválidas. Use o formato AAAA-MM-DD HH:mm:ss.');

/** POST contato/agendarcontato/{id}: cli_contato_agendado 'YYYY-MM-DD HH:mm:ss' (America/Sao_Paulo), not in the past. */
export const scheduleCallBodySchema = z.object({ cli_contato_agendado: scheduleDateText });

/** Longest scheduled message. */
export const SCHEDULED_MESSAGE_MAX = 4096;

/** POST /contato/agendar-mensagem/{id} (001 §7). */
export const scheduleMessageBodySchema = z.object({
  cli_mensagem_agendada: z
    .string({ error: 'Mensagem é obrigatória.' })
    .trim()
    .min(1, 'Mensagem é obrigatória.')
    .max(SCHEDULED_MESSAGE_MAX, `A mensagem deve ter no máximo ${SCHEDULED_MESSAGE_MAX} caracteres.`),
  cli_data_mensagem_agendada: scheduleDateText,
});

/** PUT contato/atualiza-mensagem-agendada/{id}: both empty clears (000 §7); both filled updates. */
export const updateScheduledMessageBodySchema = z
  .object({
    cli_mensagem_agendada: z.union([z.literal(''), z.null(), z.string().trim().max(SCHEDULED_MESSAGE_MAX)]).optional(),
    cli_data_mensagem_agendada: z.union([z.literal(''), z.null(), scheduleDateText]).optional(),
  })
  .nullish();

/** PUT contato/atribuiratendente/{id}: the attendant (default: the caller). */
export const assignBodySchema = z
  .object({ idAtendente: idField('Atendente inválido.').optional(), idUsuario: idField('Atendente inválido.').optional() })
  .nullish();

/** POST contato/transferircontato/{id} and contato/convertercliente[global]/{id}: form idUnidade. */
export const transferBodySchema = z.object({ idUnidade: idField('Unidade inválida.') });
export const convertBodySchema = z.object({ idUnidade: idField('Unidade inválida.').optional() }).nullish();

/** PUT contato/whatsapp-bloqueado/{id}: the new state, or a toggle when absent (001 §4). */
export const whatsappBlockedBodySchema = z.object({ whatsapp_blocked: zeroOneField.optional() }).nullish();

/** PUT /webhook/lead/cli_crm_id/{id} (001 §7): one of these fields. */
export const leadWebhookBodySchema = z
  .object({
    desativado: z.union([z.literal(1), z.literal('1')], { error: 'Use desativado: 1.' }).optional(),
    marcado_nao_lida: zeroOneField.optional(),
    whatsapp_ultima_mensagem_nao_lidas: intField('Contagem inválida.').pipe(z.number().min(0)).optional(),
    idTicket: idField('Ticket inválido.').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nenhuma alteração informada.');

/** The actions announced live (`lead-{id}-update`, `company-{empresaId}-contact`). */
export const LEAD_ACTIONS = [
  'criado',
  'atualizado',
  'status',
  'status-venda',
  'potencial',
  'anotacao',
  'anotacao-removida',
  'comentario-removido',
  'valor-ticket',
  'ligacao-agendada',
  'mensagem-agendada',
  'atribuido',
  'desatribuido',
  'transferido',
  'whatsapp-bloqueado',
  'convertido',
  'apagado',
  'nao-lida',
  'tags',
  'chamada-iniciada',
  'chamada-encerrada',
  // The chat fields of the lead changed (last message, its ack, unread counter, ticket; 001 §3).
  'whatsapp',
] as const;
export type LeadAction = (typeof LEAD_ACTIONS)[number];

/** Realtime payload of `lead-{id}-update`: which lead changed, in which unit, and how (read it again to see it). */
export const leadRealtimeEventSchema = z.object({
  action: z.enum(LEAD_ACTIONS),
  cli_crm_id: z.number().int(),
  idUnidade: z.number().int(),
});
export type LeadRealtimeEvent = z.infer<typeof leadRealtimeEventSchema>;

/**
 * Actions of `company-{empresaId}-contact`: every lead action, plus the CSV import job's
 * 'importados' (cli_crm_id 0: many leads arrived, the lists are read again; 000 §4).
 */
export const COMPANY_CONTACT_ACTIONS = [...LEAD_ACTIONS, 'importados'] as const;
export type CompanyContactAction = (typeof COMPANY_CONTACT_ACTIONS)[number];

/** Realtime payload of `company-{empresaId}-contact`, scoped to the unit by idUnidade; the same shape as `lead-{id}-update`. */
export const companyContactEventSchema = leadRealtimeEventSchema.extend({ action: z.enum(COMPANY_CONTACT_ACTIONS) });
export type CompanyContactEvent = z.infer<typeof companyContactEventSchema>;
