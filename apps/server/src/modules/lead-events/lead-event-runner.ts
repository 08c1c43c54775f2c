// The reader of the lead event stream (issue 22 §2): the runner that feeds each consumer the stream in
// order from its own durable position, and the safe horizon it reads up to. The writer and the
// consumers' contract are in lead-events.service.ts; README.md says how a consumer is added.
import { randomUUID } from 'node:crypto';

import { sql } from 'drizzle-orm';

import type { LeadEvent } from '@funil/domain/lead-events/lead-events';

import { type Database } from '../../db/connection.ts';
import { executeRows, queryPrepared, type Db } from '../../db/handle.ts';
import { Ticker } from '../../jobs/ticker.ts';
import {
  LEAD_EVENTS_CHANNEL,
  LEAD_EVENTS_PRUNE_BATCH,
  LEAD_EVENTS_RETENTION_DAYS,
  pruneLeadEvents,
  type LeadEventConsumer,
} from './lead-events.service.ts';

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

  /** Refreshes run one after the other (a mark needs its V read before its holders); #pending: queued, not started. */
  #queue: Promise<unknown> = Promise.resolve();
  #pending: Promise<number> | null = null;

  /** Reads the sequence and the stream's running writers; returns the newest id handed out (committed or not). */
  refresh(db: Db): Promise<number> {
    if (this.#pending) return this.#pending; // starts after both asked, all either needs: one commit's consumers share it
    const run: Promise<number> = this.#queue.then(() => {
      if (this.#pending === run) this.#pending = null;
      return this.#refresh(db);
    });
    this.#pending = run;
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #refresh(db: Db): Promise<number> {
    // Prepared by name: a statement without parameters is left unnamed by db/auto-prepare.ts, and planning
    // this one cost more than running it (docs/decisions.md "Repeated statements prepared").
    const [row] = await queryPrepared<{ last_value: string | number; is_called: boolean; holders: string[] | string | null }>(
      db,
      `select last_value, is_called,
        (select coalesce(array_agg(virtualtransaction), '{}') from pg_locks
          where locktype = 'relation' and relation = 'lead_eventos'::regclass and mode = 'RowExclusiveLock'
            and database = (select oid from pg_database where datname = current_database())
            and pid is distinct from pg_backend_pid()) as holders
        from lead_eventos_id_seq`,
      [],
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

export type LeadEventRunnerOptions = {
  /** Events per batch (default 200). */
  batchSize?: number | undefined;
  /** A safety poll for a notification lost with its connection (default 5 s; 0: none). */
  pollMs?: number | undefined;
  /** Waits before the next try of a consumer that failed, doubled each time (default 200 ms, up to 30 s). */
  retryMs?: number | undefined;
  /**
   * How long a process keeps a consumer after its last batch (default 3 s): the other processes leave
   * it alone meanwhile instead of each trying every consumer at every commit (docs/lead-events.md).
   */
  ownMs?: number | undefined;
  /**
   * How far apart one consumer's passes start, at least (default 25 ms; 0: at every wake-up). An event
   * after a quiet spell is read at once; under load a pass takes the events of every commit since the
   * previous one (one read and one position write for them all) instead of one pass per commit
   * (docs/decisions.md "Lead event consumers: passes spaced").
   */
  spacingMs?: number | undefined;
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
  /** Until when (this process's clock) another process has the consumer: no statement before then. */
  elsewhereUntil: number;
  /** When (this process's clock) the consumer's last pass started. */
  lastPass: number;
};

/**
 * Runs the consumers: each reads the events after its position, in id order, in batches; woken by
 * the announcement after an append's commit (NOTIFY, on this process and every other), by a safety poll, and by
 * `kick()`. One process at a time per consumer: its position row is locked (FOR UPDATE SKIP
 * LOCKED) for the batch, so with several server processes (FUNIL_WORKERS > 1) one handles a
 * batch while the others skip it. The process that moved a consumer's last batch has it for `ownMs`
 * more (`dono`, `dono_ate`, renewed by each batch it moves): the others do not look at that consumer
 * until then, so a commit costs each consumer one process's statements, not every process's.
 */
export class LeadEventRunner {
  readonly #db: Db;
  readonly #listen: Database['listen'] | undefined;
  readonly #consumers: LeadEventConsumer[] = [];
  readonly #states = new Map<string, State>();
  readonly #batch: number;
  readonly #pollMs: number;
  readonly #retryMs: number;
  readonly #ownMs: number;
  readonly #spacingMs: number;
  /** This runner's name in lead_eventos_consumidores.dono. */
  readonly #me = `eventos-${randomUUID().slice(0, 24)}`;
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
    this.#ownMs = options.ownMs ?? 3_000;
    this.#spacingMs = options.spacingMs ?? 25;
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
    this.#states.set(consumer.name, {
      running: false,
      again: false,
      failures: 0,
      timer: null,
      position: null,
      waits: 0,
      elsewhereUntil: 0,
      lastPass: 0,
    });
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

  /**
   * Resolves once every consumer has handled what is committed now (tests, shutdown), by this process
   * or by the one that has it (a process that died keeps it until its `dono_ate`: up to `ownMs`).
   */
  async drain(): Promise<void> {
    for (const until = Date.now() + 5_000 + this.#ownMs; Date.now() < until;) {
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
    // The consumers this process had are free at once for the others (not at the end of `ownMs`).
    await this.#db
      .execute(sql`update lead_eventos_consumidores set dono = null, dono_ate = null where dono = ${this.#me}`)
      .catch(() => undefined);
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
    // Another process has it: no statement until its time is up (then a look, in case it died).
    const elsewhere = state.elsewhereUntil - Date.now();
    if (elsewhere > 0) return this.#later(c, state, elsewhere + 20);
    if (state.timer) {
      if (state.failures > 0) return; // a failed consumer's retry is already due
      // A wait for the horizon or for another process: a wake-up (a commit, the poll) looks now.
      clearTimeout(state.timer);
      state.timer = null;
    }
    // Too soon after the last pass: the next one starts when the spacing is up, with whatever came meanwhile.
    const gap = this.#gap(state);
    if (gap > 0) return this.#later(c, state, gap);
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
        state.lastPass = Date.now();
        const outcome = await this.#batchOf(c, state);
        state.failures = 0;
        if (this.#stopped) return;
        if (typeof outcome === 'number') {
          state.elsewhereUntil = Date.now() + outcome;
          this.#later(c, state, outcome + 20);
          return;
        }
        if (outcome === 'busy') {
          // Another process holds it: look again shortly, for what it may have missed.
          this.#later(c, state, 50);
          return;
        }
        if (outcome === 'wait') {
          // Events are handed out but a transaction that may hold a smaller id still runs: look
          // again soon (its commit may not notify: it need not have appended), then less often.
          if (state.again) return this.#later(c, state, this.#gap(state));
          state.waits += 1;
          this.#later(c, state, Math.min(1_000, 5 * 2 ** Math.min(state.waits - 1, 8)));
          return;
        }
        state.waits = 0;
        if (outcome === 'full') continue; // a backlog: the next batch at once
        if (state.again) return this.#later(c, state, this.#gap(state));
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

  /** How long until the consumer's next pass may start (0: now). */
  #gap(state: State): number {
    return Math.max(0, state.lastPass + this.#spacingMs - Date.now());
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
   * One batch in one transaction: 'busy' (another process is in the consumer's batch), the ms left to
   * another process that has the consumer, 'full' (more may follow), 'wait' (events are handed out
   * beyond the safe horizon: look again shortly) or 'done'.
   */
  async #batchOf(c: LeadEventConsumer, state: State): Promise<'busy' | number | 'full' | 'wait' | 'done'> {
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
      // The position locked and the events after it read at once: no row, another process is in a batch;
      // `alheio_ms`, another process has the consumer for that long (no event read). The batch commits
      // without waiting for the WAL's flush (`synchronous_commit` off for this transaction only): a crash
      // can lose only the last fraction of a second of batches, position and effects together, and the
      // events, committed durably by their doors, are then handed again (the contract's at-least-once);
      // any later durable commit (a run's claim, a step's record) flushes the batch's WAL first.
      const rows = await executeRows<
        Omit<RawEvent, 'id'> & { id: string | number | null; posicao: string | number; alheio_ms: number | null }
      >(
        tx,
        sql`with p as (select ultimo_id, case when dono <> ${this.#me} and dono_ate > now()
              then ceil(extract(epoch from dono_ate - now()) * 1000)::int end as alheio_ms
            from lead_eventos_consumidores where consumidor = ${c.name} for update skip locked)
          select p.ultimo_id as posicao, p.alheio_ms, e.* from p
          cross join (select set_config('synchronous_commit', 'off', true) as sincrono) s left join lateral (
            select * from lead_eventos where p.alheio_ms is null and id > p.ultimo_id and id <= ${safe}
            order by id limit ${this.#batch}) e on true
          order by e.id`,
      );
      if (rows.length === 0) return 'busy';
      state.position = Number(rows[0]!.posicao);
      if (rows[0]!.alheio_ms !== null) return Math.max(1, Number(rows[0]!.alheio_ms));
      if (rows[0]!.id === null) return 'done';
      const events = (rows as RawEvent[]).map(eventOf);
      await c.handle(events, tx);
      const last = events[events.length - 1]!.id;
      await tx.execute(
        sql`update lead_eventos_consumidores set ultimo_id = ${last}, erro = null, falhas = 0, atualizado_em = now(),
          dono = ${this.#me}, dono_ate = now() + ${this.#ownMs}::int * interval '1 millisecond' where consumidor = ${c.name}`,
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
