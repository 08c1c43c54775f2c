// The Lead Ads intake's SQL (issue 23 §2): deliveries (one row per leadgen_id), forms, default units.
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/handle.ts';
import { barePlaceholders, builtOnce, encodedValues } from '../../db/prebuilt.ts';
import { dueBy } from '../../jobs/due-by.ts';
import { leadAdsEntregas } from './lead-ads.table.ts';

export type DeliveryRow = typeof leadAdsEntregas.$inferSelect;

export type NewDelivery = {
  leadgenId: string;
  pageId: string;
  formId: string | null;
  adId: string | null;
  criadoMeta: Date | null;
  bruto: Record<string, unknown>;
  dados?: Record<string, unknown> | null;
  idEmpresa?: number | null;
};

/**
 * Stores the deliveries; a leadgen_id already stored only counts one more arrival (Meta's at-least-once
 * delivery): the row, its status and its lead stay. Returns the leadgen_ids that were new.
 */
export async function storeDeliveries(db: DbOrTx, rows: readonly NewDelivery[]): Promise<string[]> {
  if (rows.length === 0) return [];
  // One statement per distinct id: a batch naming one leadgen_id twice would hit ON CONFLICT twice.
  const unique = [...new Map(rows.map((r) => [r.leadgenId, r])).values()];
  const values = unique.map((r) => ({ ...r, dados: r.dados ?? null, idEmpresa: r.idEmpresa ?? null }));
  // Meta's webhook brings one change a delivery: that statement is built once.
  const inserted =
    values.length === 1
      ? await storeOne(db, encodedValues(leadAdsEntregas, DELIVERY_COLUMNS, values[0]!))
      : await db.insert(leadAdsEntregas).values(values).onConflictDoUpdate(arrivedAgain).returning(STORED);
  return inserted.filter((r) => r.recebidas === 1).map((r) => r.leadgenId);
}

const DELIVERY_COLUMNS = ['leadgenId', 'pageId', 'formId', 'adId', 'criadoMeta', 'bruto', 'dados', 'idEmpresa'] as const;
const arrivedAgain = { target: leadAdsEntregas.leadgenId, set: { recebidas: sql`${leadAdsEntregas.recebidas} + 1` } };
const STORED = { leadgenId: leadAdsEntregas.leadgenId, recebidas: leadAdsEntregas.recebidas };
const storeOne = builtOnce<Record<string, unknown>, { leadgenId: string; recebidas: number }[]>((db) =>
  db
    .insert(leadAdsEntregas)
    .values(barePlaceholders(DELIVERY_COLUMNS) as unknown as typeof leadAdsEntregas.$inferInsert)
    .onConflictDoUpdate(arrivedAgain)
    .returning(STORED),
);

/** Claims up to `limit` due deliveries for `leaseMs` (FOR UPDATE SKIP LOCKED): one worker each. */
export async function claimDue(db: DbOrTx, now: Date, leaseMs: number, limit: number): Promise<DeliveryRow[]> {
  const until = new Date(now.getTime() + leaseMs);
  // A delivery stored earlier in the current millisecond is due (jobs/due-by.ts).
  const dueTime = dueBy(now);
  const due = db
    .select({ id: leadAdsEntregas.id })
    .from(leadAdsEntregas)
    .where(
      and(
        eq(leadAdsEntregas.status, 'pendente'),
        sql`${leadAdsEntregas.proximaEm} < ${dueTime}`,
        or(isNull(leadAdsEntregas.leaseAte), lt(leadAdsEntregas.leaseAte, now)),
      ),
    )
    .orderBy(asc(leadAdsEntregas.proximaEm))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(leadAdsEntregas)
    .set({ leaseAte: until, tentativas: sql`${leadAdsEntregas.tentativas} + 1` })
    .where(inArray(leadAdsEntregas.id, due))
    .returning();
}

const pendingLocked = builtOnce<{ id: number }, DeliveryRow[]>((db) =>
  db
    .select()
    .from(leadAdsEntregas)
    .where(eq(leadAdsEntregas.id, sql.placeholder('id')))
    .for('update'),
);

/** The delivery locked for the lead's transaction: null when another worker already finished it. */
export async function lockPending(tx: DbOrTx, id: number): Promise<DeliveryRow | null> {
  const [row] = await pendingLocked(tx, { id });
  return row && row.status === 'pendente' ? row : null;
}

const SET_WHEN_DONE = ['cliCrmId', 'idUnidade', 'idEmpresa', 'processadoEm'] as const;
const DONE_COLUMNS = [...SET_WHEN_DONE, 'dados'] as const;
const markedDone = builtOnce<Record<string, unknown>, unknown>((db) =>
  db
    .update(leadAdsEntregas)
    .set({
      ...barePlaceholders(SET_WHEN_DONE),
      // The lead as fetched when it was fetched now; else the one kept by an earlier attempt.
      dados: sql`coalesce(${sql.placeholder('dados')}::jsonb, ${leadAdsEntregas.dados})`,
      status: 'processado',
      erro: null,
      leaseAte: null,
    })
    .where(eq(leadAdsEntregas.id, sql.placeholder('id'))),
);

