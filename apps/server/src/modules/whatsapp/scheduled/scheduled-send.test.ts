// Scheduled messages are sent (issue 9; 001 §7 contato/agendar-mensagem): at their time, through
// the one send path (stored in the conversation, on the gateway emulator), once even with two
// runners on one database, after a restart, and — when they cannot be sent — retried by the
// stated policy, then marked failed with the reason and the timeline event.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formatSchedulePayload } from '@funil/domain/format/date';
import { SCHEDULED_MESSAGE_FAILED, SCHEDULED_MESSAGE_SENT } from '@funil/domain/leads/timeline';
import { appMessageEvent } from '@funil/domain/realtime/events';

import { JobRunner } from '../../../jobs/job-runner.ts';
import { jobs } from '../../../jobs/jobs.table.ts';
import { historico } from '../../leads/leads.table.ts';
import { SCHEDULED_MESSAGE_JOB } from '../../leads/scheduled-message.service.ts';
import { startKit, type Kit } from '../whatsapp-test-kit.ts';
import { whatsappContextOf } from '../whatsapp.routes.ts';
import { registerScheduledSend } from './scheduled-send.job.ts';

let k: Kit;
const INST = 'agenda-a1';
const DELAYS = [150, 150, 150];

const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('tempo esgotado');
};
const schedule = (leadId: number, text: string, when = new Date()) =>
  k.t.as(k.tokens.a, {
    method: 'POST',
    url: `/api/contato/agendar-mensagem/${leadId}`,
    payload: { cli_mensagem_agendada: text, cli_data_mensagem_agendada: formatSchedulePayload(when) },
  });
const sentTexts = async () =>
  ((await k.emu$('GET', `/_emulator/instances/${INST}/sent`)).json as { record: { message?: { conversation?: string } } }[]).map(
    (m) => m.record.message?.conversation ?? '',
  );
const historyOf = (leadId: number) =>
  k.t.database.db
    .select()
    .from(historico)
    .where(and(eq(historico.cliCrmId, leadId), eq(historico.tipo, 10)));
const jobsOf = (leadId: number) =>
  k.t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, SCHEDULED_MESSAGE_JOB), sql`${jobs.params}->>'cliCrmId' = ${String(leadId)}`));

