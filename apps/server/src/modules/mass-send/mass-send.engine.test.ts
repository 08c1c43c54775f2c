// The mass-send engine with a fake clock (issue 13 'Tests and figures'): the real app on a real
// database, the gateway emulator over HTTP; the engine is driven step by step (autoStart off).
// Covers the random wait, the typing delay, allowed hours, daily caps and warm-up, opt-out, the
// 24-hour dedupe, each automatic pause, 'Mudar status após envio' and the in-flight recovery.
// @pglite-too (vitest.config.ts): the engine's claim and lease on PGlite's one connection and on a server's pool.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { MASS_SEND_MESSAGES } from '@funil/domain/mass-send/mass-send-api';
import { randomWaitMs, typingDelayMs } from '@funil/domain/mass-send/pacing';
import { campaignSendEvent, updateCampaignEvent } from '@funil/domain/realtime/events';

import { leadEventos } from '../lead-events/lead-events.table.ts';
import { historico } from '../leads/leads.table.ts';
import { unidadeConfiguracoes } from '../tenancy/tenancy.table.ts';
import { campaignContextOf } from '../whatsapp/campaign/campaign-send.service.ts';
import { whatsappMensagens } from '../whatsapp/chat/messages.table.ts';
import { startKit, type Kit } from '../whatsapp/whatsapp-test-kit.ts';
import { MassSendEngine } from './mass-send.engine.ts';
import { massSendEngineOf } from './mass-send.routes.ts';
import { enviosEmMassa, enviosEmMassaClientes, enviosEmMassaRegistro } from './mass-send.table.ts';

// Thursday 26/11/2026 10:00 in São Paulo.
const THURSDAY_10H = new Date('2026-11-26T13:00:00Z');
let clock = THURSDAY_10H;
let rnd = 0.5;
let k: Kit;
let engine: MassSendEngine;
const INST = 'massa-a1';
const MASS = {
  habilita_envio_em_massaV2: true,
  configuracoes_envio_em_massa: {
    quantidade_max_leads: 50,
    tempo_minimo: 10,
    tempo_maximo: 50,
    janela_erros: 5,
    percentual_erros: 40,
  },
};
let phoneSeq = 0;

const db = () => k.t.database.db;
const at = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const newLead = (nome: string, extra = {}) =>
  k.addLead(k.t.fixture.unitA1, k.t.fixture.companyA, nome, `11987${String(700000 + ++phoneSeq).padStart(6, '0')}`, extra);
/** Both WhatsApp forms of a lead's phone (with and without the ninth digit), as the number check asks. */
const waForms = (tel: string) => [`55${tel}`, `55${tel.slice(0, 2)}${tel.slice(3)}`];
const post = (payload: unknown, token = k.tokens.u, url = '/api/envio-em-massa') =>
  k.t.as(token, { method: 'POST', url, payload: payload as Record<string, unknown> });
const campaign = async (id: number) => (await db().select().from(enviosEmMassa).where(eq(enviosEmMassa.id, id)))[0]!;
const recipients = (id: number) =>
  db().select().from(enviosEmMassaClientes).where(eq(enviosEmMassaClientes.idCampanha, id)).orderBy(enviosEmMassaClientes.seq);
const sent = async () =>
  (await k.emu$('GET', `/_emulator/instances/${INST}/sent`)).json as {
    record: { key: { remoteJid: string }; message?: { conversation?: string } };
  }[];
/** Steps the engine until nothing is due, moving the clock past each wait. */
async function drain(id: number, max = 50): Promise<void> {
  for (let i = 0; i < max; i++) {
    const c = await campaign(id);
    if (c.status !== 'EM_ANDAMENTO') return;
    if (c.proximoEnvioEm > clock) clock = new Date(c.proximoEnvioEm.getTime());
    await engine.step(id);
  }
}
async function create(leadIds: number[], extra: Record<string, unknown> = {}): Promise<number> {
  const res = await post({
    nomeDisparo: 'Campanha teste',
    intervaloMensagem: 20,
    leads: leadIds.map((id) => ({ cli_crm_id: id })),
    mensagens: ['Olá {{nome_do_cliente}}, oferta de {{data_atual}}'],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: number } }).data.id;
}
async function finalizeOpen(): Promise<void> {
  for (const c of await db().select().from(enviosEmMassa).where(eq(enviosEmMassa.idUnidade, k.t.fixture.unitA1))) {
    if (c.status !== 'FINALIZADO')
      await k.t.as(k.tokens.u, { method: 'PUT', url: `/api/envio-em-massa/${c.id}`, payload: { status: 'FINALIZADO' } });
  }
}

