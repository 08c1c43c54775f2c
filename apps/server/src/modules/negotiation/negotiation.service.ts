// Negotiation changes of a lead (000 §7 "Negotiation", 001 §4 §7): statuses, potential, notes.
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import { isTransitionAllowed } from '@funil/domain/leads/negotiation';
import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';
import { PIPELINE_MESSAGES } from '@funil/domain/pipeline/pipeline';

import { DomainError } from '../../http/domain-error.ts';
import type { Session } from '../auth/auth.service.ts';
import { activePotentials, allowedTransitions, holdNegotiationStatus, holdSaleStatus } from '../catalog/catalog.service.ts';
import { clearHistoryComment, deleteHistoryItem, findHistoryItemById } from '../leads/lead-history.service.ts';
import { applyLeadChange, extrasOf, loadVisibleLead, scopeOf, type LeadChange, type LeadDeps } from '../leads/leads.service.ts';

/**
 * A drop on the pipeline board (issue 11): where the card lands in the column. The move is then
 * one read of the lead (locked in the change's transaction), one lead event and one announcement,
 * the board's (issue 22 §2); a drop in the card's own column only moves it there (002 §4).
 */
export type BoardDrop = { posicao: number };

const positionSet = (drop: BoardDrop | undefined) => (drop === undefined ? {} : { posicaoPipeline: drop.posicao });
const boardData = (session: Session, familia: 'negociacao' | 'venda', de: number, para: number, drop: BoardDrop | undefined) =>
  drop === undefined ? {} : { pipeline: { familia, de, para, posicao: drop.posicao, idUsuario: session.userId } };

/** The card's new place in its own column: no status change and no history event (002 §4). */
function reorder(session: Session, familia: 'negociacao' | 'venda', coluna: number, drop: BoardDrop): LeadChange {
  return {
    action: 'status',
    tipo: 'posicao-pipeline',
    message: PIPELINE_MESSAGES.reordered,
    set: { posicaoPipeline: drop.posicao },
    history: [],
    bookkeeping: true,
    dados: boardData(session, familia, coluna, coluna, drop),
  };
}

/**
 * What a status change answers with: the lead's view (the CRM's request), or only the message (`view:
 * false`: a drag on the board, an automation's step; one read of the lead less).
 */
type StatusAnswer = { view?: boolean };
const answerOf = (drop: BoardDrop | undefined, answer: StatusAnswer) => (drop || answer.view === false ? { view: false } : {});

/** negociacao/atualizarstatusnegociacao/{id}: by idFunil, within the unit's allowed transitions. */
export function updateNegotiationStatus(
  deps: LeadDeps,
  session: Session,
  id: number,
  status: number,
  drop?: BoardDrop,
  answer: StatusAnswer = {},
) {
  return applyLeadChange(
    deps,
    session,
    id,
    async (lead, tx) => {
      // Held until the move commits, so a concurrent deletion of the status waits and then counts this lead.
      if (!(await holdNegotiationStatus(tx, session.empresaId, status)))
        throw new DomainError('invalid', LEAD_API_MESSAGES.statusInvalid);
      if (lead.cliStatusNegociacao === status)
        return drop ? reorder(session, 'negociacao', status, drop) : { unchanged: LEAD_API_MESSAGES.statusUpdated };
      if (!isTransitionAllowed(lead.cliStatusNegociacao, status, await allowedTransitions(tx, lead.idUnidade))) {
        throw new DomainError('invalid', LEAD_API_MESSAGES.transitionNotAllowed);
      }
      return {
        action: 'status',
        message: LEAD_API_MESSAGES.statusUpdated,
        set: { cliStatusNegociacao: status, ...positionSet(drop) },
        history: [{ tipo: TIMELINE_EVENT_TYPE.statusNegociacao, idAntigo: lead.cliStatusNegociacao, idNovo: status }],
        dados: boardData(session, 'negociacao', lead.cliStatusNegociacao, status, drop),
      };
    },
    answerOf(drop, answer),
  );
}

