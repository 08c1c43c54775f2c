// Issue 21 item 1: every socket event that names a lead or carries its content reaches only the
// sockets of users who may see that lead (001 §6 acesso_atribuidos, @funil/domain/leads/visibility).
// The walk: an attendant without acesso_atribuidos is connected while every lead event of the
// realtime registry is raised for another attendant's lead, through the real routes (the gateway
// emulator for the chat, the job runner for a scheduled message, the mass-send engine); nothing
// of that lead may reach them, while its attendant (the positive control) receives every one.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { formatSchedulePayload } from '@funil/domain/format/date';
import { REALTIME_EVENTS, updateCampaignEvent, type RealtimeEventKey } from '@funil/domain/realtime/events';

import { createUser } from '../demo/builders.ts';
import { massSendEngineOf } from '../modules/mass-send/mass-send.routes.ts';
import { startKit, type Kit } from '../modules/whatsapp/whatsapp-test-kit.ts';
import { TEST_PASSWORD } from '../testing/test-app.ts';

// Thursday 26/11/2026 10:00 in São Paulo: inside the mass send's allowed hours.
const THURSDAY_10H = new Date('2026-11-26T13:00:00Z');
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
const INST = 'privacidade-a1';

type Person = { id: number; token: string };
let k: Kit;
let dona: Person; // attendant without acesso_atribuidos, the lead's attendant
let outra: Person; // attendant without acesso_atribuidos, who may not see the lead
let terceira: Person; // attendant without acesso_atribuidos, who receives the lead later
let hidden: number;
let campanhaId = 0;
const NOME = 'Lead Reservado da Dona';
const TELEFONE = '11987659001';
const TEXTS = [
  'Texto recebido reservado',
  'Texto enviado reservado',
  'Texto agendado reservado',
  'Texto da campanha reservado',
  'Texto depois da troca',
];

/** The keys by which a payload names a lead. */
const LEAD_KEYS = new Set(['cli_crm_id', 'cliCrmId', 'leadId', 'contactId']);

/** Whether an event names the lead or carries anything of it (its id, name, phone or texts). */
function mentions(event: { name: string; payload: unknown }, id: number): boolean {
  if (event.name === `lead-${id}-update`) return true;
  const walk = (value: unknown, key: string | null): boolean => {
    if (typeof value === 'number') return key !== null && LEAD_KEYS.has(key) && value === id;
    if (typeof value === 'string')
      return value.includes(NOME) || value.includes(TELEFONE.slice(2)) || TEXTS.some((t) => value.includes(t));
    if (Array.isArray(value)) return value.some((v) => walk(v, key));
    if (value && typeof value === 'object') return Object.entries(value).some(([k2, v]) => walk(v, k2));
    return false;
  };
  return walk(event.payload, null);
}

/** The registry key of an event name. */
const keyOf = (name: string) =>
  (Object.keys(REALTIME_EVENTS) as RealtimeEventKey[]).find((key) => REALTIME_EVENTS[key].pattern.test(name)) ?? null;
const LEAD_EVENTS = (Object.keys(REALTIME_EVENTS) as RealtimeEventKey[]).filter(
  (key) => REALTIME_EVENTS[key].audience === 'lead',
);

const until = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('tempo esgotado');
};
const incoming = async (text: string) => {
  const res = await k.emu$('POST', `/_emulator/instances/${INST}/messages`, { from: `55${TELEFONE}`, type: 'text', text });
  expect(res.status).toBe(201);
  await k.settle();
};
const ok = (res: { statusCode: number; body: string }, code = 200) => expect(res.statusCode, res.body).toBe(code);

