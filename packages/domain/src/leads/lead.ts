// The lead (client) record of 001 §3 "Lead (client)", as the list and the side panel read it.
import { z } from 'zod';

import { informacoesExtraSchema } from './contact.ts';

const zeroOne = z.union([z.literal(0), z.literal(1)]);
const id = z.number().int();
const text = z.string().nullable();

/** 001 §3 Lead: every field of the lead record (dates are ISO strings). */
export const leadSchema = z.object({
  cli_crm_id: id,
  /** System customer id; 0 or null means not converted (001 §3, §4 Conversion). */
  cli_id: id.nullable(),
  cli_nome: z.string(),
  /** Digits without the country code 55 (001 §3). */
  cli_telefone: z.string(),
  cli_email: text,
  cli_contato_status: id.nullable(),
  cli_mensagem_status: id.nullable(),
  /** Platform (plataformas.id). */
  cli_tipo_lead: id.nullable(),
  cli_data_captacao: text,
  cli_contato_agendado: text,
  cli_data_proxima_tentativa: text,
  /** Negotiation status, by idFunil (001 §4). */
  cli_status_negociacao: id.nullable(),
  /** Sale (customer) status, by idFunilVenda (001 §4). */
  cli_status_negociacao_venda: id.nullable(),
  cli_campanha_interesse: text,
  cli_campanha_nome: text,
  cli_url_foto: text,
  cli_id_atendimento: id.nullable(),
  unidade: id,
  idEmpresa: id,
  /** Assigned attendant; null when unassigned (001 §4 Assignment). */
  idUsuario: id.nullable(),
  nome_atendimento: text,
  valor_ticket: z.number().nullable(),
  ad_name: text,
  informacoesExtra: informacoesExtraSchema.nullable(),
  utm_campaign: text,
  utm_medium: text,
  utm_source: text,
  utm_content: text,
  utm_term: text,
  /** 1 blocked, 0 unblocked (001 §3, §4 WhatsApp block). */
  whatsapp_blocked: zeroOne,
  idTicket: id.nullable(),
  idInstanciaEvolution: id.nullable(),
  isGroup: z.boolean(),
  marcado_nao_lida: zeroOne,
  /** Soft delete (001 §4 Delete lead). */
  desativado: zeroOne,
  /** 001 §3 "Scheduled message fields on a contact"; the date is 'YYYY-MM-DD HH:mm:ss'. */
  cli_mensagem_agendada: text,
  cli_data_mensagem_agendada: text,
  /** Issue 9: the scheduled message's sending: 'pendente' (waiting or retrying), 'falhou' (given up); null when none. */
  cli_mensagem_agendada_status: z.enum(['pendente', 'enviando', 'falhou']).nullable().optional(),
  /** The reason of the last failed attempt ('Lead bloqueado para WhatsApp.', 'WhatsApp desconectado', 'Lead sem WhatsApp!'…). */
  cli_mensagem_agendada_erro: text.optional(),
  cli_mensagem_agendada_tentativas: z.number().int().optional(),
});
export type Lead = z.infer<typeof leadSchema>;

/** 001 §3 list-derived fields: last WhatsApp message of the lead. _status 1 sent, 2 delivered, 3 read. */
export const leadListItemSchema = leadSchema.extend({
  whatsapp_ultima_mensagem_texto: text,
  whatsapp_ultima_mensagem_data_geral: text,
  whatsapp_ultima_mensagem_data_enviada: text,
  whatsapp_ultima_mensagem_data_recebida: text,
  whatsapp_ultima_mensagem_nao_lidas: z.number().int().nonnegative(),
  whatsapp_ultima_mensagem_from_me: zeroOne.nullable(),
  whatsapp_ultima_mensagem_tipo: text,
  whatsapp_ultima_mensagem_status: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

/** 001 §3: a lead is converted when cli_id is neither 0 nor empty. */
export function isLeadConverted(lead: Pick<Lead, 'cli_id'>): boolean {
  return lead.cli_id !== null && lead.cli_id !== 0;
}

/**
 * 001 §4 Conversion: allowed only when the lead is not converted and the company is 1.
 */
export function canConvertLead(lead: Pick<Lead, 'cli_id'>, companyId: number): boolean {
  return companyId === 1 && !isLeadConverted(lead);
}
