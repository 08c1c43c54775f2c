// Over 500 lines: one emulator and one app shared by the door's cases; a split would start them again per file.
// issue 7 §1 "The leads module is the only door to a lead" and §2 "One message pipeline", through
// the WhatsApp routes against the emulator over real HTTP: another attendant's lead and a deleted
// lead answer as GET contato/completo does and nothing changes; chat contacts follow the 001 §5
// phone rules; outgoing sends are stored first and never sent twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { tableDigests } from '../../testing/db-snapshot.ts';
import { recordSent } from './chat/message-store.repository.ts';
import { whatsappMensagens, whatsappTickets } from './chat/messages.table.ts';
import { WEBHOOK_SECRET_HEADER } from './ingest/webhook.service.ts';
import { startKit, type Kit } from './whatsapp-test-kit.ts';

let k: Kit;
const INST = 'door-a1';
type Req = { method: string; url: string; body?: unknown; headers?: Record<string, string> };
type LoggedRequest = { method: string; url: string; body: unknown };
const call = (token: string, r: Req) =>
  k.t.as(token, {
    method: r.method as 'GET',
    url: r.url,
    ...(r.body === undefined ? {} : { payload: r.body as object }),
    ...(r.headers ? { headers: r.headers } : {}),
  });
const requests = async () => (await k.emu$('GET', '/_emulator/requests')).json as LoggedRequest[];
const sendsTo = async (instance: string) =>
  (await requests()).filter((r) => r.url.startsWith('/message/') && r.url.endsWith(`/${instance}`));

/** A lead with a ticket, an unread incoming message and one of ours with a file. */
async function leadWithConversation(nome: string, telefone: string, extra: Parameters<Kit['addLead']>[4]) {
  const f = k.t.fixture;
  const db = k.t.database.db;
  const id = await k.addLead(f.unitA1, f.companyA, nome, telefone, { whatsappUltimaMensagemNaoLidas: 2, ...extra });
  const [ticket] = await db
    .insert(whatsappTickets)
    .values({ idEmpresa: f.companyA, idUnidade: f.unitA1, cliCrmId: id, status: 'open' })
    .returning();
  await k.updateLead(id, { idTicket: ticket!.id });
  const instance = await k.instance(INST);
  const base = {
    idEmpresa: f.companyA,
    idUnidade: f.unitA1,
    cliCrmId: id,
    idInstancia: instance.id,
    idTicket: ticket!.id,
    criadoEm: new Date(),
  };
  await db.insert(whatsappMensagens).values({
    ...base,
    messageId: `in-${id}`,
    remoteJid: `55${telefone}@s.whatsapp.net`,
    phoneJid: `55${telefone}@s.whatsapp.net`,
    fromMe: false,
    mediaType: 'chat',
    body: 'oi',
  });
  const [own] = await db
    .insert(whatsappMensagens)
    .values({
      ...base,
      messageId: `out-${id}`,
      fromMe: true,
      mediaType: 'image',
      body: '',
      mediaStatus: 'ready',
      mediaPath: '1/x.png',
      mimetype: 'image/png',
      idUsuario: f.users.ag.id,
      ack: 2,
    })
    .returning();
  return { id, telefone, ticketId: ticket!.id, messageId: own!.id };
}

type Target = Awaited<ReturnType<typeof leadWithConversation>>;

// Every route of issue 7 §1 "Found" that reached a lead past its visibility, addressed to `l`.
const doorRoutes = (l: Target): [string, Req][] => [
  ['GET whatsapp/mensagens', { method: 'GET', url: `/api/whatsapp/mensagens/${l.id}` }],
  ['GET messages/{ticketId}', { method: 'GET', url: `/api/messages/${l.ticketId}` }],
  [
    'POST chat/findMessages',
    {
      method: 'POST',
      url: `/api/chat/findMessages/${INST}`,
      body: { where: { key: { remoteJid: `55${l.telefone}@s.whatsapp.net` } } },
    },
  ],
  ['POST tickets', { method: 'POST', url: '/api/tickets', body: { contactId: l.id, status: 'open' } }],
  ['GET whatsapp/midia', { method: 'GET', url: `/api/whatsapp/midia/${l.messageId}` }],
  ['POST messages/{ticketId}', { method: 'POST', url: `/api/messages/${l.ticketId}`, body: { body: 'intruso' } }],
  [
    'POST message/sendText',
    { method: 'POST', url: `/api/message/sendText/${INST}`, body: { number: l.telefone, text: 'intruso' } },
  ],
  [
    'POST whatsapp/enviar/texto',
    { method: 'POST', url: '/api/whatsapp/enviar/texto', body: { cli_crm_id: l.id, mensagem: 'intruso' } },
  ],
  ['POST chat/markMessageAsRead', { method: 'POST', url: `/api/chat/markMessageAsRead/${INST}`, body: { number: l.telefone } }],
  ['POST whatsapp/enviar/naolidas', { method: 'POST', url: '/api/whatsapp/enviar/naolidas', body: { cli_crm_id: l.id } }],
  ['DELETE messages/{id}', { method: 'DELETE', url: `/api/messages/${l.messageId}` }],
];
// The two routes that name a lead by phone and create it when the unit has none live.
const contactRoutes = (l: Target): [string, Req][] => [
  ['POST contacts', { method: 'POST', url: '/api/contacts', body: { number: l.telefone, name: 'Outro nome' } }],
  ['POST webhook/lead', { method: 'POST', url: '/api/webhook/lead', body: { cli_nome: 'Outro nome', cli_telefone: l.telefone } }],
];

