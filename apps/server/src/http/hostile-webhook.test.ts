// Issue 21 item 2 (split from hostile-input.test.ts, issue 22 §3): the gateway webhook's hostile
// shapes, with the instance's secret.
import { isDeepStrictEqual } from 'node:util';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REJECTED_WEBHOOK_REASONS } from '@funil/domain/whatsapp-api/rejected-webhooks';

import { leads } from '../modules/leads/leads.table.ts';
import { phoneKey } from '../modules/leads/phone-key.ts';
import { whatsappMensagens } from '../modules/whatsapp/chat/messages.table.ts';
import { whatsappWebhooksRejeitados } from '../modules/whatsapp/ingest/rejected-webhooks.table.ts';
import { instanciasEvolution } from '../modules/whatsapp/instances/instances.table.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const PHONE = '11987654321';
const INSTANCE = 'inst-hostil';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ settings: { evolutionHabilitado: true, extras: { whatsapp_v2: true } } });
  const f = t.fixture;
  const db = t.database.db;
  await db.insert(leads).values({
    idEmpresa: f.companyA,
    idUnidade: f.unitA1,
    cliNome: 'Lead Hostil',
    cliTelefone: PHONE,
    telefoneChave: phoneKey(PHONE),
  });
  await db.insert(instanciasEvolution).values({
    idUnidade: f.unitA1,
    idEmpresa: f.companyA,
    name: INSTANCE,
    token: 'tk',
    webhookSecret: 'segredo-do-webhook-de-teste',
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

// With the right secret, no gateway payload answers 500 (the gateway would resend
// it until it gives up, and the message would be lost). What Funil can read is stored; what it
// cannot is kept in whatsapp_webhooks_rejeitados with its reason, and both answer 200.
describe('the gateway webhook with its secret (issue 21 item 2)', () => {
  const webhook = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/evolution',
      headers: { 'x-funil-webhook-secret': 'segredo-do-webhook-de-teste', 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const seconds = () => Math.floor(Date.now() / 1000);
  const record = (id: string, over: Record<string, unknown> = {}) => ({
    key: { remoteJid: `55${PHONE}@s.whatsapp.net`, fromMe: false, id },
    message: { conversation: `texto de ${id}` },
    messageType: 'conversation',
    messageTimestamp: seconds(),
    ...over,
  });
  const stored = async (id: string) => t.database.db.select().from(whatsappMensagens).where(eq(whatsappMensagens.messageId, id));
  const rejected = async (id: string) =>
    t.database.db
      .select()
      .from(whatsappWebhooksRejeitados)
      .where(eq(whatsappWebhooksRejeitados.messageId, id.slice(0, 200)));
  const LONG_ID = `3EB0${'A'.repeat(196)}`;

  // [name, event, data, what happens: stored with this body and date, or kept aside with this reason]
  const shapes: [string, string, Record<string, unknown>, { body: string; at?: number } | { reason: string }][] = [
    [
      'um emoji quebrado no texto',
      'messages.upsert',
      record('BROKEN-EMOJI', { message: { conversation: 'oi \uD83D tudo bem? 😀' } }),
      { body: 'oi \uFFFD tudo bem? 😀' },
    ],
    [
      'um emoji quebrado no nome',
      'messages.upsert',
      record('BROKEN-NAME', { pushName: 'Mar\uDE00ia' }),
      { body: 'texto de BROKEN-NAME' },
    ],
    ['um id de 200 caracteres', 'messages.upsert', record(LONG_ID), { body: `texto de ${LONG_ID}` }],
    ['um id de 600 caracteres', 'messages.upsert', record('L'.repeat(600)), { reason: REJECTED_WEBHOOK_REASONS.idTooLong }],
    [
      'a data em milissegundos',
      'messages.upsert',
      record('MS-NUMBER', { messageTimestamp: 1_729_512_000_123 }),
      { body: 'texto de MS-NUMBER', at: 1_729_512_000_000 },
    ],
    [
      'a data em milissegundos em texto',
      'messages.upsert',
      record('MS-STRING', { messageTimestamp: '1729512000123' }),
      { body: 'texto de MS-STRING', at: 1_729_512_000_000 },
    ],
    [
      'a data fora do calendário',
      'messages.upsert',
      record('FAR-DATE', { messageTimestamp: 1e17 }),
      { reason: REJECTED_WEBHOOK_REASONS.badDate },
    ],
    [
      'um telefone de 25 dígitos',
      'messages.upsert',
      record('LONG-PHONE', { key: { remoteJid: `${'9'.repeat(25)}@s.whatsapp.net`, fromMe: false, id: 'LONG-PHONE' } }),
      { reason: REJECTED_WEBHOOK_REASONS.phoneTooLong },
    ],
    [
      'um @lid de 25 dígitos',
      'messages.upsert',
      record('LONG-LID', { key: { remoteJid: `${'8'.repeat(25)}@lid`, fromMe: false, id: 'LONG-LID' } }),
      { reason: REJECTED_WEBHOOK_REASONS.phoneTooLong },
    ],
    [
      'um @lid de 25 dígitos com o telefone',
      'messages.upsert',
      record('LONG-LID-PN', {
        key: {
          remoteJid: `${'7'.repeat(25)}@lid`,
          remoteJidAlt: `55${PHONE}@s.whatsapp.net`,
          addressingMode: 'lid',
          fromMe: false,
          id: 'LONG-LID-PN',
        },
      }),
      { body: 'texto de LONG-LID-PN' },
    ],
    [
      'uma mensagem sem chave',
      'messages.upsert',
      { message: { conversation: 'x' }, messageType: 'conversation', messageTimestamp: seconds(), id: 'NO-KEY' },
      { reason: REJECTED_WEBHOOK_REASONS.shape },
    ],
    [
      'uma citação de id longo demais',
      'messages.upsert',
      record('LONG-QUOTE', {
        message: {
          extendedTextMessage: {
            text: 'citando',
            contextInfo: {
              stanzaId: 'Q'.repeat(700),
              participant: `55${PHONE}@s.whatsapp.net`,
              quotedMessage: { conversation: 'a' },
            },
          },
        },
        messageType: 'extendedTextMessage',
      }),
      { reason: REJECTED_WEBHOOK_REASONS.notStored },
    ],
    [
      'uma confirmação de id longo demais',
      'messages.update',
      { keyId: 'U'.repeat(600), remoteJid: `55${PHONE}@s.whatsapp.net`, fromMe: true, status: 'READ' },
      { reason: REJECTED_WEBHOOK_REASONS.idTooLong },
    ],
    ['um NUL no texto', 'messages.upsert', record('NUL-TEXT', { message: { conversation: 'a\u0000b' } }), { body: 'ab' }],
  ];

  it('answers 200 to every shape: what it can read is stored, the rest is kept aside with its reason, once', async () => {
    const findings: string[] = [];
    for (const [name, event, data, expected] of shapes) {
      const id =
        typeof data.keyId === 'string'
          ? data.keyId
          : typeof (data.key as { id?: unknown } | undefined)?.id === 'string'
            ? (data.key as { id: string }).id
            : String(data.id);
      for (let delivery = 0; delivery < 2; delivery++) {
        const res = await webhook({ event, instance: INSTANCE, data });
        if (res.statusCode !== 200) findings.push(`${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      const rows = await stored(id);
      const kept = await rejected(id);
      if ('reason' in expected) {
        if (rows.length > 0) findings.push(`${name}: gravada, devia ficar de lado`);
        if (kept.map((r) => r.motivo).join() !== expected.reason)
          findings.push(`${name}: motivo ${JSON.stringify(kept.map((r) => r.motivo))}`);
        if (kept[0] && kept[0].nomeInstancia !== INSTANCE) findings.push(`${name}: instância ${kept[0].nomeInstancia}`);
        if (kept[0] && !isDeepStrictEqual(kept[0].corpo, { event, instance: INSTANCE, data }))
          findings.push(`${name}: corpo guardado diferente`);
      } else {
        if (kept.length > 0) findings.push(`${name}: ficou de lado (${kept[0]!.motivo})`);
        if (rows.map((r) => r.body).join() !== expected.body)
          findings.push(`${name}: gravada como ${JSON.stringify(rows.map((r) => r.body))}`);
        if (expected.at !== undefined && rows[0]?.criadoEm.getTime() !== expected.at)
          findings.push(`${name}: data ${rows[0]?.criadoEm.toISOString()}`);
      }
    }
    expect(findings).toEqual([]);
    // The long id is kept whole.
    expect((await stored(LONG_ID))[0]?.messageId).toBe(LONG_ID);
  });

  it('still answers 401 without the secret and 400 to a body that is not an envelope, and keeps nothing aside', async () => {
    const before = (await t.database.db.select().from(whatsappWebhooksRejeitados)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/evolution',
      payload: { event: 'messages.upsert', instance: INSTANCE, data: record('SEM-SEGREDO', { messageTimestamp: 1e17 }) },
    });
    expect(res.statusCode).toBe(401);
    expect((await webhook({ instance: INSTANCE })).statusCode).toBe(400);
    expect((await t.database.db.select().from(whatsappWebhooksRejeitados)).length).toBe(before);
  });
});
