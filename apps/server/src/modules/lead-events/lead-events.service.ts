// The door of the lead event stream (issue 22 §2): appendLeadEvents, called inside the transaction
// of every change of a lead, and the runner that feeds each consumer the stream in order from its
// own durable position. See README.md for how a consumer is added.
import { AsyncLocalStorage } from 'node:async_hooks';

import { sql, type SQL } from 'drizzle-orm';

import type { AutomationCause } from '@funil/domain/automations/automations';
import { leadEventInputSchema, type LeadEvent, type LeadEventInput } from '@funil/domain/lead-events/lead-events';

import { type Database } from '../../db/connection.ts';
import { executeRows, type Db, type DbOrTx, type Tx } from '../../db/handle.ts';
import { Ticker } from '../../jobs/ticker.ts';
import { leadEventos } from './lead-events.table.ts';

/** The NOTIFY channel of migration 0023's trigger: one notification per committed append. */
export const LEAD_EVENTS_CHANNEL = 'funil_lead_eventos';

/**
 * The automation step in progress in this async context (issue 25 'Loop guard'): every event
 * appended inside `automationCauseStore.run(cause, …)` carries `dados.automacao`, whichever door
 * made the change (the hook the automations need; the doors stay as they are).
 */
export const automationCauseStore = new AsyncLocalStorage<AutomationCause>();

/**
 * Writes the events of one change in the change's transaction `tx`: they commit with it or not at
 * all (a rolled-back change leaves no event and announces nothing). No lock: writers append side
 * by side, and the runner passes an id only once it cannot be overtaken by a smaller one (see
 * `StreamHorizon`). Call it after the change's own writes (a lead's row lock taken before the
 * event's id keeps one lead's events in the order of its changes).
 */
export async function appendLeadEvents(tx: Tx, events: readonly LeadEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(leadEventos).values(checkedRows(events));
}

/** The events' rows, each with its automation cause (issue 25 'Loop guard') and the domain's check. */
function checkedRows(events: readonly LeadEventInput[]) {
  // Issue 25 'Loop guard': a change an automation's step makes through any door carries its cause.
  const cause = automationCauseStore.getStore();
  const tagged = cause ? events.map((e) => ({ ...e, dados: { ...e.dados, automacao: cause } })) : events;
  // The domain's check stays: about 5 µs an event (measured, docs/performance.md), under 1 % of a
  // message's ingest.
  return tagged.map((e) => leadEventInputSchema.parse(e));
}

/**
 * appendLeadEvents with the change's own last writes (`before`: data-modifying statements of the
 * caller's module, e.g. its history rows' insert) sent in the same statement, as WITH parts: one
 * round trip instead of two or three on the hot capture path (issue 23 "Tests and figures";
 * docs/performance.md). The parts must not read what the others write (one snapshot for all), and
 * nothing of theirs is returned. The events' ids are still drawn after the change's row locks.
 */
export async function appendLeadEventsWith(tx: Tx, before: readonly SQL[], events: readonly LeadEventInput[]): Promise<void> {
  if (events.length === 0) throw new Error('appendLeadEventsWith: no event');
  const parts = before.map((part, i) => sql`${sql.raw(`w${i}`)} as (${part})`);
  // getSQL(): a query builder put in a template is wrapped in parentheses, which WITH does not take.
  const insert = tx.insert(leadEventos).values(checkedRows(events)).getSQL();
  await tx.execute(parts.length === 0 ? insert : sql`with ${sql.join(parts, sql`, `)} ${insert}`);
}

/** The stream's last id (issue 25 'wait for the answer': the lead's events after it are the ones after the wait began). */
export async function lastLeadEventId(db: DbOrTx): Promise<number> {
  const rows = await executeRows<{ id: string | number | null }>(db, sql`select max(id) as id from lead_eventos`);
  return Number(rows[0]?.id ?? 0);
}