beforeAll(async () => {
  k = await startKit({ extras: MASS, massSend: { autoStart: false, now: () => clock, random: () => rnd, leaseMs: 5_000 } });
  engine = massSendEngineOf(k.t.app);
  expect((await k.t.as(k.tokens.a, { method: 'POST', url: '/api/instancias', payload: { name: INST } })).statusCode).toBe(201);
  expect(
    (await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000099', profileName: 'Loja' })).status,
  ).toBe(200);
  await k.settle();
}, 180_000);
afterAll(async () => {
  await k?.close();
});
beforeEach(async () => {
  clock = THURSDAY_10H;
  rnd = 0.5;
  await finalizeOpen();
  await k.emu$('DELETE', '/_emulator/send-failures');
  // Each test starts with a fresh number history.
  await db().delete(enviosEmMassaRegistro);
});

describe('sending (issue 13 "Pacing")', () => {
  it('sends each lead once through the send path, with placeholders, typing delay and a random wait around the interval', async () => {
    const ids = [await newLead('Ana Paula Souza'), await newLead('Bruno Lima')];
    const socket = await k.socket(k.tokens.u);
    const id = await create(ids, { idStatusNovo: 4 });
    expect(await engine.step(id)).toBe('sent');
    const c = await campaign(id);
    // The wait is random with the interval as its mean (rnd 0.5 → exactly the mean; 0 → half).
    expect(c.proximoEnvioEm.getTime() - clock.getTime()).toBe(randomWaitMs(20, 0.5));
    // Not due yet: nothing happens.
    expect(await engine.step(id)).toBe('skipped');
    rnd = 0;
    at(20_000);
    expect(await engine.step(id)).toBe('sent');
    expect((await campaign(id)).proximoEnvioEm.getTime() - clock.getTime()).toBe(10_000);
    const texts = (await sent()).map((m) => m.record.message?.conversation);
    expect(texts).toContain('Olá Ana, oferta de 26/11/2026');
    expect(texts).toContain('Olá Bruno, oferta de 26/11/2026');
    // The gateway got the typing presence for the text's length.
    const requests = (await k.emu$('GET', '/_emulator/requests')).json as {
      url: string;
      body: { text?: string; delay?: number };
    }[];
    const ana = requests.find((r) => r.url.includes('/message/sendText/') && r.body?.text === 'Olá Ana, oferta de 26/11/2026');
    expect(ana?.body.delay).toBe(typingDelayMs('Olá Ana, oferta de 26/11/2026'));
    // In the conversation, and the status moved with its history event (Mudar status após envio).
    for (const lead of ids) {
      const rows = await k.messagesOf(lead);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ fromMe: true, isError: false });
      expect((await k.leadRow(lead))?.cliStatusNegociacao).toBe(4);
      expect(
        (
          await db()
            .select()
            .from(historico)
            .where(and(eq(historico.cliCrmId, lead), eq(historico.tipo, 5)))
        ).length,
      ).toBe(1);
    }
    // Issue 22 §2: each send is one 'mensagem-enviada' of the lead's stream carrying its campaign
    // (dados.idCampanha), beside the status change's own event.
    for (const lead of ids) {
      const events = await db().select().from(leadEventos).where(eq(leadEventos.cliCrmId, lead)).orderBy(leadEventos.id);
      const [message] = await k.messagesOf(lead);
      expect(events.filter((e) => e.tipo === 'mensagem-enviada').map((e) => e.dados)).toEqual([
        { idMensagem: message!.id, tipo: 'chat', idCampanha: id },
      ]);
      expect(events.map((e) => e.tipo)).toContain('status');
    }
    await drain(id);
    const done = await campaign(id);
    expect(done).toMatchObject({ status: 'FINALIZADO', enviados: 2, erros: 0 });
    expect((await recipients(id)).map((r) => r.status)).toEqual(['SENT', 'SENT']);
    await k.settle();
    expect(socket.events.some((e) => e.name === campaignSendEvent(k.t.fixture.companyA))).toBe(true);
    expect(
      socket.events.some(
        (e) => e.name === updateCampaignEvent(k.t.fixture.companyA) && (e.payload as { status: string }).status === 'FINALIZADO',
      ),
    ).toBe(true);
  });
});

