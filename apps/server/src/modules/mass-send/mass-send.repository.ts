// Queries of the mass-send tables (issue 13). Only this module names them.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { enviosEmMassa, enviosEmMassaClientes, enviosEmMassaRegistro } from './mass-send.table.ts';

export type CampaignRow = typeof enviosEmMassa.$inferSelect;
export type NewCampaign = typeof enviosEmMassa.$inferInsert;
export type RecipientRow = typeof enviosEmMassaClientes.$inferSelect;

export const textHash = (text: string) => createHash('sha256').update(text).digest('hex');

/** Whether an error is the one-open-campaign-per-unit index (CAMPANHA_EXISTE). */
export function isOpenCampaignConflict(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  const text = `${String(e?.constraint ?? e?.cause?.constraint ?? '')} ${(err as Error | null)?.message ?? ''} ${String((e?.cause as Error | undefined)?.message ?? '')}`;
  return code === '23505' && text.includes('envios_em_massa_um_aberto_idx');
}

export async function insertCampaign(tx: DbOrTx, values: NewCampaign, recipients: { cliCrmId: number; mensagemPropria: string | null }[]): Promise<CampaignRow> {
  const [row] = await tx.insert(enviosEmMassa).values({ ...values, total: recipients.length }).returning();
  if (!row) throw new Error('campanha não criada');
  for (let start = 0; start < recipients.length; start += 1000) {
    await tx.insert(enviosEmMassaClientes).values(recipients.slice(start, start + 1000).map((r, i) => ({ idCampanha: row.id, cliCrmId: r.cliCrmId, seq: start + i, mensagemPropria: r.mensagemPropria })));
  }
  return row;
}

export async function openCampaignOfUnit(db: DbOrTx, idUnidade: number): Promise<CampaignRow | null> {
  const [row] = await db.select().from(enviosEmMassa).where(and(eq(enviosEmMassa.idUnidade, idUnidade), sql`${enviosEmMassa.status} <> 'FINALIZADO'`)).limit(1);
  return row ?? null;
}

export async function campaignOfUnit(db: DbOrTx, idUnidade: number, id: number): Promise<CampaignRow | null> {
  const [row] = await db.select().from(enviosEmMassa).where(and(eq(enviosEmMassa.id, id), eq(enviosEmMassa.idUnidade, idUnidade))).limit(1);
  return row ?? null;
}

export async function campaignById(db: DbOrTx, id: number): Promise<CampaignRow | null> {
  const [row] = await db.select().from(enviosEmMassa).where(eq(enviosEmMassa.id, id)).limit(1);
  return row ?? null;
}

export async function listCampaignsOfUnit(db: DbOrTx, idUnidade: number, limit = 200): Promise<CampaignRow[]> {
  return db.select().from(enviosEmMassa).where(eq(enviosEmMassa.idUnidade, idUnidade)).orderBy(desc(enviosEmMassa.id)).limit(limit);
}

export async function updateCampaign(db: DbOrTx, id: number, set: Partial<NewCampaign>): Promise<CampaignRow | null> {
  const [row] = await db.update(enviosEmMassa).set(set).where(eq(enviosEmMassa.id, id)).returning();
  return row ?? null;
}

/** A status change by a person, only from the statuses given (002 §4 transitions). */
export async function setCampaignStatus(db: DbOrTx, id: number, from: readonly string[], set: Partial<NewCampaign>): Promise<CampaignRow | null> {
  const [row] = await db
    .update(enviosEmMassa)
    .set(set)
    .where(and(eq(enviosEmMassa.id, id), inArray(enviosEmMassa.status, [...from])))
    .returning();
  return row ?? null;
}

export async function listRecipients(db: DbOrTx, idCampanha: number): Promise<RecipientRow[]> {
  return db.select().from(enviosEmMassaClientes).where(eq(enviosEmMassaClientes.idCampanha, idCampanha)).orderBy(asc(enviosEmMassaClientes.seq));
}

