// What the WhatsApp services share: the database, the sockets, the gateway client (absent when no
// gateway is configured), the media folder, a small cache of instances by name and the background
// media downloads (awaited on close).
import type { FastifyBaseLogger } from 'fastify';

import type { Db, DbOrTx, Tx } from '../../db/handle.ts';
import type { EvolutionClient } from '../../integrations/evolution/evolution-client.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { findInstanceByName, type InstanceRow } from './instances/instances.repository.ts';

export type WhatsappGateway = { client: EvolutionClient; publicUrl: string };

export type WhatsappContext = {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
  gateway: WhatsappGateway | null;
  mediaDir: string;
  instances: InstanceCache;
  /** unit:lid pairs already stored, so the hot path skips the insert. */
  knownLids: Set<string>;
  /** When this process last kept an ack or deletion (each waits in whatsapp_eventos_pendentes first; message-pipeline.ts). */
  earlyEvents: { at: number };
  background: Set<Promise<void>>;
  /**
   * Set inside a webhook batch transaction (webhook-batcher.ts): socket events, background work and
   * in-memory caches wait for the commit, so nothing is announced that a rollback would undo.
   */
  afterCommit?: ((fn: () => void) => void) | undefined;
  /** The context outside the transaction, for work that runs after the commit. */
  root?: WhatsappContext | undefined;
};

const TTL_MS = 5_000;

/** Instances by name for the webhook hot path; invalidated on every local change. */
export class InstanceCache {
  readonly #db: Db;
  readonly #byName = new Map<string, { row: InstanceRow | null; at: number }>();
  constructor(db: Db) {
    this.#db = db;
  }
  /**
   * `db` is the caller's transaction when there is one (PGlite has one connection: a query beside an open transaction would wait
   * for it forever).
   */
  async byName(name: string, db: DbOrTx = this.#db): Promise<InstanceRow | null> {
    const hit = this.#byName.get(name);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.row;
    const row = await findInstanceByName(db, name);
    this.#byName.set(name, { row, at: Date.now() });
    if (this.#byName.size > 10_000) this.#byName.clear();
    return row;
  }
  set(row: InstanceRow): void {
    this.#byName.set(row.name, { row, at: Date.now() });
  }
  forget(name: string): void {
    this.#byName.delete(name);
  }
}

/** How long after an ack or deletion the batch paths look for events that raced their insert. */
export const EARLY_EVENT_WINDOW_MS = 30_000;

/** Whether this process kept an ack or deletion lately (a batch then settles its messages again). */
export const earlyEventsLately = (ctx: WhatsappContext, now = Date.now()): boolean =>
  now - ctx.earlyEvents.at < EARLY_EVENT_WINDOW_MS;

/** Runs `fn` now, or after the commit of the batch transaction `ctx` belongs to. */
export function onCommit(ctx: WhatsappContext, fn: () => void): void {
  if (ctx.afterCommit) ctx.afterCommit(fn);
  else fn();
}

/**
 * Runs work after the answer (after the commit, inside a batch) with a context outside any
 * transaction; errors are logged, never thrown; close() waits for it.
 */
export function runInBackground(ctx: WhatsappContext, label: string, work: (ctx: WhatsappContext) => Promise<void>): void {
  const root = ctx.root ?? ctx;
  if (ctx.afterCommit) {
    ctx.afterCommit(() => runInBackground(root, label, work));
    return;
  }
  const task = work(root)
    .catch((err: unknown) => ctx.log.warn({ err }, label))
    .finally(() => ctx.background.delete(task));
  ctx.background.add(task);
}

/**
 * A context bound to an open transaction: its socket events and background work are held until
 * `commit()` runs them; a rolled-back item simply never calls it.
 */
export function transactionalContext(ctx: WhatsappContext, tx: Tx): { ctx: WhatsappContext; commit(): void } {
  const root = ctx.root ?? ctx;
  const held: (() => void)[] = [];
  const realtime: Realtime = {
    io: root.realtime.io,
    toUnit: (unitId, event, payload) => void held.push(() => root.realtime.toUnit(unitId, event, payload)),
    toCompany: (companyId, event, payload) => void held.push(() => root.realtime.toCompany(companyId, event, payload)),
    toUsersWhoSee: (lead, event, payload) => void held.push(() => root.realtime.toUsersWhoSee(lead, event, payload)),
    toUnitExceptWhoSee: (lead, event, payload) => void held.push(() => root.realtime.toUnitExceptWhoSee(lead, event, payload)),
    close: () => root.realtime.close(),
  };
  // A transaction answers every query a Db does; the services only query through ctx.db.
  const scoped: WhatsappContext = { ...root, db: tx as unknown as Db, realtime, afterCommit: (fn) => void held.push(fn), root };
  return {
    ctx: scoped,
    commit: () => {
      for (const fn of held) fn();
    },
  };
}
