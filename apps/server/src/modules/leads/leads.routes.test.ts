// 000 §7 "Contacts": registration, list reads with the positional filter segments, the full
// contact, appointments, campaigns and history; scoped to the session's company and unit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fullContactResponseSchema } from '@funil/domain/leads-api/lead-api';

import { agendamentos } from './appointments.table.ts';
import { createLeadsKit, nextPhone, type Kit } from './leads-test-kit.ts';
import { leads } from './leads.table.ts';

let k: Kit;
beforeAll(async () => {
  k = await createLeadsKit();
});
afterAll(async () => {
  await k.t.close();
});

const list = (...args: Parameters<Kit['list']>) => k.list(...args);

describe('000 §7 Contacts: POST contato/cadastrarcontato/manual', () => {
  it('creates the lead in the caller unit from JSON and answers data.data.id, with its history event', async () => {
    const phone = nextPhone();
    const res = await k.call('u', {
      method: 'POST',
      url: '/api/contato/cadastrarcontato/manual',
      payload: {
        cli_nome: 'Maria Souza',
        cli_telefone: phone,
        cli_email: 'maria@exemplo.com.br',
        ad_name: 'Campanha Verão',
        informacoesExtra: '{"cep":"01310100"}',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    const row = await k.leadRow(id);
    expect(row).toMatchObject({
      idUnidade: k.unitId('A1'),
      cliNome: 'Maria Souza',
      cliTelefone: phone,
      cliCampanhaNome: 'Campanha Verão',
      informacoesExtra: { cep: '01310100' },
    });
    expect((await k.history(id)).map((h) => [h.tipo, h.descricao, h.atendente])).toEqual([
      [9, 'Lead cadastrado manualmente', k.t.fixture.users.u.id],
    ]);
  });

  it('accepts multipart form data, as the dialog sends it', async () => {
    const boundary = '----funil';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="cli_nome"',
      '',
      'José Form',
      `--${boundary}`,
      'Content-Disposition: form-data; name="cli_telefone"',
      '',
      nextPhone(),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await k.call('u', {
      method: 'POST',
      url: '/api/contato/cadastrarcontato/manual',
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await k.leadRow(res.json().data.id)).cliNome).toBe('José Form');
  });

  it('refuses a phone already in the unit, with or without the ninth digit, naming the lead (409)', async () => {
    const id = await k.lead({ cliNome: 'Já Existe', cliTelefone: '21987650001' });
    await k.lead({ unit: 'A1', cliNome: 'Outro', cliTelefone: nextPhone() });
    for (const phone of ['21987650001', '2187650001']) {
      const res = await k.call('u', {
        method: 'POST',
        url: '/api/contato/cadastrarcontato/manual',
        payload: { cli_nome: 'Novo', cli_telefone: phone },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`Já existe um lead com este telefone nesta unidade: Já Existe (#${id}).`);
    }
    // Another unit may have the same phone.
    const other = await k.call('uA2', {
      method: 'POST',
      url: '/api/contato/cadastrarcontato/manual',
      payload: { cli_nome: 'Na A2', cli_telefone: '21987650001' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers bad input in Portuguese and creates nothing: missing name, bad phone, wrong type, 10 MB name', async () => {
    const before = (await k.t.database.db.select({ id: leads.cliCrmId }).from(leads)).length;
    const noName = await k.call('u', {
      method: 'POST',
      url: '/api/contato/cadastrarcontato/manual',
      payload: { cli_nome: '  ', cli_telefone: nextPhone() },
    });
    expect([noName.statusCode, noName.json().message]).toEqual([400, 'Nome é obrigatório']);
    const badPhone = await k.call('u', {
      method: 'POST',
      url: '/api/contato/cadastrarcontato/manual',
      payload: { cli_nome: 'Ana', cli_telefone: '12345' },
    });
    expect([badPhone.statusCode, badPhone.json().message]).toEqual([400, 'Celular inválido']);
    const wrongType = await k.call('u', {
      method: 'POST',
      url: '/api/contato/cadastrarcontato/manual',
      payload: { cli_nome: 42, cli_telefone: nextPhone() },
    });
    expect(wrongType.statusCode).toBe(400);
    const huge = await k.call('u', {
      method: 'POST',
      url: '/api/contato/cadastrarcontato/manual',
      payload: { cli_nome: 'x'.repeat(10 * 1024 * 1024), cli_telefone: nextPhone() },
    });
    expect([huge.statusCode, huge.json().message]).toEqual([413, 'A requisição é grande demais.']);
    const long = await k.call('u', {
      method: 'POST',
      url: '/api/contato/cadastrarcontato/manual',
      payload: { cli_nome: 'x'.repeat(201), cli_telefone: nextPhone() },
    });
    expect([long.statusCode, long.json().message]).toEqual([400, 'Nome deve ter no máximo 200 caracteres']);
    expect((await k.t.database.db.select({ id: leads.cliCrmId }).from(leads)).length).toBe(before);
  });
});

describe('000 §7 Contacts: POST contato/cadastrarcontatocsv (one CSV row)', () => {
  it('creates the lead with its cli_tags split on ";", creating unknown tags with a palette colour', async () => {
    const res = await k.call('u', {
      method: 'POST',
      url: '/api/contato/cadastrarcontatocsv',
      payload: {
        cli_nome: 'Linha Csv',
        cli_telefone: `(11) ${nextPhone().slice(2, 7)}-${nextPhone().slice(7)}`.replace(/^\(11\) (\d{5})-(\d{4})$/, '(11) $1-$2'),
        cli_tags: ' VIP ; ;Retornar ',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const tags = await k.call('u', { method: 'GET', url: `/api/tagsClientes/cliente/${res.json().data.id}` });
    expect(tags.json().data.map((t: { nome: string }) => t.nome)).toEqual(['Retornar', 'VIP']);
    expect(tags.json().data[0].cor).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('refuses a row without a name (000 §3 cli_nome required)', async () => {
    const res = await k.call('u', {
      method: 'POST',
      url: '/api/contato/cadastrarcontatocsv',
      payload: { cli_nome: '', cli_telefone: nextPhone() },
    });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Nome é obrigatório']);
  });
});

describe('000 §7 contact list reads (002 §3 "Contact list response")', () => {
  let ids: Record<'joao' | 'conceicao' | 'velho' | 'doA' | 'apagado' | 'outraUnidade' | 'outraEmpresa', number>;
  beforeAll(async () => {
    const now = Date.now();
    const day = 86_400_000;
    ids = {
      joao: await k.lead({
        cliNome: 'João da Silva',
        cliTelefone: '31991234567',
        cliDataCaptacao: new Date(now - 1 * day),
        cliCampanhaNome: 'Implante',
      }),
      conceicao: await k.lead({
        cliNome: 'Maria da Conceição',
        cliTelefone: '31992345678',
        cliDataCaptacao: new Date(now - 2 * day),
        cliStatusNegociacao: 4,
      }),
      velho: await k.lead({
        cliNome: 'Antigo Lead',
        cliTelefone: '31993456789',
        cliDataCaptacao: new Date(now - 100 * day),
        cliCampanhaNome: 'Clareamento',
      }),
      doA: await k.lead({
        cliNome: 'Do Atendente A',
        cliTelefone: '31994567890',
        idUsuario: k.t.fixture.users.a.id,
        cliDataCaptacao: new Date(now - 3 * day),
      }),
      apagado: await k.lead({ cliNome: 'João Apagado', cliTelefone: '31995678901', desativado: 1 }),
      outraUnidade: await k.lead({ unit: 'A2', cliNome: 'João de A2', cliTelefone: '31996789012' }),
      outraEmpresa: await k.lead({ unit: 'B1', cliNome: 'João de B1', cliTelefone: '31997890123' }),
    };
  });

  it("search ignores case and accents: 'joao' finds 'João', 'conceicao' finds 'Conceição' (001 §5 Search)", async () => {
    expect((await list('a', { texto_busca: 'joao' })).crm_contato.map((l) => l.cli_nome)).toEqual(['João da Silva']);
    expect((await list('a', { texto_busca: 'CONCEICAO' })).crm_contato.map((l) => l.cli_nome)).toEqual(['Maria da Conceição']);
    // Each typed word is the start of a word of the name (issue 8; docs/decisions.md "Lead name search").
    expect((await list('a', { texto_busca: 'concei mar' })).crm_contato.map((l) => l.cli_nome)).toEqual(['Maria da Conceição']);
    expect((await list('a', { texto_busca: 'ção' })).crm_contato).toEqual([]);
  });

  it('search matches partial phone digits, also typed with a mask', async () => {
    expect((await list('a', { texto_busca: '9123' })).crm_contato.map((l) => l.cli_crm_id)).toEqual([ids.joao]);
    expect((await list('a', { texto_busca: '(31) 99234' })).crm_contato.map((l) => l.cli_crm_id)).toEqual([ids.conceicao]);
  });

  it('treats % and _ in the search as text, not wildcards', async () => {
    expect((await list('a', { texto_busca: '%' })).crm_contato).toEqual([]);
  });

  it('lists newest captured first, leaves out deleted leads and other units and companies', async () => {
    const data = await list('a');
    const names = data.crm_contato.map((l) => l.cli_nome);
    expect(names).not.toContain('João Apagado');
    expect(names).not.toContain('João de A2');
    expect(names).not.toContain('João de B1');
    const captured = data.crm_contato.map((l) => l.cli_data_captacao ?? '');
    expect([...captured].sort().reverse()).toEqual(captured);
    expect(data.crm_contato_total.total).toBe(data.crm_contato.length);
    expect(data.por_pagina).toBe(50);
    expect(data.crm_contato_negociacao_status.length).toBeGreaterThan(0);
    expect(data.crm_configuracoes.intervalo_dias_crm).toBe(62);
  });

  it('pages by 50 with the total of every page', async () => {
    for (let i = 0; i < 55; i += 1)
      await k.lead({
        cliNome: `Paginado ${i}`,
        cliCampanhaNome: 'Paginação',
        cliDataCaptacao: new Date(Date.now() - 5 * 86_400_000 - i * 60_000),
      });
    const p1 = await list('a', { cli_campanha_nome: 'Paginação', page: 1 });
    const p2 = await list('a', { cli_campanha_nome: 'Paginação', page: 2 });
    expect([p1.crm_contato.length, p2.crm_contato.length, p1.crm_contato_total.total, p2.crm_contato_total.total]).toEqual([
      50, 5, 55, 55,
    ]);
    expect(p1.crm_contato[0]!.cli_nome).toBe('Paginado 0');
    expect(p2.crm_contato.at(-1)!.cli_nome).toBe('Paginado 54');
  });

  it('filters by negotiation status, campaign, attendants and capture dates in the documented order', async () => {
    expect((await list('a', { cli_status_negociacao: 4 })).crm_contato.map((l) => l.cli_crm_id)).toEqual([ids.conceicao]);
    expect((await list('a', { cli_campanha_nome: 'Clareamento' })).crm_contato.map((l) => l.cli_crm_id)).toEqual([ids.velho]);
    expect((await list('a', { atendentes: [k.t.fixture.users.a.id] })).crm_contato.map((l) => l.cli_crm_id)).toEqual([ids.doA]);
    const since = new Date(Date.now() - 101 * 86_400_000).toISOString().slice(0, 10);
    const until = new Date(Date.now() - 99 * 86_400_000).toISOString().slice(0, 10);
    expect((await list('a', { data_inicio: since, data_fim: until, tipo_data: 0 })).crm_contato.map((l) => l.cli_crm_id)).toEqual(
      [ids.velho],
    );
  });

  it('contato/crm keeps only the last intervalo_dias_crm days (002 §2.1)', async () => {
    expect((await list('a', { cli_campanha_nome: 'Implante' }, 'crm')).crm_contato.map((l) => l.cli_crm_id)).toEqual([ids.joao]);
    expect((await list('a', { cli_campanha_nome: 'Clareamento' }, 'crm')).crm_contato).toEqual([]);
    expect((await list('a', { cli_campanha_nome: 'Clareamento' }, 'listaqualquer')).crm_contato.map((l) => l.cli_crm_id)).toEqual(
      [ids.velho],
    );
  });

  it('001 §6: an attendant without acesso_atribuidos sees only unassigned leads and their own; with it, all', async () => {
    const mine = await k.lead({ cliNome: 'Meu Lead', idUsuario: k.t.fixture.users.u.id });
    const seen = (await list('u')).crm_contato.map((l) => l.cli_crm_id);
    expect(seen).toContain(mine);
    expect(seen).toContain(ids.joao);
    expect(seen).not.toContain(ids.doA);
    const full = await k.call('u', { method: 'GET', url: `/api/contato/completo/${ids.doA}` });
    expect([full.statusCode, full.json().message]).toEqual([403, 'Cliente atribuido a outro atendente.']);
    await k.setUserConfig('u', { acessoAtribuidos: true });
    try {
      expect((await list('u')).crm_contato.map((l) => l.cli_crm_id)).toContain(ids.doA);
    } finally {
      await k.setUserConfig('u', { acessoAtribuidos: false });
    }
  });

  it('answers a malformed filter path with a Portuguese 400', async () => {
    const res = await k.call('a', { method: 'GET', url: '/api/contato/lista/1/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Filtro inválido/);
  });

  it('answers the lead fields with attendant name and tags', async () => {
    const data = await list('a', { atendentes: [k.t.fixture.users.a.id] });
    expect(data.crm_contato[0]).toMatchObject({
      cli_nome: 'Do Atendente A',
      nome_atendimento: 'Usuário a',
      tags: [],
      unidade: k.unitId('A1'),
    });
  });

  it('GET contato/completo/{id} answers crm_contato_completo and the potentials; another unit or company: 404', async () => {
    const res = await k.call('a', { method: 'GET', url: `/api/contato/completo/${ids.joao}` });
    expect(res.statusCode).toBe(200);
    expect(fullContactResponseSchema.parse(res.json()).data.crm_contato_completo.cli_nome).toBe('João da Silva');
    for (const id of [ids.outraUnidade, ids.outraEmpresa, ids.apagado, 99_999_999]) {
      const other = await k.call('a', { method: 'GET', url: `/api/contato/completo/${id}` });
      expect([other.statusCode, other.json().message]).toEqual([404, 'Lead não encontrado.']);
    }
    expect((await k.call('a', { method: 'GET', url: '/api/contato/completo/abc' })).statusCode).toBe(400);
  });

  it('GET contato/busca_agendamentos_cliente/{id} answers the lead appointments with their status label (001 §3)', async () => {
    await k.t.database.db.insert(agendamentos).values({
      idEmpresa: k.t.fixture.companyA,
      idUnidade: k.unitId('A1'),
      cliCrmId: ids.joao,
      atendData: '2030-05-10',
      atendHora: '14:30',
      atendValor: '150.00',
      procedNome: 'Limpeza',
      procedValor: '150.00',
      atendStatus: 5,
    });
    const res = await k.call('a', { method: 'GET', url: `/api/contato/busca_agendamentos_cliente/${ids.joao}` });
    expect(res.json().data).toEqual([
      {
        id: expect.any(Number),
        atend_data: '2030-05-10',
        atend_hora: '14:30',
        atend_valor: 150,
        proced_nome: 'Limpeza',
        proced_valor: 150,
        atend_status: 5,
        atend_status_texto: 'Confirmado',
      },
    ]);
    expect((await k.call('uB1', { method: 'GET', url: `/api/contato/busca_agendamentos_cliente/${ids.joao}` })).statusCode).toBe(
      404,
    );
  });

  it('GET contato/lista-campanhas answers the distinct campaign names of the unit', async () => {
    const res = await k.call('a', { method: 'GET', url: '/api/contato/lista-campanhas' });
    const names = res.json().data.map((c: { cli_campanha_nome: string }) => c.cli_campanha_nome);
    expect(names).toEqual(expect.arrayContaining(['Clareamento', 'Implante', 'Paginação']));
    expect(new Set(names).size).toBe(names.length);
  });

  it('GET /negociacao/{cli_crm_id} answers the history newest first with attendant names', async () => {
    await k.call('a', {
      method: 'POST',
      url: `/api/negociacao/adicionaritem/${ids.joao}`,
      payload: { tipo: 2, texto: 'Primeira' },
    });
    await k.call('a', {
      method: 'POST',
      url: `/api/negociacao/adicionaritem/${ids.joao}`,
      payload: { tipo: 2, texto: 'Segunda' },
    });
    const res = await k.call('a', { method: 'GET', url: `/api/negociacao/${ids.joao}` });
    expect(
      res
        .json()
        .data.slice(0, 2)
        .map((h: { texto: string; nome_atendente: string }) => [h.texto, h.nome_atendente]),
    ).toEqual([
      ['Segunda', 'Usuário a'],
      ['Primeira', 'Usuário a'],
    ]);
  });

  it('never changes a lead of another unit when the id is guessed', async () => {
    const before = await k.leadRow(ids.outraEmpresa);
    const res = await k.call('a', {
      method: 'POST',
      url: `/api/contato/atualizarcontato/${ids.outraEmpresa}`,
      payload: { cli_nome: 'Invadido', cli_telefone: nextPhone() },
    });
    expect([res.statusCode, res.json().message]).toEqual([404, 'Lead não encontrado.']);
    expect((await k.leadRow(ids.outraEmpresa)).cliNome).toBe(before.cliNome);
    expect(await k.history(ids.outraEmpresa)).toEqual([]);
    await k.t.database.db.update(leads).set({ cliNome: before.cliNome }).where(eq(leads.cliCrmId, ids.outraEmpresa));
  });
});