/** Campaigns due for a send, oldest due first (the engine's poll). */
export async function dueCampaignIds(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: enviosEmMassa.id })
    .from(enviosEmMassa)
    .where(and(eq(enviosEmMassa.status, 'EM_ANDAMENTO'), lte(enviosEmMassa.proximoEnvioEm, now), or(isNull(enviosEmMassa.leaseAte), lt(enviosEmMassa.leaseAte, now))))
    .orderBy(asc(enviosEmMassa.proximoEnvioEm))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Claims a due campaign for this worker (FOR UPDATE SKIP LOCKED, then a lease): another process
 * skips it while the lease holds; a dead process's lease expires. Null when not claimable.
 */
export async function claimCampaign(db: Db, id: number, worker: string, now: Date, leaseMs: number): Promise<CampaignRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(enviosEmMassa)
      .where(and(eq(enviosEmMassa.id, id), eq(enviosEmMassa.status, 'EM_ANDAMENTO'), lte(enviosEmMassa.proximoEnvioEm, now), or(isNull(enviosEmMassa.leaseAte), lt(enviosEmMassa.leaseAte, now))))
      .for('update', { skipLocked: true });
    if (!row) return null;
    const [claimed] = await tx
      .update(enviosEmMassa)
      .set({ leasePor: worker, leaseAte: new Date(now.getTime() + leaseMs) })
      .where(eq(enviosEmMassa.id, id))
      .returning();
    return claimed ?? null;
  });
}

/** Gives the lease up and schedules the next send. */
export async function releaseCampaign(db: DbOrTx, id: number, worker: string, set: Partial<NewCampaign>): Promise<CampaignRow | null> {
  const [row] = await db
    .update(enviosEmMassa)
    .set({ ...set, leasePor: null, leaseAte: null })
    .where(and(eq(enviosEmMassa.id, id), eq(enviosEmMassa.leasePor, worker)))
    .returning();
  return row ?? null;
}

/** The recipient whose send was in flight (claimed, outcome unknown), if any. */
export async function inFlightRecipient(db: DbOrTx, idCampanha: number): Promise<RecipientRow | null> {
  const [row] = await db.select().from(enviosEmMassaClientes).where(and(eq(enviosEmMassaClientes.idCampanha, idCampanha), eq(enviosEmMassaClientes.status, 'SENDING'))).orderBy(asc(enviosEmMassaClientes.seq)).limit(1);
  return row ?? null;
}

/** The next pending recipient, claimed: SENDING with its attempt's idempotency key (FOR UPDATE SKIP LOCKED). */
export async function claimNextRecipient(db: Db, idCampanha: number, now: Date): Promise<RecipientRow | null> {
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select()
      .from(enviosEmMassaClientes)
      .where(and(eq(enviosEmMassaClientes.idCampanha, idCampanha), eq(enviosEmMassaClientes.status, 'PENDING')))
      .orderBy(asc(enviosEmMassaClientes.seq))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const tentativa = next.tentativa + 1;
    const [claimed] = await tx
      .update(enviosEmMassaClientes)
      .set({ status: 'SENDING', tentativa, chave: `massa:${idCampanha}:${next.cliCrmId}:${tentativa}`, iniciadoEm: now })
      .where(eq(enviosEmMassaClientes.id, next.id))
      .returning();
    return claimed ?? null;
  });
}

export async function updateRecipient(db: DbOrTx, id: number, set: Partial<typeof enviosEmMassaClientes.$inferInsert>): Promise<void> {
  await db.update(enviosEmMassaClientes).set(set).where(eq(enviosEmMassaClientes.id, id));
}

