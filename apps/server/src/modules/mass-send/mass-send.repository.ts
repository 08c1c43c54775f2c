// Queries of the mass-send tables (issue 13). Only this module names them.
import { createHash } from 'node:crypto';

import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/handle.ts';
import { enviosEmMassa, enviosEmMassaClientes, enviosEmMassaRegistro } from './mass-send.table.ts';

export type CampaignRow = typeof enviosEmMassa.$inferSelect;
export type NewCampaign = typeof enviosEmMassa.$inferInsert;
export type RecipientRow = typeof enviosEmMassaClientes.$inferSelect;

export const textHash = (text: string) => createHash('sha256').update(text).digest('hex');

/** Whether an error is the one-open-campaign-per-number index (CAMPANHA_EXISTE). */
export function isOpenCampaignConflict(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  const text =
    `${String(e?.constraint ?? e?.cause?.constraint ?? '')} ${(err as Error | null)?.message ?? ''} ` +
    `${String((e?.cause as Error | undefined)?.message ?? '')}`;
  return code === '23505' && text.includes('envios_em_massa_um_aberto_por_numero_idx');
}

export async function insertCampaign(
  tx: DbOrTx,
  values: NewCampaign,
  recipients: { cliCrmId: number; mensagemPropria: string | null }[],
): Promise<CampaignRow> {
  const [row] = await tx
    .insert(enviosEmMassa)
    .values({ ...values, total: recipients.length })
    .returning();
  if (!row) throw new Error('campanha não criada');
  for (let start = 0; start < recipients.length; start += 1000) {
    await tx
      .insert(enviosEmMassaClientes)
      .values(
        recipients
          .slice(start, start + 1000)
          .map((r, i) => ({ idCampanha: row.id, cliCrmId: r.cliCrmId, seq: start + i, mensagemPropria: r.mensagemPropria })),
      );
  }
  return row;
}

/** The unit's unfinished campaign, a running one before a paused one (envio-em-progresso). */
export async function openCampaignOfUnit(db: DbOrTx, idUnidade: number): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(enviosEmMassa)
    .where(and(eq(enviosEmMassa.idUnidade, idUnidade), sql`${enviosEmMassa.status} <> 'FINALIZADO'`))
    .orderBy(sql`${enviosEmMassa.status} = 'EM_ANDAMENTO' desc`, desc(enviosEmMassa.id))
    .limit(1);
  return row ?? null;
}

/** The unfinished campaign that holds a WhatsApp number (issue 21: one at a time per number). */
export async function openCampaignOfInstance(db: DbOrTx, idInstancia: number): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(enviosEmMassa)
    .where(and(eq(enviosEmMassa.idInstancia, idInstancia), sql`${enviosEmMassa.status} <> 'FINALIZADO'`))
    .limit(1);
  return row ?? null;
}

export async function campaignOfUnit(db: DbOrTx, idUnidade: number, id: number): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(enviosEmMassa)
    .where(and(eq(enviosEmMassa.id, id), eq(enviosEmMassa.idUnidade, idUnidade)))
    .limit(1);
  return row ?? null;
}

export async function listCampaignsOfUnit(db: DbOrTx, idUnidade: number, limit = 200): Promise<CampaignRow[]> {
  return db
    .select()
    .from(enviosEmMassa)
    .where(eq(enviosEmMassa.idUnidade, idUnidade))
    .orderBy(desc(enviosEmMassa.id))
    .limit(limit);
}

export async function updateCampaign(db: DbOrTx, id: number, set: Partial<NewCampaign>): Promise<CampaignRow | null> {
  const [row] = await db.update(enviosEmMassa).set(set).where(eq(enviosEmMassa.id, id)).returning();
  return row ?? null;
}

/** A status change by a person, only from the statuses given (002 §4 transitions). */
export async function setCampaignStatus(
  db: DbOrTx,
  id: number,
  from: readonly string[],
  set: Partial<NewCampaign>,
): Promise<CampaignRow | null> {
  const [row] = await db
    .update(enviosEmMassa)
    .set(set)
    .where(and(eq(enviosEmMassa.id, id), inArray(enviosEmMassa.status, [...from])))
    .returning();
  return row ?? null;
}