describe('caps and windows (issue 13)', () => {
  it('outside the allowed hours (Sunday) the campaign waits until Monday 08:00 and says so', async () => {
    const id = await create([await newLead('Carla Domingo')]);
    clock = new Date('2026-11-29T15:00:00Z'); // Sunday 12:00 SP
    expect(await engine.step(id)).toBe('waiting');
    const c = await campaign(id);
    expect(c.aguardandoAte?.toISOString()).toBe('2026-11-30T11:00:00.000Z');
    expect(c.motivoEspera).toBe(MASS_SEND_MESSAGES.waitHours);
    const list = (await k.t.as(k.tokens.u, { method: 'GET', url: '/api/envio-em-massa' })).json() as {
      data: { id: number; aguardandoAte: string | null }[];
    };
    expect(list.data.find((x) => x.id === id)?.aguardandoAte).toBe('2026-11-30T11:00:00.000Z');
    clock = new Date('2026-11-30T11:00:00Z');
    expect(await engine.step(id)).toBe('sent');
    expect((await campaign(id)).aguardandoAte).toBeNull();
  });

  it('a new number sends 20 a day (warm-up); an older one more; the 21st waits for the next day', async () => {
    const c = await k.instance(INST);
    // 20 sends today from this number, the first one today: a number in its first days.
    await db()
      .insert(enviosEmMassaRegistro)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          idInstancia: c.id,
          idUnidade: k.t.fixture.unitA1,
          idCampanha: 0,
          numero: `55119000${i}`,
          textoHash: 'x',
          enviadoEm: new Date(THURSDAY_10H.getTime() - 60_000),
        })),
      );
    const id = await create([await newLead('Davi Limite')]);
    expect(await engine.step(id)).toBe('waiting');
    expect(await campaign(id)).toMatchObject({ motivoEspera: MASS_SEND_MESSAGES.waitDailyCap });
    expect((await campaign(id)).aguardandoAte?.toISOString()).toBe('2026-11-27T11:00:00.000Z');
    // The cap is read with the ledger's other checks after the claim: the lead goes back, its attempt not spent.
    expect(await recipients(id)).toMatchObject([{ status: 'PENDING', tentativa: 0 }]);
    expect((await sent()).some((s) => s.record.message?.conversation?.includes('Davi Limite'))).toBe(false);
    // The same number in use for 10 days: its cap is 100, so it sends.
    await db()
      .insert(enviosEmMassaRegistro)
      .values({
        idInstancia: c.id,
        idUnidade: k.t.fixture.unitA1,
        idCampanha: 0,
        numero: '5511000',
        textoHash: 'y',
        enviadoEm: new Date(THURSDAY_10H.getTime() - 10 * 86_400_000),
      });
    await db().update(enviosEmMassa).set({ proximoEnvioEm: clock }).where(eq(enviosEmMassa.id, id));
    expect(await engine.step(id)).toBe('sent');
    expect(await recipients(id)).toMatchObject([
      { status: 'SENT', tentativa: 1, chave: `massa:${id}:${(await recipients(id))[0]!.cliCrmId}:1` },
    ]);
  });
});

