// Group commit of the gateway's webhooks (webhook-batcher.ts): many webhooks at once are written in
// shared transactions, each answered after its commit, a bad one failing alone and kept aside
// (ref §4, §8.3; issue 21 item 2).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CompanyContactEvent } from '@funil/domain/leads-api/lead-api';
import { appMessageEvent, contactEvent } from '@funil/domain/realtime/events';
import { REJECTED_WEBHOOK_REASONS } from '@funil/domain/whatsapp-api/rejected-webhooks';

import { whatsappEventosPendentes, whatsappLids } from '../chat/messages.table.ts';
import { startKit, type Kit } from '../whatsapp-test-kit.ts';
import { whatsappContextOf } from '../whatsapp.routes.ts';
import { whatsappWebhooksRejeitados } from './rejected-webhooks.table.ts';
import { WebhookBatcher } from './webhook-batcher.ts';
import { WEBHOOK_SECRET_HEADER } from './webhook.service.ts';

let k: Kit;
const INST = 'batch-a1';

// A record's content quoting a message id longer than the store keeps: the database refuses the row.
const quotingTooLong = (text: string) => ({
  message: {
    extendedTextMessage: {
      text,
      contextInfo: {
        stanzaId: 'Q'.repeat(700),
        participant: '5511900000001@s.whatsapp.net',
        quotedMessage: { conversation: 'a' },
      },
    },
  },
  messageType: 'extendedTextMessage',
});
const keptAside = async (messageId: string) =>
  (
    await k.t.database.db.select().from(whatsappWebhooksRejeitados).where(eq(whatsappWebhooksRejeitados.messageId, messageId))
  ).map((r) => r.motivo);

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
  it(
    'stores 60 concurrent webhooks once each, answers a wrong secret and a malformed body alone, and ' +
      'emits only what was stored',
    async () => {
      const { secret } = await k.instance(INST).then((row) => ({ secret: row.webhookSecret }));
      const f = k.t.fixture;
      const leadIds = await Promise.all(
        Array.from({ length: 6 }, (_, i) => k.addLead(f.unitA1, f.companyA, `Cliente ${i}`, `1198888000${i}`)),
      );
      const { events } = await k.socket(k.tokens.u);
      const send = (body: unknown, header = secret) =>
        fetch(`${k.appUrl}/api/webhooks/evolution`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: header },
          body: JSON.stringify(body),
        });
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
      const created = events.filter(
        (e) => e.name === appMessageEvent(f.companyA) && (e.payload as { action: string }).action === 'create',
      );
      expect(created).toHaveLength(60);
    },
  );

  it(
    'writes one batch set-based: a duplicate stores once, an ack before its message is applied and ' +
      'never lowered, an unknown number becomes a lead, a lid is remembered, a bad row fails alone (ref ' +
      '§4.1, §7, §8.3, §8.4)',
    async () => {
      const { webhookSecret: secret } = await k.instance(INST);
      const f = k.t.fixture;
      const maria = await k.addLead(f.unitA1, f.companyA, 'Maria Lote', '11977770001');
      const joao = await k.addLead(f.unitA1, f.companyA, 'João Lote', '11977770002');
      const { events } = await k.socket(k.tokens.u);
      const at = Math.floor(Date.now() / 1000);
      const record = (id: string, jid: string, fromMe: boolean, text: string, extra: Record<string, unknown> = {}) => ({
        key: { remoteJid: jid, fromMe, id, ...extra },
        pushName: fromMe ? 'Você' : 'Cliente Novo',
        status: fromMe ? 'PENDING' : 'DELIVERY_ACK',
        message: { conversation: text },
        messageType: 'conversation',
        messageTimestamp: at,
      });
      const ack = (id: string, status: string) => ({
        event: 'messages.update',
        instance: INST,
        data: { keyId: id, remoteJid: '5511977770001@s.whatsapp.net', fromMe: true, status },
      });
      const mariaJid = '5511977770001@s.whatsapp.net';
      // One lane and one tick: all of these are one batch.
      const batcher = new WebhookBatcher(whatsappContextOf(k.t.app), { lanes: 1 });
      const bodies: [unknown, string][] = [
        [ack('LOTE-OWN', 'READ'), secret],
        [{ event: 'send.message', instance: INST, data: record('LOTE-OWN', mariaJid, true, 'enviada do celular') }, secret],
        [{ event: 'messages.upsert', instance: INST, data: record('LOTE-IN1', mariaJid, false, 'primeira') }, secret],
        [{ event: 'messages.upsert', instance: INST, data: record('LOTE-IN1', mariaJid, false, 'primeira') }, secret],
        [{ event: 'messages.upsert', instance: INST, data: record('LOTE-IN2', mariaJid, false, 'segunda') }, secret],
        [
          {
            event: 'messages.upsert',
            instance: INST,
            data: record('LOTE-NEW', '5511977770009@s.whatsapp.net', false, 'sou novo'),
          },
          secret,
        ],
        [
          {
            event: 'messages.upsert',
            instance: INST,
            data: record('LOTE-LID', '77770002@lid', false, 'por lid', { remoteJidAlt: '5511977770002@s.whatsapp.net' }),
          },
          secret,
        ],
        // A row the database refuses (a quoted id longer than the store keeps): it fails alone and is
        // kept aside with its reason, answered 200 (issue 21 item 2).
        [
          {
            event: 'messages.upsert',
            instance: INST,
            data: {
              ...record('LOTE-BAD', '5511977770002@s.whatsapp.net', false, ''),
              ...quotingTooLong('citação de id longo demais'),
            },
          },
          secret,
        ],
        [{ event: 'messages.upsert', instance: INST, data: record('LOTE-FORGED', mariaJid, false, 'intrusa') }, 'segredo-errado'],
        [ack('LOTE-OWN', 'DELIVERY_ACK'), secret],
      ];
      const answers = await Promise.allSettled(bodies.map(([body, header]) => batcher.submit(body, header)));
      await batcher.idle();
      await k.settle();
      expect(answers.map((a) => a.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect((answers[7] as PromiseFulfilledResult<unknown>).value).toEqual({ handled: 'rejected' });
      expect(await keptAside('LOTE-BAD')).toEqual([REJECTED_WEBHOOK_REASONS.notStored]);
      expect((answers[8] as PromiseRejectedResult).reason).toMatchObject({ code: 'unauthorized' });

      const own = await k.messagesOf(maria);
      expect(own.map((m) => [m.messageId, m.ack, m.body])).toEqual([
        ['LOTE-OWN', 4, 'enviada do celular'],
        ['LOTE-IN1', 0, 'primeira'],
        ['LOTE-IN2', 0, 'segunda'],
      ]);
      expect(
        await k.t.database.db.select().from(whatsappEventosPendentes).where(eq(whatsappEventosPendentes.messageId, 'LOTE-OWN')),
      ).toEqual([]);
      const mariaRow = await k.leadRow(maria);
      expect(mariaRow).toMatchObject({
        whatsappUltimaMensagemNaoLidas: 2,
        whatsappUltimaMensagemTexto: 'segunda',
        whatsappUltimaMensagemFromMe: 0,
      });

      expect((await k.messagesOf(joao)).map((m) => m.messageId)).toEqual(['LOTE-LID']);
      const lids = await k.t.database.db.select().from(whatsappLids).where(eq(whatsappLids.lid, '77770002@lid'));
      expect(lids.map((l) => l.cliCrmId)).toEqual([joao]);

      const [created] = await k.leadsWithPhoneKey('1177770009');
      expect(created).toMatchObject({ cliNome: 'Cliente Novo', cliTipoLead: 4, whatsappUltimaMensagemNaoLidas: 1 });
      expect((await k.messagesOf(created!.cliCrmId)).map((m) => m.body)).toEqual(['sou novo']);

      const creates = events
        .filter((e) => e.name === appMessageEvent(f.companyA))
        .map((e) => e.payload as { action: string; message: { messageId: string; ack: number } })
        .filter((p) => p.action === 'create' && p.message.messageId.startsWith('LOTE'));
      expect(creates.map((p) => p.message.messageId)).toEqual(['LOTE-OWN', 'LOTE-IN1', 'LOTE-IN2', 'LOTE-NEW', 'LOTE-LID']);
      expect(creates[0]!.message.ack).toBe(4);
      expect(
        events.some(
          (e) => e.name === contactEvent(f.companyA) && (e.payload as CompanyContactEvent).cli_crm_id === created!.cliCrmId,
        ),
      ).toBe(true);
    },
  );

  it(
    'writes a batch of message records without a transaction: a duplicate stores once, an earlier ack ' +
      'is applied, an unknown number becomes one lead, a lid is remembered, a bad row fails alone (ref ' +
      '§4.1, §7, §8.3, §8.4)',
    async () => {
      const { webhookSecret: secret } = await k.instance(INST);
      const f = k.t.fixture;
      const ana = await k.addLead(f.unitA1, f.companyA, 'Ana Direta', '11966660001');
      const bia = await k.addLead(f.unitA1, f.companyA, 'Bia Direta', '11966660002');
      const { events } = await k.socket(k.tokens.u);
      const at = Math.floor(Date.now() / 1000);
      const upsert = (id: string, jid: string, fromMe: boolean, text: string, extra: Record<string, unknown> = {}) => ({
        event: fromMe ? 'send.message' : 'messages.upsert',
        instance: INST,
        data: {
          key: { remoteJid: jid, fromMe, id, ...extra },
          pushName: 'Cliente Direto',
          status: fromMe ? 'PENDING' : 'DELIVERY_ACK',
          message: { conversation: text },
          messageType: 'conversation',
          messageTimestamp: at,
        },
      });
      const anaJid = '5511966660001@s.whatsapp.net';
      const batcher = new WebhookBatcher(whatsappContextOf(k.t.app), { lanes: 1 });
      await batcher.submit(
        {
          event: 'messages.update',
          instance: INST,
          data: { keyId: 'DIR-OWN', remoteJid: anaJid, fromMe: true, status: 'DELIVERY_ACK' },
        },
        secret,
      );
      const bodies = [
        upsert('DIR-OWN', anaJid, true, 'minha'),
        upsert('DIR-IN1', anaJid, false, 'primeira'),
        upsert('DIR-IN1', anaJid, false, 'primeira'),
        upsert('DIR-IN2', anaJid, false, 'segunda'),
        upsert('DIR-NEW1', '5511966660009@s.whatsapp.net', false, 'novo 1'),
        upsert('DIR-NEW2', '5511966660009@s.whatsapp.net', false, 'novo 2'),
        upsert('DIR-LID', '66660002@lid', false, 'por lid', { remoteJidAlt: '5511966660002@s.whatsapp.net' }),
        {
          ...upsert('DIR-BAD', '5511966660002@s.whatsapp.net', false, ''),
          data: {
            ...upsert('DIR-BAD', '5511966660002@s.whatsapp.net', false, '').data,
            ...quotingTooLong('citação de id longo demais'),
          },
        },
        upsert('DIR-BIA2', '5511966660002@s.whatsapp.net', false, 'depois do erro'),
      ];
      const answers = await Promise.allSettled(bodies.map((b) => batcher.submit(b, secret)));
      await batcher.idle();
      await k.settle();
      expect(answers.map((a) => a.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      expect((answers[7] as PromiseFulfilledResult<unknown>).value).toEqual({ handled: 'rejected' });
      expect(await keptAside('DIR-BAD')).toEqual([REJECTED_WEBHOOK_REASONS.notStored]);

      expect((await k.messagesOf(ana)).map((m) => [m.messageId, m.ack])).toEqual([
        ['DIR-OWN', 3],
        ['DIR-IN1', 0],
        ['DIR-IN2', 0],
      ]);
      expect(
        await k.t.database.db.select().from(whatsappEventosPendentes).where(eq(whatsappEventosPendentes.messageId, 'DIR-OWN')),
      ).toEqual([]);
      const anaRow = await k.leadRow(ana);
      expect(anaRow).toMatchObject({
        whatsappUltimaMensagemNaoLidas: 2,
        whatsappUltimaMensagemTexto: 'segunda',
        cliMensagemStatus: 3,
      });
      expect((await k.messagesOf(bia)).map((m) => m.messageId)).toEqual(['DIR-LID', 'DIR-BIA2']);
      expect(
        (await k.t.database.db.select().from(whatsappLids).where(eq(whatsappLids.lid, '66660002@lid'))).map((l) => l.cliCrmId),
      ).toEqual([bia]);
      const created = await k.leadsWithPhoneKey('1166660009');
      expect(created).toHaveLength(1);
      expect((await k.messagesOf(created[0]!.cliCrmId)).map((m) => m.body)).toEqual(['novo 1', 'novo 2']);

      const creates = events
        .filter((e) => e.name === appMessageEvent(f.companyA))
        .map((e) => e.payload as { action: string; message: { messageId: string; ack: number } })
        .filter((p) => p.action === 'create' && p.message.messageId.startsWith('DIR'));
      expect(creates.map((p) => p.message.messageId).sort()).toEqual([
        'DIR-BIA2',
        'DIR-IN1',
        'DIR-IN2',
        'DIR-LID',
        'DIR-NEW1',
        'DIR-NEW2',
        'DIR-OWN',
      ]);
      expect(creates.find((p) => p.message.messageId === 'DIR-OWN')!.message.ack).toBe(3);
      const contactCreates = events.filter(
        (e) => e.name === contactEvent(f.companyA) && (e.payload as CompanyContactEvent).action === 'criado',
      );
      expect(contactCreates.filter((e) => (e.payload as CompanyContactEvent).cli_crm_id === created[0]!.cliCrmId)).toHaveLength(
        1,
      );
    },
  );
});