beforeAll(async () => {
  k = await startKit({ scheduledRetryDelaysMs: DELAYS });
  expect((await k.t.as(k.tokens.a, { method: 'POST', url: '/api/instancias', payload: { name: INST } })).statusCode).toBe(201);
  expect(
    (await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000077', profileName: 'Loja' })).status,
  ).toBe(200);
  await k.settle();
}, 180_000);
afterAll(async () => {
  await k?.close();
});

describe('a scheduled message is sent at its time', () => {
  it(
    'due now: sent through the gateway, stored in the conversation, announced, the schedule cleared ' +
      'and the timeline says sent',
    async () => {
      const f = k.t.fixture;
      const leadId = await k.addLead(f.unitA1, f.companyA, 'Ana Agenda', '11987651001');
      const socket = await k.socket(k.tokens.u);
      const res = await schedule(leadId, 'Olá Ana, seu horário está confirmado');
      expect(res.statusCode, res.body).toBe(200);
      await until(async () => (await k.leadRow(leadId))?.cliMensagemAgendada === null);
      expect(await sentTexts()).toContain('Olá Ana, seu horário está confirmado');
      const rows = await k.messagesOf(leadId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ fromMe: true, body: 'Olá Ana, seu horário está confirmado', isError: false });
      expect(rows[0]!.messageId).not.toMatch(/^temp_/);
      const lead = await k.leadRow(leadId);
      expect(lead).toMatchObject({
        cliMensagemAgendadaStatus: null,
        cliDataMensagemAgendada: null,
        whatsappUltimaMensagemTexto: 'Olá Ana, seu horário está confirmado',
      });
      const history = await historyOf(leadId);
      expect(history.some((h) => h.idNovo === SCHEDULED_MESSAGE_SENT && h.texto === 'Olá Ana, seu horário está confirmado')).toBe(
        true,
      );
      await until(async () => socket.events.some((e) => e.name === appMessageEvent(f.companyA)));
    },
  );

  it('not before its time: a job due in two minutes waits (not_before), and goes when its time comes', async () => {
    const f = k.t.fixture;
    const leadId = await k.addLead(f.unitA1, f.companyA, 'Bruno Depois', '11987651002');
    const when = new Date(Date.now() + 2 * 60_000);
    expect((await schedule(leadId, 'Mensagem de daqui a dois minutos', when)).statusCode).toBe(200);
    // Wait, then check that nothing was sent before its time.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await k.messagesOf(leadId)).toHaveLength(0);
    const [job] = await jobsOf(leadId);
    expect(job!.notBefore!.getTime()).toBe(Math.floor(when.getTime() / 1000) * 1000);
    // The clock moves on (the job's due time reached).
    await k.t.database.db.update(jobs).set({ notBefore: new Date() }).where(eq(jobs.id, job!.id));
    k.t.app.jobs.wake();
    await until(async () => (await k.messagesOf(leadId)).length === 1);
  });

  it('rescheduled before its time: only the new text is sent, once', async () => {
    const f = k.t.fixture;
    const leadId = await k.addLead(f.unitA1, f.companyA, 'Carla Muda', '11987651003');
    const later = new Date(Date.now() + 3 * 60_000);
    await schedule(leadId, 'Texto antigo', later);
    await schedule(leadId, 'Texto novo', later);
    await k.t.database.db.update(jobs).set({ notBefore: new Date() }).where(eq(jobs.kind, SCHEDULED_MESSAGE_JOB));
    k.t.app.jobs.wake();
    await until(async () => (await jobsOf(leadId)).every((j) => j.status === 'done'));
    expect((await k.messagesOf(leadId)).map((m) => m.body)).toEqual(['Texto novo']);
  });
});

describe('durable: survives a restart and is sent once by two runners', () => {
  it('a job written before a restart is sent by the next runner; two runners on one database send each message once', async () => {
    const f = k.t.fixture;
    const ctx = whatsappContextOf(k.t.app);
    // "Restart": the app's runner stops; the jobs are rows, not timers.
    await k.t.app.jobs.stop();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await k.addLead(f.unitA1, f.companyA, `Dupla ${i}`, `1198765200${i}`);
      ids.push(id);
      expect((await schedule(id, `Agendada dupla ${i}`)).statusCode).toBe(200);
    }
    // Wait, then check that nothing was sent while no runner of this test was polling.
    await new Promise((r) => setTimeout(r, 500));
    for (const id of ids) expect(await k.messagesOf(id)).toHaveLength(0);
    const one = new JobRunner(k.t.database.db, { workerId: 'processo-1', pollMs: 20 });
    const two = new JobRunner(k.t.database.db, { workerId: 'processo-2', pollMs: 20 });
    registerScheduledSend(one, ctx, DELAYS);
    registerScheduledSend(two, ctx, DELAYS);
    one.start();
    two.start();
    try {
      await until(async () => (await Promise.all(ids.map((id) => k.messagesOf(id)))).every((rows) => rows.length > 0));
      // Wait, then check (below) that the two runners sent nothing twice.
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await Promise.all([one.stop(), two.stop()]);
      k.t.app.jobs.start();
    }
    for (const [i, id] of ids.entries()) {
      expect((await k.messagesOf(id)).map((m) => m.body)).toEqual([`Agendada dupla ${i}`]);
      expect((await sentTexts()).filter((t) => t === `Agendada dupla ${i}`)).toHaveLength(1);
    }
  });
});

