// The automations' queries (issue 25): rules, runs (the queue: claim with a lease, FOR UPDATE SKIP
// LOCKED) and the step log. Only this module names its tables.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

import { CONDITION_STOP, type RunStatus } from '@funil/domain/automations/automations';

import { executeRows, type Db, type DbOrTx, type Tx } from '../../db/handle.ts';
import { dueBy } from '../../jobs/due-by.ts';
import { automacoes, automacoesExecucoes, automacoesPassos } from './automations.table.ts';

export type RuleRow = typeof automacoes.$inferSelect;
export type NewRule = typeof automacoes.$inferInsert;
export type RunRow = typeof automacoesExecucoes.$inferSelect;
export type StepRow = typeof automacoesPassos.$inferSelect;

export const enabledRulesOfUnits = (db: DbOrTx, units: readonly number[]): Promise<RuleRow[]> =>
  units.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(automacoes)
        .where(and(inArray(automacoes.idUnidade, [...units]), eq(automacoes.habilitado, true)));

/** The enabled rules of every unit whose trigger is `tipo` (the no-movement sweep). */
export const enabledRulesOfKind = (db: DbOrTx, tipo: string): Promise<RuleRow[]> =>
  db
    .select()
    .from(automacoes)
    .where(and(eq(automacoes.habilitado, true), sql`${automacoes.gatilho}->>'tipo' = ${tipo}`));

export async function ruleById(db: DbOrTx, id: number): Promise<RuleRow | null> {
  const [row] = await db.select().from(automacoes).where(eq(automacoes.id, id)).limit(1);
  return row ?? null;
}

export const rulesOfUnit = (db: DbOrTx, idUnidade: number): Promise<RuleRow[]> =>
  db.select().from(automacoes).where(eq(automacoes.idUnidade, idUnidade)).orderBy(desc(automacoes.id));

export async function insertRule(db: DbOrTx, values: NewRule): Promise<RuleRow> {
  const [row] = await db.insert(automacoes).values(values).returning();
  return row!;
}

export async function updateRule(db: DbOrTx, id: number, idUnidade: number, set: Partial<NewRule>): Promise<RuleRow | null> {
  const [row] = await db
    .update(automacoes)
    .set({ ...set, atualizadoEm: new Date() })
    .where(and(eq(automacoes.id, id), eq(automacoes.idUnidade, idUnidade)))
    .returning();
  return row ?? null;
}