/** Whether the lead has an event of the kind after `afterId` (still in the stream's retention). */
export async function leadHasEventAfter(
  db: DbOrTx,
  cliCrmId: number,
  tipo: LeadEvent['tipo'],
  afterId: number,
): Promise<boolean> {
  const rows = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from lead_eventos
        where cli_crm_id = ${cliCrmId} and id > ${afterId} and tipo = ${tipo} limit 1) x`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Whether the lead already has an event written by the automation step `chave` (its cause's key):
 * a step re-run after a crash between its change's commit and the step's record finds its own write.
 */
export async function hasEventOfAutomationStep(db: Db, cliCrmId: number, chave: string): Promise<boolean> {
  const rows = await executeRows<{ one: number }>(
    db,
    sql`select 1 as one from ${leadEventos}
        where ${leadEventos.cliCrmId} = ${cliCrmId} and ${leadEventos.dados} -> 'automacao' ->> 'chave' = ${chave} limit 1`,
  );
  return rows.length > 0;
}

/**
 * The stream's ids are taken from a sequence by transactions that commit in any order, so id 12
 * may be visible while id 11's transaction still runs: a reader that passed 12 would never see 11.
 * Without a lock, a reader passes only ids up to a **safe** horizon, the largest id that no running
 * transaction can still hold (docs/decisions.md "Lead events: order without a lock"):
 * - an append's INSERT takes its RowExclusiveLock on lead_eventos before it draws an id from the
 *   sequence, and holds it until its transaction ends;
 * - a *mark* pairs the sequence's last value V, read by one statement, with the transactions that
 *   hold that lock at a later statement (pg_locks): every transaction that drew an id up to V and
 *   still runs is among them;
 * - the mark is safe once none of those transactions holds the lock any more: each id up to V is
 *   committed (visible) or rolled back (never will be).
 * Only the stream's own writers hold a mark back: a long transaction that appends no event (a report,
 * another database's work on the same server) does not. pg_locks lists every database of the server,
 * and databases copied from one template share their tables' OIDs: the holders are this database's. Each refresh is one statement; with no
 * append running the second refresh already makes the first one's V safe.
 */
export class StreamHorizon {
  /** Every id up to this one is final. */
  safe = 0;
  /** The last value of the sequence read by the previous refresh (the V of the next mark). */
  #lastSeen: number | null = null;
  #marks: { v: number; holders: Set<string> }[] = [];

  /** Refreshes run one after the other: a mark needs its V read before its holders were read. */
  #queue: Promise<unknown> = Promise.resolve();
  /** The refresh queued and not started yet: a caller joins it instead of queuing another. */
  #pending: Promise<number> | null = null;

  /**
   * Reads the sequence and the stream's running writers; returns the newest id handed out (committed
   * or not). A refresh asked for while another waits its turn is that one: it starts after both asked,
   * which is all either needs, so the consumers woken by one commit share one statement (was one each).
   */
  refresh(db: Db): Promise<number> {
    if (this.#pending) return this.#pending;
    const run: Promise<number> = this.#queue.then(() => {
      if (this.#pending === run) this.#pending = null;
      return this.#refresh(db);
    });
    this.#pending = run;
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #refresh(db: Db): Promise<number> {
    const [row] = await executeRows<{ last_value: string | number; is_called: boolean; holders: string[] | string | null }>(
      db,
      sql`select last_value, is_called,
        (select coalesce(array_agg(virtualtransaction), '{}') from pg_locks
          where locktype = 'relation' and relation = 'lead_eventos'::regclass and mode = 'RowExclusiveLock'
            and database = (select oid from pg_database where datname = current_database())
            and pid is distinct from pg_backend_pid()) as holders
        from lead_eventos_id_seq`,
    );
    const holders = new Set(parseTextArray(row!.holders));
    // The holders were read by this statement, after the previous one read the sequence: they pair
    // with the value read then, not with this one's.
    if (this.#lastSeen !== null && this.#lastSeen > this.safe) this.#marks.push({ v: this.#lastSeen, holders });
    for (const m of this.#marks) if (m.v > this.safe && ![...m.holders].some((h) => holders.has(h))) this.safe = m.v;
    this.#marks = this.#marks.filter((m) => m.v > this.safe).slice(-32);
    const seen = row!.is_called ? Number(row!.last_value) : Number(row!.last_value) - 1;
    this.#lastSeen = seen;
    return seen;
  }
}

/** A text[] as the drivers hand it: an array (postgres.js, PGlite) or its literal ('{3/12,4/7}'). */
function parseTextArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((v) => v.replace(/^"|"$/g, ''));
}

/**
 * Retention (docs/lead-events.md "Retention"): an event is deleted once every consumer has passed
 * it AND it is older than this. The one place this age is set.
 */
export const LEAD_EVENTS_RETENTION_DAYS = 30;
/** Events deleted per statement; a full batch is followed by the next at once. */
export const LEAD_EVENTS_PRUNE_BATCH = 5_000;

/**
 * Deletes up to `batch` events older than `before` that every consumer has passed (id at or below
 * the smallest position of lead_eventos_consumidores; with no consumer row, none). Returns how
 * many went. Rows another process is deleting at the same time are skipped, not waited for.
 */
export async function pruneLeadEvents(db: Db, before: Date, batch = LEAD_EVENTS_PRUNE_BATCH): Promise<number> {
  const rows = await executeRows<{ n: number }>(
    db,
    sql`with gone as (
      delete from lead_eventos where id in (
        select id from lead_eventos
        where id <= (select min(ultimo_id) from lead_eventos_consumidores) and em < ${before.toISOString()}::timestamptz
        order by id limit ${batch} for update skip locked)
      returning 1)
    select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A reader of the stream. Adding one is one file: see README.md. */