/** A recipient's final outcome and the campaign's counters, in one transaction. */
export async function finishRecipient(
  tx: DbOrTx,
  r: RecipientRow,
  outcome: { status: 'SENT' | 'ERROR' | 'NOT_SENT'; motivo: string | null; at: Date; idMensagem?: number | null; numero?: string | null; mensagem?: string | null },
  ledger: { idInstancia: number; idUnidade: number } | null,
): Promise<CampaignRow | null> {
  await tx
    .update(enviosEmMassaClientes)
    .set({ status: outcome.status, motivo: outcome.motivo, enviadoEm: outcome.at, ...(outcome.idMensagem !== undefined ? { idMensagem: outcome.idMensagem } : {}), ...(outcome.numero ? { numero: outcome.numero } : {}), ...(outcome.mensagem !== undefined ? { mensagem: outcome.mensagem } : {}) })
    .where(eq(enviosEmMassaClientes.id, r.id));
  if (outcome.status === 'SENT' && ledger && outcome.numero) {
    await tx.insert(enviosEmMassaRegistro).values({ idInstancia: ledger.idInstancia, idUnidade: ledger.idUnidade, idCampanha: r.idCampanha, numero: outcome.numero, textoHash: textHash(outcome.mensagem ?? ''), enviadoEm: outcome.at });
  }
  const counter = outcome.status === 'SENT' ? { enviados: sql`${enviosEmMassa.enviados} + 1` } : outcome.status === 'ERROR' ? { erros: sql`${enviosEmMassa.erros} + 1` } : { naoEnviados: sql`${enviosEmMassa.naoEnviados} + 1` };
  const [row] = await tx
    .update(enviosEmMassa)
    .set({ ...counter, atualizadoEm: outcome.at })
    .where(eq(enviosEmMassa.id, r.idCampanha))
    .returning();
  return row ?? null;
}

/** Sends from an instance since an instant (the daily cap) and its first send ever (its age in use). */
export async function instanceUsage(db: DbOrTx, idInstancia: number, since: Date): Promise<{ today: number; firstUse: Date | null }> {
  const [row] = await db
    .select({
      today: sql<number>`count(*) filter (where ${enviosEmMassaRegistro.enviadoEm} >= ${since.toISOString()}::timestamptz)::int`,
      firstUse: sql<string | null>`min(${enviosEmMassaRegistro.enviadoEm})`,
    })
    .from(enviosEmMassaRegistro)
    .where(eq(enviosEmMassaRegistro.idInstancia, idInstancia));
  return { today: Number(row?.today ?? 0), firstUse: row?.firstUse ? new Date(row.firstUse) : null };
}

/** Issue 13: the same text went to this number within the window (any campaign of the unit). */
export async function sentSameTextSince(db: DbOrTx, idUnidade: number, numero: string, text: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: enviosEmMassaRegistro.id })
    .from(enviosEmMassaRegistro)
    .where(and(eq(enviosEmMassaRegistro.numero, numero), eq(enviosEmMassaRegistro.textoHash, textHash(text)), eq(enviosEmMassaRegistro.idUnidade, idUnidade), gte(enviosEmMassaRegistro.enviadoEm, since)))
    .limit(1);
  return row !== undefined;
}

/** The outcomes of the campaign's last `n` attempts that reached the gateway (SENT or ERROR), newest first. */
export async function lastOutcomes(db: DbOrTx, idCampanha: number, n: number): Promise<string[]> {
  const rows = await db
    .select({ status: enviosEmMassaClientes.status })
    .from(enviosEmMassaClientes)
    .where(and(eq(enviosEmMassaClientes.idCampanha, idCampanha), inArray(enviosEmMassaClientes.status, ['SENT', 'ERROR'])))
    .orderBy(desc(enviosEmMassaClientes.enviadoEm), desc(enviosEmMassaClientes.id))
    .limit(n);
  return rows.map((r) => r.status);
}

/** Pending and in-flight recipients become 'Não Enviado' when a campaign is finalized. */
export async function abandonRecipients(tx: DbOrTx, idCampanha: number, motivo: string, at: Date): Promise<number> {
  const rows = await tx
    .update(enviosEmMassaClientes)
    .set({ status: 'NOT_SENT', motivo, enviadoEm: at })
    .where(and(eq(enviosEmMassaClientes.idCampanha, idCampanha), eq(enviosEmMassaClientes.status, 'PENDING')))
    .returning({ id: enviosEmMassaClientes.id });
  if (rows.length > 0) await tx.update(enviosEmMassa).set({ naoEnviados: sql`${enviosEmMassa.naoEnviados} + ${rows.length}` }).where(eq(enviosEmMassa.id, idCampanha));
  return rows.length;
}

export async function pendingCount(db: DbOrTx, idCampanha: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enviosEmMassaClientes)
    .where(and(eq(enviosEmMassaClientes.idCampanha, idCampanha), inArray(enviosEmMassaClientes.status, ['PENDING', 'SENDING'])));
  return Number(row?.n ?? 0);
}