/** negociacao/atualizarstatusnegociacaovenda/{id}: by idFunilVenda, only with edicao_status_cliente (001 §6). */
export function updateSaleStatus(
  deps: LeadDeps,
  session: Session,
  id: number,
  status: number,
  drop?: BoardDrop,
  answer: StatusAnswer = {},
) {
  if (extrasOf(session).edicao_status_cliente !== true) throw new DomainError('invalid', LEAD_API_MESSAGES.saleStatusForbidden);
  return applyLeadChange(
    deps,
    session,
    id,
    async (lead, tx) => {
      if (!(await holdSaleStatus(tx, session.empresaId, status)))
        throw new DomainError('invalid', LEAD_API_MESSAGES.saleStatusInvalid);
      if (lead.cliStatusNegociacaoVenda === status)
        return drop ? reorder(session, 'venda', status, drop) : { unchanged: LEAD_API_MESSAGES.saleStatusUpdated };
      return {
        action: 'status-venda',
        message: LEAD_API_MESSAGES.saleStatusUpdated,
        set: { cliStatusNegociacaoVenda: status, ...positionSet(drop) },
        history: [{ tipo: TIMELINE_EVENT_TYPE.statusNegociacaoVenda, idAntigo: lead.cliStatusNegociacaoVenda, idNovo: status }],
        dados: boardData(session, 'venda', lead.cliStatusNegociacaoVenda ?? 0, status, drop),
      };
    },
    answerOf(drop, answer),
  );
}

/** negociacao/atualizarpotencial/{id}: idPotencial of the company and a 0..5 rating (001 §3 §7). */
export function updatePotential(deps: LeadDeps, session: Session, id: number, idPotencial: number, valor: number) {
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    const potentials = await activePotentials(tx, session.empresaId);
    if (!potentials.some((p) => p.id === idPotencial)) throw new DomainError('invalid', LEAD_API_MESSAGES.potentialNotFound);
    if (lead.idPotencial === idPotencial && lead.valorPotencial === valor)
      return { unchanged: LEAD_API_MESSAGES.potentialUpdated };
    return {
      action: 'potencial',
      message: LEAD_API_MESSAGES.potentialUpdated,
      set: { idPotencial, valorPotencial: valor },
      history: [
        {
          tipo: TIMELINE_EVENT_TYPE.avaliada,
          idAntigo: lead.idPotencial,
          idNovo: idPotencial,
          valorAntigo: String(lead.valorPotencial),
          valorNovo: String(valor),
        },
      ],
    };
  });
}

/** negociacao/adicionaritem/{id}: a note (tipo 2) is itself the history event. */
export async function addNote(deps: LeadDeps, session: Session, id: number, texto: string) {
  // The answer is the note's id: the lead is not read again.
  const outcome = await applyLeadChange(
    deps,
    session,
    id,
    async () => ({
      action: 'anotacao',
      message: LEAD_API_MESSAGES.noteAdded,
      history: [{ tipo: TIMELINE_EVENT_TYPE.mensagem, texto }],
    }),
    { view: false },
  );
  return { message: outcome.response.message, data: { id: outcome.historyIds[0] ?? 0 } };
}

/** The lead of a history item of the caller's unit; 404 otherwise. */
async function itemOfUnit(deps: LeadDeps, session: Session, itemId: number) {
  const item = await findHistoryItemById(deps.db, itemId);
  if (!item) throw new DomainError('not_found', LEAD_API_MESSAGES.itemNotFound);
  try {
    await loadVisibleLead(deps.db, scopeOf(session), item.cliCrmId);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found')
      throw new DomainError('not_found', LEAD_API_MESSAGES.itemNotFound);
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
    history: [
      {
        tipo: TIMELINE_EVENT_TYPE.mensagem,
        texto: `Anotação removida: ${item.texto ?? item.comentario ?? ''}`,
        textoAntigo: item.texto ?? item.comentario,
        descricao: 'Anotação removida',
      },
    ],
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
      history: [
        {
          tipo: TIMELINE_EVENT_TYPE.mensagem,
          texto: `Comentário removido: ${item.comentario}`,
          textoAntigo: item.comentario,
          descricao: 'Comentário removido',
        },
      ],
    };
  });
  return outcome.response;
}
