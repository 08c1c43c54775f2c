// The automations engine on a fake clock (issue 25 'The engine', 'Tests and figures'): the real app
// on a real database, the gateway emulator over HTTP; the engine's Ticker is off and the tests run
// its passes. Covers a status trigger with message + wait + status change, a replayed event, the
// daily cap, the loop guard and the chain limit, retries with backoff then 'Falhou' and 'Tentar de
// novo a partir do passo', the sweeper, and two engines on one database doing each step once.
import { createHmac } from 'node:crypto';

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AutomationInput } from '@funil/domain/automations/automations';
import type { LeadEvent } from '@funil/domain/lead-events/lead-events';

import { leadEventos } from '../lead-events/lead-events.table.ts';
import { historico } from '../leads/leads.table.ts';
import { campaignContextOf } from '../whatsapp/campaign/campaign-send.service.ts';
import { startKit, type Kit } from '../whatsapp/whatsapp-test-kit.ts';
import { AUTOMATION_MESSAGES, AutomationEngine } from './automations.engine.ts';
import { automationEngineOf } from './automations.routes.ts';
import { changeRule, createRule, retryRun, rulePerformance } from './automations.service.ts';
import { automacoesExecucoes, automacoesPassos } from './automations.table.ts';
import { isInternalAddress } from './webhook-address.ts';

// Thursday 26/11/2026 10:00 in São Paulo.
const THURSDAY_10H = new Date('2026-11-26T13:00:00Z');
let clock = THURSDAY_10H;
let k: Kit;
let engine: AutomationEngine;
const INST = 'auto-a1';
let phoneSeq = 0;
const hooks: { url: string; body: string; signature: string | null }[] = [];
let hookStatus = 500;
const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
  const headers = new Headers(init?.headers);
  hooks.push({ url: String(url), body: String(init?.body), signature: headers.get('x-funil-assinatura') });
  return new Response('{}', { status: hookStatus });
}) as typeof fetch;

const db = () => k.t.database.db;
const f = () => k.t.fixture;
const newLead = (nome: string) =>
  k.addLead(f().unitA1, f().companyA, nome, `11986${String(500000 + ++phoneSeq).padStart(6, '0')}`);
const actor = () => ({ idEmpresa: f().companyA, idUnidade: f().unitA1, idUsuario: f().users.a.id });
const rule = (nome: string, gatilho: AutomationInput['gatilho'], passos: AutomationInput['passos'], limiteDiario = 5) =>
  createRule(db(), actor(), { nome, gatilho, opcoes: { limiteDiario }, passos, habilitado: true });