describe('before sending (issue 13)', () => {
  it('skips blocked and opted-out leads, refuses numbers not on WhatsApp and the same text within 24 h', async () => {
    const blocked = await newLead('Eva Bloqueada', { whatsappBlocked: 1 });
    const optout = await newLead('Fábio Sair');
    const nowa = await newLead('Gil SemZap');
    const twice = await newLead('Hugo Duas');
    // Fábio answers SAIR: the pipeline takes him out of campaigns, with a history event.
    const fabio = await k.leadRow(optout);
    await k.emu$('POST', `/_emulator/instances/${INST}/messages`, {
      from: `55${fabio!.cliTelefone}`,
      type: 'text',
      text: ' Sair! ',
    });
    await k.settle();
    expect((await k.leadRow(optout))?.optoutEnvioMassa).not.toBeNull();
    expect(
      (await db().select().from(historico).where(eq(historico.cliCrmId, optout))).some(
        (h) => h.descricao === MASS_SEND_MESSAGES.optOutHistory,
      ),
    ).toBe(true);
    // Issue 22 §2: the opt-out is one lead event with the column it moved; a second SAIR writes none.
    const optoutEvents = async () =>
      (await db().select().from(leadEventos).where(eq(leadEventos.cliCrmId, optout))).filter(
        (e) => e.tipo === 'optout-envio-massa',
      );
    const [marked] = await optoutEvents();
    expect(marked).toMatchObject({
      ator: null,
      mudancas: { optoutEnvioMassa: { de: null, para: (await k.leadRow(optout))!.optoutEnvioMassa!.toISOString() } },
    });
    await k.emu$('POST', `/_emulator/instances/${INST}/messages`, {
      from: `55${fabio!.cliTelefone}`,
      type: 'text',
      text: 'PARAR',
    });
    await k.settle();
    expect(await optoutEvents()).toHaveLength(1);
    const gil = await k.leadRow(nowa);
    await k.emu$('POST', '/_emulator/numbers', { numbers: waForms(gil!.cliTelefone!), onWhatsapp: false });
    const first = await create([twice]);
    await drain(first);
    const id = await create([blocked, optout, nowa, twice]);
    await drain(id);
    const rows = await recipients(id);
    expect(rows.map((r) => [r.status, r.motivo])).toEqual([
      ['NOT_SENT', MASS_SEND_MESSAGES.blocked],
      ['NOT_SENT', MASS_SEND_MESSAGES.optedOut],
      ['ERROR', MASS_SEND_MESSAGES.noWhatsapp],
      ['NOT_SENT', MASS_SEND_MESSAGES.duplicateText],
    ]);
    expect((await k.messagesOf(twice)).filter((m) => m.fromMe)).toHaveLength(1);
  });
});

describe('automatic pause (issue 13)', () => {
  it('429 rate-overlimit pauses with the reason in plain Portuguese; the lead is tried again after Continuar', async () => {
    const lead = await newLead('Igor Limite');
    const id = await create([lead]);
    await k.emu$('POST', '/_emulator/send-failures', { instance: INST, kind: 429, count: 1 });
    expect(await engine.step(id)).toBe('paused');
    expect(await campaign(id)).toMatchObject({ status: 'PAUSADO', motivoPausa: MASS_SEND_MESSAGES.pauseRateLimited });
    // Issue 21 item 12: the monitor reads the reason; the gateway's code and wording stay out of it.
    expect((await campaign(id)).motivoPausa).not.toMatch(/\d{3}|rate|overlimit|gateway/i);
    expect((await recipients(id))[0]!.status).toBe('PENDING');
    expect(
      (await k.t.as(k.tokens.u, { method: 'PUT', url: `/api/envio-em-massa/${id}`, payload: { status: 'EM_ANDAMENTO' } }))
        .statusCode,
    ).toBe(200);
    await drain(id);
    expect((await recipients(id))[0]!).toMatchObject({ status: 'SENT', tentativa: 2 });
    const phone = `55${(await k.leadRow(lead))!.cliTelefone}`;
    expect((await sent()).filter((m) => m.record.key.remoteJid.startsWith(phone))).toHaveLength(1);
  });

  it('463 marks the lead Erro and pauses, with reasons in plain Portuguese', async () => {
    const lead = await newLead('Júlia Fria');
    const id = await create([lead, await newLead('Karen Depois')]);
    await k.emu$('POST', '/_emulator/send-failures', { number: `55${(await k.leadRow(lead))!.cliTelefone}`, kind: 463 });
    expect(await engine.step(id)).toBe('paused');
    expect(await campaign(id)).toMatchObject({ status: 'PAUSADO', motivoPausa: MASS_SEND_MESSAGES.pauseRejected });
    expect((await recipients(id))[0]!.status).toBe('ERROR');
    for (const text of [(await campaign(id)).motivoPausa, (await recipients(id))[0]!.motivo])
      expect(text).not.toMatch(/\d{3}|rate|overlimit|gateway/i);
  });

  it('errors above the share of the last sends pause the campaign', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await newLead(`Sem WhatsApp ${i}`));
    const phones = await Promise.all(ids.map(async (id) => waForms((await k.leadRow(id))!.cliTelefone!)));
    await k.emu$('POST', '/_emulator/numbers', { numbers: phones.flat(), onWhatsapp: false });
    const id = await create(ids);
    await drain(id);
    const c = await campaign(id);
    expect(c).toMatchObject({ status: 'PAUSADO', motivoPausa: MASS_SEND_MESSAGES.pauseErrorShare(40, 5), erros: 5 });
  });

  it('a disconnected instance pauses the campaign', async () => {
    const id = await create([await newLead('Lia Queda')]);
    await k.emu$('POST', `/_emulator/instances/${INST}/disconnect`, { statusReason: 401 });
    await k.settle();
    try {
      expect(await engine.step(id)).toBe('paused');
      expect(await campaign(id)).toMatchObject({ status: 'PAUSADO', motivoPausa: MASS_SEND_MESSAGES.pauseDisconnected });
    } finally {
      await k.t.as(k.tokens.a, { method: 'GET', url: `/api/instancias/${INST}/connect` });
      await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000099', profileName: 'Loja' });
      await k.settle();
    }
    expect((await k.instance(INST)).connectionStatus).toBe('open');
  });
});

