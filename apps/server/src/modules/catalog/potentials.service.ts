// The company's negotiation potentials (002 §2.10 'Potencial de Negociação', §3 "Potential", §5):
// list, create, edit, delete. A potential leads are rated with is deactivated, not deleted.
import { and, asc, eq } from 'drizzle-orm';

import { POTENTIAL_MESSAGES, potentialInUseMessage } from '@funil/domain/admin-api/potentials';
import { unitDataEvent } from '@funil/domain/realtime/events';

import type { Db } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Session } from '../auth/auth.service.ts';
import { countCompanyLeadsWithPotential } from '../leads/status-moves.service.ts';
import { potenciais } from './catalog.table.ts';
import type { CatalogDeps } from './statuses.service.ts';

export type PotentialInput = {
  nome: string;
  descricao: string;
  status: string;
  status1: string;
  status2: string;
  status3: string;
  status4: string;
  status5: string;
  ativo: number;
};
type PotentialRecord = typeof potenciais.$inferSelect;

const audited = (p: PotentialRecord) => ({
  nome: p.nome,
  descricao: p.descricao,
  status: p.status,
  status1: p.status1,
  status2: p.status2,
  status3: p.status3,
  status4: p.status4,
  status5: p.status5,
  ativo: p.ativo,
});
const scope = (idEmpresa: number) => ({ idEmpresa, idUnidade: null });

function announce(deps: CatalogDeps, idEmpresa: number): void {
  deps.realtime.toCompany(idEmpresa, unitDataEvent(idEmpresa), { motivo: 'potencial', idUnidade: null });
}

/** Every potential of the company, active or not, by name. */
export async function listPotentials(db: Db, idEmpresa: number): Promise<PotentialRecord[]> {
  return db
    .select()
    .from(potenciais)
    .where(eq(potenciais.idEmpresa, idEmpresa))
    .orderBy(asc(potenciais.nome), asc(potenciais.id));
}

// `idEmpresa` is the company acted on: the caller's, or the one the super-admin picked (issue 10).
export async function createPotential(
  deps: CatalogDeps,
  session: Session,
  idEmpresa: number,
  input: PotentialInput,
): Promise<PotentialRecord> {
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(potenciais)
      .values({ ...input, idEmpresa: idEmpresa })
      .returning();
    if (!row) throw new Error('potencial não criado');
    await recordAudit(tx, {
      session,
      entity: 'potencial',
      entityId: row.id,
      action: 'create',
      after: audited(row),
      scope: scope(idEmpresa),
    });
    return row;
  });
  announce(deps, idEmpresa);
  return created;
}

export async function updatePotentialRecord(
  deps: CatalogDeps,
  session: Session,
  idEmpresa: number,
  id: number,
  input: PotentialInput,
): Promise<PotentialRecord> {
  const updated = await deps.db.transaction(async (tx) => {
    // Another company's id answers like an id that does not exist.
    const [before] = await tx
      .select()
      .from(potenciais)
      .where(and(eq(potenciais.id, id), eq(potenciais.idEmpresa, idEmpresa)))
      .for('update');
    if (!before) throw new DomainError('not_found', POTENTIAL_MESSAGES.notFound);
    const [row] = await tx
      .update(potenciais)
      .set({ ...input, dataAtualizacao: new Date() })
      .where(eq(potenciais.id, id))
      .returning();
    if (!row) throw new DomainError('not_found', POTENTIAL_MESSAGES.notFound);
    await recordAudit(tx, {
      session,
      entity: 'potencial',
      entityId: id,
      action: 'update',
      before: audited(before),
      after: audited(row),
      scope: scope(idEmpresa),
    });
    return row;
  });
  announce(deps, idEmpresa);
  return updated;
}

/** Deletes an unused potential; one that rates leads answers 409 with how many (deactivate it instead). */
export async function deletePotential(deps: CatalogDeps, session: Session, idEmpresa: number, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(potenciais)
      .where(and(eq(potenciais.id, id), eq(potenciais.idEmpresa, idEmpresa)))
      .for('update');
    if (!before) throw new DomainError('not_found', POTENTIAL_MESSAGES.notFound);
    const rated = await countCompanyLeadsWithPotential(tx, idEmpresa, id);
    if (rated > 0) throw new DomainError('conflict', potentialInUseMessage(rated));
    await tx.delete(potenciais).where(eq(potenciais.id, id));
    await recordAudit(tx, {
      session,
      entity: 'potencial',
      entityId: id,
      action: 'delete',
      before: audited(before),
      scope: scope(idEmpresa),
    });
  });
  announce(deps, idEmpresa);
}