let hidden: Target;
let deleted: Target;

beforeAll(async () => {
  k = await startKit();
  expect((await call(k.tokens.a, { method: 'POST', url: '/api/instancias', body: { name: INST } })).statusCode).toBe(201);
  await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000031' });
  await k.settle();
  // Assigned to another attendant of the unit: closed to `u`, who has no acesso_atribuidos (001 §6).
  hidden = await leadWithConversation('De Outro Atendente', '11987600001', { idUsuario: k.t.fixture.users.ag.id });
  deleted = await leadWithConversation('Apagado', '11987600002', { desativado: 1 });
}, 60_000);

afterAll(async () => {
  await k?.close();
});

describe("another attendant's lead and a deleted lead (issue 7 §1, 001 §5 'Opening a lead', §6)", () => {
  it('GET contato/completo is the reference: 403 for the other attendant’s lead, 404 for the deleted one', async () => {
    const other = await call(k.tokens.u, { method: 'GET', url: `/api/contato/completo/${hidden.id}` });
    expect([other.statusCode, other.json().message]).toEqual([403, 'Cliente atribuido a outro atendente.']);
    expect((await call(k.tokens.u, { method: 'GET', url: `/api/contato/completo/${deleted.id}` })).statusCode).toBe(404);
  });

  it('every WhatsApp route answers 403 for another attendant’s lead and changes no row and sends nothing', async () => {
    await k.emu$('DELETE', '/_emulator/requests');
    const before = await tableDigests(k.t.database.db);
    for (const [label, req] of [...doorRoutes(hidden), ...contactRoutes(hidden)]) {
      const res = await call(k.tokens.u, req);
      expect([label, res.statusCode, res.json().message]).toEqual([label, 403, 'Cliente atribuido a outro atendente.']);
      await k.settle();
      expect([label, await tableDigests(k.t.database.db)]).toEqual([label, before]);
    }
    expect(await requests()).toEqual([]);
  });

  it('every WhatsApp route answers 404 for a deleted lead, to an attendant and to an admin, and changes nothing', async () => {
    await k.emu$('DELETE', '/_emulator/requests');
    const before = await tableDigests(k.t.database.db);
    // The legacy routes are the attendants' screens (000 §6): the admin tries the others.
    for (const [token, legacyToo] of [
      [k.tokens.u, true],
      [k.tokens.a, false],
    ] as const) {
      for (const [label, req] of doorRoutes(deleted).filter(([label]) => legacyToo || !label.includes(' whatsapp/'))) {
        const res = await call(token, req);
        expect([label, res.statusCode]).toEqual([label, 404]);
        expect(res.json().message).toMatch(/não encontrad[oa]\.$/);
      }
    }
    await k.settle();
    expect(await tableDigests(k.t.database.db)).toEqual(before);
    expect(await requests()).toEqual([]);
  });

  it('POST contacts and webhook/lead answer 404 for the number of a deleted lead and create nothing (docs/decisions.md)', async () => {
    const before = await tableDigests(k.t.database.db);
    for (const [label, req] of contactRoutes(deleted)) {
      const res = await call(k.tokens.u, req);
      expect([label, res.statusCode, res.json().message]).toEqual([label, 404, 'Lead não encontrado.']);
    }
    expect(await tableDigests(k.t.database.db)).toEqual(before);
  });

  it(
    'the same routes open the lead to the admin and to an attendant with acesso_atribuidos (001 §6 ' +
      'applies to attendants only)',
    async () => {
      expect((await call(k.tokens.a, { method: 'GET', url: `/api/messages/${hidden.ticketId}` })).statusCode).toBe(200);
      expect(
        (
          await call(k.tokens.a, {
            method: 'POST',
            url: `/api/chat/findMessages/${INST}`,
            body: { where: { key: { remoteJid: `55${hidden.telefone}@s.whatsapp.net` } } },
          })
        ).statusCode,
      ).toBe(200);
      await k.t.database.db.execute(`update usuarios set acesso_atribuidos = 1 where id = ${k.t.fixture.users.u.id}`);
      const u = await k.t.login(k.t.fixture.users.u.email);
      expect((await call(u, { method: 'GET', url: `/api/whatsapp/mensagens/${hidden.id}` })).statusCode).toBe(200);
      await k.t.database.db.execute(`update usuarios set acesso_atribuidos = 0 where id = ${k.t.fixture.users.u.id}`);
    },
  );
});