export async function listRecipients(db: DbOrTx, idCampanha: number): Promise<RecipientRow[]> {
  return db
    .select()
    .from(enviosEmMassaClientes)
    .where(eq(enviosEmMassaClientes.idCampanha, idCampanha))
    .orderBy(asc(enviosEmMassaClientes.seq));
}

/** Campaigns due for a send, oldest due first (the engine's poll). */
export async function dueCampaignIds(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: enviosEmMassa.id })
    .from(enviosEmMassa)
    .where(
      and(
        eq(enviosEmMassa.status, 'EM_ANDAMENTO'),
        lte(enviosEmMassa.proximoEnvioEm, now),
        or(isNull(enviosEmMassa.leaseAte), lt(enviosEmMassa.leaseAte, now)),
      ),
    )
    .orderBy(asc(enviosEmMassa.proximoEnvioEm))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Claims a due campaign for this worker (FOR UPDATE SKIP LOCKED, then a lease): another process
 * skips it while the lease holds; a dead process's lease expires; nor is it claimed while another
 * campaign of its number holds a lease. Null when not claimable. One statement: the locking
 * subquery and the lease's update.
 */
export async function claimCampaign(
  db: DbOrTx,
  id: number,
  worker: string,
  now: Date,
  leaseMs: number,
): Promise<CampaignRow | null> {
  const due = db
    .select({ id: enviosEmMassa.id })
    .from(enviosEmMassa)
    .where(
      and(
        eq(enviosEmMassa.id, id),
        eq(enviosEmMassa.status, 'EM_ANDAMENTO'),
        lte(enviosEmMassa.proximoEnvioEm, now),
        or(isNull(enviosEmMassa.leaseAte), lt(enviosEmMassa.leaseAte, now)),
        // One send at a time per number: not while another campaign of the same number holds a
        // lease (a campaign finalized by a person while its send is still in flight).
        sql`not exists (select 1 from envios_em_massa o where o.id_instancia = ${enviosEmMassa.idInstancia} and o.id <>
          ${enviosEmMassa.id} and o.lease_ate >= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(enviosEmMassa)
    .set({ leasePor: worker, leaseAte: new Date(now.getTime() + leaseMs) })
    .where(inArray(enviosEmMassa.id, due))
    .returning();
  return claimed ?? null;
}

/** Gives the lease up and schedules the next send. */
export async function releaseCampaign(
  db: DbOrTx,
  id: number,
  worker: string,
  set: Partial<NewCampaign>,
): Promise<CampaignRow | null> {
  const [row] = await db
    .update(enviosEmMassa)
    .set({ ...set, leasePor: null, leaseAte: null })
    .where(and(eq(enviosEmMassa.id, id), eq(enviosEmMassa.leasePor, worker)))
    .returning();
  return row ?? null;
}

/**
 * releaseCampaign and the campaign's pending and in-flight recipients left, in one statement;
 * null when this worker no longer held the lease (nothing released).
 */
export async function releaseCampaignCountingPending(
  db: DbOrTx,
  id: number,
  worker: string,
  set: Partial<NewCampaign>,
): Promise<number | null> {
  const [row] = await db
    .update(enviosEmMassa)
    .set({ ...set, leasePor: null, leaseAte: null })
    .where(and(eq(enviosEmMassa.id, id), eq(enviosEmMassa.leasePor, worker)))
    .returning({
      pendentes: sql<number>`(select count(*)::int from envios_em_massa_clientes p where p.id_campanha = ${id} and p.status in
        ('PENDING', 'SENDING'))`,
    });
  return row ? Number(row.pendentes) : null;
}

/** A row of a raw query (database column names) as drizzle maps the table's rows. */
function recipientOf(raw: Record<string, unknown>): RecipientRow {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(enviosEmMassaClientes))) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as RecipientRow;
}

/**
 * The campaign's next recipient, in one statement: the one whose send was in flight (claimed,
 * outcome unknown: a process died or the gateway did not answer), else the next pending one,
 * claimed (FOR UPDATE SKIP LOCKED): SENDING with its attempt's idempotency key
 * `massa:{campanha}:{lead}:{attempt}`. Null when neither is left.
 */
export async function nextRecipient(
  db: DbOrTx,
  idCampanha: number,
  now: Date,
): Promise<{ inFlight: RecipientRow } | { claimed: RecipientRow } | null> {
  const result = (await db.execute(sql`
    with em_voo as (
      select * from envios_em_massa_clientes where id_campanha = ${idCampanha} and status = 'SENDING' order by seq limit 1
    ), proximo as (
      select id from envios_em_massa_clientes
      where id_campanha = ${idCampanha} and status = 'PENDING' and not exists (select 1 from em_voo)
      order by seq limit 1 for update skip locked
    ), tomado as (
      update envios_em_massa_clientes c
      set status = 'SENDING', tentativa = c.tentativa + 1, chave = 'massa:' || c.id_campanha || ':' || c.cli_crm_id || ':' ||
        (c.tentativa + 1), iniciado_em = ${now.toISOString()}::timestamptz
      from proximo where c.id = proximo.id
      returning c.*
    )
    select true as em_voo, * from em_voo
    union all
    select false as em_voo, * from tomado`)) as unknown as { rows: (Record<string, unknown> & { em_voo: boolean })[] };
  const raw = result.rows[0];
  if (!raw) return null;
  return raw.em_voo ? { inFlight: recipientOf(raw) } : { claimed: recipientOf(raw) };
}

export async function updateRecipient(
  db: DbOrTx,
  id: number,
  set: Partial<typeof enviosEmMassaClientes.$inferInsert>,
): Promise<void> {
  await db.update(enviosEmMassaClientes).set(set).where(eq(enviosEmMassaClientes.id, id));
}

/**
 * A recipient's final outcome, the ledger row of a send and the campaign's counters: one statement
 * (data-modifying CTEs), so they commit together. Answers the counters after it.
 */
export async function finishRecipient(
  db: DbOrTx,
  r: RecipientRow,
  outcome: {
    status: 'SENT' | 'ERROR' | 'NOT_SENT';
    motivo: string | null;
    at: Date;
    idMensagem?: number | null;
    numero?: string | null;
    mensagem?: string | null;
  },
  ledger: { idInstancia: number; idUnidade: number } | null,
): Promise<{ enviados: number; erros: number } | null> {
  const at = sql`${outcome.at.toISOString()}::timestamptz`;
  const set = [sql`status = ${outcome.status}`, sql`motivo = ${outcome.motivo}`, sql`enviado_em = ${at}`];
  if (outcome.idMensagem !== undefined) set.push(sql`id_mensagem = ${outcome.idMensagem}`);
  if (outcome.numero) set.push(sql`numero = ${outcome.numero}`);
  if (outcome.mensagem !== undefined) set.push(sql`mensagem = ${outcome.mensagem}`);
  const ledgerRow =
    outcome.status === 'SENT' && ledger && outcome.numero
      ? sql`, registro as (
          insert into envios_em_massa_registro (id_instancia, id_unidade, id_campanha, numero, texto_hash, enviado_em)
          values (${ledger.idInstancia}, ${ledger.idUnidade}, ${r.idCampanha}, ${outcome.numero},
            ${textHash(outcome.mensagem ?? '')}, ${at})
        )`
      : sql``;
  const counter =
    outcome.status === 'SENT'
      ? sql`enviados = enviados + 1`
      : outcome.status === 'ERROR'
        ? sql`erros = erros + 1`
        : sql`nao_enviados = nao_enviados + 1`;
  const result = (await db.execute(sql`
    with destinatario as (
      update envios_em_massa_clientes set ${sql.join(set, sql`, `)} where id = ${r.id}
    )${ledgerRow}
    update envios_em_massa set ${counter}, atualizado_em = ${at} where id = ${r.idCampanha}
    returning enviados, erros`)) as unknown as { rows: { enviados: number | string; erros: number | string }[] };
  const row = result.rows[0];
  return row ? { enviados: Number(row.enviados), erros: Number(row.erros) } : null;
}

/**
 * The checks before a send that read the ledger, in one statement that also keeps the number and
 * the text on the claimed recipient (a recovery after a crash looks the send up by them): the
 * number's sends today and its first send ever (the daily cap and its warm-up), and whether the
 * same text went to the same number from any campaign of the unit since `since` (issue 13).
 */
export async function recordAndCheckBeforeSend(
  db: DbOrTx,
  input: {
    idRecipient: number;
    idInstancia: number;
    idUnidade: number;
    numero: string;
    text: string;
    dayStart: Date;
    since: Date;
  },
): Promise<{ today: number; firstUse: Date | null; repeated: boolean }> {
  const result = (await db.execute(sql`
    with destinatario as (
      update envios_em_massa_clientes set numero = ${input.numero}, mensagem = ${input.text} where id = ${input.idRecipient}
    )
    select
      (select count(*)::int from envios_em_massa_registro where id_instancia = ${input.idInstancia} and enviado_em >=
        ${input.dayStart.toISOString()}::timestamptz) as hoje,
      (select min(enviado_em) from envios_em_massa_registro where id_instancia = ${input.idInstancia}) as primeiro_uso,
      exists (
        select 1 from envios_em_massa_registro
        where numero = ${input.numero} and texto_hash = ${textHash(input.text)} and id_unidade = ${input.idUnidade} and
          enviado_em >= ${input.since.toISOString()}::timestamptz
      ) as repetido`)) as unknown as { rows: { hoje: number | string; primeiro_uso: string | Date | null; repetido: boolean }[] };
  const row = result.rows[0]!;
  return {
    today: Number(row.hoje),
    firstUse: row.primeiro_uso ? new Date(row.primeiro_uso) : null,
    repeated: row.repetido === true,
  };
}

/** A send outside a campaign (an automation's, issue 25) in the ledger: id_campanha 0. */
export async function recordOutsideSend(
  db: DbOrTx,
  input: { idInstancia: number; idUnidade: number; numero: string; text: string; at: Date; chave?: string | undefined },
): Promise<boolean> {
  const rows = await db
    .insert(enviosEmMassaRegistro)
    .values({
      idInstancia: input.idInstancia,
      idUnidade: input.idUnidade,
      idCampanha: 0,
      numero: input.numero,
      textoHash: textHash(input.text),
      enviadoEm: input.at,
      chave: input.chave ?? null,
    })
    .onConflictDoNothing({ target: enviosEmMassaRegistro.chave })
    .returning({ id: enviosEmMassaRegistro.id });
  return rows.length > 0;
}

/** Sends from an instance since an instant (the daily cap) and its first send ever (its age in use). */
export async function instanceUsage(
  db: DbOrTx,
  idInstancia: number,
  since: Date,
): Promise<{ today: number; firstUse: Date | null }> {
  const [row] = await db
    .select({
      today: sql<number>`count(*) filter (where ${enviosEmMassaRegistro.enviadoEm} >= ${since.toISOString()}::timestamptz)::int`,
      firstUse: sql<string | null>`min(${enviosEmMassaRegistro.enviadoEm})`,
    })
    .from(enviosEmMassaRegistro)
    .where(eq(enviosEmMassaRegistro.idInstancia, idInstancia));
  return { today: Number(row?.today ?? 0), firstUse: row?.firstUse ? new Date(row.firstUse) : null };
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
  if (rows.length > 0)
    await tx
      .update(enviosEmMassa)
      .set({ naoEnviados: sql`${enviosEmMassa.naoEnviados} + ${rows.length}` })
      .where(eq(enviosEmMassa.id, idCampanha));
  return rows.length;
}

export async function pendingCount(db: DbOrTx, idCampanha: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enviosEmMassaClientes)
    .where(and(eq(enviosEmMassaClientes.idCampanha, idCampanha), inArray(enviosEmMassaClientes.status, ['PENDING', 'SENDING'])));
  return Number(row?.n ?? 0);
}
