// Replaying a rejected webhook (issue 21 item 2's dead letters; POST
// /api/instancias/rejeitados/{id}/reprocessar): the super-admin runs a kept webhook through the
// ingest again. Stored, it leaves the list, with its message and lead event written once; a repeat
// or a racing replay stores nothing more; refused again, it stays with its reason; another
// company's is not found; every other role is refused with a Portuguese text and nothing changes.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import {
  REJECTED_WEBHOOK_REASONS,
  REJECTED_WEBHOOK_REPLAY_MESSAGES,
  stillRejectedMessage,
} from '@funil/domain/whatsapp-api/rejected-webhooks';

import { tableDigests } from '../../../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { leadEventos } from '../../lead-events/lead-events.table.ts';
import { leads } from '../../leads/leads.table.ts';
import { phoneKey } from '../../leads/phone-key.ts';
import { whatsappMensagens } from '../chat/messages.table.ts';
import { instanciasEvolution } from '../instances/instances.table.ts';
import { whatsappWebhooksRejeitados } from './rejected-webhooks.table.ts';

const PHONE = '11987650101';
const M = REJECTED_WEBHOOK_REPLAY_MESSAGES;
let t: TestApp;
let leadId: number;
let instanceA: number;
let instanceB: number;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ settings: { evolutionHabilitado: true, extras: { whatsapp_v2: true } } });
  const f = t.fixture;
  const db = t.database.db;
  const [lead] = await db
    .insert(leads)
    .values({
      idEmpresa: f.companyA,
      idUnidade: f.unitA1,
      cliNome: 'Lead do Reprocesso',
      cliTelefone: PHONE,
      telefoneChave: phoneKey(PHONE),
    })
    .returning({ id: leads.cliCrmId });
  leadId = lead!.id;
  const [a] = await db
    .insert(instanciasEvolution)
    .values({ idUnidade: f.unitA1, idEmpresa: f.companyA, name: 'reprocesso-a1', token: 'tk', webhookSecret: 'segredo-a1' })
    .returning({ id: instanciasEvolution.id });
  const [b] = await db
    .insert(instanciasEvolution)
    .values({ idUnidade: f.unitB1, idEmpresa: f.companyB, name: 'reprocesso-b1', token: 'tk', webhookSecret: 'segredo-b1' })
    .returning({ id: instanciasEvolution.id });
  instanceA = a!.id;
  instanceB = b!.id;
  for (const who of ['sa', 'ag', 'a', 'u', 'm', 'aB1'] as const) token[who] = await t.login(f.users[who].email);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const record = (id: string, phone = PHONE) => ({
  key: { remoteJid: `55${phone}@s.whatsapp.net`, fromMe: false, id },
  message: { conversation: `texto de ${id}` },
  messageType: 'conversation',
  messageTimestamp: Math.floor(Date.now() / 1000),
});
/** A webhook kept aside as the batcher keeps one (rejected-webhooks.service.ts): its envelope whole, with a reason. */
async function kept(messageId: string, opts: { company?: 'A' | 'B'; phone?: string; motivo?: string } = {}): Promise<number> {
  const f = t.fixture;
  const b = opts.company === 'B';
  const [row] = await db()
    .insert(whatsappWebhooksRejeitados)
    .values({
      idEmpresa: b ? f.companyB : f.companyA,
      idUnidade: b ? f.unitB1 : f.unitA1,
      idInstancia: b ? instanceB : instanceA,
      nomeInstancia: b ? 'reprocesso-b1' : 'reprocesso-a1',
      evento: 'messages.upsert',
      messageId,
      contato: `55${opts.phone ?? PHONE}@s.whatsapp.net`,
      motivo: opts.motivo ?? REJECTED_WEBHOOK_REASONS.notStored,
      erro: '22001: value too long',
      corpo: { event: 'messages.upsert', instance: b ? 'reprocesso-b1' : 'reprocesso-a1', data: record(messageId, opts.phone) },
      chave: messageId.padEnd(64, '0').slice(0, 64),
    })
    .returning({ id: whatsappWebhooksRejeitados.id });
  return row!.id;
}
const replay = (who: string, id: number | string) =>
  t.as(token[who]!, { method: 'POST', url: `/api/instancias/rejeitados/${id}/reprocessar` });
