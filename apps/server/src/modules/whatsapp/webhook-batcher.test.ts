// Group commit of the gateway's webhooks (webhook-batcher.ts): many webhooks at once are written in
// shared transactions, each answered after its commit, a bad one failing alone (ref §4, §8.3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMessageEvent } from '@funil/domain/whatsapp-api/realtime';
import { startKit, type Kit } from './whatsapp-test-kit.ts';
import { WEBHOOK_SECRET_HEADER } from './webhook.service.ts';

let k: Kit;
const INST = 'batch-a1';

const upsert = (id: string, phone: string, text: string) => ({
  event: 'messages.upsert',
  instance: INST,
  data: {
    key: { remoteJid: `55${phone}@s.whatsapp.net`, fromMe: false, id },
    pushName: 'Cliente',
    status: 'DELIVERY_ACK',
    message: { conversation: text },
    messageType: 'conversation',
    messageTimestamp: Math.floor(Date.now() / 1000),
  },
});

beforeAll(async () => {
  k = await startKit();
  expect((await k.t.as(k.tokens.a, { method: 'POST', url: '/api/instancias', payload: { name: INST } })).statusCode).toBe(201);
  await k.settle();
}, 60_000);

afterAll(async () => {
  await k?.close();
});

describe('webhook group commit', () => {
  it('stores 60 concurrent webhooks once each, answers a wrong secret and a malformed body alone, and emits only what was stored', async () => {
    const { secret } = await k.instance(INST).then((row) => ({ secret: row.webhookSecret }));
    const f = k.t.fixture;
    const leadIds = await Promise.all(Array.from({ length: 6 }, (_, i) => k.addLead(f.unitA1, f.companyA, `Cliente ${i}`, `1198888000${i}`)));
    const { events } = await k.socket(k.tokens.u);
    const send = (body: unknown, header = secret) =>
      fetch(`${k.appUrl}/api/webhooks/evolution`, { method: 'POST', headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: header }, body: JSON.stringify(body) });
    const bodies = Array.from({ length: 60 }, (_, i) => upsert(`BATCH${i}`, `1198888000${i % 6}`, `mensagem ${i}`));
    const answers = await Promise.all([
      ...bodies.map((b) => send(b)),
      send(upsert('INTRUSO', '11988880000', 'não deve entrar'), 'segredo-errado'),
      send({ event: 'messages.upsert' }),
      send(bodies[0]),
    ]);
    const statuses = answers.map((r) => r.status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([401, 400, 200]);
    await k.settle();
    const stored = (await Promise.all(leadIds.map((id) => k.messagesOf(id)))).flat();
    expect(stored.map((m) => m.messageId).sort()).toEqual(bodies.map((b) => b.data.key.id).sort());
    const created = events.filter((e) => e.name === appMessageEvent(f.companyA) && (e.payload as { action: string }).action === 'create');
    expect(created).toHaveLength(60);
  });
});