const enters = (idStatus: number): AutomationInput['gatilho'] => ({
  tipo: 'status-entrou',
  tipoStatus: 'STATUS_NEGOCIACAO',
  idStatus,
});
const moveTo = async (lead: number, status: number) => {
  const res = await k.t.as(k.tokens.a, {
    method: 'POST',
    url: `/api/negociacao/atualizarstatusnegociacao/${lead}`,
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const runsOf = (idAutomacao: number) =>
  db().select().from(automacoesExecucoes).where(eq(automacoesExecucoes.idAutomacao, idAutomacao)).orderBy(automacoesExecucoes.id);
/** Runs engine passes until none does anything. */
async function work(e = engine, max = 50): Promise<void> {
  await k.t.app.leadEvents.drain();
  for (let i = 0; i < max; i++) {
    if (!(await e.pass())) {
      await k.t.app.leadEvents.drain();
      if (!(await e.pass())) return;
    }
    await k.t.app.leadEvents.drain();
  }
}
const sentTexts = async () =>
  ((await k.emu$('GET', `/_emulator/instances/${INST}/sent`)).json as { record: { message?: { conversation?: string } } }[]).map(
    (m) => m.record.message?.conversation,
  );
const disableAll = () => db().execute(sql`update automacoes set habilitado = false`);

beforeAll(async () => {
  k = await startKit({
    automations: {
      autoStart: false,
      now: () => clock,
      fetch: fakeFetch,
      // The test's names: a public address for the receiving CRM, a private one for an internal host.
      resolveHost: async (host) => (host === 'interno.exemplo.com.br' ? ['10.0.0.5'] : ['203.0.113.10']),
      retryDelaysMs: [30_000, 120_000, 480_000],
    },
  });
  engine = automationEngineOf(k.t.app);
  expect((await k.t.as(k.tokens.a, { method: 'POST', url: '/api/instancias', payload: { name: INST } })).statusCode).toBe(201);
  expect(
    (await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000098', profileName: 'Loja' })).status,
  ).toBe(200);
  await k.settle();
}, 180_000);
afterAll(async () => {
  await k?.close();
});

describe('a status trigger (issue 25 "Triggers", 002 §3 Trigger tipo_status)', () => {
  it('runs message + wait + status change once when a lead enters Em negociação, through the doors, with its log', async () => {
    clock = THURSDAY_10H;
    const r = await rule('Tabela de preços', enters(4), [
      { tipo: 'mensagem', texto: 'Olá [nome_cliente], segue a nossa tabela de preços.' },
      { tipo: 'esperar', quantidade: 2, unidade: 'horas', horarioComercial: false },
      { tipo: 'status', familia: 'negociacao', idStatus: 9 },
    ]);
    const lead = await newLead('Carla Mendes');
    await moveTo(lead, 4);
    await work();
    expect(await sentTexts()).toContain('Olá Carla, segue a nossa tabela de preços.');
    let [run] = await runsOf(r.id);
    expect(run).toMatchObject({ status: 'ativa', passo: 2, mensagensEnviadas: 1 });
    expect(run!.proximoEm.getTime() - clock.getTime()).toBe(2 * 3_600_000);
    // Not due: nothing moves.
    await work();
    expect((await k.leadRow(lead))?.cliStatusNegociacao).toBe(4);
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    await work();
    expect((await k.leadRow(lead))?.cliStatusNegociacao).toBe(9);
    [run] = await runsOf(r.id);
    expect(run).toMatchObject({ status: 'concluida', passo: 3 });
    // The change went through the negotiation door: its history event, its lead event with the cause.
    const history = await db().select().from(historico).where(eq(historico.cliCrmId, lead));
    expect(history.some((h) => h.idNovo === 9)).toBe(true);
    const events = await db().select().from(leadEventos).where(eq(leadEventos.cliCrmId, lead));
    const byAutomation = events.find((e) => (e.mudancas as Record<string, { para: unknown }>)['cliStatusNegociacao']?.para === 9);
    expect(byAutomation?.dados).toMatchObject({ automacao: { idAutomacao: r.id, idExecucao: run!.id, profundidade: 1 } });
    // The message is in the lead's conversation, sent once.
    expect((await k.messagesOf(lead)).filter((m) => m.fromMe)).toHaveLength(1);
    const perf = await rulePerformance(db(), f().unitA1, r.id);
    expect(perf.figuras).toMatchObject({ iniciadas: 1, concluidas: 1, falhas: 0, mensagensEnviadas: 1, medianaSegundos: 7200 });
    expect(perf.execucoes[0]!.passos.map((p) => p.resultado)).toEqual(['ok', 'ok', 'ok']);
    await disableAll();
  });

  it('a replayed event never starts a second run; re-entering the status enrols again, up to the daily cap', async () => {
    const r = await rule('Reentrada', enters(2), [{ tipo: 'anotacao', texto: 'Lead agendado pela automação' }], 2);
    const lead = await newLead('Diego Rocha');
    await moveTo(lead, 2);
    await k.t.app.leadEvents.drain();
    expect(await runsOf(r.id)).toHaveLength(1);
    // The same event handed to the consumer again (at-least-once delivery): still one run.
    const [row] = await db()
      .select()
      .from(leadEventos)
      .where(and(eq(leadEventos.cliCrmId, lead), eq(leadEventos.tipo, 'status')));
    const event: LeadEvent = { ...row!, id: Number(row!.id) } as unknown as LeadEvent;
    await db().transaction((tx) => engine.enrol([event], tx));
    await db().transaction((tx) => engine.enrol([event], tx));
    expect(await runsOf(r.id)).toHaveLength(1);
    // Leaving and entering again is a new entry: a second run; a third the same day is over the cap (2).
    await moveTo(lead, 1);
    await moveTo(lead, 2);
    await moveTo(lead, 1);
    await moveTo(lead, 2);
    await k.t.app.leadEvents.drain();
    expect(await runsOf(r.id)).toHaveLength(2);
    await work();
    expect((await runsOf(r.id)).every((x) => x.status === 'concluida')).toBe(true);
    await disableAll();
  });
});

describe('no movement (issue 25 "Triggers")', () => {
  it('enrols a lead N days in the status without a movement, once per quiet period; a movement restarts the clock', async () => {
    const r = await rule('Parado', { tipo: 'sem-movimento', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 3, dias: 3 }, [
      { tipo: 'anotacao', texto: 'Requalificar' },
    ]);
    const lead = await newLead('Ivo Parado');
    await moveTo(lead, 3);
    const moved = (await k.leadRow(lead))!.dataAtualizacao;
    // Two days later: not yet.
    clock = new Date(moved.getTime() + 2 * 86_400_000);
    expect(await engine.enrolQuiet()).toBe(0);
    // Three days and a minute: enrolled once, however often the sweep looks.
    clock = new Date(moved.getTime() + 3 * 86_400_000 + 60_000);
    expect(await engine.enrolQuiet()).toBe(1);
    expect(await engine.enrolQuiet()).toBe(0);
    await work();
    expect((await runsOf(r.id)).map((x) => x.status)).toEqual(['concluida']);
    // The run's own note is a movement: the next quiet period starts then; a day later nothing.
    clock = new Date(clock.getTime() + 86_400_000);
    expect(await engine.enrolQuiet()).toBe(0);
    await disableAll();
  });
});

describe('the loop guard (issue 25 "The engine")', () => {
  it('a rule is not re-triggered by its own change, and a chain deeper than the limit stops with its reason', async () => {
    // A: enters 10 → moves to 7; B: enters 7 → moves to 10. A person moves the lead to 10.
    const a = await rule('Cadeia A', enters(10), [{ tipo: 'status', familia: 'negociacao', idStatus: 7 }]);
    const b = await rule('Cadeia B', enters(7), [{ tipo: 'status', familia: 'negociacao', idStatus: 10 }]);
    const lead = await newLead('Elisa Prado');
    await moveTo(lead, 10);
    await work();
    const runsA = await runsOf(a.id);
    const runsB = await runsOf(b.id);
    // A (depth 1) → B (2) → A (3) → B would be depth 4: logged as stopped, never run.
    expect(runsA.map((x) => [x.profundidade, x.status])).toEqual([
      [1, 'concluida'],
      [3, 'concluida'],
    ]);
    expect(runsB.map((x) => [x.profundidade, x.status, x.erro])).toEqual([
      [2, 'concluida', null],
      [4, 'parada', AUTOMATION_MESSAGES.chainTooDeep],
    ]);
    expect((await k.leadRow(lead))?.cliStatusNegociacao).toBe(7);
    await disableAll();
  });
});

describe('failures (issue 25 "Failures")', () => {
  it('retries a failing webhook with backoff, then Falhou; Tentar de novo a partir do passo resumes it; the body is signed', async () => {
    clock = THURSDAY_10H;
    hooks.length = 0;
    hookStatus = 500;
    const r = await rule('Webhook', enters(3), [
      { tipo: 'webhook', url: 'https://crm.exemplo.com.br/funil' },
      { tipo: 'tag', acao: 'adicionar', nome: 'Avisado' },
    ]);
    const lead = await newLead('Fábio Nunes');
    await moveTo(lead, 3);
    await work();
    let [run] = await runsOf(r.id);
    expect(run).toMatchObject({ status: 'ativa', passo: 0, tentativas: 1, erro: 'A URL respondeu 500.' });
    expect(run!.proximoEm.getTime() - clock.getTime()).toBe(30_000);
    for (const wait of [30_000, 120_000, 480_000]) {
      clock = new Date(clock.getTime() + wait);
      await work();
    }
    [run] = await runsOf(r.id);
    expect(hooks).toHaveLength(4);
    expect(run!.status).toBe('falhou');
    expect(run!.erro).toContain('A URL respondeu 500.');
    // The signature is the HMAC-SHA256 of the body with the rule's secret.
    expect(hooks[0]!.signature).toBe(`sha256=${createHmac('sha256', r.segredo).update(hooks[0]!.body).digest('hex')}`);
    expect(JSON.parse(hooks[0]!.body)).toMatchObject({ lead: { id: lead, nome: 'Fábio Nunes' }, automacao: { id: r.id } });
    hookStatus = 200;
    await retryRun(db(), f().unitA1, r.id, run!.id, 0, clock);
    await work();
    [run] = await runsOf(r.id);
    expect(run).toMatchObject({ status: 'concluida', rodada: 1 });
    const log = await db().select().from(automacoesPassos).where(eq(automacoesPassos.idExecucao, run!.id));
    expect(log.map((s) => [s.chave, s.resultado])).toEqual([
      [`${run!.id}:0:0`, 'falhou'],
      [`${run!.id}:1:0`, 'ok'],
      [`${run!.id}:1:1`, 'ok'],
    ]);
    // Another unit never retries this run.
    await expect(retryRun(db(), f().unitA2, r.id, run!.id, 0, clock)).rejects.toThrow('Automação não encontrada.');
    await disableAll();
  });

  it("never calls this server's own network: a host that resolves to a private address, a loopback or metadata IP", async () => {
    clock = THURSDAY_10H;
    hooks.length = 0;
    hookStatus = 200;
    const r = await rule('Webhook interno', enters(3), [{ tipo: 'webhook', url: 'https://interno.exemplo.com.br/funil' }]);
    const lead = await newLead('Igor Prado');
    await moveTo(lead, 3);
    await work();
    const [run] = await runsOf(r.id);
    expect(run).toMatchObject({ tentativas: 1, erro: 'A URL aponta para um endereço interno; use um endereço público.' });
    expect(hooks).toHaveLength(0);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.10',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ['203.0.113.10', '8.8.8.8', '2800:3f0:4001:810::200e'])
      expect(isInternalAddress(address), address).toBe(false);
    await disableAll();
  });

  it('the sweeper ends a run stuck a day past its due time', async () => {
    const r = await rule('Parada', enters(8), [{ tipo: 'anotacao', texto: 'x' }]);
    const lead = await newLead('Gabi Torres');
    await moveTo(lead, 8);
    await k.t.app.leadEvents.drain();
    await db()
      .update(automacoesExecucoes)
      .set({
        proximoEm: new Date(clock.getTime() - 25 * 3_600_000),
        leasePor: 'morto',
        leaseAte: new Date(clock.getTime() + 60_000),
      })
      .where(eq(automacoesExecucoes.idAutomacao, r.id));
    // Its lease still runs: not stuck yet.
    expect(await engine.sweep()).toBe(0);
    clock = new Date(clock.getTime() + 120_000);
    expect(await engine.sweep()).toBe(1);
    const [run] = await runsOf(r.id);
    expect(run).toMatchObject({ status: 'falhou', erro: AUTOMATION_MESSAGES.stuck });
    await disableAll();
  });

  it('a disabled rule stops its runs', async () => {
    const r = await rule('Desabilitada', enters(5), [
      { tipo: 'esperar', quantidade: 1, unidade: 'dias', horarioComercial: true },
      { tipo: 'anotacao', texto: 'y' },
    ]);
    const lead = await newLead('Hugo Lins');
    await moveTo(lead, 5);
    await work();
    await changeRule(db(), f().unitA1, r.id, { habilitado: false });
    clock = new Date(clock.getTime() + 3 * 86_400_000);
    await work();
    const [run] = await runsOf(r.id);
    expect(run).toMatchObject({ status: 'parada', erro: AUTOMATION_MESSAGES.disabled });
  });
});

describe('two engines on one database (issue 25 "Several server processes")', () => {
  it('each step of 30 runs is done once', async () => {
    const r = await rule('Dois motores', enters(6), [
      { tipo: 'anotacao', texto: 'Pós-venda iniciado' },
      { tipo: 'tag', acao: 'adicionar', nome: 'Pós-venda' },
    ]);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await newLead(`Cliente ${i}`));
    for (const id of ids) await moveTo(id, 6);
    await k.t.app.leadEvents.drain();
    const other = new AutomationEngine(
      { db: db(), realtime: k.t.app.realtime, whatsapp: campaignContextOf(k.t.app) },
      { now: () => clock, batch: 3 },
    );
    const mine = new AutomationEngine(
      { db: db(), realtime: k.t.app.realtime, whatsapp: campaignContextOf(k.t.app) },
      { now: () => clock, batch: 3 },
    );
    for (let i = 0; i < 40; i++) {
      const [x, y] = await Promise.all([mine.pass(), other.pass()]);
      if (!x && !y) break;
    }
    const runs = await runsOf(r.id);
    expect(runs).toHaveLength(30);
    expect(runs.every((x) => x.status === 'concluida')).toBe(true);
    const notes = await db()
      .select()
      .from(historico)
      .where(and(eq(historico.texto, 'Pós-venda iniciado')));
    expect(notes).toHaveLength(30);
    const steps = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(automacoesPassos)
      .where(sql`${automacoesPassos.idExecucao} in (select id from automacoes_execucoes where id_automacao = ${r.id})`);
    expect(steps[0]!.n).toBe(60);
  });
});

describe('the note step exactly once (issue 25 "The engine": each step once)', () => {
  it('a crash between the note commit and the step record does not write the note twice', async () => {
    const r = await rule('Nota única', enters(7), [{ tipo: 'anotacao', texto: 'Nota escrita uma vez' }]);
    const lead = await newLead('Iara Nunes');
    await moveTo(lead, 7);
    await work();
    const [done] = await runsOf(r.id);
    expect(done).toMatchObject({ status: 'concluida', passo: 1 });
    // The crash: the note committed, the step's record and the run's advance did not.
    await db().delete(automacoesPassos).where(eq(automacoesPassos.idExecucao, done!.id));
    await db()
      .update(automacoesExecucoes)
      .set({ passo: 0, status: 'ativa', proximoEm: clock, leasePor: null, leaseAte: null })
      .where(eq(automacoesExecucoes.id, done!.id));
    await work();
    const [again] = await runsOf(r.id);
    expect(again).toMatchObject({ status: 'concluida', passo: 1 });
    const notes = await db()
      .select()
      .from(historico)
      .where(and(eq(historico.cliCrmId, lead), eq(historico.texto, 'Nota escrita uma vez')));
    expect(notes).toHaveLength(1);
    const steps = await db().select().from(automacoesPassos).where(eq(automacoesPassos.idExecucao, done!.id));
    expect(steps.map((s) => [s.resultado, s.detalhe])).toEqual([['ok', 'Anotação adicionada']]);
    await disableAll();
  });
});