const row = async (id: number) =>
  (await db().select().from(whatsappWebhooksRejeitados).where(eq(whatsappWebhooksRejeitados.id, id)))[0];
const messages = (messageId: string) => db().select().from(whatsappMensagens).where(eq(whatsappMensagens.messageId, messageId));

describe('replaying a rejected webhook (issue 21 item 2, dead letters)', () => {
  it('the super-admin replays one that can be stored now: stored with its event, it leaves the list; a repeat stores nothing', async () => {
    const id = await kept('REPROCESSO-1');
    const res = await replay('sa', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: M.replayed, handled: 'messages.upsert' });
    const [message] = await messages('REPROCESSO-1');
    expect(message).toMatchObject({ cliCrmId: leadId, body: 'texto de REPROCESSO-1', fromMe: false });
    // The lead moved like any received message (issue 22 §2): one mensagem-recebida.
    const events = await db()
      .select()
      .from(leadEventos)
      .where(and(eq(leadEventos.cliCrmId, leadId), eq(leadEventos.tipo, 'mensagem-recebida')));
    expect(events.map((e) => e.dados)).toEqual([{ idMensagem: message!.id, tipo: 'chat' }]);
    expect(await row(id)).toBeUndefined();
    // Idempotent: the repeat finds it gone and stores nothing more.
    const again = await replay('sa', id);
    expect([again.statusCode, again.json().message]).toEqual([404, M.notFound]);
    expect(await messages('REPROCESSO-1')).toHaveLength(1);
  });

  it('two replays racing store the message once: one answers it stored, the other finds it gone', async () => {
    const id = await kept('REPROCESSO-CORRIDA');
    const answers = await Promise.all([replay('sa', id), replay('sa', id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await messages('REPROCESSO-CORRIDA')).toHaveLength(1);
  });

  it('one that still cannot be stored answers 409 with its reason and stays in the list', async () => {
    const id = await kept('REPROCESSO-LONGO', { phone: '119876501019999999999999' });
    const res = await replay('sa', id);
    expect([res.statusCode, res.json().message]).toEqual([409, stillRejectedMessage(REJECTED_WEBHOOK_REASONS.phoneTooLong)]);
    expect(await row(id)).toMatchObject({ motivo: REJECTED_WEBHOOK_REASONS.phoneTooLong, erro: null });
    expect(await messages('REPROCESSO-LONGO')).toEqual([]);
  });

  it("another company's is not found, every other role is refused, a bad id is 400: in Portuguese, nothing changes", async () => {
    const mine = await kept('REPROCESSO-NEGADO');
    const other = await kept('REPROCESSO-OUTRA', { company: 'B' });
    const before = await tableDigests(db());
    const foreign = await replay('sa', other);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, M.notFound]);
    for (const who of ['ag', 'a']) {
      const res = await replay(who, mine);
      expect([who, res.statusCode, res.json().message]).toEqual([who, 403, M.superAdminOnly]);
    }
    for (const who of ['u', 'm', 'aB1']) {
      const res = await replay(who, mine);
      expect([who, res.statusCode]).toEqual([who, 403]);
      expect(res.json().message).toMatch(/^(Você não tem permissão para acessar este recurso\.|Somente o super-administrador)/);
    }
    const bad = await replay('sa', 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).not.toMatch(/[Ee]xpected|Invalid|number/);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/instancias/rejeitados/${mine}/reprocessar` });
    expect([anonymous.statusCode, anonymous.json().message]).toEqual([401, HTTP_MESSAGES.unauthorized]);
    expect(await tableDigests(db())).toEqual(before);
  });

  it('one whose instance was removed cannot be replayed (409), and stays', async () => {
    const id = await kept('REPROCESSO-SEM-INSTANCIA');
    await db().update(whatsappWebhooksRejeitados).set({ idInstancia: 999_999 }).where(eq(whatsappWebhooksRejeitados.id, id));
    const res = await replay('sa', id);
    expect([res.statusCode, res.json().message]).toEqual([409, M.instanceGone]);
    expect(await row(id)).toBeDefined();
  });
});
