// The instance's stored messages (ref §6 records): storing one, finding one by its key id, and its
// ack status, which only rises (ref §8.4) and is announced as `messages.update` (ref §4.3), by hand
// (control route) or on its own after the configured delays (`autoAck`).
import type { EmulatorContext } from './context.ts';
import { newCuid } from './records.ts';
import type { Instance, MessageRecord, StoredMedia, StoredMessage } from './types.ts';

// ref §4.3 renderStatus order; updates never go down (ref §8.4)
const ACK_RANK: Record<string, number> = { PENDING: 1, SERVER_ACK: 2, DELIVERY_ACK: 3, READ: 4, PLAYED: 5 };
const TERMINAL_STATUSES = new Set(['ERROR', 'DELETED']);

export const store = (inst: Instance, record: MessageRecord, viaApi: boolean, media?: StoredMedia): StoredMessage => {
  const stored: StoredMessage = {
    dbId: newCuid(),
    record,
    ackStatus: record.status,
    updates: [],
    viaApi,
    ...(media ? { media } : {}),
  };
  inst.messages.push(stored);
  return stored;
};

export const findStored = (inst: Instance, id: string): StoredMessage | undefined =>
  inst.messages.find((m) => m.record.key.id === id);

// ref §4.3 MESSAGES_UPDATE data is flat; statuses only rise (ref §8.4)
export const advanceAck = (ctx: EmulatorContext, inst: Instance, stored: StoredMessage, status: string): boolean => {
  if (TERMINAL_STATUSES.has(stored.ackStatus)) return false;
  if (!TERMINAL_STATUSES.has(status) && (ACK_RANK[status] ?? 0) <= (ACK_RANK[stored.ackStatus] ?? 0)) return false;
  stored.ackStatus = status;
  stored.updates.push({ status });
  if (!stored.record.key.fromMe) stored.record.status = status; // ref §3.11: only incoming rows update
  const key = stored.record.key;
  ctx.emit(inst, 'messages.update', {
    keyId: key.id,
    remoteJid: key.remoteJid,
    fromMe: key.fromMe,
    ...(key.participant ? { participant: key.participant } : {}),
    status,
    instanceId: inst.id,
    messageId: stored.dbId,
  });
  return true;
};

/** SERVER_ACK, DELIVERY_ACK then READ after the `autoAck` delays, while the message and its instance still exist. */
export const scheduleAutoAcks = (ctx: EmulatorContext, inst: Instance, stored: StoredMessage): void => {
  const autoAck = ctx.opts.autoAck === undefined ? { delaysMs: [400, 1500, 4000] as const } : ctx.opts.autoAck;
  if (!autoAck) return;
  const steps = ['SERVER_ACK', 'DELIVERY_ACK', 'READ'] as const;
  steps.forEach((status, i) => {
    ctx.later(autoAck.delaysMs[i] ?? 0, () => {
      if (ctx.state.instances.get(inst.name) === inst && inst.messages.includes(stored)) advanceAck(ctx, inst, stored, status);
    });
  });
};
