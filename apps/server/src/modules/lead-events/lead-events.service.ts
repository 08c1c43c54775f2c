// The door of the lead event stream (issue 22 §2): appendLeadEvents, called inside the transaction
// of every change of a lead, the stream's reads and retention, and the contract of a consumer (the
// runner that feeds them is lead-event-runner.ts). See README.md for how a consumer is added.
import { AsyncLocalStorage } from 'node:async_hooks';

import { sql, type SQL } from 'drizzle-orm';

import type { AutomationCause } from '@funil/domain/automations/automations';
import { leadEventInputSchema, type LeadEvent, type LeadEventInput } from '@funil/domain/lead-events/lead-events';

import { afterCommit } from '../../db/after-commit.ts';
import { executeRows, type Db, type DbOrTx, type Tx } from '../../db/handle.ts';
import { encodedValues, typedPlaceholder } from '../../db/prebuilt.ts';
import { leadEventos } from './lead-events.table.ts';

/**
 * The channel the stream's appends are announced on, after their commit (`announceAppend`): it wakes the
 * consumers of every server process. Not from the appending transaction: PostgreSQL serialises the commits
 * of all transactions that NOTIFY behind one lock held through their WAL flush (docs/decisions.md
 * "Lead events: the wake-up after the commit").
 */
export const LEAD_EVENTS_CHANNEL = 'funil_lead_eventos';

/**
 * One announcer per database handle: after the commits of appends, one NOTIFY at a time in a transaction
 * of its own that does not wait for the WAL's flush (a lost wake-up costs a consumer's poll, never an
 * event). The appends committed while one is on its way, or within `ANNOUNCE_SPACING_MS` of the last,
 * share the next: an isolated change is announced at once, a busy stream about a hundred times a second
 * (its consumers start a pass at most every 25 ms anyway), one statement for many commits.
 */
const ANNOUNCE_SPACING_MS = 10;

class Announcer {
  #sending = false;
  #again = false;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #last = 0;
  constructor(readonly db: Db) {}

  announce(): void {
    if (this.#sending) {
      this.#again = true;
      return;
    }
    if (this.#timer) return;
    const wait = this.#last + ANNOUNCE_SPACING_MS - Date.now();
    if (wait <= 0) return this.#send();
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#send();
    }, wait);
    this.#timer.unref?.();
  }

  #send(): void {
    this.#sending = true;
    this.#again = false;
    this.#last = Date.now();
    // Started in a promise: a handle already closed (a server stopping) must not throw from a timer.
    Promise.resolve()
      .then(() =>
        this.db.execute(sql`select set_config('synchronous_commit', 'off', true), pg_notify(${LEAD_EVENTS_CHANNEL}, '')`),
      )
      .catch(() => undefined)
      .finally(() => {
        this.#sending = false;
        if (this.#again) this.announce();
      });
  }
}

const announcers = new WeakMap<Db, Announcer>();

function announcerOf(db: Db): Announcer {
  let announcer = announcers.get(db);
  if (!announcer) announcers.set(db, (announcer = new Announcer(db)));
  return announcer;
}

/**
 * Announces an append once its transaction has committed (db/after-commit.ts). A transaction of a handle
 * without the hook (none in the app) notifies at its own commit, as a trigger did before.
 */
async function announceAppend(tx: Tx): Promise<void> {
  if (afterCommit(tx, (root) => announcerOf(root).announce())) return;
  await tx.execute(sql`select pg_notify(${LEAD_EVENTS_CHANNEL}, '')`);
}

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
  await announceAppend(tx);
}

/** The lead event of a change that leaves the lead's audience as it was (001 §6: the same users see it after). */
export function sameAudienceEvent(
  lead: { cliCrmId: number; idEmpresa: number; idUnidade: number; idUsuario: number | null },
  change: Pick<LeadEventInput, 'tipo' | 'ator' | 'mudancas' | 'dados'>,
): LeadEventInput {
  const audience = { idUnidade: lead.idUnidade, idUsuario: lead.idUsuario };
  return {
    ...change,
    cliCrmId: lead.cliCrmId,
    idEmpresa: lead.idEmpresa,
    idUnidade: lead.idUnidade,
    antes: audience,
    depois: audience,
  };
}

/** The event columns a statement built once writes (leadEventPart), with their SQL types. */
const PART_COLUMNS = ['tipo', 'idEmpresa', 'idUnidade', 'antes', 'depois', 'ator', 'mudancas', 'dados'] as const;

/**
 * One event's insert as a part of a statement built once (db/prebuilt.ts sqlBuiltOnce): the change's
 * writes and its event in one round trip when the lead's id is only known inside the statement (a
 * new lead's creation). The event is written for each row of `source` (a CTE of the statement with
 * a `cli_crm_id` column: none, no event); its other values are the placeholders `leadEventValues`
 * fills. The caller then calls `announceLeadEvents` in the same transaction.
 */
export function leadEventPart(source: SQL): SQL {
  const columns = PART_COLUMNS.map((key) => sql.identifier(leadEventos[key].name));
  const values = PART_COLUMNS.map((key) => typedPlaceholder(`evento_${key}`, leadEventos[key]));
  return sql`insert into ${leadEventos} (${sql.identifier(leadEventos.cliCrmId.name)}, ${sql.join(columns, sql`, `)})
    select ${source}.cli_crm_id, ${sql.join(values, sql`, `)} from ${source}`;
}

/** The placeholders' values of leadEventPart for this event (checked and tagged as appendLeadEvents does). */
export function leadEventValues(event: Omit<LeadEventInput, 'cliCrmId'>): Record<string, unknown> {
  // The lead's id is the statement's; the check needs one.
  const [row] = checkedRows([{ ...event, cliCrmId: 1 } as LeadEventInput]);
  const encoded = encodedValues(leadEventos, PART_COLUMNS, row!);
  return Object.fromEntries(PART_COLUMNS.map((key) => [`evento_${key}`, encoded[key]]));
}

/** After a statement with a leadEventPart: its event announced once the transaction commits. */
export const announceLeadEvents = (tx: Tx): Promise<void> => announceAppend(tx);

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
  await announceAppend(tx);
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
