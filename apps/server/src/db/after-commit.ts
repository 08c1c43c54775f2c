// Work that must follow a transaction's commit, registered from anywhere inside it: the database
// handles of connection.ts run every `db.transaction(fn)` with a list of such callbacks in an
// AsyncLocalStorage, and call them once the COMMIT has returned (never after a rollback). A door
// deep in a module's call chain (the lead event stream's append, say) can so announce its change
// after the commit without every caller threading a hook through.
import { AsyncLocalStorage } from 'node:async_hooks';

import type { Db } from './handle.ts';

type Open = { root: Db; hooks: ((root: Db) => void)[]; closed: boolean };

const store = new AsyncLocalStorage<Open>();

/**
 * Registers `fn` to run after the commit of the transaction this code runs in, with the database
 * handle that opened it (for a statement of its own outside the transaction). False when the code
 * does not run inside such a transaction (a handle made elsewhere, or after its end): the caller
 * then does its work another way. A savepoint's work runs after the outer commit.
 */
export function afterCommit(fn: (root: Db) => void): boolean {
  const open = store.getStore();
  if (!open || open.closed) return false;
  open.hooks.push(fn);
  return true;
}

/** Makes `db.transaction` collect `afterCommit` callbacks and run them after its commit. */
export function withAfterCommit(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const wrapped = async (fn: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    const open: Open = { root: db, hooks: [], closed: false };
    let result: unknown;
    try {
      result = await store.run(open, () => transaction(fn, config));
    } finally {
      // A callback registered later (a timer started inside the transaction) runs no more here.
      open.closed = true;
    }
    for (const hook of open.hooks) {
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
