// The steps of issue 25 'Steps' added after the first engine, on a fake clock with the gateway
// emulator over HTTP: 'agendar-ligacao' sets the lead's next call and 'agendar-mensagem' its
// scheduled WhatsApp message through the leads module's doors (001 §5 "Schedule contact or call",
// "Schedule message"); 'mensagem-rapida' sends a unit's quick message (001 §3) with its placeholders
// filled (002 §5); 'midia' sends an image by URL; every send counts against the number's daily cap
// (mass send's warm-up) and a run that meets the cap waits for the next allowed slot, with the reason on the run.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

import { automationInputSchema, type AutomationInput } from '@funil/domain/automations/automations';

import { jobs } from '../../jobs/jobs.table.ts';
import { historico } from '../leads/leads.table.ts';
import { SCHEDULED_MESSAGE_JOB } from '../leads/scheduled-message.service.ts';
import { textHash } from '../mass-send/mass-send.repository.ts';
import { enviosEmMassaRegistro } from '../mass-send/mass-send.table.ts';
import { modelosCategorias, modelosMensagem } from '../quick-messages/quick-messages.table.ts';
import { startKit, type Kit } from '../whatsapp/whatsapp-test-kit.ts';
import type { AutomationEngine } from './automations.engine.ts';
import { automationEngineOf } from './automations.routes.ts';
import { createRule } from './automations.service.ts';
import { automacoesExecucoes, automacoesPassos } from './automations.table.ts';

// Thursday 26/11/2026 10:00 in São Paulo.
const THURSDAY_10H = new Date('2026-11-26T13:00:00Z');
let clock = THURSDAY_10H;
let k: Kit;
let engine: AutomationEngine;
let phoneSeq = 0;
const INST = 'auto-passos';

const db = () => k.t.database.db;
const f = () => k.t.fixture;
const newLead = (nome: string) =>
  k.addLead(f().unitA1, f().companyA, nome, `11987${String(500000 + ++phoneSeq).padStart(6, '0')}`);
const rule = (nome: string, passos: AutomationInput['passos']) =>
  createRule(
    db(),
    { idEmpresa: f().companyA, idUnidade: f().unitA1, idUsuario: f().users.a.id },
    {
      nome,
      gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 },
      opcoes: { limiteDiario: 5 },
      passos,
      habilitado: true,
    },
  );
