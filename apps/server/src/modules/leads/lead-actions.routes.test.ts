// Over 500 lines: one suite per action of 001 §4 on one seeded unit; a split would repeat the kit's setup per file.
// 001 §4 §7 and 000 §7 lead actions: each answers its message, writes its history event in the
// same transaction with the acting attendant, is announced live, and respects its permission.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formatSchedulePayload } from '@funil/domain/format/date';
import type { HistoryItem } from '@funil/domain/leads-api/lead-api';
import { describeTimelineEvent } from '@funil/domain/leads/timeline';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';

import { tableDigests } from '../../testing/db-snapshot.ts';
import { createLeadsKit, nextPhone, type Kit } from './leads-test-kit.ts';

let k: Kit;
let events: { audiences: unknown; event: string; payload: unknown }[] = [];
beforeAll(async () => {
  k = await createLeadsKit();
  // A lead's events go to the users who may see it (issue 21; lead-events-walk.test.ts walks the sockets).
  const original = k.t.app.realtime.toUsersWhoSee;
  k.t.app.realtime.toUsersWhoSee = (audiences, event, payload) => {
    events.push({ audiences, event, payload });
    original(audiences, event, payload);
  };
});
afterAll(async () => {
  await k.t.close();
});

const uId = () => k.t.fixture.users.u.id;
const lastEvent = async (id: number) => (await k.history(id)).at(-1);
const inMinutes = (m: number) => formatSchedulePayload(new Date(Date.now() + m * 60_000));