beforeAll(async () => {
  k = await startKit({
    extras: { ...MASS, pipeline: true, clienteAtendente: true },
    massSend: { autoStart: false, now: () => THURSDAY_10H, random: () => 0.5, leaseMs: 5_000 },
  });
  const f = k.t.fixture;
  const make = async (nome: string): Promise<Person> => {
    const email = `${nome}@teste.com.br`;
    const id = await createUser(k.t.database.db, {
      idEmpresa: f.companyA,
      idUnidade: f.unitA1,
      nome,
      email,
      senha: TEST_PASSWORD,
      permissao: 'u',
      idRamal: 0,
      acessoAtribuidos: false,
    });
    return { id, token: await k.t.login(email) };
  };
  dona = await make('dona');
  outra = await make('outra');
  terceira = await make('terceira');
  ok(await k.t.as(k.tokens.a, { method: 'POST', url: '/api/instancias', payload: { name: INST } }), 201);
  expect(
    (await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000021', profileName: 'Loja' })).status,
  ).toBe(200);
  await k.settle();
  hidden = await k.addLead(f.unitA1, f.companyA, NOME, TELEFONE, { idUsuario: dona.id });
}, 180_000);

afterAll(async () => {
  await k?.close();
});

describe('every lead event of the realtime registry reaches only those who may see the lead (issue 21, 001 §6)', () => {
  it('the registry says who may receive each event, and no unit-wide event has a field that names a lead', () => {
    for (const [key, entry] of Object.entries(REALTIME_EVENTS)) {
      if (entry.audience === 'lead') continue;
      const fields = entry.schema instanceof z.ZodObject ? Object.keys(entry.schema.shape as object) : [];
      expect(
        fields.filter((f) => LEAD_KEYS.has(f)),
        key,
      ).toEqual([]);
    }
    // The events this walk must raise: a new lead event of the registry fails it until it is walked.
    expect(LEAD_EVENTS.sort()).toEqual([
      'appMessage',
      'campaignLead',
      'campaignSend',
      'contact',
      'leadUpdate',
      'pipelineMove',
      'ticket',
    ]);
  });

  it(
    'an attendant without acesso_atribuidos receives nothing of another attendant’s lead; its ' +
      'attendant receives every lead event',
    async () => {
      const watcher = await k.socket(outra.token);
      const control = await k.socket(dona.token);
      const admin = await k.socket(k.tokens.a);

      // Chat (001 §7): a ticket, an incoming text, an outgoing text.
      const ticketRes = await k.t.as(dona.token, {
        method: 'POST',
        url: '/api/tickets',
        payload: { contactId: hidden, status: 'open' },
      });
      ok(ticketRes, 201);
      const ticketId = (ticketRes.json() as { id: number }).id;
      await incoming(TEXTS[0]!);
      const sent = await k.t.as(dona.token, { method: 'POST', url: `/api/messages/${ticketId}`, payload: { body: TEXTS[1] } });
      expect(sent.statusCode, sent.body).toBeLessThan(300);
      await k.settle();

      // A scheduled message, due now, sent by the job runner (001 §7 contato/agendar-mensagem).
      ok(
        await k.t.as(dona.token, {
          method: 'POST',
          url: `/api/contato/agendar-mensagem/${hidden}`,
          payload: { cli_mensagem_agendada: TEXTS[2], cli_data_mensagem_agendada: formatSchedulePayload(new Date()) },
        }),
      );
      await until(async () => (await k.leadRow(hidden))?.cliMensagemAgendada === null);
      await k.settle();

      // The pipeline (002 §4): the card moves to another column.
      ok(
        await k.t.as(dona.token, {
          method: 'PUT',
          url: '/api/kanban/status-negociacao',
          payload: { cli_crm_id: hidden, idFunil: 2 },
        }),
      );

      // A mass send (002 §7): the attendant's campaign with the lead, one step of the engine.
      const created = await k.t.as(dona.token, {
        method: 'POST',
        url: '/api/envio-em-massa',
        payload: {
          nomeDisparo: 'Campanha reservada',
          intervaloMensagem: 20,
          leads: [{ cli_crm_id: hidden }],
          mensagens: [TEXTS[3]],
        },
      });
      ok(created, 201);
      campanhaId = (created.json() as { data: { id: number } }).data.id;
      expect(await massSendEngineOf(k.t.app).step(campanhaId)).toBe('sent');
      await k.settle();

      // The positive control, awaited: the lead's attendant and an admin received every lead event of the registry for it,
      // and each text reached the control. The watcher's sockets hear the same emits, so its checks come after.
      await vi.waitFor(() => {
        for (const who of [control, admin]) {
          const received = new Set(who.events.filter((e) => mentions(e, hidden)).map((e) => keyOf(e.name)));
          expect([...LEAD_EVENTS].filter((key) => !received.has(key))).toEqual([]);
        }
        for (const text of TEXTS.slice(0, 4))
          expect(
            control.events.some((e) => JSON.stringify(e.payload).includes(text)),
            text,
          ).toBe(true);
        expect(
          watcher.events.some(
            (e) =>
              e.name === updateCampaignEvent(k.t.fixture.companyA) &&
              (e.payload as { campanhaId: number }).campanhaId === campanhaId,
          ),
        ).toBe(true);
      });

      // The attendant who may not see the lead: nothing of it, yet their socket heard the unit
      // (the campaign's creation and, with no lead in it, that the campaign moved).
      expect(watcher.events.filter((e) => mentions(e, hidden))).toEqual([]);
      expect(
        watcher.events.some(
          (e) =>
            e.name === updateCampaignEvent(k.t.fixture.companyA) &&
            (e.payload as { campanhaId: number }).campanhaId === campanhaId,
        ),
      ).toBe(true);
      expect(watcher.events.map((e) => keyOf(e.name))).toContain('createCampaign');
    },
  );

  it("the campaign monitor's list of leads follows the same rule (002 §7 'Listar Envios'; the row carries the text sent)", async () => {
    const list = async (token: string) => {
      const res = await k.t.as(token, { method: 'GET', url: `/api/envio-em-massa/${campanhaId}/clientes` });
      ok(res);
      return res.json() as { campanha: { totalClientes: number }; data: { cli_crm_id: number; mensagem: string | null }[] };
    };
    expect(campanhaId).toBeGreaterThan(0);
    const own = await list(dona.token);
    expect(own.data.map((r) => [r.cli_crm_id, r.mensagem])).toEqual([[hidden, TEXTS[3]]]);
    const other = await list(outra.token);
    expect(other.data).toEqual([]);
    // The campaign's counters stay the whole campaign's.
    expect(other.campanha.totalClientes).toBe(1);
    expect((await list(k.tokens.a)).data.map((r) => r.cli_crm_id)).toEqual([hidden]);
  });

  it(
    'a lead given to another attendant: the former one learns only that it left, then nothing; ' +
      'unassigned, every attendant sees it again',
    async () => {
      const former = await k.socket(dona.token);
      const next = await k.socket(terceira.token);
      const watcher = await k.socket(outra.token);
      ok(
        await k.t.as(k.tokens.a, {
          method: 'PUT',
          url: `/api/contato/atribuiratendente/${hidden}`,
          payload: { idAtendente: terceira.id },
        }),
      );
      await k.settle();
      // The change's event (the lead's id only) reaches the former attendant, so their lists drop it.
      const left = former.events.filter((e) => mentions(e, hidden));
      expect(left.length).toBeGreaterThan(0);
      for (const e of left) expect((e.payload as { action: string }).action).toBe('atribuido');
      expect(next.events.some((e) => mentions(e, hidden))).toBe(true);
      expect(watcher.events.filter((e) => mentions(e, hidden))).toEqual([]);

      former.events.length = 0;
      await incoming(TEXTS[4]!);
      expect(next.events.some((e) => JSON.stringify(e.payload).includes(TEXTS[4]!))).toBe(true);
      expect(former.events.filter((e) => mentions(e, hidden))).toEqual([]);
      expect(watcher.events.filter((e) => mentions(e, hidden))).toEqual([]);

      // Unassigned (001 §6: unassigned leads are seen by every attendant): the watcher hears of it now.
      ok(await k.t.as(k.tokens.a, { method: 'PUT', url: `/api/contato/removeratendente/${hidden}` }));
      await k.settle();
      expect(
        watcher.events.some((e) => mentions(e, hidden) && (e.payload as { action?: string }).action === 'desatribuido'),
      ).toBe(true);
    },
  );
});