describe('chat contacts follow the 001 §5 phone rules and the unit’s tickets (issue 7 §1, §4)', () => {
  it('POST contacts and webhook/lead answer 400 in Portuguese to text that is not a phone, and create nothing', async () => {
    const before = await tableDigests(k.t.database.db);
    for (const number of ['abc11xyz', '--------', '(11) 1234', 'telefone: 11987654321']) {
      const contact = await call(k.tokens.u, { method: 'POST', url: '/api/contacts', body: { number, name: 'Texto' } });
      expect([number, contact.statusCode, contact.json().message]).toEqual([number, 400, 'Celular inválido']);
      const hook = await call(k.tokens.u, {
        method: 'POST',
        url: '/api/webhook/lead',
        body: { cli_nome: 'Texto', cli_telefone: number },
      });
      expect([number, hook.statusCode, hook.json().message]).toEqual([number, 400, 'Celular inválido']);
    }
    expect(await tableDigests(k.t.database.db)).toEqual(before);
  });

  it("POST webhook/lead refuses a ticket of another unit or a negative one, and the lead's ticket stays (issue 7 §4)", async () => {
    const f = k.t.fixture;
    const db = k.t.database.db;
    const phone = '11987600077';
    const created = await call(k.tokens.u, { method: 'POST', url: '/api/contacts', body: { number: phone, name: 'Com Ticket' } });
    expect(created.statusCode).toBe(200);
    const leadA2 = await k.addLead(f.unitA2, f.companyA, 'Lead A2', '21987600077');
    const [foreign] = await db
      .insert(whatsappTickets)
      .values({ idEmpresa: f.companyA, idUnidade: f.unitA2, cliCrmId: leadA2, status: 'open' })
      .returning();
    const before = await tableDigests(db);
    for (const idTicket of [foreign!.id, -1]) {
      const res = await call(k.tokens.u, {
        method: 'POST',
        url: '/api/webhook/lead',
        body: { cli_nome: 'Com Ticket', cli_telefone: phone, idTicket },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await tableDigests(db)).toEqual(before);
  });

  it(
    "POST webhook/lead refuses the ticket of another lead of the unit, for the caller's lead and for " +
      'a new number: a ticket belongs to one lead (issue 21 item 5, 001 §7)',
    async () => {
      const f = k.t.fixture;
      const db = k.t.database.db;
      const mine = await call(k.tokens.u, {
        method: 'POST',
        url: '/api/contacts',
        body: { number: '11987600177', name: 'Meu Lead' },
      });
      expect(mine.statusCode).toBe(200);
      // A lead of the same unit assigned to another user: the attendant may not see it (001 §6).
      const hidden = await k.addLead(f.unitA1, f.companyA, 'Lead Alheio', '11987600178', { idUsuario: f.users.a.id });
      const [theirs] = await db
        .insert(whatsappTickets)
        .values({ idEmpresa: f.companyA, idUnidade: f.unitA1, cliCrmId: hidden, status: 'open' })
        .returning();
      const before = await tableDigests(db);
      for (const phone of ['11987600177', '11987600179']) {
        const res = await call(k.tokens.u, {
          method: 'POST',
          url: '/api/webhook/lead',
          body: { cli_nome: 'Com Ticket Alheio', cli_telefone: phone, idTicket: theirs!.id },
        });
        expect([phone, res.statusCode, res.json().message]).toEqual([phone, 404, 'Ticket não encontrado.']);
      }
      expect(await tableDigests(db)).toEqual(before);
    },
  );

  it('a lead created through the chat gets its one creation event (000 §3) and leaves the unit’s lists at once', async () => {
    const res = await call(k.tokens.u, {
      method: 'POST',
      url: '/api/contacts',
      body: { number: '(11) 98760-0088', name: 'Novo Pelo Chat' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Novo Pelo Chat', number: '11987600088' });
    const history = await call(k.tokens.u, { method: 'GET', url: `/api/negociacao/${res.json().id}` });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('Lead cadastrado pelo chat');
  });
});

describe('outgoing sends are stored first and never sent twice (issue 7 §2, 001 §3 temp_ ids)', () => {
  let visible: number;
  const phone = '11987600010';

  beforeAll(async () => {
    visible = await k.addLead(k.t.fixture.unitA1, k.t.fixture.companyA, 'Cliente Visível', phone);
  });

  it('a text with a NUL character answers 400 before anything: nothing stored, nothing sent', async () => {
    await k.emu$('DELETE', '/_emulator/requests');
    const before = await tableDigests(k.t.database.db);
    const gateway = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/message/sendText/${INST}`,
      body: { number: phone, text: 'oi\u0000tudo bem' },
    });
    const legacy = await call(k.tokens.u, {
      method: 'POST',
      url: '/api/whatsapp/enviar/texto',
      body: { cli_crm_id: visible, mensagem: 'oi\u0000' },
    });
    for (const res of [gateway, legacy]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[ãáéíóúçõ]/);
    }
    await k.settle();
    expect(await tableDigests(k.t.database.db)).toEqual(before);
    expect(await requests()).toEqual([]);
  });

  it(
    'half an emoji (a lone surrogate) in any outgoing text answers 400 in Portuguese, like NUL: ' +
      'nothing stored, nothing sent (issue 21 item 3)',
    async () => {
      const broken = 'oi \uD83D';
      const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      const { ticketId } = await leadWithConversation('Emoji Quebrado', '11987600019', {});
      const when = `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)} 10:00:00`;
      const fields: [string, Req][] = [
        ['sendText text', { method: 'POST', url: `/api/message/sendText/${INST}`, body: { number: phone, text: broken } }],
        [
          'sendMedia caption',
          {
            method: 'POST',
            url: `/api/message/sendMedia/${INST}`,
            body: { number: phone, mediatype: 'image', mimetype: 'image/png', media: png, caption: broken },
          },
        ],
        [
          'sendMedia fileName',
          {
            method: 'POST',
            url: `/api/message/sendMedia/${INST}`,
            body: { number: phone, mediatype: 'document', mimetype: 'application/pdf', media: png, fileName: `${broken}.pdf` },
          },
        ],
        [
          'whatsapp/enviar/texto mensagem',
          { method: 'POST', url: '/api/whatsapp/enviar/texto', body: { cli_crm_id: visible, mensagem: broken } },
        ],
        [
          'whatsapp/enviar/imagem mensagem',
          {
            method: 'POST',
            url: '/api/whatsapp/enviar/imagem',
            body: { cli_crm_id: visible, image: `data:image/png;base64,${png}`, mensagem: broken },
          },
        ],
        [
          'messages/{ticketId} body',
          {
            method: 'POST',
            url: `/api/messages/${ticketId}`,
            body: { read: true, fromMe: true, mediaUrl: null, body: broken, quotedMsg: null },
          },
        ],
        [
          'agendar-mensagem',
          {
            method: 'POST',
            url: `/api/contato/agendar-mensagem/${visible}`,
            body: { cli_mensagem_agendada: broken, cli_data_mensagem_agendada: when },
          },
        ],
      ];
      await k.emu$('DELETE', '/_emulator/requests');
      const before = await tableDigests(k.t.database.db);
      const answers: [string, number, string][] = [];
      for (const [name, req] of fields) {
        const res = await call(k.tokens.u, req);
        answers.push([name, res.statusCode, (res.json() as { message: string }).message]);
      }
      expect(answers).toEqual(fields.map(([name]) => [name, 400, 'O texto enviado contém um caractere inválido.']));
      await k.settle();
      expect(await tableDigests(k.t.database.db)).toEqual(before);
      expect(await requests()).toEqual([]);
    },
  );

  it('the same temp_ id sent twice stores one message and the emulator sends it once', async () => {
    await k.emu$('DELETE', '/_emulator/requests');
    const body = { number: phone, text: 'uma vez só', tempId: 'temp_1a2b3c' };
    const first = await call(k.tokens.u, { method: 'POST', url: `/api/message/sendText/${INST}`, body });
    const second = await call(k.tokens.u, { method: 'POST', url: `/api/message/sendText/${INST}`, body });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().message.id).toBe(first.json().message.id);
    expect(first.json().message.messageId).not.toMatch(/^temp_/);
    await k.settle();
    expect(await sendsTo(INST)).toHaveLength(1);
    expect((await k.messagesOf(visible)).filter((m) => m.body === 'uma vez só')).toHaveLength(1);
  });

  it('the Idempotency-Key header does the same on the legacy and ticket sends', async () => {
    await k.emu$('DELETE', '/_emulator/requests');
    const legacy = {
      method: 'POST',
      url: '/api/whatsapp/enviar/texto',
      body: { cli_crm_id: visible, mensagem: 'legado uma vez' },
      headers: { 'idempotency-key': 'chave-legado-1' },
    };
    expect((await call(k.tokens.u, legacy)).statusCode).toBe(201);
    expect((await call(k.tokens.u, legacy)).statusCode).toBe(201);
    const ticket = await call(k.tokens.u, { method: 'POST', url: '/api/tickets', body: { contactId: visible, status: 'open' } });
    const ticketSend = {
      method: 'POST',
      url: `/api/messages/${ticket.json().id}`,
      body: { body: 'ticket uma vez', tempId: 'temp_ticket_1' },
    };
    const a = await call(k.tokens.u, ticketSend);
    const b = await call(k.tokens.u, ticketSend);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().message.id).toBe(a.json().message.id);
    await k.settle();
    const bodies = (await sendsTo(INST)).map((s) => (s.body as { text: string }).text);
    expect(bodies.filter((t) => t === 'legado uma vez')).toHaveLength(1);
    expect(bodies.filter((t) => t === 'ticket uma vez')).toHaveLength(1);
    expect((await k.messagesOf(visible)).filter((m) => m.body === 'legado uma vez' || m.body === 'ticket uma vez')).toHaveLength(
      2,
    );
  });

  it(
    "when the gateway's send.message webhook stored the message first, recording the send keeps that " +
      'one row with the sender, ticket and key',
    async () => {
      const db = k.t.database.db;
      const f = k.t.fixture;
      const instance = await k.instance(INST);
      const base = {
        idEmpresa: f.companyA,
        idUnidade: f.unitA1,
        cliCrmId: visible,
        idInstancia: instance.id,
        fromMe: true,
        mediaType: 'chat',
        body: 'corrida',
        criadoEm: new Date(),
      };
      const [pending] = await db
        .insert(whatsappMensagens)
        .values({
          ...base,
          messageId: 'temp_corrida',
          idUsuario: f.users.u.id,
          idTicket: null,
          chaveIdempotencia: 'temp_corrida_1',
          ack: 1,
        })
        .returning();
      const [hooked] = await db
        .insert(whatsappMensagens)
        .values({ ...base, messageId: 'WA-CORRIDA', ack: 2 })
        .returning();
      const row = await recordSent(db, pending!.id, {
        messageId: 'WA-CORRIDA',
        remoteJid: `55${phone}@s.whatsapp.net`,
        phoneJid: `55${phone}@s.whatsapp.net`,
        gatewayType: 'conversation',
        ack: 1,
      });
      expect(row).toMatchObject({ id: hooked!.id, idUsuario: f.users.u.id, chaveIdempotencia: 'temp_corrida_1', ack: 2 });
      expect((await k.messagesOf(visible)).filter((m) => m.body === 'corrida').map((m) => m.id)).toEqual([hooked!.id]);
    },
  );

  it('a send the gateway refused is kept as failed; the same key answers the failure again and sends nothing more', async () => {
    const off = 'door-a1-off';
    expect((await call(k.tokens.a, { method: 'POST', url: '/api/instancias', body: { name: off } })).statusCode).toBe(201);
    await k.emu$('POST', `/_emulator/instances/${off}/scan`, { number: '5511900000032' });
    await k.settle();
    // Funil keeps believing it is open: the gateway closes it without telling (webhook off).
    const row = await k.instance(off);
    await k.emu.app.inject({
      method: 'POST',
      url: `/webhook/set/${off}`,
      headers: { apikey: row.token },
      payload: { webhook: { enabled: false, url: 'http://127.0.0.1:1', events: [] } },
    });
    await k.emu$('POST', `/_emulator/instances/${off}/disconnect`, {});
    await k.emu$('DELETE', '/_emulator/requests');
    const body = { number: phone, text: 'não vai', tempId: 'temp_falha_1' };
    const first = await call(k.tokens.u, { method: 'POST', url: `/api/message/sendText/${off}`, body });
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    const stored = (await k.messagesOf(visible)).filter((m) => m.body === 'não vai');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ isError: true, chaveIdempotencia: 'temp_falha_1', idUsuario: k.t.fixture.users.u.id });
    const attempts = (await sendsTo(off)).length;
    const second = await call(k.tokens.u, { method: 'POST', url: `/api/message/sendText/${off}`, body });
    expect([second.statusCode, second.json().message]).toEqual([first.statusCode, first.json().message]);
    expect((await sendsTo(off)).length).toBe(attempts);
    expect((await k.messagesOf(visible)).filter((m) => m.body === 'não vai')).toHaveLength(1);
  });
});

describe('messages.update and the legacy view (issue 7 §2)', () => {
  it('messages.update with status DELETED changes no ack and deletes nothing (ref §4 statuses)', async () => {
    const phone = '11987600020';
    const id = await k.addLead(k.t.fixture.unitA1, k.t.fixture.companyA, 'Status Desconhecido', phone);
    const sent = await call(k.tokens.u, {
      method: 'POST',
      url: `/api/message/sendText/${INST}`,
      body: { number: phone, text: 'ack conhecido' },
    });
    expect(sent.statusCode).toBe(201);
    await k.settle();
    const waId = sent.json().message.messageId as string;
    expect((await k.emu$('POST', `/_emulator/instances/${INST}/messages/${waId}/ack`, { status: 'DELIVERY_ACK' })).status).toBe(
      200,
    );
    await k.settle();
    const row = await k.instance(INST);
    const update = await k.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/evolution',
      headers: { [WEBHOOK_SECRET_HEADER]: row.webhookSecret },
      payload: {
        event: 'messages.update',
        instance: INST,
        data: { keyId: waId, remoteJid: `55${phone}@s.whatsapp.net`, fromMe: true, status: 'DELETED' },
      },
    });
    expect(update.statusCode).toBeLessThan(300);
    await k.settle();
    const [message] = (await k.messagesOf(id)).filter((m) => m.messageId === waId);
    expect(message).toMatchObject({ ack: 3, isDeleted: false, isError: false });
    // messages.delete still deletes (ref §4.3).
    const deletion = await k.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/evolution',
      headers: { [WEBHOOK_SECRET_HEADER]: row.webhookSecret },
      payload: {
        event: 'messages.delete',
        instance: INST,
        data: { remoteJid: `55${phone}@s.whatsapp.net`, fromMe: true, id: waId },
      },
    });
    expect(deletion.statusCode).toBeLessThan(300);
    await k.settle();
    expect((await k.messagesOf(id)).find((m) => m.messageId === waId)).toMatchObject({ ack: 3, isDeleted: true });
  });

  it('GET whatsapp/mensagens shows who really sent each outgoing message, not the viewer', async () => {
    const phone = '11987600030';
    const id = await k.addLead(k.t.fixture.unitA1, k.t.fixture.companyA, 'Dois Atendentes', phone);
    const byAdmin = await call(k.tokens.a, {
      method: 'POST',
      url: `/api/message/sendText/${INST}`,
      body: { number: phone, text: 'enviada pelo admin' },
    });
    expect(byAdmin.statusCode).toBe(201);
    const byMe = await call(k.tokens.u, {
      method: 'POST',
      url: '/api/whatsapp/enviar/texto',
      body: { cli_crm_id: id, mensagem: 'enviada por mim' },
    });
    expect(byMe.json().mensagem.nomeRemetente).toBe('Usuário u');
    await k.settle();
    const seen = await call(k.tokens.u, { method: 'GET', url: `/api/whatsapp/mensagens/${id}` });
    expect(seen.statusCode).toBe(200);
    const mine = seen.json().mensagens.find((m: { mensagem: string }) => m.mensagem === 'enviada pelo admin');
    expect(mine).toMatchObject({ nomeRemetente: 'Usuário a', id_atendente: k.t.fixture.users.a.id, tipo: 2 });
    expect(seen.json().mensagens.find((m: { mensagem: string }) => m.mensagem === 'enviada por mim')).toMatchObject({
      nomeRemetente: 'Usuário u',
    });
  });
});
