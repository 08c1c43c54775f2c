// The WhatsApp messages on the lead event stream (issue 22 §2): a message received through the
// gateway's webhook and a message sent through the API each write exactly one event of their type,
// in the message's own transaction; a lead created by a message from an unknown number is
// announced once (the stream's 'criado'), and the stream's announcement is the only lead
// announcement the message makes (001 §7 "Main socket": lead-{id}-update / company-{id}-contact).
// Real app, real sockets, messages through the gateway emulator.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { contactEvent, leadUpdateEvent } from '@funil/domain/realtime/events';

import { leadEventos } from '../../lead-events/lead-events.table.ts';
import { phoneKey } from '../../leads/phone-key.ts';
import { startKit, type Kit } from '../whatsapp-test-kit.ts';

let k: Kit;
type Client = Awaited<ReturnType<Kit['socket']>>;
let admin: Client;
let leadId: number;
const INST = 'eventos-a1';

const db = () => k.t.database.db;
const eventsOf = (id: number) => db().select().from(leadEventos).where(eq(leadEventos.cliCrmId, id)).orderBy(leadEventos.id);
async function settle() {
  await k.settle();
  await k.t.app.leadEvents.drain();
  await new Promise((r) => setTimeout(r, 50));
}
const announced = (c: Client, name: string, id: number) =>
  c.events.filter((e) => e.name === name && (e.payload as { cli_crm_id?: number }).cli_crm_id === id);

