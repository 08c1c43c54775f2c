// issue 7 §5: only admins (a, ag) and the super-admin connect, disconnect or remove a gateway
// instance; removing takes it off the gateway and out of Funil, keeping its conversations.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LEAD_WRITE_FORBIDDEN } from '@funil/domain/access/routes';
import { whatsappSessionEvent } from '@funil/domain/realtime/events';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import { REJECTED_WEBHOOK_REASONS, rejectedWebhookListResponseSchema } from '@funil/domain/whatsapp-api/rejected-webhooks';

import { whatsappWebhooksRejeitados } from '../ingest/rejected-webhooks.table.ts';
import { WEBHOOK_SECRET_HEADER } from '../ingest/webhook.service.ts';
import { startKit, type Kit } from '../whatsapp-test-kit.ts';
import { instanciasEvolution } from './instances.table.ts';

let k: Kit;
let tokens: Record<'m' | 'ag' | 'sa', string>;
const INST = 'inst-a1';

type Req = { method: 'GET' | 'DELETE' | 'POST'; url: string; body?: object };
const call = (token: string, r: Req) => k.t.as(token, { method: r.method, url: r.url, ...(r.body ? { payload: r.body } : {}) });
const rowOf = async (name: string) =>
  (await k.t.database.db.select().from(instanciasEvolution).where(eq(instanciasEvolution.name, name)))[0] ?? null;
const create = async (name: string) =>
  expect((await call(k.tokens.a, { method: 'POST', url: '/api/instancias', body: { name } })).statusCode).toBe(201);

beforeAll(async () => {
  k = await startKit();
  const f = k.t.fixture;
  tokens = { m: await k.t.login(f.users.m.email), ag: await k.t.login(f.users.ag.email), sa: await k.t.login(f.users.sa.email) };
  await create(INST);
  await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000003' });
  await k.settle();
}, 60_000);

afterAll(async () => {
  await k?.close();
});

describe('who may manage an instance (issue 7 §5, 001 §6)', () => {
  it.each([
    ['GET', `/api/instance/connect/${INST}`],
    ['DELETE', `/api/instance/logout/${INST}`],
    ['DELETE', `/api/instance/delete/${INST}`],
  ] as const)('%s %s answers 403 to an attendant and a manager, and the number stays online', async (method, url) => {
    // issue 22 §3: an instance is not lead work, so a manager gets the admins' rule, never the
    // lead-write answer of issue 21 item 6 (LEAD_WRITE_FORBIDDEN), whatever the method.
    for (const token of [k.tokens.u, tokens.m]) {
      const res = await call(token, { method, url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: WHATSAPP_MESSAGES.instanceManageAdminsOnly, status: 403 });
      expect(res.json().message).not.toBe(LEAD_WRITE_FORBIDDEN);
    }
    expect((await rowOf(INST))?.connectionStatus).toBe('open');
    expect(k.emu.state.instances.get(INST)?.state).toBe('open');
  });

  it('lets the unit admin, the company admin and the super-admin connect', async () => {
    for (const token of [k.tokens.a, tokens.ag, tokens.sa])
      expect((await call(token, { method: 'GET', url: `/api/instance/connect/${INST}` })).statusCode).toBe(200);
  });

  it('still lets an attendant see the instances and their state', async () => {
    expect((await call(k.tokens.u, { method: 'GET', url: '/api/instancias' })).statusCode).toBe(200);
    expect((await call(k.tokens.u, { method: 'GET', url: `/api/instance/connectionState/${INST}` })).statusCode).toBe(200);
  });
});

