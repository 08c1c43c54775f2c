// Group commit for the gateway's webhooks: the webhooks that arrive while a batch is being written
// go into the next one, and a batch is written in a few commits shared by all its webhooks. Each
// webhook is answered only after what holds it committed, so an answered webhook is durable (the
// gateway does not resend it), while the disk flushes once per batch instead of once per message. A webhook is authenticated and
// parsed once,
// before the transaction: a wrong secret or a malformed body is answered at once and never touches
// the batch. A batch of message records only (the common case) is written without a transaction,
// one statement per round that is atomic and durable by itself (webhook-records.ts); the rest, and
// whatever that left (unknown numbers, a failed statement), is one transaction written set-based
// (webhook.service.ts ingestPrepared); if any webhook of it fails, it is written again with a
// savepoint per webhook, so that the bad one fails alone.
// Webhooks are spread over a few lanes by chat (the contact's jid), each lane writing its batches
// one at a time in arrival order: the events of one chat keep their order and never wait on each
// other's row locks, while different chats are written side by side.
// An authenticated webhook that cannot be stored (a value the database refuses, an id or a date Funil
// cannot keep) is kept aside with its reason and answered 200 (issue 21 item 2,
// rejected-webhooks.service.ts); only a transient failure answers 500 for the gateway to retry.
import type { InstanceRow } from '../instances/instances.repository.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import { keepRejectedWebhook, rejectionOf } from './rejected-webhooks.service.ts';
import { isRetryable, retryOnConflict, storeRecordsDirect, type RecordPlan } from './webhook-records.ts';
import {
  ingestPrepared,
  normaliseEventName,
  prepareWebhook,
  RejectedWebhookError,
  type IngestResult,
  type PreparedWebhook,
} from './webhook.service.ts';

type Item = { body: unknown; secret: string | undefined; resolve(value: IngestResult): void; reject(error: unknown): void };
type Work = { item: Item; prepared: Exclude<PreparedWebhook, { kind: 'done' }> };
class NeedsSavepoints extends Error {}

type Outcome = { ok: true; commit(): void } | { ok: false; error: unknown };

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
    let work: Work[] = [];
    for (const item of batch) {
      try {
        const prepared = await prepareWebhook(this.#ctx, item.body, item.secret);
        if (prepared.kind === 'done') item.resolve(prepared.result);
        else work.push({ item, prepared });
      } catch (error) {
        if (error instanceof RejectedWebhookError) await this.#keepAside(item, error.instance, error.event, error.rejection);
        else item.reject(error);
      }
    }
    if (work.length === 0) return;
    if (work.every((w) => w.prepared.kind === 'record')) {
      work = await this.#direct(work);
      if (work.length === 0) return;
    }
    let outcomes: Outcome[];
    try {
      // First set-based without savepoints; if any webhook fails, the whole attempt rolls back and
      // the batch is written again with a savepoint each.
      outcomes =
        (await retryOnConflict(() => this.#attempt(work, false))) ?? (await retryOnConflict(() => this.#attempt(work, true)))!;
    } catch (error) {
      // The commit itself failed: nothing of this batch is stored.
      for (const { item } of work) item.reject(error);
      return;
    }
    for (const [i, { item, prepared }] of work.entries()) {
      const outcome = outcomes[i]!;
      if (outcome.ok) {
        outcome.commit();
        item.resolve(prepared.result);
      } else if (rejectionOf(outcome.error) !== null)
        await this.#keepAside(item, prepared.instance, eventOf(item.body), outcome.error);
      else item.reject(outcome.error);
    }
  }

  /** Keeps a webhook that cannot be stored and answers it 200; if even that fails, 500 (the gateway retries). */
  async #keepAside(item: Item, instance: InstanceRow, event: string, error: unknown): Promise<void> {
    try {
      await keepRejectedWebhook(this.#ctx, instance, item.body, event, rejectionOf(error)!, error);
      item.resolve({ handled: 'rejected' });
    } catch (failure) {
      item.reject(failure);
    }
  }

  /**
   * A batch of message records only (the common case): written without BEGIN/COMMIT, one statement
   * per round, each durable before its webhooks are answered. Returns what is left for a transaction.
   */
  async #direct(work: Work[]): Promise<Work[]> {
    const done = await storeRecordsDirect(
      this.#ctx,
      work.map((w) => (w.prepared as { plan: RecordPlan }).plan),
    );
    const left: Work[] = [];
    work.forEach((w, i) => {
      if (done[i]) w.item.resolve(w.prepared.result);
      else left.push(w);
    });
    return left;
  }

  /** One transaction over the batch; null when a webhook failed without savepoints (nothing kept). */
  async #attempt(work: Work[], savepoints: boolean): Promise<Outcome[] | null> {
    const outcomes: Outcome[] = [];
    try {
      await this.#ctx.db.transaction(async (tx) => {
        if (!savepoints) {
          try {
            const commits = await ingestPrepared(
              this.#ctx,
              tx,
              work.map((w) => w.prepared),
            );
            for (const commit of commits) outcomes.push({ ok: true, commit });
          } catch (error) {
            if (isRetryable(error)) throw error;
            throw new NeedsSavepoints();
          }
          return;
        }
        for (const w of work) {
          try {
            const [commit] = await tx.transaction((savepoint) => ingestPrepared(this.#ctx, savepoint, [w.prepared]));
            outcomes.push({ ok: true, commit: commit! });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      });
      return outcomes;
    } catch (error) {
      if (error instanceof NeedsSavepoints) return null;
      throw error;
    }
  }
}

/** The dotted event name of an envelope (prepared webhooks are envelopes). */
const eventOf = (body: unknown): string => normaliseEventName(String((body as { event?: unknown }).event));

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