describe('cannot be sent: retried by the policy, then failed with its reason', () => {
  it('a blocked lead: four attempts (1 + 3 retries), then falhou with the reason and the timeline event; nothing sent', async () => {
    const f = k.t.fixture;
    const leadId = await k.addLead(f.unitA1, f.companyA, 'Davi Bloqueado', '11987651004', { whatsappBlocked: 1 });
    expect((await schedule(leadId, 'Não vai')).statusCode).toBe(200);
    await until(async () => (await k.leadRow(leadId))?.cliMensagemAgendadaStatus === 'falhou');
    const lead = await k.leadRow(leadId);
    expect(lead).toMatchObject({
      cliMensagemAgendadaErro: 'Lead bloqueado para WhatsApp.',
      cliMensagemAgendadaTentativas: 4,
      cliMensagemAgendada: 'Não vai',
    });
    expect(await jobsOf(leadId)).toHaveLength(4);
    expect(await k.messagesOf(leadId)).toHaveLength(0);
    const failed = (await historyOf(leadId)).find((h) => h.idNovo === SCHEDULED_MESSAGE_FAILED);
    expect(failed).toMatchObject({ texto: 'Não vai', descricao: 'Lead bloqueado para WhatsApp.' });
    // The contact record the CRM's panel reads carries the state.
    const full = await k.t.as(k.tokens.a, { method: 'GET', url: `/api/contato/completo/${leadId}` });
    expect(full.json().data.crm_contato_completo).toMatchObject({
      cli_mensagem_agendada_status: 'falhou',
      cli_mensagem_agendada_erro: 'Lead bloqueado para WhatsApp.',
    });
  });

  it("a number not on WhatsApp: failed with 'Lead sem WhatsApp!'", async () => {
    const f = k.t.fixture;
    const leadId = await k.addLead(f.unitA1, f.companyA, 'Eva Sem Zap', '11987651005');
    await k.emu$('POST', '/_emulator/numbers', { numbers: ['5511987651005', '551187651005'], onWhatsapp: false });
    expect((await schedule(leadId, 'Sem WhatsApp')).statusCode).toBe(200);
    await until(async () => (await k.leadRow(leadId))?.cliMensagemAgendadaStatus === 'falhou');
    expect((await k.leadRow(leadId))?.cliMensagemAgendadaErro).toBe('Lead sem WhatsApp!');
  });

  it('no instance connected: the attempt fails and a retry is due; once an instance is back the retry sends it', async () => {
    const f = k.t.fixture;
    const leadId = await k.addLead(f.unitA1, f.companyA, 'Fábio Volta', '11987651006');
    // Driven one batch at a time, so the attempts are seen one by one.
    await k.t.app.jobs.stop();
    try {
      await k.emu$('POST', `/_emulator/instances/${INST}/disconnect`);
      await k.settle();
      expect((await schedule(leadId, 'Quando voltar')).statusCode).toBe(200);
      expect(await k.t.app.jobs.runOnce()).toBe(true);
      expect(await k.leadRow(leadId)).toMatchObject({
        cliMensagemAgendadaStatus: 'pendente',
        cliMensagemAgendadaErro: 'WhatsApp desconectado',
        cliMensagemAgendadaTentativas: 1,
      });
      const retry = (await jobsOf(leadId)).find((j) => j.status === 'queued');
      // Due DELAYS[0] after the failed attempt (1 minute by default).
      expect(retry!.notBefore!.getTime()).toBeGreaterThan(retry!.createdAt.getTime() + DELAYS[0]! - 20);
      await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000077', profileName: 'Loja' });
      await k.settle();
      // The retry's due time must pass (a clock, not an event to wait for).
      await new Promise((r) => setTimeout(r, DELAYS[0]! + 50));
      expect(await k.t.app.jobs.runOnce()).toBe(true);
    } finally {
      k.t.app.jobs.start();
    }
    // runOnce runs one batch of whichever due job was touched least recently, not necessarily this retry (a CI run
    // once found no message here); the restarted runner then sends it.
    await until(async () => (await k.messagesOf(leadId)).length > 0);
    expect((await k.messagesOf(leadId)).map((m) => m.body)).toEqual(['Quando voltar']);
    expect(await k.leadRow(leadId)).toMatchObject({
      cliMensagemAgendada: null,
      cliMensagemAgendadaStatus: null,
      cliMensagemAgendadaTentativas: 2,
    });
  });
});
