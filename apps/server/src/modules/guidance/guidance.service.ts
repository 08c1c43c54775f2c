// The guidance door (000 §2 /inicial, 002 §3 "Guidance text"): the texts of the home screen and
// their administration, company-wide (idUnidade null) or per unit, ordered, HTML sanitised.
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';

import { roleOf } from '@funil/domain/access/roles';
import { GUIDANCE_MESSAGES, type GuidanceRow } from '@funil/domain/admin-api/guidance';
import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { unitDataEvent } from '@funil/domain/realtime/events';

import type { Db, DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Session } from '../auth/auth.service.ts';
import { unitNamesOfCompany } from '../tenancy/tenancy.service.ts';
import { orientacoes } from './guidance.table.ts';
import { sanitizeGuidanceHtml } from './sanitize.ts';

export type GuidanceDeps = { db: Db; realtime: Pick<Realtime, 'toCompany' | 'toUnit'> };
export type GuidanceInput = { titulo: string; textoOrientacao: string; idUnidade: number | null; ordem: number; ativo: number };
type GuidanceRecord = typeof orientacoes.$inferSelect;

const ALL_UNITS = 'Todas as unidades';

/** The HTML to store: sanitised; a text that was nothing but unsafe markup is no text. */
function cleanText(html: string): string {
  const clean = sanitizeGuidanceHtml(html);
  if (clean.replace(/<[^>]*>/g, '').trim() === '')
    throw new DomainError('invalid', GUIDANCE_MESSAGES.textRequired, {
      fields: { textoOrientacao: GUIDANCE_MESSAGES.textRequired },
    });
  return clean;
}

/** The active texts of the home screen for a unit: the company's and the unit's, in order, sanitised again. */
export async function homeGuidance(db: DbOrTx, idEmpresa: number, idUnidade: number) {
  const rows = await db
    .select({ id: orientacoes.id, titulo: orientacoes.titulo, textoOrientacao: orientacoes.textoOrientacao })
    .from(orientacoes)
    .where(
      and(
        eq(orientacoes.idEmpresa, idEmpresa),
        eq(orientacoes.ativo, 1),
        or(isNull(orientacoes.idUnidade), eq(orientacoes.idUnidade, idUnidade)),
      ),
    )
    .orderBy(asc(orientacoes.ordem), asc(orientacoes.id));
  // Sanitised again when served: a row written by any other path (SQL, an older version) is safe too.
  return rows.map((r) => ({ ...r, textoOrientacao: sanitizeGuidanceHtml(r.textoOrientacao) }));
}

/** Whether the caller may write texts of this scope: company-wide needs ag or the super-admin; a unit admin only their unit. */
function mayWrite(session: Session, idUnidade: number | null): boolean {
  if (session.permission === 'ag' || roleOf(session.permission) === 'superAdmin') return true;
  return session.permission === 'a' && idUnidade === session.unidadeId;
}

async function checkScope(db: DbOrTx, session: Session, idUnidade: number | null): Promise<void> {
  if (idUnidade !== null && !(await unitNamesOfCompany(db, session.empresaId)).has(idUnidade))
    throw new DomainError('not_found', HTTP_MESSAGES.notFound);
  if (!mayWrite(session, idUnidade)) throw new DomainError('forbidden', GUIDANCE_MESSAGES.unitNotAllowed);
}

const rowOf = (r: GuidanceRecord, names: Map<number, string>): GuidanceRow => ({
  id: r.id,
  titulo: r.titulo,
  textoOrientacao: sanitizeGuidanceHtml(r.textoOrientacao),
  idUnidade: r.idUnidade,
  nomeUnidade: r.idUnidade === null ? ALL_UNITS : (names.get(r.idUnidade) ?? ''),
  ordem: r.ordem,
  ativo: r.ativo,
  dataCad: r.datacad.toISOString(),
});
const audited = (r: GuidanceRecord) => ({
  titulo: r.titulo,
  textoOrientacao: r.textoOrientacao,
  idUnidade: r.idUnidade,
  ordem: r.ordem,
  ativo: r.ativo,
});

function announce(deps: GuidanceDeps, session: Session, idUnidade: number | null): void {
  const payload = { motivo: 'orientacoes', idUnidade } as const;
  if (idUnidade === null) deps.realtime.toCompany(session.empresaId, unitDataEvent(session.empresaId), payload);
  else deps.realtime.toUnit(idUnidade, unitDataEvent(session.empresaId), payload);
}

/** The texts an admin manages: all of the company for ag and the super-admin; the company's and their unit's for a unit admin. */
export async function listGuidanceForAdmin(db: Db, session: Session): Promise<GuidanceRow[]> {
  const companyWide = session.permission === 'ag' || roleOf(session.permission) === 'superAdmin';
  const rows = await db
    .select()
    .from(orientacoes)
    .where(
      and(
        eq(orientacoes.idEmpresa, session.empresaId),
        companyWide ? undefined : or(isNull(orientacoes.idUnidade), eq(orientacoes.idUnidade, session.unidadeId)),
      ),
    )
    .orderBy(asc(orientacoes.ordem), asc(orientacoes.id));
  const names = await unitNamesOfCompany(db, session.empresaId);
  return rows.map((r) => rowOf(r, names));
}

