// History items of a lead (000 §3 "History event") for other modules' changes addressed by an
// item's id (negotiation notes and comments, 000 §7). The leads module owns `historico`; other
// modules reach it only through these functions (issue 7 §1).
import type { DbOrTx } from '../../db/handle.ts';
import * as repository from './leads.repository.ts';

/** A history item by its id, any lead; the caller checks the lead is visible (loadVisibleLead). */
export function findHistoryItemById(db: DbOrTx, itemId: number) {
  return repository.findHistoryItemById(db, itemId);
}

/** Deletes a history item, inside the change that records its removal. */
export function deleteHistoryItem(db: DbOrTx, itemId: number): Promise<void> {
  return repository.deleteHistoryItem(db, itemId);
}

/** Clears a history item's comment, inside the change that records it. */
export function clearHistoryComment(db: DbOrTx, itemId: number): Promise<void> {
  return repository.clearHistoryComment(db, itemId);
}
