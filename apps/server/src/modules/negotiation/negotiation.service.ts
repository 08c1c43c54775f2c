// Negotiation changes of a lead (000 §7 "Negotiation", 001 §4 §7): statuses, potential, notes.
import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';
import { isTransitionAllowed } from '@funil/domain/leads/negotiation';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import type { Session } from '../auth/auth.service.ts';
import { DomainError } from '../../http/domain-error.ts';
import { applyLeadChange, extrasOf, loadVisibleLead, scopeOf, type LeadDeps } from '../leads/leads.service.ts';
import { clearHistoryComment, deleteHistoryItem, findHistoryItemById } from '../leads/lead-history.service.ts';
import { activePotentials, allowedTransitions, holdNegotiationStatus, holdSaleStatus } from '../catalog/catalog.service.ts';

/** Where the lead lands in its new pipeline column (issue 11), when the move comes from the board. */
const positionSet = (posicao: number | undefined) => (posicao === undefined ? {} : { posicaoPipeline: posicao });

/** negociacao/atualizarstatusnegociacao/{id}: by idFunil, within the unit's allowed transitions. */
export function updateNegotiationStatus(deps: LeadDeps, session: Session, id: number, status: number, posicao?: number) {
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    // Held until the move commits, so a concurrent deletion of the status waits and then counts this lead.
    if (!(await holdNegotiationStatus(tx, session.empresaId, status))) throw new DomainError('invalid', LEAD_API_MESSAGES.statusInvalid);
    if (lead.cliStatusNegociacao === status) return { unchanged: LEAD_API_MESSAGES.statusUpdated };
    if (!isTransitionAllowed(lead.cliStatusNegociacao, status, await allowedTransitions(tx, lead.idUnidade))) {
      throw new DomainError('invalid', LEAD_API_MESSAGES.transitionNotAllowed);
    }
    return {
      action: 'status',
      message: LEAD_API_MESSAGES.statusUpdated,
      set: { cliStatusNegociacao: status, ...positionSet(posicao) },
      history: [{ tipo: TIMELINE_EVENT_TYPE.statusNegociacao, idAntigo: lead.cliStatusNegociacao, idNovo: status }],
    };
  });
}

/** negociacao/atualizarstatusnegociacaovenda/{id}: by idFunilVenda, only with edicao_status_cliente (001 §6). */
export function updateSaleStatus(deps: LeadDeps, session: Session, id: number, status: number, posicao?: number) {
  if (extrasOf(session).edicao_status_cliente !== true) throw new DomainError('invalid', LEAD_API_MESSAGES.saleStatusForbidden);
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    if (!(await holdSaleStatus(tx, session.empresaId, status))) throw new DomainError('invalid', LEAD_API_MESSAGES.saleStatusInvalid);
    if (lead.cliStatusNegociacaoVenda === status) return { unchanged: LEAD_API_MESSAGES.saleStatusUpdated };
    return {
      action: 'status-venda',
      message: LEAD_API_MESSAGES.saleStatusUpdated,
      set: { cliStatusNegociacaoVenda: status, ...positionSet(posicao) },
      history: [{ tipo: TIMELINE_EVENT_TYPE.statusNegociacaoVenda, idAntigo: lead.cliStatusNegociacaoVenda, idNovo: status }],
    };
  });
}

/** negociacao/atualizarpotencial/{id}: idPotencial of the company and a 0..5 rating (001 §3 §7). */
export function updatePotential(deps: LeadDeps, session: Session, id: number, idPotencial: number, valor: number) {
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    const potentials = await activePotentials(tx, session.empresaId);
    if (!potentials.some((p) => p.id === idPotencial)) throw new DomainError('invalid', LEAD_API_MESSAGES.potentialNotFound);
    if (lead.idPotencial === idPotencial && lead.valorPotencial === valor) return { unchanged: LEAD_API_MESSAGES.potentialUpdated };
    return {
      action: 'potencial',
      message: LEAD_API_MESSAGES.potentialUpdated,
      set: { idPotencial, valorPotencial: valor },
      history: [{ tipo: TIMELINE_EVENT_TYPE.avaliada, idAntigo: lead.idPotencial, idNovo: idPotencial, valorAntigo: String(lead.valorPotencial), valorNovo: String(valor) }],
    };
  });
}

/** negociacao/adicionaritem/{id}: a note (tipo 2) is itself the history event. */
export async function addNote(deps: LeadDeps, session: Session, id: number, texto: string) {
  const outcome = await applyLeadChange(deps, session, id, async () => ({
    action: 'anotacao',
    message: LEAD_API_MESSAGES.noteAdded,
    history: [{ tipo: TIMELINE_EVENT_TYPE.mensagem, texto }],
  }));
  return { message: outcome.response.message, data: { id: outcome.historyIds[0] ?? 0 } };
}

/** The lead of a history item of the caller's unit; 404 otherwise. */
async function itemOfUnit(deps: LeadDeps, session: Session, itemId: number) {
  const item = await findHistoryItemById(deps.db, itemId);
  if (!item) throw new DomainError('not_found', LEAD_API_MESSAGES.itemNotFound);
  try {
    await loadVisibleLead(deps.db, scopeOf(session), item.cliCrmId);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') throw new DomainError('not_found', LEAD_API_MESSAGES.itemNotFound);
    throw error;
  }
  return item;
}

/** negociacao/removeritem/{idItem}: removes a note; the removal is recorded with the old text. */
export async function removeNote(deps: LeadDeps, session: Session, itemId: number) {
  const item = await itemOfUnit(deps, session, itemId);
  if (item.tipo !== TIMELINE_EVENT_TYPE.mensagem) throw new DomainError('invalid', 'Somente anotações podem ser removidas.');
  const outcome = await applyLeadChange(deps, session, item.cliCrmId, async () => ({
    action: 'anotacao-removida',
    message: LEAD_API_MESSAGES.noteRemoved,
    also: (tx) => deleteHistoryItem(tx, item.id),
    history: [{ tipo: TIMELINE_EVENT_TYPE.mensagem, texto: `Anotação removida: ${item.texto ?? item.comentario ?? ''}`, textoAntigo: item.texto ?? item.comentario, descricao: 'Anotação removida' }],
  }));
  return outcome.response;
}

/** negociacao/removercomentario/{idItem}: clears the comment of a history item (sent empty, 000 §7). */
export async function removeComment(deps: LeadDeps, session: Session, itemId: number) {
  const item = await itemOfUnit(deps, session, itemId);
  const outcome = await applyLeadChange(deps, session, item.cliCrmId, async () => {
    if (!item.comentario) return { unchanged: LEAD_API_MESSAGES.commentRemoved };
    return {
      action: 'comentario-removido',
      message: LEAD_API_MESSAGES.commentRemoved,
      also: (tx) => clearHistoryComment(tx, item.id),
      history: [{ tipo: TIMELINE_EVENT_TYPE.mensagem, texto: `Comentário removido: ${item.comentario}`, textoAntigo: item.comentario, descricao: 'Comentário removido' }],
    };
  });
  return outcome.response;
}
