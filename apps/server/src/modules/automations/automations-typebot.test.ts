// Issue 25 on a fake clock, with the real app, database and gateway emulator over HTTP:
// - 'Typebot through the gateway': the unit's Typebot settings (admin only, validated), the
//   instance's settings before any start, one disabled bot per automation, the start with the lead's
//   variables once per step, the stand-in's two messages in the lead's conversation; an attendant's
//   message pauses the session ('pausado por atendente' in the run log and 'Visualizar Desempenho'),
//   a sale status closes it; `typebot.start` / `typebot.change-status` keep the session's state;
// - the 'Aguardar resposta' step (answered: goes on; not answered: stops or goes on);
// - the 'sem-resposta' trigger (N hours after the last message sent, once per sent message).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AUTOMATION_API_MESSAGES, type AutomationInput } from '@funil/domain/automations/automations';
import { TYPEBOT_STANDIN_PREFIX } from '@funil/evolution-emulator/emulator';

import { ALWAYS_OPEN } from '../../testing/gateway-world.ts';
import { campaignContextOf } from '../whatsapp/campaign/campaign-send.service.ts';
import { startLeadTypebot, typebotSessionsOfLead } from '../whatsapp/typebot/typebot.service.ts';
import { startKit, type Kit } from '../whatsapp/whatsapp-test-kit.ts';
import type { AutomationEngine } from './automations.engine.ts';
import { automationEngineOf } from './automations.routes.ts';
import { createRule, rulePerformance } from './automations.service.ts';
import { automacoesExecucoes, automacoesPassos } from './automations.table.ts';
import { LEAD_SIGNAL_MESSAGES } from './lead-signals.ts';
import { WAIT_ANSWER_MESSAGES } from './steps/wait-answer.ts';

// Thursday 26/11/2026 10:00 in São Paulo: inside the mass send's allowed hours (a flow talks to the lead).
const THURSDAY_10H = new Date('2026-11-26T13:00:00Z');
let clock = THURSDAY_10H;
let k: Kit;
let engine: AutomationEngine;
const INST = 'tb-a1';
let phoneSeq = 0;

const db = () => k.t.database.db;
const f = () => k.t.fixture;
const newLead = (nome: string) =>
  k.addLead(f().unitA1, f().companyA, nome, `11987${String(300000 + ++phoneSeq).padStart(6, '0')}`);
const rule = (nome: string, gatilho: AutomationInput['gatilho'], passos: AutomationInput['passos']) =>
  createRule(
    db(),
    { idEmpresa: f().companyA, idUnidade: f().unitA1, idUsuario: f().users.a.id },
    { nome, gatilho, opcoes: { limiteDiario: 5 }, passos, habilitado: true },
  );
