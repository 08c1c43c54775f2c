// Work that must follow a transaction's commit, registered by whoever holds the transaction: the
// database handles of connection.ts mark each transaction object their `db.transaction(fn)` hands
// out (and the savepoints opened on it), and call its callbacks once the COMMIT has returned (never
// after a rollback). A door deep in a module's call chain (the lead event stream's append, say) can
// so announce its change after the commit without every caller threading a hook through. Keyed by
// the transaction object, not by an AsyncLocalStorage: on Node 20 a store in use turns on promise
// hooks for the whole process, a cost on every promise of every request.
import type { Db, DbOrTx } from './handle.ts';

type Open = { root: Db; hooks: ((root: Db) => void)[]; closed: boolean };

const open = new WeakMap<object, Open>();

/**
 * Registers `fn` to run after the commit of the transaction `tx`, with the database handle that
 * opened it (for a statement of its own outside the transaction). False when `tx` is not such a
 * transaction (a handle, a transaction made elsewhere, or one already ended): the caller then does
 * its work another way. A savepoint's callbacks run after the outer commit.
 */
export function afterCommit(tx: DbOrTx, fn: (root: Db) => void): boolean {
  const entry = open.get(tx);
  if (!entry || entry.closed) return false;
  entry.hooks.push(fn);
  return true;
}

type TransactionFn = Db['transaction'];

/** Marks `tx` (and the savepoints opened on it) as part of `entry`. */
function track(tx: object, entry: Open): void {
  open.set(tx, entry);
  const t = tx as { transaction: TransactionFn };
  const savepoint = t.transaction.bind(tx);
  t.transaction = ((fn, config) =>
    savepoint((inner) => {
      track(inner, entry);
      return fn(inner);
    }, config)) as TransactionFn;
}

/** Makes `db.transaction` mark its transactions and run their `afterCommit` callbacks after the commit. */
export function withAfterCommit(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const wrapped = async (fn: Parameters<TransactionFn>[0], config?: Parameters<TransactionFn>[1]) => {
    const entry: Open = { root: db, hooks: [], closed: false };
    let result: unknown;
    try {
      result = await transaction((tx) => {
        track(tx, entry);
        return fn(tx);
      }, config);
    } finally {
      entry.closed = true;
    }
    for (const hook of entry.hooks) {
      try {
        hook(db);
      } catch {
        // An announcement's failure must not turn a committed change into an error.
      }
    }
    return result;
  };
  (db as { transaction: unknown }).transaction = wrapped;
  return db;
}