describe('exactly once (issue 13)', () => {
  it('a send in flight at a crash is found on the gateway (findMessages) and recorded, never sent again', async () => {
    const lead = await newLead('Marta Queda');
    const id = await create([lead]);
    // The engine claims and sends; then the "crash": the process died after the gateway took the
    // message, before it recorded the gateway's id and the recipient's outcome.
    expect(await engine.step(id)).toBe('sent');
    const [row] = await k.messagesOf(lead);
    await db()
      .update(whatsappMensagens)
      .set({ messageId: 'temp_crash-1', remoteJid: null })
      .where(eq(whatsappMensagens.id, row!.id));
    await db()
      .update(enviosEmMassaClientes)
      .set({ status: 'SENDING', enviadoEm: null })
      .where(eq(enviosEmMassaClientes.idCampanha, id));
    await db()
      .update(enviosEmMassa)
      .set({ status: 'EM_ANDAMENTO', enviados: 0, proximoEnvioEm: clock, finalizadoEm: null })
      .where(eq(enviosEmMassa.id, id));
    await db().delete(enviosEmMassaRegistro);
    const before = (await sent()).length;
    await drain(id);
    expect((await sent()).length).toBe(before);
    expect((await recipients(id))[0]).toMatchObject({ status: 'SENT', tentativa: 1 });
    const [after] = await k.messagesOf(lead);
    expect(after!.messageId).toBe(row!.messageId);
    expect(await campaign(id)).toMatchObject({ status: 'FINALIZADO', enviados: 1 });
  });

  it('a send recorded as failed without an answer (a timeout) that the gateway did make is found and not sent again', async () => {
    const lead = await newLead('Olga Timeout');
    const id = await create([lead]);
    expect(await engine.step(id)).toBe('sent');
    const [row] = await k.messagesOf(lead);
    await db()
      .update(whatsappMensagens)
      .set({ messageId: 'temp_timeout-1', isError: true })
      .where(eq(whatsappMensagens.id, row!.id));
    await db()
      .update(enviosEmMassaClientes)
      .set({ status: 'SENDING', enviadoEm: null })
      .where(eq(enviosEmMassaClientes.idCampanha, id));
    await db()
      .update(enviosEmMassa)
      .set({ status: 'EM_ANDAMENTO', enviados: 0, proximoEnvioEm: clock, finalizadoEm: null })
      .where(eq(enviosEmMassa.id, id));
    await db().delete(enviosEmMassaRegistro);
    const before = (await sent()).length;
    await drain(id);
    expect((await sent()).length).toBe(before);
    expect((await recipients(id))[0]).toMatchObject({ status: 'SENT', tentativa: 1 });
    expect((await k.messagesOf(lead))[0]).toMatchObject({ messageId: row!.messageId, isError: false });
  });

  it('a claim that never reached the gateway is sent once with the next attempt key', async () => {
    const lead = await newLead('Nina Antes');
    const id = await create([lead]);
    await db()
      .update(enviosEmMassaClientes)
      .set({ status: 'SENDING', tentativa: 1, chave: `massa:${id}:${lead}:1` })
      .where(eq(enviosEmMassaClientes.idCampanha, id));
    await drain(id);
    expect((await recipients(id))[0]).toMatchObject({ status: 'SENT', tentativa: 2 });
    expect(await k.messagesOf(lead)).toHaveLength(1);
  });
});