export type LeadEventConsumer = {
  /** Its durable name (lead_eventos_consumidores.consumidor); never reuse one for another meaning. */
  name: string;
  /** Where a consumer seen for the first time starts: the whole stream, or only what comes next. */
  from: 'start' | 'now';
  /**
   * Handles a batch of events in stream order, inside the transaction that moves the consumer's
   * position past them: database effects written with `tx` commit with the position (exactly
   * once); effects outside the database must be idempotent by event id (a crash after them and
   * before the commit hands the same events again: at-least-once). A throw rolls the batch back;
   * the position stays and the batch comes again later.
   */
  handle(events: readonly LeadEvent[], tx: Tx): Promise<void>;
};

export type LeadEventRunnerOptions = {
  /** Events per batch (default 200). */
  batchSize?: number | undefined;
  /** A safety poll for a notification lost with its connection (default 5 s; 0: none). */
  pollMs?: number | undefined;
  /** Waits before the next try of a consumer that failed, doubled each time (default 200 ms, up to 30 s). */
  retryMs?: number | undefined;
  log?: ((message: string, error?: unknown) => void) | undefined;
  /** How often old events are pruned (default 1 h; 0: never). */
  pruneEveryMs?: number | undefined;
  /** The age past which a passed event goes (default LEAD_EVENTS_RETENTION_DAYS). */
  retentionMs?: number | undefined;
  now?: (() => number) | undefined;
};

type RawEvent = {
  id: string | number;
  tipo: LeadEvent['tipo'];
  cli_crm_id: number;
  id_empresa: number;
  id_unidade: number;
  antes: LeadEvent['antes'];
  depois: LeadEvent['depois'];
  ator: number | null;
  mudancas: LeadEvent['mudancas'];
  dados: LeadEvent['dados'];
  em: Date | string;
};

const eventOf = (r: RawEvent): LeadEvent => ({
  id: Number(r.id),
  tipo: r.tipo,
  cliCrmId: r.cli_crm_id,
  idEmpresa: r.id_empresa,
  idUnidade: r.id_unidade,
  antes: r.antes,
  depois: r.depois,
  ator: r.ator,
  mudancas: r.mudancas,
  dados: r.dados,
  em: new Date(r.em),
});

type State = {
  running: boolean;
  again: boolean;
  failures: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** The consumer's position as this process last read or wrote it (null: not read yet). */
  position: number | null;
  /** Consecutive waits for a horizon that has not moved (the re-check's wait doubles). */
  waits: number;
};

/**
 * Runs the consumers: each reads the events after its position, in id order, in batches; woken by
 * the commit of an append (NOTIFY, on this process and every other), by a safety poll, and by
 * `kick()`. One process at a time per consumer: its position row is locked (FOR UPDATE SKIP
 * LOCKED) for the batch, so with several server processes (FUNIL_WORKERS > 1) one handles a
 * batch while the others skip it and look again just after.
 */
export class LeadEventRunner {
  readonly #db: Db;
  readonly #listen: Database['listen'] | undefined;
  readonly #consumers: LeadEventConsumer[] = [];
  readonly #states = new Map<string, State>();
  readonly #batch: number;
  readonly #pollMs: number;
  readonly #retryMs: number;
  readonly #log: (message: string, error?: unknown) => void;
  #started = false;
  #stopped = false;
  #poll: ReturnType<typeof setInterval> | null = null;
  #unlisten: (() => Promise<void>) | null = null;
  /** The retention pass (the jobs' one loop, jobs/ticker.ts). */
  readonly #pruner: Ticker | null;
  readonly #inFlight = new Set<Promise<void>>();
  /** Up to where the stream is final (shared by the consumers: a fact about the stream, not about one of them). */
  readonly #horizon = new StreamHorizon();