/** Runs of the rule for the lead since `since` (the per-lead daily cap). */
export async function runsSince(tx: Tx, idAutomacao: number, cliCrmId: number, since: Date): Promise<number> {
  const rows = await executeRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from automacoes_execucoes
        where id_automacao = ${idAutomacao} and cli_crm_id = ${cliCrmId} and criado_em >= ${since.toISOString()}`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * The runs since `since` of the leads `leads` (the per-lead daily cap of a batch of events, read at
 * once): each one's rule, lead and event.
 */
export async function runsOfLeadsSince(
  tx: Tx,
  leads: readonly number[],
  since: Date,
): Promise<{ idAutomacao: number; cliCrmId: number; idEvento: number }[]> {
  if (leads.length === 0) return [];
  const rows = await executeRows<{ id_automacao: number; cli_crm_id: number; id_evento: number }>(
    tx,
    sql`select id_automacao, cli_crm_id, id_evento from automacoes_execucoes
        where cli_crm_id = any(${intArrayLiteral(leads)}::int[]) and criado_em >= ${since.toISOString()}`,
  );
  return rows.map((r) => ({
    idAutomacao: Number(r.id_automacao),
    cliCrmId: Number(r.cli_crm_id),
    idEvento: Number(r.id_evento),
  }));
}

const intArrayLiteral = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(Number(id))).join(',')}}`;

export type NewRun = {
  idAutomacao: number;
  cliCrmId: number;
  idUnidade: number;
  idEvento: number;
  profundidade: number;
  now: Date;
};

/** The runs of a batch of events in one statement (a replayed event's inserts nothing); how many were inserted. */
export async function insertRuns(tx: Tx, runs: readonly (NewRun & { stopped?: string | undefined })[]): Promise<number> {
  if (runs.length === 0) return 0;
  const rows = await tx
    .insert(automacoesExecucoes)
    .values(
      runs.map((run) => ({
        idAutomacao: run.idAutomacao,
        cliCrmId: run.cliCrmId,
        idUnidade: run.idUnidade,
        idEvento: run.idEvento,
        profundidade: run.profundidade,
        proximoEm: run.now,
        criadoEm: run.now,
        status: run.stopped ? ('parada' as const) : ('ativa' as const),
        erro: run.stopped ?? null,
        terminadoEm: run.stopped ? run.now : null,
      })),
    )
    .onConflictDoNothing()
    .returning({ status: automacoesExecucoes.status });
  return rows.filter((r) => r.status === 'ativa').length;
}

/** One run per (rule, lead, event): a replayed event inserts nothing. True when inserted. */
export async function insertRun(
  tx: Tx,
  run: { idAutomacao: number; cliCrmId: number; idUnidade: number; idEvento: number; profundidade: number; now: Date },
  stopped?: string,
): Promise<boolean> {
  const rows = await tx
    .insert(automacoesExecucoes)
    .values({
      idAutomacao: run.idAutomacao,
      cliCrmId: run.cliCrmId,
      idUnidade: run.idUnidade,
      idEvento: run.idEvento,
      profundidade: run.profundidade,
      proximoEm: run.now,
      criadoEm: run.now,
      ...(stopped ? { status: 'parada' as const, erro: stopped, terminadoEm: run.now } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: automacoesExecucoes.id });
  return rows.length > 0;
}

/** Claims up to `limit` due runs for `owner` until `until` (FOR UPDATE SKIP LOCKED: two processes never share one). */
export async function claimDueRuns(db: Db, owner: string, now: Date, until: Date, limit: number): Promise<RunRow[]> {
  const rows = await db
    .update(automacoesExecucoes)
    .set({ leasePor: owner, leaseAte: until })
    .where(
      sql`${automacoesExecucoes.id} in (
        select id from automacoes_execucoes
        where status = 'ativa' and proximo_em < ${dueBy(now)} and (lease_ate is null or lease_ate < ${now.toISOString()})
        order by proximo_em limit ${limit} for update skip locked)`,
    )
    .returning();
  return rows;
}

/**
 * Records the step (once: its key) and moves the run on, in one statement, only while `owner` still
 * holds the lease and the step's key is not recorded yet. False when another process got there first
 * or the step was recorded before (nothing written). One statement, not a transaction of four (begin,
 * the run's update, the step's insert, commit): the lease keeps any other process from moving this run
 * meanwhile, and the key's unique index stays the last word (a conflicting insert writes nothing and
 * leaves the run's update, which then has moved the run exactly as the recorded step did).
 */
export async function recordStep(
  db: Db,
  owner: string,
  run: RunRow,
  step: { chave: string; resultado: 'ok' | 'parou' | 'falhou'; detalhe: string },
  next: { passo: number; status: RunStatus; proximoEm: Date; erro: string | null; enviadas: number; now: Date },
): Promise<boolean> {
  const now = next.now.toISOString();
  const rows = await executeRows<{ n: number }>(
    db,
    sql`with held as (
          update automacoes_execucoes set passo = ${next.passo}, status = ${next.status},
            proximo_em = ${next.proximoEm.toISOString()}, tentativas = 0, erro = ${next.erro}, lease_por = null,
            lease_ate = null, mensagens_enviadas = mensagens_enviadas + ${next.enviadas},
            terminado_em = ${next.status === 'ativa' ? null : now}
          where id = ${run.id} and lease_por = ${owner}
            and not exists (select 1 from automacoes_passos where chave = ${step.chave})
          returning id),
        recorded as (
          insert into automacoes_passos (id_execucao, passo, chave, resultado, detalhe, em)
          select id, ${run.passo}::int, ${step.chave}::text, ${step.resultado}::text, ${step.detalhe}::text, ${now}::timestamptz
          from held
          on conflict do nothing returning id)
        select count(*)::int as n from recorded`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** A failed attempt: the run waits until `proximoEm` (its lease given up), or fails for good. */
export async function recordAttemptFailure(db: Db, owner: string, run: RunRow, erro: string, proximoEm: Date): Promise<void> {
  await db
    .update(automacoesExecucoes)
    .set({ tentativas: sql`${automacoesExecucoes.tentativas} + 1`, erro, proximoEm, leasePor: null, leaseAte: null })
    .where(and(eq(automacoesExecucoes.id, run.id), eq(automacoesExecucoes.leasePor, owner)));
}

/** Gives claimed runs back untouched (an engine stopping before it started them). */
export async function releaseRuns(db: Db, owner: string, ids: readonly number[]): Promise<void> {
  await db
    .update(automacoesExecucoes)
    .set({ leasePor: null, leaseAte: null })
    .where(and(inArray(automacoesExecucoes.id, [...ids]), eq(automacoesExecucoes.leasePor, owner)));
}

/**
 * Gives the run back without a change but a new due time (a send outside the allowed hours, or the
 * number's daily cap reached: then `motivo` is kept on the run, its log's 'erro' line, until the step is done).
 */
export async function postponeRun(db: Db, owner: string, run: RunRow, proximoEm: Date, motivo?: string): Promise<void> {
  await db
    .update(automacoesExecucoes)
    .set({ proximoEm, leasePor: null, leaseAte: null, ...(motivo ? { erro: motivo } : {}) })
    .where(and(eq(automacoesExecucoes.id, run.id), eq(automacoesExecucoes.leasePor, owner)));
}

/** 'Tentar de novo a partir do passo': a failed or stopped run of the unit resumes at `passo`, in a new round. */
export async function restartRun(
  db: Db,
  idUnidade: number,
  idAutomacao: number,
  id: number,
  passo: number,
  now: Date,
): Promise<RunRow | null> {
  const [row] = await db
    .update(automacoesExecucoes)
    .set({
      status: 'ativa',
      passo,
      rodada: sql`${automacoesExecucoes.rodada} + 1`,
      tentativas: 0,
      erro: null,
      proximoEm: now,
      leasePor: null,
      leaseAte: null,
      terminadoEm: null,
    })
    .where(
      and(
        eq(automacoesExecucoes.id, id),
        eq(automacoesExecucoes.idUnidade, idUnidade),
        eq(automacoesExecucoes.idAutomacao, idAutomacao),
        inArray(automacoesExecucoes.status, ['falhou', 'parada']),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The sweeper: an active run claimed and given up without a record (its lease ran out: a process
 * died inside its step, again and again) whose due time is older than `before` ends as failed.
 */
export async function sweepStuckRuns(db: Db, before: Date, now: Date, erro: string): Promise<number> {
  const rows = await executeRows<{ id: number }>(
    db,
    sql`update automacoes_execucoes set status = 'falhou', erro = ${erro}, terminado_em = ${now.toISOString()},
          lease_por = null, lease_ate = null
        where id in (select id from automacoes_execucoes
          where status = 'ativa' and proximo_em < ${before.toISOString()} and lease_ate < ${now.toISOString()}
          limit 500 for update skip locked)
        returning id`,
  );
  return rows.length;
}

/** Takes the round robin's next attendant of `candidates` (ids in order), under the rule's row lock. */
export async function nextInRoundRobin(db: Db, idAutomacao: number, candidates: readonly number[]): Promise<number | null> {
  if (candidates.length === 0) return null;
  return db.transaction(async (tx) => {
    const rows = await executeRows<{ rodizio_ultimo: number | null }>(
      tx,
      sql`select rodizio_ultimo from automacoes where id = ${idAutomacao} for update`,
    );
    const last = rows[0]?.rodizio_ultimo ?? null;
    const next = candidates.find((c) => last === null || c > last) ?? candidates[0]!;
    await tx.update(automacoes).set({ rodizioUltimo: next }).where(eq(automacoes.id, idAutomacao));
    return next;
  });
}

export const stepsOfRuns = (db: DbOrTx, runIds: readonly number[]): Promise<StepRow[]> =>
  runIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(automacoesPassos)
        .where(inArray(automacoesPassos.idExecucao, [...runIds]))
        .orderBy(automacoesPassos.id);

export const runsOfRule = (db: DbOrTx, idAutomacao: number, limit: number): Promise<RunRow[]> =>
  db
    .select()
    .from(automacoesExecucoes)
    .where(eq(automacoesExecucoes.idAutomacao, idAutomacao))
    .orderBy(desc(automacoesExecucoes.id))
    .limit(limit);

/** A lead's runs in its unit, newest first (the lead's timeline). */
export const runsOfLead = (db: DbOrTx, idUnidade: number, cliCrmId: number, limit: number): Promise<RunRow[]> =>
  db
    .select()
    .from(automacoesExecucoes)
    .where(and(eq(automacoesExecucoes.cliCrmId, cliCrmId), eq(automacoesExecucoes.idUnidade, idUnidade)))
    .orderBy(desc(automacoesExecucoes.id))
    .limit(limit);

export type RuleFigures = {
  iniciadas: number;
  concluidas: number;
  paradas: number;
  falhas: number;
  emAndamento: number;
  medianaSegundos: number | null;
  mensagensEnviadas: number;
  paradasPorCondicao: number;
  respondidas: number;
};

/** 'Visualizar Desempenho': the rule's runs by outcome, the median time to complete and the messages sent. */
export async function ruleFigures(db: DbOrTx, idAutomacao: number): Promise<RuleFigures> {
  const [r] = await executeRows<{
    iniciadas: number;
    concluidas: number;
    paradas: number;
    falhas: number;
    ativas: number;
    mediana: number | null;
    enviadas: number;
    paradas_condicao: number;
    respondidas: number;
  }>(
    db,
    sql`select count(*)::int as iniciadas,
          count(*) filter (where status = 'concluida')::int as concluidas,
          count(*) filter (where status = 'parada')::int as paradas,
          count(*) filter (where status = 'falhou')::int as falhas,
          count(*) filter (where status = 'ativa')::int as ativas,
          (percentile_cont(0.5) within group (order by extract(epoch from terminado_em - criado_em))
            filter (where status = 'concluida'))::float8 as mediana,
          coalesce(sum(mensagens_enviadas), 0)::int as enviadas,
          count(*) filter (where status = 'parada' and erro like ${`${CONDITION_STOP}%`})::int as paradas_condicao,
          count(*) filter (where resposta_em is not null)::int as respondidas
        from automacoes_execucoes where id_automacao = ${idAutomacao}`,
  );
  return {
    iniciadas: r?.iniciadas ?? 0,
    concluidas: r?.concluidas ?? 0,
    paradas: r?.paradas ?? 0,
    falhas: r?.falhas ?? 0,
    emAndamento: r?.ativas ?? 0,
    medianaSegundos: r?.mediana === null || r?.mediana === undefined ? null : Math.round(r.mediana),
    mensagensEnviadas: r?.enviadas ?? 0,
    paradasPorCondicao: r?.paradas_condicao ?? 0,
    respondidas: r?.respondidas ?? 0,
  };
}