describe('001 §7 Edit contact: POST contato/atualizarcontato/{id}', () => {
  it('changes name, phone, email and CEP, with a tipo 9 event by the session user, and announces it', async () => {
    const id = await k.lead({ cliNome: 'Antes' });
    events = [];
    const phone = nextPhone();
    const res = await k.call('u', {
      method: 'POST',
      url: `/api/contato/atualizarcontato/${id}`,
      payload: {
        cli_nome: 'Depois',
        cli_telefone: phone,
        cli_email: 'depois@exemplo.com',
        informacoesExtra: { cep: '04538133' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Contato atualizado com sucesso.',
      data: { cli_nome: 'Depois', cli_telefone: phone, informacoesExtra: { cep: '04538133' } },
    });
    expect(await lastEvent(id)).toMatchObject({
      tipo: 9,
      atendente: uId(),
      descricao: 'Dados do contato alterados: nome, telefone, email, CEP',
    });
    expect(events.map((e) => e.event)).toEqual([`lead-${id}-update`, `company-${k.t.fixture.companyA}-contact`]);
    expect(events[0]!.payload).toEqual({ action: 'atualizado', cli_crm_id: id, idUnidade: k.unitId('A1') });
    // 001 §6: to those who saw the lead before the change and see it after (unassigned: the whole unit).
    expect(events[0]!.audiences).toEqual([{ idUnidade: k.unitId('A1'), idUsuario: null }]);
  });

  it('issue 7 §6: stores the changed fields old and new, so the timeline reads field: old → new with the phone formatted', async () => {
    const id = await k.lead({ cliNome: 'Antes', cliEmail: 'igual@exemplo.com' });
    const before = { telefone: (await k.leadRow(id)).cliTelefone };
    const phone = nextPhone();
    const res = await k.call('u', {
      method: 'POST',
      url: `/api/contato/atualizarcontato/${id}`,
      payload: { cli_nome: 'Depois', cli_telefone: phone, cli_email: 'igual@exemplo.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const event = (await lastEvent(id))!;
    expect(event).toMatchObject({ tipo: 9, descricao: 'Dados do contato alterados: nome, telefone' });
    expect(JSON.parse(event.textoAntigo!)).toEqual({ nome: 'Antes', telefone: before.telefone });
    expect(JSON.parse(event.texto!)).toEqual({ nome: 'Depois', telefone: phone });
    const history = await k.call('u', { method: 'GET', url: `/api/negociacao/${id}` });
    const item = (history.json().data as HistoryItem[]).find((h) => h.id === event.id)!;
    const row = describeTimelineEvent(item, { negotiationStatuses: [], saleStatuses: [], users: [] });
    expect(row.details).toEqual([
      'Nome: Antes → Depois',
      `Telefone: ${formatPhoneDisplay(before.telefone)} → ${formatPhoneDisplay(phone)}`,
    ]);
  });

  it("refuses another lead's phone of the unit (409) and changes nothing", async () => {
    const other = await k.lead({ cliNome: 'Dono do Número', cliTelefone: '11991110000' });
    const id = await k.lead({ cliNome: 'Quer o Número' });
    const res = await k.call('u', {
      method: 'POST',
      url: `/api/contato/atualizarcontato/${id}`,
      payload: { cli_nome: 'Quer o Número', cli_telefone: '1191110000' },
    });
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      `Já existe um lead com este telefone nesta unidade: Dono do Número (#${other}).`,
    ]);
    expect(await k.history(id)).toEqual([]);
  });
});

describe('000 §3 History event: a failed change leaves neither the change nor its event', () => {
  it('rolls the lead back when writing the event fails', async () => {
    const id = await k.lead({ cliNome: 'Falha Forçada' });
    const db = k.t.database.db;
    await db.execute(
      sql.raw(
        `create or replace function falha_historico() returns trigger language plpgsql as $$ begin raise exception 'falha forçada'; end $$`,
      ),
    );
    await db.execute(
      sql.raw(
        `create trigger falha_historico before insert on historico for each row when (new.cli_crm_id = ${id}) execute function
          falha_historico();`,
      ),
    );
    try {
      const res = await k.call('a', {
        method: 'POST',
        url: `/api/negociacao/atualizarstatusnegociacao/${id}`,
        payload: { status: 4 },
      });
      expect([res.statusCode, res.json().message]).toEqual([500, 'Erro interno do servidor. Tente novamente mais tarde']);
      expect((await k.leadRow(id)).cliStatusNegociacao).toBe(1);
    } finally {
      await db.execute(sql.raw('drop trigger falha_historico on historico'));
    }
  });

  it('writes no event when the lead update fails', async () => {
    const id = await k.lead({ cliNome: 'Falha no Lead' });
    const db = k.t.database.db;
    await db.execute(
      sql.raw(
        `create or replace function falha_lead() returns trigger language plpgsql as $$ begin raise exception 'falha forçada'; end $$`,
      ),
    );
    await db.execute(
      sql.raw(
        `create trigger falha_lead before update on leads for each row when (new.cli_crm_id = ${id}) execute function falha_lead();`,
      ),
    );
    try {
      const res = await k.call('u', { method: 'PUT', url: `/api/contato/whatsapp-bloqueado/${id}`, payload: {} });
      expect(res.statusCode).toBe(500);
      expect(await k.history(id)).toEqual([]);
    } finally {
      await db.execute(sql.raw('drop trigger falha_lead on leads'));
    }
  });
});

describe('000 §7 POST contato/valorticket/{id} (ticket value, BRL ≥ 0)', () => {
  it('stores the value and writes valor_antigo/valor_novo', async () => {
    const id = await k.lead({});
    const res = await k.call('u', {
      method: 'POST',
      url: `/api/contato/valorticket/${id}`,
      payload: { valor_ticket: 'R$ 1.234,50' },
    });
    expect([res.statusCode, res.json().data.valor_ticket]).toEqual([200, 1234.5]);
    expect(await lastEvent(id)).toMatchObject({
      tipo: 5,
      valorAntigo: '0.00',
      valorNovo: '1234.50',
      descricao: 'Valor do ticket alterado',
    });
  });

  it('refuses a negative or malformed value', async () => {
    const id = await k.lead({});
    for (const valor_ticket of [-1, 'abc', true]) {
      const res = await k.call('u', { method: 'POST', url: `/api/contato/valorticket/${id}`, payload: { valor_ticket } });
      expect(res.statusCode).toBe(400);
    }
    expect(await k.history(id)).toEqual([]);
  });

  it('000 §4: from the timeline only on a change to status 5 of company 1', async () => {
    const id = await k.lead({});
    await k.call('a', { method: 'POST', url: `/api/negociacao/atualizarstatusnegociacao/${id}`, payload: { status: 4 } });
    const to4 = (await lastEvent(id))!.id;
    const refused = await k.call('a', {
      method: 'POST',
      url: `/api/contato/valorticket/${id}`,
      payload: { valor_ticket: 10, id_negociacao: to4 },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'A edição do ticket não é permitida para este evento.']);
    await k.call('a', { method: 'POST', url: `/api/negociacao/atualizarstatusnegociacao/${id}`, payload: { status: 5 } });
    const to5 = (await lastEvent(id))!.id;
    const ok = await k.call('a', {
      method: 'POST',
      url: `/api/contato/valorticket/${id}`,
      payload: { valor_ticket: '500.00', id_negociacao: to5 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('001 §5 Schedule contact or call / Schedule message', () => {
  it('POST contato/agendarcontato/{id} stores a future date with a tipo 6 event; the past is refused', async () => {
    const id = await k.lead({});
    const when = inMinutes(90);
    const res = await k.call('u', {
      method: 'POST',
      url: `/api/contato/agendarcontato/${id}`,
      payload: { cli_contato_agendado: when },
    });
    expect([res.statusCode, res.json().message]).toEqual([200, 'Contato agendado com sucesso.']);
    expect(await lastEvent(id)).toMatchObject({ tipo: 6, texto: when });
    const past = await k.call('u', {
      method: 'POST',
      url: `/api/contato/agendarcontato/${id}`,
      payload: { cli_contato_agendado: inMinutes(-90) },
    });
    expect([past.statusCode, past.json().message]).toEqual([400, 'A data e hora não podem estar no passado.']);
    const bad = await k.call('u', {
      method: 'POST',
      url: `/api/contato/agendarcontato/${id}`,
      payload: { cli_contato_agendado: '31/12/2030 10:00' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('POST agendar-mensagem then PUT atualiza-mensagem-agendada: id_novo null scheduled, 1 updated, -1 cancelled (000 §4)', async () => {
    const id = await k.lead({});
    const when = inMinutes(60);
    const first = await k.call('u', {
      method: 'POST',
      url: `/api/contato/agendar-mensagem/${id}`,
      payload: { cli_mensagem_agendada: 'Olá!', cli_data_mensagem_agendada: when },
    });
    expect(first.json()).toMatchObject({
      message: 'Mensagem agendada com sucesso.',
      data: { cli_mensagem_agendada: 'Olá!', cli_data_mensagem_agendada: when },
    });
    await k.call('u', {
      method: 'POST',
      url: `/api/contato/agendar-mensagem/${id}`,
      payload: { cli_mensagem_agendada: 'Olá de novo!', cli_data_mensagem_agendada: when },
    });
    const cleared = await k.call('u', {
      method: 'PUT',
      url: `/api/contato/atualiza-mensagem-agendada/${id}`,
      payload: { cli_mensagem_agendada: '', cli_data_mensagem_agendada: '' },
    });
    expect(cleared.json()).toMatchObject({
      message: 'Mensagem agendada removida com sucesso.',
      data: { cli_mensagem_agendada: null, cli_data_mensagem_agendada: null },
    });
    expect((await k.history(id)).map((h) => [h.tipo, h.idNovo, h.texto, h.textoAntigo])).toEqual([
      [10, null, 'Olá!', null],
      [10, 1, 'Olá de novo!', 'Olá!'],
      [10, -1, null, 'Olá de novo!'],
    ]);
    const again = await k.call('u', { method: 'PUT', url: `/api/contato/atualiza-mensagem-agendada/${id}`, payload: {} });
    expect([again.statusCode, again.json().message]).toEqual([400, 'Não há mensagem agendada para este lead.']);
    const past = await k.call('u', {
      method: 'POST',
      url: `/api/contato/agendar-mensagem/${id}`,
      payload: { cli_mensagem_agendada: 'x', cli_data_mensagem_agendada: inMinutes(-5) },
    });
    expect(past.statusCode).toBe(400);
  });
});

describe('001 §4 Assignment (only with clienteAtendente; 001 §8 messages)', () => {
  it('assigns to the caller, transfers to another active attendant, unassigns; tipo 9 events with descricao', async () => {
    const id = await k.lead({});
    const me = await k.call('u', { method: 'PUT', url: `/api/contato/atribuiratendente/${id}`, payload: {} });
    expect(me.json()).toMatchObject({
      message: 'Cliente atribuído com sucesso.',
      data: { idUsuario: uId(), nome_atendimento: 'Usuário u' },
    });
    const to = k.t.fixture.users.a.id;
    events = [];
    const moved = await k.call('u', { method: 'POST', url: `/api/contato/transferircontatoatendente/${id}/${to}` });
    expect(moved.statusCode).toBe(200);
    // Issue 21: announced to who saw it (so the former attendant's lists drop it) and who sees it now.
    expect(events.map((e) => e.audiences)).toEqual(
      Array(2).fill([
        { idUnidade: k.unitId('A1'), idUsuario: uId() },
        { idUnidade: k.unitId('A1'), idUsuario: to },
      ]),
    );
    // The attendant without acesso_atribuidos no longer sees the lead (001 §4 Live updates).
    expect(moved.json().data).toMatchObject({ idUsuario: to });
    const off = await k.call('a', { method: 'PUT', url: `/api/contato/removeratendente/${id}` });
    expect([off.json().message, off.json().data.idUsuario]).toEqual(['Cliente desatribuído com sucesso.', null]);
    expect((await k.history(id)).map((h) => [h.tipo, h.idAntigo, h.idNovo, h.descricao])).toEqual([
      [9, null, uId(), 'Cliente atribuído a Usuário u'],
      [9, uId(), to, 'Cliente transferido de Usuário u para Usuário a'],
      [9, to, null, 'Cliente desatribuído de Usuário a'],
    ]);
  });

  it("refuses a target outside the unit or inactive: 'Erro ao atribuir cliente.'", async () => {
    const id = await k.lead({});
    for (const target of [k.t.fixture.users.uA2.id, k.t.fixture.users.uB1.id, 99_999]) {
      const res = await k.call('u', { method: 'POST', url: `/api/contato/transferircontatoatendente/${id}/${target}` });
      expect([res.statusCode, res.json().message]).toEqual([400, 'Erro ao atribuir cliente.']);
    }
    expect(await k.history(id)).toEqual([]);
  });

  it('is refused without clienteAtendente', async () => {
    const id = await k.lead({});
    await k.setExtras('A1', { edicao_status_cliente: true });
    try {
      const res = await k.call('u', { method: 'PUT', url: `/api/contato/atribuiratendente/${id}`, payload: {} });
      expect([res.statusCode, res.json().message]).toEqual([400, 'A atribuição de clientes não está habilitada nesta unidade.']);
      expect((await k.leadRow(id)).idUsuario).toBeNull();
    } finally {
      await k.setExtras('A1', { clienteAtendente: true, edicao_status_cliente: true, cadastrarCEP: true });
    }
  });
});

describe('001 §7 Transfer: POST contato/transferircontato/{id}', () => {
  it('moves the lead to another unit of the company, without attendant and tags, with its history', async () => {
    const id = await k.lead({ idUsuario: uId() });
    const res = await k.call('a', {
      method: 'POST',
      url: `/api/contato/transferircontato/${id}`,
      payload: { idUnidade: String(k.unitId('A2')) },
    });
    expect([res.statusCode, res.json().message, res.json().data]).toEqual([200, 'Contato transferido com sucesso.', null]);
    expect(await k.leadRow(id)).toMatchObject({ idUnidade: k.unitId('A2'), idUsuario: null });
    expect(await lastEvent(id)).toMatchObject({
      tipo: 9,
      idNovo: k.unitId('A2'),
      idUnidade: k.unitId('A2'),
      descricao: 'Contato transferido para a unidade Unidade A2',
    });
    expect((await k.call('uA2', { method: 'GET', url: `/api/negociacao/${id}` })).json().data.length).toBe(1);
  });

  it("refuses another company's unit", async () => {
    const id = await k.lead({});
    const res = await k.call('a', {
      method: 'POST',
      url: `/api/contato/transferircontato/${id}`,
      payload: { idUnidade: k.unitId('B1') },
    });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Unidade de destino inválida.']);
    expect((await k.leadRow(id)).idUnidade).toBe(k.unitId('A1'));
  });
});

describe('001 §4 WhatsApp block', () => {
  it('PUT contato/whatsapp-bloqueado/{id} toggles 0/1 with an event each time', async () => {
    const id = await k.lead({});
    const on = await k.call('u', { method: 'PUT', url: `/api/contato/whatsapp-bloqueado/${id}` });
    expect(on.statusCode, on.body).toBe(200);
    expect([on.json().message, on.json().data.whatsapp_blocked]).toEqual(['WhatsApp bloqueado com sucesso.', 1]);
    const off = await k.call('u', {
      method: 'PUT',
      url: `/api/contato/whatsapp-bloqueado/${id}`,
      payload: { whatsapp_blocked: 0 },
    });
    expect([off.json().message, off.json().data.whatsapp_blocked]).toEqual(['WhatsApp desbloqueado com sucesso.', 0]);
    expect((await k.history(id)).map((h) => h.descricao)).toEqual(['WhatsApp bloqueado', 'WhatsApp desbloqueado']);
  });
});

describe('001 §4 Conversion (company 1 only)', () => {
  it("sets cli_id to a new sister-system id: 'Cliente convertido para o sistema irmão'; twice is refused", async () => {
    expect(k.t.fixture.companyA).toBe(1);
    const id = await k.lead({});
    const res = await k.call('u', { method: 'POST', url: `/api/contato/convertercliente/${id}`, payload: {} });
    expect(res.json().message).toBe('Cliente convertido para o sistema irmão');
    const cliId = res.json().data.cli_id as number;
    expect(cliId).toBeGreaterThanOrEqual(100000);
    expect(await lastEvent(id)).toMatchObject({ tipo: 9, idAntigo: 0, idNovo: cliId });
    const again = await k.call('u', { method: 'POST', url: `/api/contato/converterclienteglobal/${id}`, payload: {} });
    expect(again.statusCode).toBe(409);
  });

  it("answers 'Cliente sem telefone' for a lead without phone", async () => {
    const id = await k.lead({});
    await k.t.database.db.execute(sql`update leads set cli_telefone = '' where cli_crm_id = ${id}`);
    const res = await k.call('u', { method: 'POST', url: `/api/contato/converterclienteglobal/${id}`, payload: {} });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Cliente sem telefone']);
  });

  it('is refused to another company', async () => {
    const id = await k.lead({ unit: 'B1' });
    const res = await k.call('uB1', { method: 'POST', url: `/api/contato/convertercliente/${id}`, payload: {} });
    expect([res.statusCode, res.json().message]).toEqual([403, 'Conversão disponível apenas para a empresa 1.']);
    expect((await k.leadRow(id)).cliId).toBe(0);
  });
});

describe('001 §7 PUT /webhook/lead/cli_crm_id/{id}', () => {
  it("{desativado:1} needs excluir_leads: 'Lead apagado com sucesso' and the lead leaves every read", async () => {
    const id = await k.lead({ cliNome: 'Será Apagado' });
    const denied = await k.call('u', { method: 'PUT', url: `/api/webhook/lead/cli_crm_id/${id}`, payload: { desativado: 1 } });
    expect([denied.statusCode, denied.json().message]).toEqual([403, 'Você não tem permissão para apagar leads.']);
    await k.setUserConfig('u', { excluir_leads: true });
    const res = await k.call('u', { method: 'PUT', url: `/api/webhook/lead/cli_crm_id/${id}`, payload: { desativado: 1 } });
    expect([res.json().message, res.json().data]).toEqual(['Lead apagado com sucesso', null]);
    expect(await lastEvent(id)).toMatchObject({ tipo: 9, descricao: 'Lead apagado' });
    expect((await k.call('u', { method: 'GET', url: `/api/contato/completo/${id}` })).statusCode).toBe(404);
    expect((await k.call('u', { method: 'GET', url: `/api/negociacao/${id}` })).statusCode).toBe(404);
    await k.setUserConfig('u', { excluir_leads: false });
  });

  it("{marcado_nao_lida:1} answers 'Lead marcado como não lido'; the unread counter is bookkeeping", async () => {
    const id = await k.lead({});
    const res = await k.call('u', { method: 'PUT', url: `/api/webhook/lead/cli_crm_id/${id}`, payload: { marcado_nao_lida: 1 } });
    expect([res.json().message, res.json().data.marcado_nao_lida]).toEqual(['Lead marcado como não lido', 1]);
    await k.call('u', {
      method: 'PUT',
      url: `/api/webhook/lead/cli_crm_id/${id}`,
      payload: { whatsapp_ultima_mensagem_nao_lidas: 0 },
    });
    expect((await k.history(id)).length).toBe(1);
    const empty = await k.call('u', { method: 'PUT', url: `/api/webhook/lead/cli_crm_id/${id}`, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it(
    '{idTicket} takes only a ticket of the lead’s unit: a foreign or negative one is refused and the ' +
      'lead keeps its ticket (issue 7 §4)',
    async () => {
      const f = k.t.fixture;
      const id = await k.lead({});
      const otherLead = await k.lead({ unit: 'A2' });
      const ticketOf = async (unit: number, lead: number) =>
        Number(
          (
            (await k.t.database.db.execute(
              sql`insert into whatsapp_tickets (id_empresa, id_unidade, cli_crm_id) values (${f.companyA}, ${unit}, ${lead}) returning id`,
            )) as unknown as { rows: { id: number }[] }
          ).rows[0]!.id,
        );
      const own = await ticketOf(f.unitA1, id);
      const foreign = await ticketOf(f.unitA2, otherLead);
      for (const idTicket of [foreign, -1, 999_999]) {
        const res = await k.call('u', { method: 'PUT', url: `/api/webhook/lead/cli_crm_id/${id}`, payload: { idTicket } });
        expect([idTicket, res.statusCode >= 400 && res.statusCode < 500]).toEqual([idTicket, true]);
        expect((await k.leadRow(id)).idTicket).toBeNull();
      }
      const ok = await k.call('u', { method: 'PUT', url: `/api/webhook/lead/cli_crm_id/${id}`, payload: { idTicket: own } });
      expect(ok.statusCode).toBe(200);
      expect((await k.leadRow(id)).idTicket).toBe(own);
    },
  );

  it(
    '{idTicket} takes only a ticket of this lead: the ticket of another lead of the unit (one the ' +
      'attendant may not see) answers 404 and changes nothing (issue 21 item 5, 001 §7)',
    async () => {
      const f = k.t.fixture;
      const id = await k.lead({});
      // Another attendant's lead of the same unit: hidden from u (acesso_atribuidos 0, 001 §6).
      const hidden = await k.lead({ idUsuario: f.users.a.id });
      const ticketOf = async (lead: number) =>
        Number(
          (
            (await k.t.database.db.execute(
              sql`insert into whatsapp_tickets (id_empresa, id_unidade, cli_crm_id) values (${f.companyA}, ${f.unitA1}, ${lead})
              returning id`,
            )) as unknown as { rows: { id: number }[] }
          ).rows[0]!.id,
        );
      const theirs = await ticketOf(hidden);
      const before = await tableDigests(k.t.database.db);
      const res = await k.call('u', { method: 'PUT', url: `/api/webhook/lead/cli_crm_id/${id}`, payload: { idTicket: theirs } });
      expect([res.statusCode, res.json().message]).toEqual([404, 'Ticket não encontrado.']);
      expect(await tableDigests(k.t.database.db)).toEqual(before);
      expect((await k.leadRow(id)).idTicket).toBeNull();
    },
  );
});

describe('tenant isolation of every action', () => {
  it("another unit's or company's lead id answers 404 and nothing changes", async () => {
    const a2 = await k.lead({ unit: 'A2' });
    const b1 = await k.lead({ unit: 'B1' });
    const calls = (id: number) =>
      [
        { method: 'POST', url: `/api/contato/atualizarcontato/${id}`, payload: { cli_nome: 'X', cli_telefone: nextPhone() } },
        { method: 'POST', url: `/api/negociacao/atualizarstatusnegociacao/${id}`, payload: { status: 2 } },
        { method: 'POST', url: `/api/negociacao/atualizarpotencial/${id}`, payload: { idPotencial: 1, valor: 3 } },
        { method: 'POST', url: `/api/negociacao/adicionaritem/${id}`, payload: { tipo: 2, texto: 'x' } },
        { method: 'POST', url: `/api/contato/valorticket/${id}`, payload: { valor_ticket: 1 } },
        { method: 'POST', url: `/api/contato/agendarcontato/${id}`, payload: { cli_contato_agendado: inMinutes(30) } },
        { method: 'PUT', url: `/api/contato/atribuiratendente/${id}`, payload: {} },
        { method: 'PUT', url: `/api/contato/whatsapp-bloqueado/${id}`, payload: {} },
        { method: 'POST', url: `/api/contato/convertercliente/${id}`, payload: {} },
        { method: 'PUT', url: `/api/webhook/lead/cli_crm_id/${id}`, payload: { marcado_nao_lida: 1 } },
        { method: 'GET', url: `/api/tagsClientes/cliente/${id}` },
      ] as const;
    for (const id of [a2, b1]) {
      const before = await k.leadRow(id);
      for (const c of calls(id)) {
        const res = await k.call('a', { method: c.method, url: c.url, ...('payload' in c ? { payload: c.payload } : {}) });
        expect([c.url, res.statusCode]).toEqual([c.url, 404]);
        expect(res.json().message).toBe('Lead não encontrado.');
      }
      expect(await k.leadRow(id)).toEqual(before);
      expect(await k.history(id)).toEqual([]);
    }
  });
});