describe('two engines on one database (issue 13 "two server processes never send the same recipient")', () => {
  it('steps racing on the same campaign send each lead once: the lease lets one through', async () => {
    const other = new MassSendEngine(
      { db: db(), ctx: campaignContextOf(k.t.app), realtime: k.t.app.realtime, log: k.t.app.log },
      { now: () => clock, random: () => rnd, workerId: 'outro-processo', leaseMs: 5_000 },
    );
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await newLead(`Corrida ${i}`));
    const id = await create(ids);
    const results: string[] = [];
    for (let i = 0; i < 12; i++) {
      const c = await campaign(id);
      if (c.status !== 'EM_ANDAMENTO') break;
      if (c.proximoEnvioEm > clock) clock = new Date(c.proximoEnvioEm.getTime());
      results.push(...(await Promise.all([engine.step(id), other.step(id)])));
    }
    expect(results.filter((r) => r === 'sent')).toHaveLength(4);
    for (const lead of ids) expect((await k.messagesOf(lead)).filter((m) => m.fromMe)).toHaveLength(1);
    expect(await campaign(id)).toMatchObject({ status: 'FINALIZADO', enviados: 4 });
  });
});

describe('one send at a time per number (issue 21 item 10)', () => {
  it("a new campaign on a number does not send while a finalized campaign's send on that number is still in flight", async () => {
    const a = await create([await newLead('Voo Um'), await newLead('Voo Dois')]);
    // A process has claimed campaign a and is inside its gateway call (the lease holds) …
    await db()
      .update(enviosEmMassa)
      .set({ leasePor: 'outro-processo', leaseAte: new Date(clock.getTime() + 5_000) })
      .where(eq(enviosEmMassa.id, a));
    // … when a person finalizes it and starts another campaign on the same number.
    expect(
      (await k.t.as(k.tokens.u, { method: 'PUT', url: `/api/envio-em-massa/${a}`, payload: { status: 'FINALIZADO' } }))
        .statusCode,
    ).toBe(200);
    const b = await create([await newLead('Voo Três')]);
    expect(await engine.step(b)).toBe('skipped');
    expect(await recipients(b)).toMatchObject([{ status: 'PENDING' }]);
    // The lease given up (or expired), the new campaign sends.
    await db().update(enviosEmMassa).set({ leasePor: null, leaseAte: null }).where(eq(enviosEmMassa.id, a));
    expect(await engine.step(b)).toBe('sent');
  });
});

describe('settings (002 §9)', () => {
  it('the unit settings bound the interval on the server', async () => {
    await db()
      .update(unidadeConfiguracoes)
      .set({
        configuracoesExtra: JSON.stringify({
          ...MASS,
          whatsapp_v2: true,
          configuracoes_envio_em_massa: { ...MASS.configuracoes_envio_em_massa, tempo_minimo: 30 },
        }),
      })
      .where(eq(unidadeConfiguracoes.idUnidade, k.t.fixture.unitA1));
    try {
      const id = await create([await newLead('Otto Intervalo')]);
      expect((await campaign(id)).intervaloMensagem).toBe(30);
    } finally {
      await db()
        .update(unidadeConfiguracoes)
        .set({ configuracoesExtra: JSON.stringify({ ...MASS, whatsapp_v2: true }) })
        .where(eq(unidadeConfiguracoes.idUnidade, k.t.fixture.unitA1));
    }
  });
});
