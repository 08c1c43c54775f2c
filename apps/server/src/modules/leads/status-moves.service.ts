// Leads held by a company's catalogue entries (issue 10): how many leads hold a funnel status or a
// potential, and moving every lead off a status that is being deleted, each with its history event.
import { and, asc, count, eq, lt, sql } from 'drizzle-orm';

import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';

import type { Db, DbOrTx, Tx } from '../../db/handle.ts';
import { appendLeadEvents, sameAudienceEvent } from '../lead-events/lead-events.service.ts';
import { invalidateLeadCounts } from './lead-count-cache.ts';
import { historico, leads } from './leads.table.ts';

export type FunnelKind = 'negociacao' | 'venda';

const columnOf = (kind: FunnelKind) => (kind === 'negociacao' ? leads.cliStatusNegociacao : leads.cliStatusNegociacaoVenda);

/** How many leads of the company (any unit, deactivated ones too) hold the funnel status. */
export async function countCompanyLeadsWithStatus(
  db: DbOrTx,
  idEmpresa: number,
  kind: FunnelKind,
  idFunil: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.idEmpresa, idEmpresa), eq(columnOf(kind), idFunil)));
  return Number(row?.n ?? 0);
}

/**
 * Issue 25 'No movement': the unit's active leads holding the status whose last movement (any
 * change of the lead, which moves data_atualizacao, or its last WhatsApp message) is before
 * `before`, oldest first, with that moment.
 */
export async function quietLeadsInStatus(
  db: DbOrTx,
  where: { idUnidade: number; kind: FunnelKind; idFunil: number; before: Date; limit: number },
): Promise<{ cliCrmId: number; quietSince: Date }[]> {
  const last = sql<Date>`greatest(${leads.dataAtualizacao}, coalesce(${leads.whatsappUltimaMensagemDataGeral}, ${leads.dataAtualizacao}))`;
  const rows = await db
    .select({ cliCrmId: leads.cliCrmId, quietSince: last })
    .from(leads)
    .where(
      and(
        eq(leads.idUnidade, where.idUnidade),
        eq(leads.desativado, 0),
        eq(columnOf(where.kind), where.idFunil),
        lt(last, where.before),
      ),
    )
    .orderBy(asc(last))
    .limit(where.limit);
  return rows.map((r) => ({ cliCrmId: r.cliCrmId, quietSince: new Date(r.quietSince) }));
}

/** How many leads of the company are rated with the potential. */
export async function countCompanyLeadsWithPotential(db: DbOrTx, idEmpresa: number, idPotencial: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.idEmpresa, idEmpresa), eq(leads.idPotencial, idPotencial)));
  return Number(row?.n ?? 0);
}

/**
 * Moves every lead of the company from funnel status `from` to `to` inside the caller's
 * transaction, writing one history event per lead (the status change of the timeline, by `atendente`).
 * Returns the units whose leads moved, for `afterStatusMove`.
 */
export async function moveCompanyLeadsStatus(
  tx: Tx,
  move: { idEmpresa: number; kind: FunnelKind; from: number; to: number; atendente: number; descricao: string },
): Promise<{ moved: number; units: number[] }> {
  const column = columnOf(move.kind);
  const tipo = move.kind === 'negociacao' ? TIMELINE_EVENT_TYPE.statusNegociacao : TIMELINE_EVENT_TYPE.statusNegociacaoVenda;
  const movedRows = await tx
    .update(leads)
    .set(
      move.kind === 'negociacao'
        ? { cliStatusNegociacao: move.to, dataAtualizacao: new Date() }
        : { cliStatusNegociacaoVenda: move.to, dataAtualizacao: new Date() },
    )
    .where(and(eq(leads.idEmpresa, move.idEmpresa), eq(column, move.from)))
    .returning({ cliCrmId: leads.cliCrmId, idUnidade: leads.idUnidade, idUsuario: leads.idUsuario });
  // The history of every moved lead, in batches that keep each statement's parameters bounded.
  for (let i = 0; i < movedRows.length; i += 1000) {
    await tx.insert(historico).values(
      movedRows.slice(i, i + 1000).map((r) => ({
        cliCrmId: r.cliCrmId,
        idUnidade: r.idUnidade,
        atendente: move.atendente,
        tipo,
        idAntigo: move.from,
        idNovo: move.to,
        descricao: move.descricao,
      })),
    );
  }
  // One lead event per moved lead (issue 22 §2), last in the caller's transaction; the catalogue's
  // unit-data event announces the batch.
  const field = move.kind === 'negociacao' ? 'cliStatusNegociacao' : 'cliStatusNegociacaoVenda';
  await appendLeadEvents(
    tx,
    movedRows.map((r) =>
      sameAudienceEvent(
        { ...r, idEmpresa: move.idEmpresa },
        {
          tipo: move.kind === 'negociacao' ? 'status' : 'status-venda',
          ator: move.atendente,
          mudancas: { [field]: { de: move.from, para: move.to } },
          dados: { lote: 'status-removido' },
        },
      ),
    ),
  );
  return { moved: movedRows.length, units: [...new Set(movedRows.map((r) => r.idUnidade))] };
}

/** After the commit of a move: the units' cached list totals are stale. */
export function afterStatusMove(db: Db, units: Iterable<number>): void {
  invalidateLeadCounts(db, units);
}
