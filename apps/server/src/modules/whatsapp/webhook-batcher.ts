// Group commit for the gateway's webhooks: the webhooks that arrive while a batch is being written
// go into the next one, and a batch is ONE transaction with a savepoint per webhook. Each webhook is
// answered only after its batch committed, so an answered webhook is durable (the gateway does not
// resend it), while the disk flushes once per batch instead of once per statement. A webhook that
// fails rolls back to its savepoint alone and gets its own error.
// Webhooks are spread over a few lanes by chat (the contact's jid), each lane writing its batches
// one at a time in arrival order: the events of one chat keep their order and never wait on each
// other's row locks, while different chats are written side by side.
import type { Tx } from '../../db/connection.ts';
import type { WhatsappContext } from './whatsapp-context.ts';
import { transactionalContext } from './whatsapp-context.ts';
import { ingestWebhook, type IngestResult } from './webhook.service.ts';

type Item = { body: unknown; secret: string | undefined; resolve(value: IngestResult): void; reject(error: unknown): void };
class NeedsSavepoints extends Error {}

async function ingestIn(ctx: WhatsappContext, tx: Tx, item: Item): Promise<{ result: IngestResult; commit(): void }> {
  const scoped = transactionalContext(ctx, tx);
  const result = await ingestWebhook(scoped.ctx, item.body, item.secret);
  return { result, commit: scoped.commit };
}

type Outcome = { ok: true; value: IngestResult; commit(): void } | { ok: false; error: unknown };

class Lane {
  readonly #ctx: WhatsappContext;
  readonly #maxBatch: number;
  #queue: Item[] = [];
  #draining: Promise<void> | null = null;

  constructor(ctx: WhatsappContext, maxBatch: number) {
    this.#ctx = ctx;
    this.#maxBatch = maxBatch;
  }

  /** Ingests one webhook; resolves after the transaction holding it committed. */
  submit(body: unknown, secret: string | undefined): Promise<IngestResult> {
    return new Promise<IngestResult>((resolve, reject) => {
      this.#queue.push({ body, secret, resolve, reject });
      this.#draining ??= this.#drain();
    });
  }

  /** Resolves once everything submitted so far is written. */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async #drain(): Promise<void> {
    // Let the webhooks that arrived in the same tick join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (this.#queue.length > 0) await this.#write(this.#queue.splice(0, this.#maxBatch));
    } finally {
      this.#draining = null;
    }
  }

  async #write(batch: Item[]): Promise<void> {
    let outcomes: Outcome[] = [];
    try {
      // First without savepoints (two statements fewer per webhook); if any webhook fails, the
      // whole attempt rolls back and the batch is written again with a savepoint each.
      const clean = await retryOnConflict(() => (outcomes = []), () => this.#attempt(batch, outcomes, false));
      if (!clean) await retryOnConflict(() => (outcomes = []), () => this.#attempt(batch, outcomes, true));
    } catch (error) {
      // The commit itself failed: nothing of this batch is stored.
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) {
        outcome.commit();
        item.resolve(outcome.value);
      } else item.reject(outcome.error);
    });
  }

  /** One transaction over the batch; false when a webhook failed without savepoints (nothing kept). */
  async #attempt(batch: Item[], outcomes: Outcome[], savepoints: boolean): Promise<boolean> {
    try {
      await this.#ctx.db.transaction(async (tx) => {
        for (const item of batch) {
          try {
            const value = savepoints
              ? await tx.transaction((savepoint) => ingestIn(this.#ctx, savepoint, item))
              : await ingestIn(this.#ctx, tx, item);
            outcomes.push({ ok: true, value: value.result, commit: value.commit });
          } catch (error) {
            if (!savepoints) throw new NeedsSavepoints();
            outcomes.push({ ok: false, error });
          }
        }
      });
      return true;
    } catch (error) {
      if (error instanceof NeedsSavepoints) return false;
      throw error;
    }
  }

}

// Two lanes touching the same lead (a chat seen once by phone and once by @lid) can deadlock; the
// database then aborts one transaction whole, and it is safe to write that batch again.
const RETRYABLE = new Set(['40P01', '40001']);

async function retryOnConflict<T>(reset: () => void, attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    reset();
    try {
      return await attempt();
    } catch (error) {
      const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
      if (i >= tries || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    }
  }
}

/** The chat a webhook belongs to (ref §4.3: data.key.remoteJid, its phone alternative, or data.remoteJid). */
function chatOf(body: unknown): string {
  const data = (body as { data?: { key?: { remoteJid?: unknown; remoteJidAlt?: unknown }; remoteJid?: unknown } } | null)?.data;
  const key = data?.key;
  const jid = key?.remoteJidAlt ?? key?.remoteJid ?? data?.remoteJid;
  return typeof jid === 'string' ? jid : '';
}

function laneOf(chat: string, lanes: number): number {
  let h = 0;
  for (let i = 0; i < chat.length; i++) h = (h * 31 + chat.charCodeAt(i)) | 0;
  return Math.abs(h) % lanes;
}

export class WebhookBatcher {
  readonly #lanes: Lane[];

  constructor(ctx: WhatsappContext, options: { lanes?: number; maxBatch?: number } = {}) {
    this.#lanes = Array.from({ length: options.lanes ?? 4 }, () => new Lane(ctx, options.maxBatch ?? 200));
  }

  /** Ingests one webhook; resolves after the transaction holding it committed. */
  submit(body: unknown, secret: string | undefined): Promise<IngestResult> {
    return this.#lanes[laneOf(chatOf(body), this.#lanes.length)]!.submit(body, secret);
  }

  /** Resolves once everything submitted so far is written. */
  async idle(): Promise<void> {
    await Promise.all(this.#lanes.map((lane) => lane.idle()));
  }
}