const moveTo = async (lead: number, status: number) => {
  const res = await k.t.as(k.tokens.a, {
    method: 'POST',
    url: `/api/negociacao/atualizarstatusnegociacao/${lead}`,
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
};
// Each test's rule only: the rules of the tests before are disabled.
const disableAll = () => db().execute(sql`update automacoes set habilitado = false`);
async function work(max = 20): Promise<void> {
  for (let i = 0; i < max; i++) {
    await k.t.app.leadEvents.drain();
    if (!(await engine.pass())) return;
  }
}

beforeAll(async () => {
  k = await startKit({
    automations: {
      autoStart: false,
      now: () => clock,
      maxTypingMs: 10,
      // The file server of the 'midia' step: a public address, a small PDF (an MP3 for a .mp3 address).
      resolveHost: async () => ['203.0.113.10'],
      fetch: (async (url: string | URL | Request) =>
        String(url).endsWith('.mp3')
          ? new Response(Buffer.from('ID3 tabela em áudio'), { status: 200, headers: { 'content-type': 'audio/mpeg' } })
          : new Response(Buffer.from('%PDF-1.4 catálogo'), {
              status: 200,
              headers: { 'content-type': 'application/pdf' },
            })) as typeof fetch,
    },
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

describe('scheduling steps (issue 25 "Steps"; 002 §2.7)', () => {
  it('the schema takes both steps and refuses a negative time with a Portuguese message', () => {
    const base = { nome: 'x', gatilho: { tipo: 'captado', canal: null }, opcoes: { limiteDiario: 1 }, habilitado: true };
    expect(
      automationInputSchema.safeParse({ ...base, passos: [{ tipo: 'agendar-ligacao', quantidade: 2, unidade: 'horas' }] })
        .success,
    ).toBe(true);
    const bad = automationInputSchema.safeParse({
      ...base,
      passos: [{ tipo: 'agendar-mensagem', texto: 'Oi', quantidade: -1, unidade: 'dias' }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('O prazo não pode ser negativo.');
  });

  it('schedules the next call and a WhatsApp message through the leads doors, with history and the send job', async () => {
    clock = THURSDAY_10H;
    // The job runner runs on the real clock, past this test's Thursday: it would send the scheduled
    // message at once (a race the PGlite run lost), clearing what this test reads. The job stays queued.
    await k.t.app.jobs.stop();
    onTestFinished(() => k.t.app.jobs.start());
    await disableAll();
    const r = await rule('Retorno', [
      { tipo: 'agendar-ligacao', quantidade: 2, unidade: 'horas' },
      { tipo: 'agendar-mensagem', texto: 'Olá [nome_cliente]! Tudo certo com a proposta?', quantidade: 1, unidade: 'dias' },
    ]);
    const lead = await newLead('Paula Reis');
    await moveTo(lead, 4);
    await work();
    const [run] = await db().select().from(automacoesExecucoes).where(eq(automacoesExecucoes.idAutomacao, r.id));
    expect(run).toMatchObject({ status: 'concluida', passo: 2 });
    const row = await k.leadRow(lead);
    expect(row?.cliContatoAgendado?.toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(row?.cliMensagemAgendada).toBe('Olá Paula! Tudo certo com a proposta?');
    expect(row?.cliDataMensagemAgendada?.toISOString()).toBe('2026-11-27T13:00:00.000Z');
    expect(row?.cliMensagemAgendadaStatus).toBe('pendente');
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, SCHEDULED_MESSAGE_JOB), eq(jobs.idUnidade, f().unitA1)));
    expect(job?.notBefore?.toISOString()).toBe('2026-11-27T13:00:00.000Z');
    const steps = await db().select().from(automacoesPassos).where(eq(automacoesPassos.idExecucao, run!.id));
    expect(steps.map((s) => s.detalhe)).toEqual([
      'Ligação agendada para 26/11/2026 12:00',
      'Mensagem agendada para 27/11/2026 10:00',
    ]);
    const history = await db().select().from(historico).where(eq(historico.cliCrmId, lead));
    expect(history.some((h) => h.texto === '2026-11-26 12:00:00')).toBe(true);
    expect(history.some((h) => h.texto === 'Olá Paula! Tudo certo com a proposta?')).toBe(true);
  });
});

const sentRecords = async () =>
  ((await k.emu$('GET', `/_emulator/instances/${INST}/sent`)).json as { record: unknown }[]).map((m) => JSON.stringify(m.record));
const runOf = async (idAutomacao: number) =>
  (await db().select().from(automacoesExecucoes).where(eq(automacoesExecucoes.idAutomacao, idAutomacao)))[0]!;

describe('send steps: quick message, media, the daily cap (issue 25 "Steps"; 001 §3; 002 §5)', () => {
  it("sends the unit's quick message with its placeholders filled, and a document by URL with its caption", async () => {
    clock = THURSDAY_10H;
    const [cat] = await db()
      .insert(modelosCategorias)
      .values({ idEmpresa: f().companyA, idUnidade: f().unitA1, escopo: 'unidade', nome: 'Boas-vindas' })
      .returning();
    const [model] = await db()
      .insert(modelosMensagem)
      .values({
        idCategoria: cat!.id,
        idEmpresa: f().companyA,
        idUnidade: f().unitA1,
        escopo: 'unidade',
        titulo: 'Saudação',
        mensagem: 'Oi [nome_cliente], aqui é da Loja!',
      })
      .returning();
    await disableAll();
    const r = await rule('Boas-vindas', [
      { tipo: 'mensagem-rapida', idModelo: model!.id },
      {
        tipo: 'midia',
        midia: 'documento',
        url: 'https://cdn.exemplo.com.br/catalogo.pdf',
        legenda: 'Catálogo para [nome_cliente]',
      },
    ]);
    const lead = await newLead('Renata Lima');
    await moveTo(lead, 4);
    await work();
    expect(await runOf(r.id), (await runOf(r.id)).erro ?? '').toMatchObject({
      status: 'concluida',
      passo: 2,
      mensagensEnviadas: 2,
    });
    const sent = await sentRecords();
    expect(sent.some((s) => s.includes('Oi Renata, aqui é da Loja!'))).toBe(true);
    expect(sent.some((s) => s.includes('catalogo.pdf') && s.includes('Catálogo para Renata'))).toBe(true);
    const mine = (await k.messagesOf(lead)).filter((m) => m.fromMe);
    expect(mine, JSON.stringify(mine.map((m) => [m.body, m.isError, m.messageId]))).toHaveLength(2);
    // Both sends are in the number's ledger (the daily cap counts them).
    const c = await k.instance(INST);
    const ledger = await db().select().from(enviosEmMassaRegistro).where(eq(enviosEmMassaRegistro.idInstancia, c.id));
    const hashes = ledger.filter((l) => l.idCampanha === 0).map((l) => l.textoHash);
    expect(hashes).toContain(textHash('Oi Renata, aqui é da Loja!'));
    expect(hashes).toContain(textHash('Catálogo para Renata'));
  });

  it('sends an audio by URL as a WhatsApp voice message (sendWhatsAppAudio), once, in the conversation and the ledger', async () => {
    await disableAll();
    const r = await rule('Áudio da tabela', [
      { tipo: 'midia', midia: 'audio', url: 'https://cdn.exemplo.com.br/tabela.mp3', legenda: '' },
    ]);
    const lead = await newLead('Bruna Áudio');
    await moveTo(lead, 4);
    await work();
    expect(await runOf(r.id), (await runOf(r.id)).erro ?? '').toMatchObject({
      status: 'concluida',
      passo: 1,
      mensagensEnviadas: 1,
    });
    const steps = await db()
      .select()
      .from(automacoesPassos)
      .where(eq(automacoesPassos.idExecucao, (await runOf(r.id)).id));
    expect(steps.map((s) => s.detalhe)).toEqual(['Áudio enviado']);
    // The gateway got one audio message for the lead's number through its audio route, as a voice note.
    const requests = (await k.emu$('GET', '/_emulator/requests')).json as { method: string; url: string; body: unknown }[];
    const audioSends = requests.filter((q) => q.method === 'POST' && q.url === `/message/sendWhatsAppAudio/${INST}`);
    expect(audioSends).toHaveLength(1);
    expect(requests.some((q) => q.url === `/message/sendMedia/${INST}` && JSON.stringify(q.body).includes('tabela.mp3'))).toBe(
      false,
    );
    const audios = (
      (await k.emu$('GET', `/_emulator/instances/${INST}/sent`)).json as {
        record: { key: { remoteJid: string }; messageType: string; message: { audioMessage?: { ptt?: boolean } } };
        media: { size: number | null } | null;
      }[]
    ).filter((m) => m.record.messageType === 'audioMessage');
    expect(audios).toHaveLength(1);
    expect(audios[0]!.record.message.audioMessage?.ptt).toBe(true);
    expect(audios[0]!.media?.size).toBe(Buffer.from('ID3 tabela em áudio').length);
    const mine = (await k.messagesOf(lead)).filter((m) => m.fromMe);
    expect(mine, JSON.stringify(mine.map((m) => [m.body, m.isError, m.messageId]))).toHaveLength(1);
    expect(mine[0]!.isError).toBeFalsy();
  });

  it('refuses a caption on an audio step in Portuguese', () => {
    const parsed = automationInputSchema.safeParse({
      nome: 'Áudio com legenda',
      gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 },
      opcoes: { limiteDiario: 1 },
      passos: [{ tipo: 'midia', midia: 'audio', url: 'https://cdn.exemplo.com.br/tabela.mp3', legenda: 'Ouça!' }],
      habilitado: true,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain('Um áudio é enviado sem legenda; deixe a legenda em branco.');
  });

  it("refuses a quick message that is not the unit's (an attendant's own or another unit's) in Portuguese", async () => {
    await expect(rule('Errada', [{ tipo: 'mensagem-rapida', idModelo: 999_999 }])).rejects.toThrow(
      'A mensagem rápida escolhida não existe na unidade.',
    );
  });

  it("a number at its daily cap: the run waits for the next day's allowed slot, the reason on the run; then sends once", async () => {
    clock = THURSDAY_10H;
    const c = await k.instance(INST);
    // A number first used today: its warm-up cap is 20; 20 sends already today.
    await db()
      .insert(enviosEmMassaRegistro)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          idInstancia: c.id,
          idUnidade: f().unitA1,
          idCampanha: 7,
          numero: `55119001${i}`,
          textoHash: 'x',
          enviadoEm: new Date(THURSDAY_10H.getTime() - 60_000),
        })),
      );
    await disableAll();
    const r = await rule('Limite', [{ tipo: 'mensagem', texto: 'Olá [nome_cliente], novidade na loja!' }]);
    const lead = await newLead('Otávio Cap');
    await moveTo(lead, 4);
    await work();
    const waiting = await runOf(r.id);
    expect(waiting).toMatchObject({ status: 'ativa', passo: 0, mensagensEnviadas: 0 });
    expect(waiting.erro).toMatch(/^Aguardando: o limite diário de envios do número foi atingido; próximo envio em 27\/11\/2026 /);
    expect((await sentRecords()).some((s) => s.includes('Olá Otávio'))).toBe(false);
    expect(waiting.proximoEm.getTime()).toBeGreaterThan(new Date('2026-11-27T03:00:00Z').getTime());
    clock = new Date(waiting.proximoEm.getTime() + 1_000);
    await work();
    expect(await runOf(r.id)).toMatchObject({ status: 'concluida', mensagensEnviadas: 1, erro: null });
    expect((await sentRecords()).filter((s) => s.includes('Olá Otávio'))).toHaveLength(1);
  });

  it("the send's ledger row is keyed by the step: a crash before its write is mended on resume, a replay never counts twice", async () => {
    // Friday 27/11 14:00: a day the cap test above barely used.
    clock = new Date(THURSDAY_10H.getTime() + 28 * 3_600_000);
    await disableAll();
    const r = await rule('Registro', [{ tipo: 'mensagem', texto: 'Olá [nome_cliente], temos novidades!' }]);
    const lead = await newLead('Lia Registro');
    await moveTo(lead, 4);
    await work();
    const run = await runOf(r.id);
    expect(run, `${run.erro} ${run.proximoEm.toISOString()}`).toMatchObject({ status: 'concluida', mensagensEnviadas: 1 });
    const key = `auto:${run.id}:${run.rodada}:0`;
    const rowsOfKey = () => db().select().from(enviosEmMassaRegistro).where(eq(enviosEmMassaRegistro.chave, key));
    expect(await rowsOfKey()).toHaveLength(1);
    // The crash: the message went out, the process died before the ledger row and the step's record
    // (the run's step log and counter as they were before the step).
    // The run is given back as its lease would (same round, same step), without the row.
    const replay = async () => {
      await db()
        .delete(automacoesPassos)
        .where(eq(automacoesPassos.chave, `${run.id}:${run.rodada}:0`));
      await db().execute(
        sql`update automacoes_execucoes set status = 'ativa', passo = 0, proximo_em = ${clock.toISOString()},
              lease_por = null, lease_ate = null, terminado_em = null, mensagens_enviadas = 0 where id = ${run.id}`,
      );
    };
    await db().delete(enviosEmMassaRegistro).where(eq(enviosEmMassaRegistro.chave, key));
    await replay();
    await work();
    // Resumed: the gateway had it, nothing is sent again, and the row is back, once.
    expect((await sentRecords()).filter((s) => s.includes('Olá Lia, temos novidades!'))).toHaveLength(1);
    expect(await rowsOfKey()).toHaveLength(1);
    // A replay with the row in place (a crash after it, before the step's record) counts nothing more.
    await replay();
    await work();
    expect(await rowsOfKey()).toHaveLength(1);
    expect((await sentRecords()).filter((s) => s.includes('Olá Lia, temos novidades!'))).toHaveLength(1);
    expect(await runOf(r.id)).toMatchObject({ status: 'concluida' });
  });
});
