// Who manages which unit (issue 10, 000 §6): the super-admin any unit, a company admin (ag) the
// units of their company, a unit admin (a) their own unit; nobody else manages any.
import { roleOf } from '@funil/domain/access/roles';

import type { DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Session } from '../auth/auth.service.ts';
import { unitById, type UnitRow } from './tenancy.service.ts';

/** The caller of an administration write: the request's session. */
export type Actor = Pick<Session, 'sessionId' | 'userId' | 'nome' | 'empresaId' | 'unidadeId' | 'permission'>;

/** Whether the actor may manage the users and partners of this unit. */
export function managesUnit(actor: Actor, unit: Pick<UnitRow, 'id' | 'idEmpresa'>): boolean {
  if (actor.permission === 'sa') return true;
  if (actor.permission === 'ag') return unit.idEmpresa === actor.empresaId;
  if (roleOf(actor.permission) === 'admin') return unit.id === actor.unidadeId;
  return false;
}

/** The unit if the actor manages it; 404 when there is none, 403 with `message` when it is not theirs. */
export async function unitInScope(db: DbOrTx, actor: Actor, idUnidade: number, message: string): Promise<UnitRow> {
  const unit = await unitById(db, idUnidade);
  // A unit of another company answers like a missing one: its existence is not the caller's business.
  if (!unit || (actor.permission !== 'sa' && unit.idEmpresa !== actor.empresaId))
    throw new DomainError('not_found', 'Unidade não encontrada.');
  if (!managesUnit(actor, unit)) throw new DomainError('forbidden', message);
  return unit;
}