const enters = (idStatus: number): AutomationInput['gatilho'] => ({
  tipo: 'status-entrou',
  tipoStatus: 'STATUS_NEGOCIACAO',
  idStatus,
});
const post = async (token: string, url: string, payload: unknown, status = 200) => {
  const res = await k.t.as(token, { method: 'POST', url, payload: payload as Record<string, unknown> });
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const moveTo = (lead: number, status: number) =>
  post(k.tokens.a, `/api/negociacao/atualizarstatusnegociacao/${lead}`, { status });
const runsOf = (idAutomacao: number) =>
  db().select().from(automacoesExecucoes).where(eq(automacoesExecucoes.idAutomacao, idAutomacao)).orderBy(automacoesExecucoes.id);
const logOf = (idExecucao: number) =>
  db().select().from(automacoesPassos).where(eq(automacoesPassos.idExecucao, idExecucao)).orderBy(automacoesPassos.id);
async function work(max = 30): Promise<void> {
  await k.settle();
  for (let i = 0; i < max; i++) {
    const did = await engine.pass();
    await k.settle();
    if (!did && !(await engine.pass())) return;
  }
}
const gatewayCalls = (prefix: string) => k.emu.state.requests.filter((r) => r.url.startsWith(prefix));
const disableAll = () => db().execute(sql`update automacoes set habilitado = false`);
const phoneOf = async (lead: number) => (await k.leadRow(lead))!.cliTelefone!;
const standin = () => `${k.emuUrl}${TYPEBOT_STANDIN_PREFIX}`;

beforeAll(async () => {
  k = await startKit({
    // Sends allowed at every hour: two tests run on the real clock (a lead's answer carries the real time), and
    // their message step must not wait for Monday when CI runs on a Saturday evening.
    extras: { automacao: true, edicao_status_cliente: true, configuracoes_envio_em_massa: ALWAYS_OPEN },
    automations: { autoStart: false, now: () => clock },
  });
  engine = automationEngineOf(k.t.app);
  expect((await k.t.as(k.tokens.a, { method: 'POST', url: '/api/instancias', payload: { name: INST } })).statusCode).toBe(201);
  expect(
    (await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000097', profileName: 'Loja' })).status,
  ).toBe(200);
  await k.settle();
}, 180_000);
afterAll(async () => {
  await k?.close();
});

describe("the unit's Typebot settings (issue 25 'Typebot through the gateway')", () => {
  it('only the admin changes them, validated in Portuguese; a rule cannot use a flow they do not have', async () => {
    const put = (token: string, payload: unknown) =>
      k.t.as(token, { method: 'PUT', url: '/api/automacoes/typebot', payload: payload as Record<string, unknown> });
    let res = await put(k.tokens.a, { url: 'ftp://typebot', fluxos: [] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Informe a URL do servidor do Typebot (http:// ou https://).');
    res = await put(k.tokens.a, { url: standin(), fluxos: [{ nome: 'Requalificar', idPublico: 'tem espaço' }] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('O identificador do fluxo deve ter só letras, números, hífen e sublinhado.');
    res = await put(k.tokens.a, { url: '', fluxos: [{ nome: 'Requalificar', idPublico: 'requalificar' }] });
    expect(res.statusCode).toBe(400);
    // A rule with a typebot step before the settings have the flow: refused, nothing stored.
    const refused = await k.t.as(k.tokens.a, {
      method: 'POST',
      url: '/api/automacoes',
      payload: {
        nome: 'Sem fluxo',
        gatilho: enters(3),
        opcoes: { limiteDiario: 1 },
        passos: [{ tipo: 'typebot', fluxo: 'requalificar' }],
        habilitado: true,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(AUTOMATION_API_MESSAGES.typebotNotConfigured);
    // The user with the flag reads them (the builder's flow list), never changes them.
    expect((await put(k.tokens.u, { url: standin(), fluxos: [] })).statusCode).toBe(403);
    res = await put(k.tokens.a, { url: standin(), fluxos: [{ nome: 'Requalificar', idPublico: 'requalificar' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(AUTOMATION_API_MESSAGES.typebotSaved);
    const read = await k.t.as(k.tokens.u, { method: 'GET', url: '/api/automacoes/typebot' });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ url: standin(), fluxos: [{ nome: 'Requalificar', idPublico: 'requalificar' }] });
    // Another unit's admin sees its own (empty) settings.
    expect((await k.t.as(k.tokens.aB1, { method: 'GET', url: '/api/automacoes/typebot' })).json().data).toEqual({
      url: '',
      fluxos: [],
    });
    const r = await rule('Usa o fluxo', enters(3), [{ tipo: 'typebot', fluxo: 'requalificar' }]);
    // A flow a rule uses cannot be removed.
    res = await put(k.tokens.a, { url: standin(), fluxos: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTOMATION_API_MESSAGES.typebotFlowInUse);
    await expect(rule('Fluxo desconhecido', enters(3), [{ tipo: 'typebot', fluxo: 'outro' }])).rejects.toThrow(
      AUTOMATION_API_MESSAGES.typebotUnknownFlow,
    );
    expect(r.id).toBeGreaterThan(0);
    await disableAll();
  });
});

describe("'Iniciar fluxo do Typebot' through the gateway", () => {
  it('sets the instance once, creates a disabled bot, starts the flow with the lead’s variables; an attendant pauses it', async () => {
    clock = THURSDAY_10H;
    const r = await rule('Requalificação', enters(5), [
      { tipo: 'typebot', fluxo: 'requalificar' },
      { tipo: 'aguardar-resposta', quantidade: 1, unidade: 'dias', seNaoResponder: 'continuar' },
      { tipo: 'anotacao', texto: 'Não chegou aqui' },
    ]);
    const lead = await newLead('Renata Alves');
    await moveTo(lead, 5);
    await work();
    const settings = gatewayCalls(`/typebot/settings/${INST}`);
    expect(settings.map((s) => s.body)).toEqual([{ expire: 0, stopBotFromMe: true, keepOpen: true, listeningFromMe: false }]);
    expect(gatewayCalls(`/typebot/create/${INST}`).map((s) => s.body)).toEqual([
      { enabled: false, description: 'Funil: Requalificação', url: standin(), typebot: 'requalificar', triggerType: 'none' },
    ]);
    const starts = gatewayCalls(`/typebot/start/${INST}`);
    expect(starts).toHaveLength(1);
    const start = starts[0]!.body as { remoteJid: string; variables: { name: string; value: string }[] };
    expect(start).toMatchObject({ url: standin(), typebot: 'requalificar', startSession: true });
    expect(start.remoteJid).toMatch(/@s\.whatsapp\.net$/);
    expect(start.variables).toEqual([
      { name: 'idLead', value: String(lead) },
      { name: 'nome', value: 'Renata Alves' },
      { name: 'status', value: '5' },
      { name: 'statusVenda', value: String((await k.leadRow(lead))!.cliStatusNegociacaoVenda ?? '') },
    ]);
    // The stand-in's two messages reached Funil as the gateway's send.message webhooks: in the lead's conversation.
    const texts = (await k.messagesOf(lead)).filter((m) => m.fromMe).map((m) => m.body);
    expect(texts).toEqual([
      'Oi, Renata! Aqui é o assistente virtual. Você ainda tem interesse no nosso atendimento?',
      'Responda SIM para falar com um especialista ou NÃO para encerrar.',
    ]);
    // typebot.start kept the session's state; the bot's own messages did not pause it.
    let [session] = await typebotSessionsOfLead(db(), lead);
    expect(session).toMatchObject({ status: 'aberta', pedido: null, remoteJid: start.remoteJid });
    let [run] = await runsOf(r.id);
    expect(run).toMatchObject({ status: 'ativa', passo: 1 });

    // The same key again (a retry after a crash): the gateway's sessions are asked, nothing starts twice.
    const ctx = campaignContextOf(k.t.app);
    const instance = await k.instance(INST);
    const again = await startLeadTypebot(ctx, {
      instance,
      lead: (await k.leadRow(lead))!,
      url: standin(),
      fluxo: 'requalificar',
      botChave: `automacao:${r.id}:requalificar`,
      botDescription: 'x',
      chave: session!.chave,
      idExecucao: run!.id,
      variables: {},
    });
    expect(again).toBe('already');
    expect(gatewayCalls(`/typebot/start/${INST}`)).toHaveLength(1);

    // A second lead: the instance's settings and the bot are not set again.
    const other = await newLead('Otávio Lima');
    await moveTo(other, 5);
    await work();
    expect(gatewayCalls(`/typebot/settings/${INST}`)).toHaveLength(1);
    expect(gatewayCalls(`/typebot/create/${INST}`)).toHaveLength(1);
    expect(gatewayCalls(`/typebot/start/${INST}`)).toHaveLength(2);

    // The attendant writes to the lead from Funil: Funil pauses the lead's session itself.
    await post(
      k.tokens.a,
      `/api/message/sendText/${INST}`,
      { number: await phoneOf(lead), text: 'Oi Renata, aqui é a Ana.' },
      201,
    );
    await work();
    const changes = gatewayCalls(`/typebot/changeStatus/${INST}`);
    expect(changes.map((c) => c.body)).toEqual([{ remoteJid: start.remoteJid, status: 'paused' }]);
    [session] = await typebotSessionsOfLead(db(), lead);
    expect(session).toMatchObject({ status: 'pausada', pedido: null, motivo: 'pausado por atendente' });
    [run] = await runsOf(r.id);
    expect(run).toMatchObject({ status: 'parada', erro: LEAD_SIGNAL_MESSAGES.pausedStop });
    expect((await logOf(run!.id)).map((s) => [s.resultado, s.detalhe])).toContainEqual([
      'pausado',
      'Typebot pausado por atendente',
    ]);
    // A second message of the attendant asks nothing more.
    await post(k.tokens.a, `/api/message/sendText/${INST}`, { number: await phoneOf(lead), text: 'Posso ajudar?' }, 201);
    await work();
    expect(gatewayCalls(`/typebot/changeStatus/${INST}`)).toHaveLength(1);
    const perf = await rulePerformance(db(), f().unitA1, r.id);
    expect(perf.figuras).toMatchObject({ iniciadas: 2, pausadasPorAtendente: 1, paradas: 1 });
    // The other lead's session was not touched.
    expect((await typebotSessionsOfLead(db(), other))[0]).toMatchObject({ status: 'aberta' });

    // A sale status closes the other lead's session (typebot.change-status keeps the state).
    await post(k.tokens.a, `/api/negociacao/atualizarstatusnegociacaovenda/${other}`, { status: 2 });
    await work();
    const otherJid = (await typebotSessionsOfLead(db(), other))[0]!.remoteJid;
    expect(gatewayCalls(`/typebot/changeStatus/${INST}`).at(-1)!.body).toEqual({ remoteJid: otherJid, status: 'closed' });
    expect((await typebotSessionsOfLead(db(), other))[0]).toMatchObject({
      status: 'fechada',
      motivo: 'encerrado pelo status de venda',
    });
    const otherRun = (await runsOf(r.id)).find((x) => x.cliCrmId === other)!;
    expect((await logOf(otherRun.id)).map((s) => s.detalhe)).toContain(LEAD_SIGNAL_MESSAGES.closed);
    await disableAll();
  });

  it('any send path pauses it: the legacy chat route (/whatsapp/enviar/texto) too; the automation’s own message does not', async () => {
    clock = THURSDAY_10H;
    const r = await rule('Requalificação 3', enters(9), [
      { tipo: 'typebot', fluxo: 'requalificar' },
      { tipo: 'mensagem', texto: 'Mensagem da própria automação' },
      { tipo: 'aguardar-resposta', quantidade: 1, unidade: 'dias', seNaoResponder: 'parar' },
    ]);
    const lead = await newLead('Bruno Teles');
    await moveTo(lead, 9);
    await work();
    // The automation's own message after the flow did not pause it.
    expect((await typebotSessionsOfLead(db(), lead))[0]).toMatchObject({ status: 'aberta', pedido: null });
    expect((await runsOf(r.id))[0]).toMatchObject({ status: 'ativa', passo: 2 });
    // The attendant's own lead, written from the legacy chat route (the attendant's screen).
    await k.updateLead(lead, { idUsuario: f().users.u.id });
    await post(k.tokens.u, '/api/whatsapp/enviar/texto', { cli_crm_id: lead, mensagem: 'Oi Bruno, sou a Bruna.' }, 201);
    await work();
    expect((await typebotSessionsOfLead(db(), lead))[0]).toMatchObject({ status: 'pausada', motivo: 'pausado por atendente' });
    expect((await runsOf(r.id))[0]).toMatchObject({ status: 'parada', erro: LEAD_SIGNAL_MESSAGES.pausedStop });
    await disableAll();
  });

  it('the gateway’s typebot.change-status (a change made elsewhere) is the session’s state', async () => {
    clock = THURSDAY_10H;
    const r = await rule('Requalificação 2', enters(6), [{ tipo: 'typebot', fluxo: 'requalificar' }]);
    const lead = await newLead('Paula Reis');
    await moveTo(lead, 6);
    await work();
    const [session] = await typebotSessionsOfLead(db(), lead);
    expect(session?.status).toBe('aberta');
    const instance = await k.instance(INST);
    const res = await fetch(`${k.emuUrl}/typebot/changeStatus/${INST}`, {
      method: 'POST',
      headers: { apikey: instance.token, 'content-type': 'application/json' },
      body: JSON.stringify({ remoteJid: session!.remoteJid, status: 'closed' }),
    });
    expect(res.status).toBe(200);
    await k.settle();
    expect((await typebotSessionsOfLead(db(), lead))[0]?.status).toBe('fechada');
    expect((await runsOf(r.id))[0]?.status).toBe('concluida');
    await disableAll();
  });
});

describe("'Aguardar resposta' (issue 25 'Steps')", () => {
  it('goes on at the lead’s first answer; without one, stops or goes on at the time-out as chosen', async () => {
    clock = new Date();
    const stop = await rule('Espera e para', enters(7), [
      { tipo: 'aguardar-resposta', quantidade: 2, unidade: 'horas', seNaoResponder: 'parar' },
      { tipo: 'anotacao', texto: 'Respondeu à automação' },
    ]);
    const answers = await newLead('Caio Nunes');
    const silent = await newLead('Sônia Dias');
    await moveTo(answers, 7);
    await moveTo(silent, 7);
    await work();
    const waiting = await runsOf(stop.id);
    expect(waiting.map((x) => [x.status, x.passo])).toEqual([
      ['ativa', 0],
      ['ativa', 0],
    ]);
    expect(waiting[0]!.proximoEm.getTime() - clock.getTime()).toBe(2 * 3_600_000);
    // An hour later the lead answers: the run goes on at once, not at the time-out.
    clock = new Date(clock.getTime() + 3_600_000);
    expect(
      (await k.emu$('POST', `/_emulator/instances/${INST}/messages`, { from: `55${await phoneOf(answers)}`, text: 'Oi!' }))
        .status,
    ).toBe(201);
    await work();
    const [a, b] = await runsOf(stop.id);
    expect(a).toMatchObject({ status: 'concluida', passo: 2 });
    expect((await logOf(a!.id))[0]!.detalhe).toContain(WAIT_ANSWER_MESSAGES.answered);
    expect(b).toMatchObject({ status: 'ativa', passo: 0 });
    // The time-out: 'parar'.
    clock = new Date(clock.getTime() + 3_600_000);
    await work();
    const after = await runsOf(stop.id);
    expect(after[0]).toMatchObject({ status: 'concluida' });
    expect(after[1]).toMatchObject({ id: b!.id, status: 'parada', erro: WAIT_ANSWER_MESSAGES.stopped });
    await disableAll();

    const goOn = await rule('Espera e segue', enters(8), [
      { tipo: 'aguardar-resposta', quantidade: 30, unidade: 'minutos', seNaoResponder: 'continuar' },
      { tipo: 'anotacao', texto: 'Seguiu sem resposta' },
    ]);
    const quiet = await newLead('Túlio Reis');
    await moveTo(quiet, 8);
    await work();
    clock = new Date(clock.getTime() + 30 * 60_000);
    await work();
    const [run] = await runsOf(goOn.id);
    expect(run).toMatchObject({ status: 'concluida' });
    expect((await logOf(run!.id)).map((s) => s.detalhe)).toEqual([WAIT_ANSWER_MESSAGES.goOn, 'Anotação adicionada']);
    await disableAll();
  });
});

describe("'Visualizar Desempenho': messages answered and runs stopped by a condition (issue 25 'The engine')", () => {
  it('counts the runs whose lead wrote back after their message, and those a condition stopped apart from other stops', async () => {
    clock = new Date();
    const r = await rule('Mensagem e condição', enters(9), [
      { tipo: 'mensagem', texto: 'Olá [nome_cliente], podemos ajudar?' },
      // Status 9 is where the trigger put them: "not in 9" stops every run here.
      { tipo: 'condicao', campo: 'status', valor: 9, negar: true },
      { tipo: 'anotacao', texto: 'Nunca chega aqui' },
    ]);
    const writes = await newLead('Rita Paiva');
    const silent = await newLead('Otávio Lins');
    await moveTo(writes, 9);
    await moveTo(silent, 9);
    await work();
    expect(
      (await k.emu$('POST', `/_emulator/instances/${INST}/messages`, { from: `55${await phoneOf(writes)}`, text: 'Pode sim!' }))
        .status,
    ).toBe(201);
    await work();
    const runs = await runsOf(r.id);
    expect(runs.map((x) => [x.status, x.mensagensEnviadas, x.respostaEm !== null])).toEqual([
      ['parada', 1, true],
      ['parada', 1, false],
    ]);
    const perf = await rulePerformance(db(), f().unitA1, r.id);
    expect(perf.figuras).toMatchObject({ iniciadas: 2, paradas: 2, paradasPorCondicao: 2, mensagensEnviadas: 2, respondidas: 1 });
    await disableAll();
  });
});

describe("'sem-resposta': no answer for N hours after the last message sent (issue 25 'Triggers')", () => {
  it('enrols once per sent message; an answer takes the lead out; a new message sent starts a new clock', async () => {
    const r = await rule('Sem resposta', { tipo: 'sem-resposta', horas: 3 }, [{ tipo: 'anotacao', texto: 'Cobrar retorno' }]);
    const waits = await newLead('Gil Souza');
    const answered = await newLead('Helena Prado');
    for (const lead of [waits, answered])
      await post(
        k.tokens.a,
        `/api/message/sendText/${INST}`,
        { number: await phoneOf(lead), text: 'Conseguiu ver a proposta?' },
        201,
      );
    await k.emu$('POST', `/_emulator/instances/${INST}/messages`, { from: `55${await phoneOf(answered)}`, text: 'Vi sim' });
    await k.settle();
    const sent = (await k.leadRow(waits))!.whatsappUltimaMensagemDataEnviada!;
    clock = new Date(sent.getTime() + 2 * 3_600_000);
    expect(await engine.enrolUnanswered()).toBe(0);
    clock = new Date(sent.getTime() + 3 * 3_600_000 + 60_000);
    // The earlier tests' leads (a bot's or an attendant's message, no answer) are enrolled too.
    expect(await engine.enrolUnanswered()).toBeGreaterThanOrEqual(1);
    expect(await engine.enrolUnanswered()).toBe(0);
    await work();
    const runsOfLead = async (lead: number) => (await runsOf(r.id)).filter((x) => x.cliCrmId === lead);
    expect((await runsOfLead(waits)).map((x) => x.status)).toEqual(['concluida']);
    expect(await runsOfLead(answered)).toEqual([]);
    // Another message sent (a second later: the gateway's times are in seconds), unanswered for 3 hours more: enrolled again.
    await new Promise((r) => setTimeout(r, 1_100));
    await post(k.tokens.a, `/api/message/sendText/${INST}`, { number: await phoneOf(waits), text: 'Oi Gil?' }, 201);
    await k.settle();
    const second = (await k.leadRow(waits))!.whatsappUltimaMensagemDataEnviada!;
    expect(second.getTime()).toBeGreaterThan(sent.getTime());
    clock = new Date(second.getTime() + 3 * 3_600_000 + 60_000);
    expect(await engine.enrolUnanswered()).toBe(1);
    expect(await runsOfLead(waits)).toHaveLength(2);
    // The answered lead is never enrolled, however late.
    clock = new Date(second.getTime() + 30 * 3_600_000);
    await engine.enrolUnanswered();
    expect(await runsOfLead(answered)).toEqual([]);
    await disableAll();
  });
});