  constructor(database: Pick<Database, 'db'> & Partial<Pick<Database, 'listen'>>, options: LeadEventRunnerOptions = {}) {
    this.#db = database.db;
    this.#listen = database.listen?.bind(database);
    this.#batch = options.batchSize ?? 200;
    this.#pollMs = options.pollMs ?? 5_000;
    this.#retryMs = options.retryMs ?? 200;
    this.#log = options.log ?? (() => undefined);
    const retentionMs = options.retentionMs ?? LEAD_EVENTS_RETENTION_DAYS * 24 * 60 * 60 * 1000;
    const now = options.now ?? Date.now;
    const every = options.pruneEveryMs ?? 60 * 60 * 1000;
    this.#pruner =
      every > 0
        ? new Ticker({
            pass: async () => (await pruneLeadEvents(this.#db, new Date(now() - retentionMs))) === LEAD_EVENTS_PRUNE_BATCH,
            idleMs: every,
            onError: (error) => this.#log('limpeza dos eventos de lead antigos falhou', error),
            unref: true,
          })
        : null;
  }

  /** Adds a consumer; it starts with the runner (or at once when the runner already runs). */
  add(consumer: LeadEventConsumer): void {
    if (this.#states.has(consumer.name)) throw new Error(`consumidor de eventos repetido: ${consumer.name}`);
    this.#consumers.push(consumer);
    this.#states.set(consumer.name, { running: false, again: false, failures: 0, timer: null, position: null, waits: 0 });
    if (this.#started) void this.#register(consumer).then(() => this.#wake(consumer));
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    for (const c of this.#consumers) await this.#register(c);
    if (this.#listen)
      this.#unlisten = await this.#listen(LEAD_EVENTS_CHANNEL, {
        notify: () => this.kick(),
        state: (following) => following && this.kick(),
      });
    if (this.#pollMs > 0) {
      this.#poll = setInterval(() => this.kick(), this.#pollMs);
      this.#poll.unref?.();
    }
    this.#pruner?.start();
    this.kick();
  }

  /** Wakes every consumer (after a commit in this process, a notification, the poll). */
  kick(): void {
    if (!this.#started || this.#stopped) return;
    for (const c of this.#consumers) this.#wake(c);
  }

  /** Resolves once every consumer has handled what is committed now (tests, shutdown). */
  async drain(): Promise<void> {
    for (let round = 0; round < 100; round++) {
      this.kick();
      while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
      const behind = await this.#behind();
      if (!behind) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('eventos de lead não consumidos');
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#poll) clearInterval(this.#poll);
    for (const s of this.#states.values()) if (s.timer) clearTimeout(s.timer);
    await this.#unlisten?.().catch(() => undefined);
    await this.#pruner?.stop();
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }

  async #register(c: LeadEventConsumer): Promise<void> {
    const start = c.from === 'start' ? sql`0` : sql`coalesce((select max(id) from lead_eventos), 0)`;
    await this.#db.execute(
      sql`insert into lead_eventos_consumidores (consumidor, ultimo_id) values (${c.name}, ${start}) on conflict (consumidor) do nothing`,
    );
  }

  async #behind(): Promise<boolean> {
    const names = this.#consumers.map((c) => c.name);
    if (names.length === 0) return false;
    const rows = await executeRows<{ n: number }>(
      this.#db,
      sql`select count(*)::int as n from lead_eventos_consumidores c where c.consumidor in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}) and exists (select 1 from lead_eventos e where e.id > c.ultimo_id)`,
    );
    return Number(rows[0]?.n ?? 0) > 0;
  }

  #wake(c: LeadEventConsumer): void {
    const state = this.#states.get(c.name);
    if (!state || this.#stopped) return;
    if (state.running) {
      state.again = true;
      return;
    }
    if (state.timer) {
      if (state.failures > 0) return; // a failed consumer's retry is already due
      // A wait for the horizon or for another process: a wake-up (a commit, the poll) looks now.
      clearTimeout(state.timer);
      state.timer = null;
    }
    state.running = true;
    const run = this.#run(c, state).finally(() => {
      this.#inFlight.delete(run);
    });
    this.#inFlight.add(run);
  }

  async #run(c: LeadEventConsumer, state: State): Promise<void> {
    try {
      for (;;) {
        state.again = false;
        const outcome = await this.#batchOf(c, state);
        state.failures = 0;
        if (this.#stopped) return;
        if (outcome === 'busy') {
          // Another process holds it: look again shortly, for what it may have missed.
          this.#later(c, state, 50);
          return;
        }
        if (outcome === 'wait') {
          // Events are handed out but a transaction that may hold a smaller id still runs: look
          // again soon (its commit may not notify: it need not have appended), then less often.
          if (state.again) continue;
          state.waits += 1;
          this.#later(c, state, Math.min(1_000, 5 * 2 ** Math.min(state.waits - 1, 8)));
          return;
        }
        state.waits = 0;
        if (outcome === 'full' || state.again) continue;
        return;
      }
    } catch (error) {
      state.failures += 1;
      this.#log(`consumidor de eventos de lead ${c.name} falhou (tentativa ${state.failures})`, error);
      await this.#db
        .execute(
          sql`update lead_eventos_consumidores set erro = ${String((error as Error)?.stack ?? error).slice(0, 2000)}, falhas =
            falhas + 1, atualizado_em = now() where consumidor = ${c.name}`,
        )
        .catch(() => undefined);
      if (!this.#stopped) this.#later(c, state, Math.min(30_000, this.#retryMs * 2 ** (state.failures - 1)));
    } finally {
      state.running = false;
    }
  }

  #later(c: LeadEventConsumer, state: State, ms: number): void {
    if (state.timer) return;
    state.timer = setTimeout(() => {
      state.timer = null;
      this.#wake(c);
    }, ms);
    state.timer.unref?.();
  }

  /**
   * One batch in one transaction: 'busy' (another process has the consumer), 'full' (more may
   * follow), 'wait' (events are handed out beyond the safe horizon: look again shortly) or 'done'.
   */
  async #batchOf(c: LeadEventConsumer, state: State): Promise<'busy' | 'full' | 'wait' | 'done'> {
    // A look without locks first: most wake-ups (every process hears every NOTIFY) find nothing
    // new, and a lock would make each of them a writing transaction.
    let seen = await this.#horizon.refresh(this.#db);
    if (state.position === null) {
      const [row] = await executeRows<{ ultimo_id: string | number }>(
        this.#db,
        sql`select ultimo_id from lead_eventos_consumidores where consumidor = ${c.name}`,
      );
      state.position = Number(row?.ultimo_id ?? 0);
    }
    if (seen <= state.position) return 'done';
    // The first refresh after a quiet spell only reads the sequence; the second pairs it with a
    // later snapshot (with nothing else running, that alone makes it safe).
    if (this.#horizon.safe <= state.position) seen = await this.#horizon.refresh(this.#db);
    const safe = this.#horizon.safe;
    if (safe <= state.position) return 'wait';
    let moved: number | null = null;
    const outcome = await this.#db.transaction(async (tx) => {
      // The consumer's position locked and the events after it read in one statement: no row, another
      // process has the consumer; one row without an event, nothing to hand out.
      const rows = await executeRows<Omit<RawEvent, 'id'> & { id: string | number | null; posicao: string | number }>(
        tx,
        sql`with p as (select ultimo_id from lead_eventos_consumidores where consumidor = ${c.name} for update skip locked)
          select p.ultimo_id as posicao, e.* from p left join lateral (
            select * from lead_eventos where id > p.ultimo_id and id <= ${safe} order by id limit ${this.#batch}) e on true
          order by e.id`,
      );
      if (rows.length === 0) return 'busy';
      state.position = Number(rows[0]!.posicao);
      if (rows[0]!.id === null) return 'done';
      const events = (rows as RawEvent[]).map(eventOf);
      await c.handle(events, tx);
      const last = events[events.length - 1]!.id;
      await tx.execute(
        sql`update lead_eventos_consumidores set ultimo_id = ${last}, erro = null, falhas = 0, atualizado_em = now() where
          consumidor = ${c.name}`,
      );
      moved = last;
      return rows.length === this.#batch ? 'full' : 'done';
    });
    // The position moved with the commit (a batch that threw left it where it was read).
    if (moved !== null) state.position = moved;
    if (outcome === 'done' && safe < seen) return 'wait';
    return outcome;
  }
}