beforeAll(async () => {
  k = await startKit();
  const f = k.t.fixture;
  expect((await k.t.as(k.tokens.a, { method: 'POST', url: '/api/instancias', payload: { name: INST } })).statusCode).toBe(201);
  expect(
    (await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000031', profileName: 'Loja' })).status,
  ).toBe(200);
  await k.settle();
  leadId = await k.addLead(f.unitA1, f.companyA, 'Lead dos Eventos', '11987653001');
  admin = await k.socket(k.tokens.a);
}, 180_000);

afterAll(async () => {
  await k?.close();
});

describe('messages write their lead events (issue 22 §2)', () => {
  it('a message received by webhook writes exactly one mensagem-recebida, announced once as whatsapp', async () => {
    const before = admin.events.length;
    expect(
      (
        await k.emu$('POST', `/_emulator/instances/${INST}/messages`, {
          from: '5511987653001',
          type: 'text',
          text: 'Chegou pelo webhook',
        })
      ).status,
    ).toBe(201);
    await settle();
    const [message] = (await k.messagesOf(leadId)).filter((m) => m.body === 'Chegou pelo webhook');
    expect(message).toBeDefined();
    const events = await eventsOf(leadId);
    expect(events.map((e) => e.tipo)).toEqual(['mensagem-recebida']);
    const [event] = events;
    expect(event).toMatchObject({
      ator: null,
      idUnidade: k.t.fixture.unitA1,
      depois: { idUnidade: k.t.fixture.unitA1, idUsuario: null },
      dados: { idMensagem: message!.id, tipo: 'chat' },
    });
    const heard = admin.events.slice(before);
    const updates = heard.filter((e) => e.name === leadUpdateEvent(leadId));
    expect(updates.map((e) => (e.payload as { action: string }).action)).toEqual(['whatsapp']);
  });

  it('a message sent through the API writes exactly one mensagem-enviada by its sender (the gateway echo writes none)', async () => {
    const res = await k.t.as(k.tokens.u, {
      method: 'POST',
      url: `/api/message/sendText/${INST}`,
      payload: { number: '11987653001', text: 'Resposta da loja' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await settle();
    const [message] = (await k.messagesOf(leadId)).filter((m) => m.body === 'Resposta da loja');
    expect(message).toBeDefined();
    const sent = (await eventsOf(leadId)).filter((e) => e.tipo === 'mensagem-enviada');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ ator: k.t.fixture.users.u.id });
    // Not a campaign's send: no idCampanha (a mass send's carries it: mass-send.engine.test.ts).
    expect(sent[0]!.dados).toEqual({ idMensagem: message!.id, tipo: 'chat' });
  });

  it('a reaction moves no lead and writes no event', async () => {
    const [original] = (await k.messagesOf(leadId)).filter((m) => m.body === 'Chegou pelo webhook');
    const count = (await eventsOf(leadId)).length;
    const res = await k.emu$('POST', `/_emulator/instances/${INST}/messages`, {
      from: '5511987653001',
      type: 'reaction',
      targetId: original!.messageId,
      emoji: '👍',
    });
    expect(res.status).toBe(201);
    await settle();
    expect((await k.messagesOf(leadId)).some((m) => m.reactionTargetId === original!.messageId)).toBe(true);
    expect(await eventsOf(leadId)).toHaveLength(count);
  });

  it('a lead created by a message from an unknown number is announced once as criado (001 §7), then its message', async () => {
    const before = admin.events.length;
    expect(
      (
        await k.emu$('POST', `/_emulator/instances/${INST}/messages`, {
          from: '5511987653999',
          type: 'text',
          text: 'Sou novo aqui',
          pushName: 'Novo Contato',
        })
      ).status,
    ).toBe(201);
    await settle();
    const [lead] = await k.leadsWithPhoneKey(phoneKey('11987653999'));
    expect(lead).toBeDefined();
    const id = lead!.cliCrmId;
    const events = await eventsOf(id);
    expect(events.map((e) => e.tipo)).toEqual(['criado', 'mensagem-recebida']);
    const [message] = await k.messagesOf(id);
    expect(events[1]!.dados).toMatchObject({ idMensagem: message!.id });
    const heard = admin.events.slice(before);
    const actions = (name: string) =>
      heard
        .filter((e) => e.name === name && (e.payload as { cli_crm_id?: number }).cli_crm_id === id)
        .map((e) => (e.payload as { action: string }).action);
    expect(actions(contactEvent(k.t.fixture.companyA))).toEqual(['criado', 'whatsapp']);
    expect(actions(leadUpdateEvent(id))).toEqual(['criado', 'whatsapp']);
    expect(
      announced(admin, contactEvent(k.t.fixture.companyA), id).filter(
        (e) => (e.payload as { action: string }).action === 'criado',
      ),
    ).toHaveLength(1);
  });
});

describe('a message edit (ref §4.3 messages.edited) writes its lead event (issue 22 §2)', () => {
  it("an edit of the last message writes one mensagem-editada (preview before and after, as whatsapp); an older one's none", async () => {
    const f = k.t.fixture;
    const id = await k.addLead(f.unitA1, f.companyA, 'Lead da Edição', '11987653002');
    const say = async (text: string) => {
      expect(
        (await k.emu$('POST', `/_emulator/instances/${INST}/messages`, { from: '5511987653002', type: 'text', text })).status,
      ).toBe(201);
      await settle();
      return (await k.messagesOf(id)).find((m) => m.body === text)!;
    };
    const edit = async (targetId: string | null, text: string) => {
      const res = await k.emu$('POST', `/_emulator/instances/${INST}/messages`, {
        from: '5511987653002',
        type: 'edit',
        targetId,
        text,
      });
      expect(res.status).toBe(201);
      await settle();
    };
    const older = await say('Primeira mensagem');
    // The gateway's times are whole seconds, and the lead's last message is matched by its time.
    await new Promise((r) => setTimeout(r, 1_100));
    const last = await say('Quero 2 unidades');
    const before = admin.events.length;
    const count = (await eventsOf(id)).length;
    await edit(last.messageId, 'Quero 3 unidades');
    expect((await k.leadRow(id))!.whatsappUltimaMensagemTexto).toBe('Quero 3 unidades');
    const added = (await eventsOf(id)).slice(count);
    expect(added.map((e) => e.tipo)).toEqual(['mensagem-editada']);
    expect(added[0]).toMatchObject({
      ator: null,
      antes: { idUnidade: f.unitA1, idUsuario: null },
      depois: { idUnidade: f.unitA1, idUsuario: null },
      mudancas: { whatsappUltimaMensagemTexto: { de: 'Quero 2 unidades', para: 'Quero 3 unidades' } },
      dados: { idMensagem: last.id, tipo: 'chat' },
    });
    const updates = admin.events.slice(before).filter((e) => e.name === leadUpdateEvent(id));
    expect(updates.map((e) => (e.payload as { action: string }).action)).toEqual(['whatsapp']);
    // An older message's edit moves no lead (its preview is the last message's): no event.
    await edit(older.messageId, 'Primeira, corrigida');
    expect((await k.messagesOf(id)).find((m) => m.id === older.id)!.body).toBe('Primeira, corrigida');
    expect(await eventsOf(id)).toHaveLength(count + 1);
  });
});

describe("in the message's transaction (issue 22 §2)", () => {
  it(
    'when its event cannot be written, the message is not stored either: received, from an unknown ' +
      'number (no lead either) or sent',
    async () => {
      await db().execute(
        sql.raw(`create or replace function teste_recusa_evento() returns trigger language plpgsql as $$
        begin if new.tipo in ('mensagem-recebida', 'mensagem-enviada') then raise exception 'evento recusado no teste'; end if;
          return new; end $$`),
      );
      await db().execute(
        sql.raw(
          'create trigger teste_recusa_evento before insert on lead_eventos for each row execute function teste_recusa_evento()',
        ),
      );
      try {
        const count = (await eventsOf(leadId)).length;
        await k.emu$('POST', `/_emulator/instances/${INST}/messages`, {
          from: '5511987653001',
          type: 'text',
          text: 'Nunca gravada',
        });
        await k.emu$('POST', `/_emulator/instances/${INST}/messages`, {
          from: '5511987653888',
          type: 'text',
          text: 'Novo que não fica',
          pushName: 'Não Fica',
        });
        const send = await k.t.as(k.tokens.u, {
          method: 'POST',
          url: `/api/message/sendText/${INST}`,
          payload: { number: '11987653001', text: 'Envio desfeito' },
        });
        expect(send.statusCode).toBeGreaterThanOrEqual(400);
        await settle();
        const bodies = (await k.messagesOf(leadId)).map((m) => m.body);
        expect(bodies).not.toContain('Nunca gravada');
        expect(bodies).not.toContain('Envio desfeito');
        expect(await k.leadsWithPhoneKey(phoneKey('11987653888'))).toEqual([]);
        expect(await eventsOf(leadId)).toHaveLength(count);
      } finally {
        await db().execute(sql.raw('drop trigger teste_recusa_evento on lead_eventos'));
        await db().execute(sql.raw('drop function teste_recusa_evento()'));
      }
    },
  );

  it("when an edit's mensagem-editada cannot be written, the edit is not stored either (message and preview unchanged)", async () => {
    const f = k.t.fixture;
    const id = await k.addLead(f.unitA1, f.companyA, 'Lead da Edição Desfeita', '11987653003');
    await k.emu$('POST', `/_emulator/instances/${INST}/messages`, { from: '5511987653003', type: 'text', text: 'Texto certo' });
    await settle();
    const [message] = await k.messagesOf(id);
    expect(message!.body).toBe('Texto certo');
    const count = (await eventsOf(id)).length;
    await db().execute(
      sql.raw(`create or replace function teste_recusa_edicao() returns trigger language plpgsql as $$
        begin if new.tipo = 'mensagem-editada' then raise exception 'evento recusado no teste'; end if;
          return new; end $$`),
    );
    await db().execute(
      sql.raw(
        'create trigger teste_recusa_edicao before insert on lead_eventos for each row execute function teste_recusa_edicao()',
      ),
    );
    try {
      await k.emu$('POST', `/_emulator/instances/${INST}/messages`, {
        from: '5511987653003',
        type: 'edit',
        targetId: message!.messageId,
        text: 'Texto desfeito',
      });
      await settle();
      expect((await k.messagesOf(id))[0]).toMatchObject({ body: 'Texto certo', corpoOriginal: null, editadoEm: null });
      expect((await k.leadRow(id))!.whatsappUltimaMensagemTexto).toBe('Texto certo');
      expect(await eventsOf(id)).toHaveLength(count);
    } finally {
      await db().execute(sql.raw('drop trigger teste_recusa_edicao on lead_eventos'));
      await db().execute(sql.raw('drop function teste_recusa_edicao()'));
    }
  });
});
