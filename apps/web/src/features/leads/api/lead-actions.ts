// The lead actions of 000 §7 and 001 §7 "Lead actions". Each answers the lead as it is now
// (null once it left the unit); the shared client unwraps `data`.
import { leadChangeResponseSchema, noteAddedResponseSchema } from '@funil/domain/leads-api/lead-api';
import type { ContactEditPayload } from '@funil/domain/leads/contact';

import { apiRequest, http } from '../../../lib/http-client.ts';

const changed = leadChangeResponseSchema.shape.data;

export const leadActions = {
  editContact: (id: number, payload: ContactEditPayload) => http.post(`/contato/atualizarcontato/${id}`, payload, changed),
  setNegotiationStatus: (id: number, status: number) =>
    http.post(`/negociacao/atualizarstatusnegociacao/${id}`, { status }, changed),
  setSaleStatus: (id: number, status: number) =>
    http.post(`/negociacao/atualizarstatusnegociacaovenda/${id}`, { status }, changed),
  setPotential: (id: number, idPotencial: number, valor: number) =>
    http.post(`/negociacao/atualizarpotencial/${id}`, { idPotencial, valor }, changed),
  /** 001 §7 "Note creation: form with tipo=2 and texto". */
  addNote: (id: number, texto: string) =>
    http.post(`/negociacao/adicionaritem/${id}`, { tipo: 2, texto }, noteAddedResponseSchema.shape.data),
  removeNote: (itemId: number) => http.post(`/negociacao/removeritem/${itemId}`, {}, changed),
  /** valor_ticket as the input shows it ('R$ 1.234,50'); id_negociacao when edited from the timeline (000 §4). */
  setTicket: (id: number, valorTicket: string, idNegociacao?: number) =>
    http.post(
      `/contato/valorticket/${id}`,
      { valor_ticket: valorTicket, ...(idNegociacao === undefined ? {} : { id_negociacao: idNegociacao }) },
      changed,
    ),
  scheduleCall: (id: number, when: string) => http.post(`/contato/agendarcontato/${id}`, { cli_contato_agendado: when }, changed),
  scheduleMessage: (id: number, text: string, when: string) =>
    http.post(`/contato/agendar-mensagem/${id}`, { cli_mensagem_agendada: text, cli_data_mensagem_agendada: when }, changed),
  /** 000 §7 "Clearing a scheduled message sends cli_mensagem_agendada and cli_data_mensagem_agendada empty". */
  clearScheduledMessage: (id: number) =>
    apiRequest(`/contato/atualiza-mensagem-agendada/${id}`, {
      method: 'PUT',
      body: { cli_mensagem_agendada: '', cli_data_mensagem_agendada: '' },
      schema: changed,
    }),
  assignToMe: (id: number) => apiRequest(`/contato/atribuiratendente/${id}`, { method: 'PUT', body: {}, schema: changed }),
  unassign: (id: number) => apiRequest(`/contato/removeratendente/${id}`, { method: 'PUT', body: {}, schema: changed }),
  transferToAttendant: (id: number, idAtendente: number) =>
    http.post(`/contato/transferircontatoatendente/${id}/${idAtendente}`, {}, changed),
  transferToUnit: (id: number, idUnidade: number) => http.post(`/contato/transferircontato/${id}`, { idUnidade }, changed),
  setWhatsappBlocked: (id: number, blocked: 0 | 1) =>
    apiRequest(`/contato/whatsapp-bloqueado/${id}`, { method: 'PUT', body: { whatsapp_blocked: blocked }, schema: changed }),
  convert: (id: number) => http.post(`/contato/convertercliente/${id}`, {}, changed),
  /** 001 §4 Conversion of a unit-58 lead: to the unit picked in the dialog. */
  convertToUnit: (id: number, idUnidade: number) => http.post(`/contato/converterclienteglobal/${id}`, { idUnidade }, changed),
  /** 001 §4 Delete lead: a soft disable. */
  deleteLead: (id: number) =>
    apiRequest(`/webhook/lead/cli_crm_id/${id}`, { method: 'PUT', body: { desativado: 1 }, schema: changed }),
  markUnread: (id: number) =>
    apiRequest(`/webhook/lead/cli_crm_id/${id}`, { method: 'PUT', body: { marcado_nao_lida: 1 }, schema: changed }),
} as const;