/**
 * Writes a guidance text of a company (the demo seed and the setup call it with a null session).
 * The HTML is sanitised before it is stored.
 */
export async function insertGuidance(db: DbOrTx, idEmpresa: number, input: GuidanceInput): Promise<GuidanceRecord> {
  const [row] = await db
    .insert(orientacoes)
    .values({ ...input, idEmpresa, textoOrientacao: cleanText(input.textoOrientacao) })
    .returning();
  if (!row) throw new Error('orientação não criada');
  return row;
}

export async function createGuidance(deps: GuidanceDeps, session: Session, input: GuidanceInput): Promise<GuidanceRow> {
  const row = await deps.db.transaction(async (tx) => {
    await checkScope(tx, session, input.idUnidade);
    const created = await insertGuidance(tx, session.empresaId, input);
    await recordAudit(tx, {
      session,
      entity: 'orientacao',
      entityId: created.id,
      action: 'create',
      after: audited(created),
      scope: { idEmpresa: session.empresaId, idUnidade: created.idUnidade },
    });
    return created;
  });
  announce(deps, session, row.idUnidade);
  return rowOf(row, await unitNamesOfCompany(deps.db, session.empresaId));
}

async function lockOwn(tx: DbOrTx, session: Session, id: number): Promise<GuidanceRecord> {
  const [row] = await tx
    .select()
    .from(orientacoes)
    .where(and(eq(orientacoes.id, id), eq(orientacoes.idEmpresa, session.empresaId)))
    .for('update');
  if (!row) throw new DomainError('not_found', GUIDANCE_MESSAGES.notFound);
  if (!mayWrite(session, row.idUnidade)) throw new DomainError('forbidden', GUIDANCE_MESSAGES.unitNotAllowed);
  return row;
}

export async function updateGuidance(
  deps: GuidanceDeps,
  session: Session,
  id: number,
  input: GuidanceInput,
): Promise<GuidanceRow> {
  const { before, after } = await deps.db.transaction(async (tx) => {
    const current = await lockOwn(tx, session, id);
    await checkScope(tx, session, input.idUnidade);
    const [row] = await tx
      .update(orientacoes)
      .set({ ...input, textoOrientacao: cleanText(input.textoOrientacao) })
      .where(eq(orientacoes.id, id))
      .returning();
    if (!row) throw new DomainError('not_found', GUIDANCE_MESSAGES.notFound);
    await recordAudit(tx, {
      session,
      entity: 'orientacao',
      entityId: id,
      action: 'update',
      before: audited(current),
      after: audited(row),
      scope: { idEmpresa: session.empresaId, idUnidade: row.idUnidade },
    });
    return { before: current, after: row };
  });
  announce(deps, session, after.idUnidade);
  if (before.idUnidade !== after.idUnidade) announce(deps, session, before.idUnidade);
  return rowOf(after, await unitNamesOfCompany(deps.db, session.empresaId));
}

export async function deleteGuidance(deps: GuidanceDeps, session: Session, id: number): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const current = await lockOwn(tx, session, id);
    await tx.delete(orientacoes).where(eq(orientacoes.id, id));
    await recordAudit(tx, {
      session,
      entity: 'orientacao',
      entityId: id,
      action: 'delete',
      before: audited(current),
      scope: { idEmpresa: session.empresaId, idUnidade: current.idUnidade },
    });
    return current;
  });
  announce(deps, session, removed.idUnidade);
}

/** PUT cadastros/orientacoes/ordem: the texts in `ids` take the order 1, 2, 3… (each one the caller may write). */
export async function reorderGuidance(deps: GuidanceDeps, session: Session, ids: readonly number[]): Promise<GuidanceRow[]> {
  const unique = [...new Set(ids)];
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(orientacoes)
      .where(and(eq(orientacoes.idEmpresa, session.empresaId), inArray(orientacoes.id, unique)))
      .for('update');
    if (rows.length !== unique.length) throw new DomainError('not_found', GUIDANCE_MESSAGES.notFound);
    if (rows.some((r) => !mayWrite(session, r.idUnidade))) throw new DomainError('forbidden', GUIDANCE_MESSAGES.unitNotAllowed);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [index, id] of unique.entries()) {
      const before = byId.get(id)!;
      if (before.ordem === index + 1) continue;
      await tx
        .update(orientacoes)
        .set({ ordem: index + 1 })
        .where(eq(orientacoes.id, id));
      await recordAudit(tx, {
        session,
        entity: 'orientacao',
        entityId: id,
        action: 'update',
        before: { ordem: before.ordem },
        after: { ordem: index + 1 },
        scope: { idEmpresa: session.empresaId, idUnidade: before.idUnidade },
      });
    }
  });
  deps.realtime.toCompany(session.empresaId, unitDataEvent(session.empresaId), { motivo: 'orientacoes', idUnidade: null });
  return listGuidanceForAdmin(deps.db, session);
}