/** The delivery done with its lead (and the lead as fetched, when it was fetched now): one statement built once. */
export async function markDone(
  tx: DbOrTx,
  id: number,
  outcome: { cliCrmId: number; idUnidade: number; idEmpresa: number; dados?: Record<string, unknown> },
) {
  await markedDone(tx, { id, ...encodedValues(leadAdsEntregas, DONE_COLUMNS, { ...outcome, processadoEm: new Date() }) });
}

export async function saveFetched(db: DbOrTx, id: number, values: { dados?: Record<string, unknown>; idEmpresa?: number }) {
  await db.update(leadAdsEntregas).set(values).where(eq(leadAdsEntregas.id, id));
}

export async function markRetry(db: DbOrTx, id: number, proximaEm: Date, erro: string) {
  await db.update(leadAdsEntregas).set({ proximaEm, erro, leaseAte: null }).where(eq(leadAdsEntregas.id, id));
}

export async function markFailed(db: DbOrTx, id: number, erro: string, idEmpresa: number | null) {
  await db
    .update(leadAdsEntregas)
    .set({ status: 'falhou', erro, leaseAte: null, ...(idEmpresa !== null ? { idEmpresa } : {}) })
    .where(eq(leadAdsEntregas.id, id));
}

export async function failedOfCompany(db: DbOrTx, idEmpresa: number, limit: number) {
  return db
    .select()
    .from(leadAdsEntregas)
    .where(and(eq(leadAdsEntregas.idEmpresa, idEmpresa), eq(leadAdsEntregas.status, 'falhou')))
    .orderBy(desc(leadAdsEntregas.recebidoEm), desc(leadAdsEntregas.id))
    .limit(limit);
}

export async function countsOfCompany(db: DbOrTx, idEmpresa: number): Promise<{ pendentes: number; falhas: number }> {
  const [row] = await db
    .select({
      pendentes: sql<number>`count(*) filter (where ${leadAdsEntregas.status} = 'pendente')::int`,
      falhas: sql<number>`count(*) filter (where ${leadAdsEntregas.status} = 'falhou')::int`,
    })
    .from(leadAdsEntregas)
    .where(eq(leadAdsEntregas.idEmpresa, idEmpresa));
  return { pendentes: row?.pendentes ?? 0, falhas: row?.falhas ?? 0 };
}

/** Puts a failed delivery of the company back in the queue ('Reprocessar'); false when there is none. */
export async function requeueFailed(db: DbOrTx, idEmpresa: number, id: number): Promise<boolean> {
  const rows = await db
    .update(leadAdsEntregas)
    .set({ status: 'pendente', proximaEm: new Date(), tentativas: 0, leaseAte: null })
    .where(and(eq(leadAdsEntregas.id, id), eq(leadAdsEntregas.idEmpresa, idEmpresa), eq(leadAdsEntregas.status, 'falhou')))
    .returning({ id: leadAdsEntregas.id });
  return rows.length > 0;
}

/** Leads made per form of the company (the forms list). */
export async function leadsPerForm(db: DbOrTx, idEmpresa: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ formId: leadAdsEntregas.formId, n: sql<number>`count(*)::int` })
    .from(leadAdsEntregas)
    .where(and(eq(leadAdsEntregas.idEmpresa, idEmpresa), eq(leadAdsEntregas.status, 'processado')))
    .groupBy(leadAdsEntregas.formId);
  return new Map(rows.flatMap((r) => (r.formId ? [[r.formId, r.n] as const] : [])));
}

/**
 * The Lead Ads leads among these leads: cli_crm_id → the leadgen_id Meta made it from (issue 24, the
 * Conversions API's `user_data.lead_id`). A lead that did not come from a lead form is absent.
 */
export async function leadgenIdsOf(db: DbOrTx, cliCrmIds: readonly number[]): Promise<Map<number, string>> {
  if (cliCrmIds.length === 0) return new Map();
  const rows = await db
    .select({ cliCrmId: leadAdsEntregas.cliCrmId, leadgenId: leadAdsEntregas.leadgenId })
    .from(leadAdsEntregas)
    .where(and(inArray(leadAdsEntregas.cliCrmId, [...cliCrmIds]), eq(leadAdsEntregas.status, 'processado')));
  return new Map(rows.flatMap((r) => (r.cliCrmId === null ? [] : [[r.cliCrmId, r.leadgenId] as const])));
}