describe('DELETE /api/instance/delete/{instance} (issue 7 §5, ref §3.5)', () => {
  it("answers 404 to another company's admin and removes nothing", async () => {
    expect((await call(k.tokens.aB1, { method: 'DELETE', url: `/api/instance/delete/${INST}` })).statusCode).toBe(404);
    expect(await rowOf(INST)).not.toBeNull();
    expect(k.emu.state.instances.has(INST)).toBe(true);
  });

  it('removes the instance from the gateway and from Funil, keeps its messages with their lead, and tells the unit', async () => {
    const f = k.t.fixture;
    const leadId = await k.addLead(f.unitA1, f.companyA, 'Marta Reis', '11987654000');
    await k.emu$('POST', `/_emulator/instances/${INST}/messages`, { from: '5511987654000', text: 'olá' });
    await k.settle();
    expect(await k.messagesOf(leadId)).toHaveLength(1);
    const row = (await rowOf(INST))!;
    const { events } = await k.socket(k.tokens.u);

    const res = await call(k.tokens.a, { method: 'DELETE', url: `/api/instance/delete/${INST}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: WHATSAPP_MESSAGES.instanceRemoved });
    expect(await rowOf(INST)).toBeNull();
    expect(k.emu.state.instances.has(INST)).toBe(false);
    const messages = await k.messagesOf(leadId);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.idInstancia).toBeNull();
    await k.settle();
    expect(events).toContainEqual({
      name: whatsappSessionEvent(f.companyA),
      payload: expect.objectContaining({ action: 'delete', instance: expect.objectContaining({ id: row.id, name: INST }) }),
    });
    expect((await call(k.tokens.a, { method: 'GET', url: '/api/instancias' })).json().data).toEqual([]);
  });

  it('removes an instance the gateway no longer knows', async () => {
    await create('inst-perdida');
    const row = (await rowOf('inst-perdida'))!;
    await k.emu.app.inject({ method: 'DELETE', url: '/instance/delete/inst-perdida', headers: { apikey: row.token } });
    expect((await call(tokens.ag, { method: 'DELETE', url: '/api/instance/delete/inst-perdida' })).statusCode).toBe(200);
    expect(await rowOf('inst-perdida')).toBeNull();
  });

  it('answers 404 for an unknown instance', async () => {
    expect((await call(k.tokens.a, { method: 'DELETE', url: '/api/instance/delete/nao-existe' })).statusCode).toBe(404);
  });
});

describe('GET instancias/rejeitados: the webhooks Funil could not store (issue 21 item 2)', () => {
  it(
    "shows the company admin and the super-admin their company's, newest first, with the reason, the " +
      'instance and the date; 403 to the others',
    async () => {
      const REJ = 'rej-a1';
      await create(REJ);
      const row = (await rowOf(REJ))!;
      const post = (data: unknown) =>
        k.t.app.inject({
          method: 'POST',
          url: '/api/webhooks/evolution',
          headers: { [WEBHOOK_SECRET_HEADER]: row.webhookSecret },
          payload: { event: 'messages.upsert', instance: REJ, data: data as object },
        });
      const longPhone = {
        key: { remoteJid: `${'9'.repeat(25)}@s.whatsapp.net`, fromMe: false, id: 'REJ-PHONE' },
        message: { conversation: 'oi' },
        messageType: 'conversation',
        messageTimestamp: 1_729_512_000,
      };
      const badDate = {
        ...longPhone,
        key: { remoteJid: '5511987650001@s.whatsapp.net', fromMe: false, id: 'REJ-DATE' },
        messageTimestamp: 1e17,
      };
      for (const data of [longPhone, badDate]) expect((await post(data)).json()).toEqual({ ok: true, handled: 'rejected' });
      // Another company's rejected webhook never shows.
      const f = k.t.fixture;
      await k.t.database.db.insert(whatsappWebhooksRejeitados).values({
        idEmpresa: f.companyB,
        idUnidade: f.unitB1,
        idInstancia: 999,
        nomeInstancia: 'outra-empresa',
        evento: 'messages.upsert',
        motivo: 'x',
        corpo: {},
        chave: 'b',
      });

      for (const token of [tokens.ag, tokens.sa]) {
        const res = await call(token, { method: 'GET', url: '/api/instancias/rejeitados' });
        expect(res.statusCode).toBe(200);
        const { data } = rejectedWebhookListResponseSchema.parse(res.json());
        expect(
          data.map(({ messageId, motivo, instancia, unidade, evento, contato }) => ({
            messageId,
            motivo,
            instancia,
            unidade,
            evento,
            contato,
          })),
        ).toEqual([
          {
            messageId: 'REJ-DATE',
            motivo: REJECTED_WEBHOOK_REASONS.badDate,
            instancia: REJ,
            unidade: 'Unidade A1',
            evento: 'messages.upsert',
            contato: '5511987650001@s.whatsapp.net',
          },
          {
            messageId: 'REJ-PHONE',
            motivo: REJECTED_WEBHOOK_REASONS.phoneTooLong,
            instancia: REJ,
            unidade: 'Unidade A1',
            evento: 'messages.upsert',
            contato: `${'9'.repeat(25)}@s.whatsapp.net`,
          },
        ]);
        expect(Date.now() - new Date(data[0]!.criadoEm).getTime()).toBeLessThan(60_000);
      }
      for (const token of [k.tokens.a, k.tokens.u, tokens.m, k.tokens.aB1]) {
        const res = await call(token, { method: 'GET', url: '/api/instancias/rejeitados' });
        expect([res.statusCode, res.json().message]).toEqual([403, WHATSAPP_MESSAGES.rejectedWebhooksCompanyAdminsOnly]);
      }
    },
  );
});
