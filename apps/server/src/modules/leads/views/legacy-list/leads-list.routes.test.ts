// 000 §7 contact list filters by tag and attendant (002 §3 "Contact list response"), each on a
// unit of its own so the expected ids are exact.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emptyFilter, WHATSAPP_CLIENTS_LAYOUT } from '@funil/domain/leads/filter-segments';
import { whatsappClientsResponseSchema } from '@funil/domain/whatsapp-api/legacy-api';

import { verifySession } from '../../../auth/auth.service.ts';
import { negotiationStatuses, referenceLists, saleStatuses } from '../../../catalog/catalog.service.ts';
import { leadTags, tags } from '../../../tags/tags.table.ts';
import { unidadeConfiguracoes } from '../../../tenancy/tenancy.table.ts';
import { createLeadsKit, everyListFieldSet, nextPhone, type Kit } from '../../leads-test-kit.ts';
import { leadView } from '../../leads.service.ts';
import { listWhatsappClients } from '../chat/whatsapp-clients.repository.ts';

let k: Kit;
beforeAll(async () => {
  k = await createLeadsKit();
});
afterAll(async () => {
  await k.t.close();
});

const list = (...args: Parameters<Kit['list']>) => k.list(...args);
const idsOf = (data: Awaited<ReturnType<typeof list>>) => data.crm_contato.map((l) => l.cli_crm_id).sort((a, b) => a - b);

describe('000 §7 contact list: tags (any of the comma list) and attendants', () => {
  let vip: number;
  let quente: number;
  let frio: number;
  let ids: Record<'soVip' | 'soQuente' | 'ambas' | 'frio' | 'semTag' | 'vipDoA' | 'vipDoU' | 'vipApagado', number>;
  beforeAll(async () => {
    const db = k.t.database.db;
    const unit = k.unitId('A1');
    const created = await db
      .insert(tags)
      .values(['VIP', 'Quente', 'Frio'].map((nome) => ({ idUnidade: unit, nome, cor: '#123456' })))
      .returning({ id: tags.id, nome: tags.nome });
    const tagId = (nome: string) => created.find((t) => t.nome === nome)!.id;
    [vip, quente, frio] = [tagId('VIP'), tagId('Quente'), tagId('Frio')];
    const users = k.t.fixture.users;
    ids = {
      soVip: await k.lead({ cliNome: 'Só VIP' }),
      soQuente: await k.lead({ cliNome: 'Só Quente' }),
      ambas: await k.lead({ cliNome: 'VIP e Quente' }),
      frio: await k.lead({ cliNome: 'Frio' }),
      semTag: await k.lead({ cliNome: 'Sem tag' }),
      vipDoA: await k.lead({ cliNome: 'VIP do admin', idUsuario: users.a.id }),
      vipDoU: await k.lead({ cliNome: 'VIP do atendente', idUsuario: users.u.id }),
      vipApagado: await k.lead({ cliNome: 'VIP apagado', desativado: 1 }),
    };
    const links: [number, number][] = [
      [ids.soVip, vip],
      [ids.soQuente, quente],
      [ids.ambas, vip],
      [ids.ambas, quente],
      [ids.frio, frio],
      [ids.vipDoA, vip],
      [ids.vipDoU, vip],
      [ids.vipApagado, vip],
    ];
    await db.insert(leadTags).values(links.map(([cliCrmId, idTag]) => ({ cliCrmId, idTag })));
  });

  it('one tag: the leads with it, once each, with the exact total', async () => {
    const data = await list('a', { tags: [vip] });
    expect(idsOf(data)).toEqual([ids.soVip, ids.ambas, ids.vipDoA, ids.vipDoU].sort((a, b) => a - b));
    expect(data.crm_contato_total.total).toBe(4);
    expect(data.crm_contato.find((l) => l.cli_crm_id === ids.ambas)?.tags.map((t) => t.nome)).toEqual(['Quente', 'VIP']);
  });

  it('two tags: any of them, a lead with both counted once', async () => {
    const data = await list('a', { tags: [vip, quente] });
    expect(idsOf(data)).toEqual([ids.soVip, ids.soQuente, ids.ambas, ids.vipDoA, ids.vipDoU].sort((a, b) => a - b));
    expect(data.crm_contato_total.total).toBe(5);
    expect(idsOf(await list('a', { tags: [frio] }))).toEqual([ids.frio]);
  });

  it('contato/crm and listaqualquer take the tag filter too', async () => {
    expect(idsOf(await list('a', { tags: [quente] }, 'crm'))).toEqual([ids.soQuente, ids.ambas].sort((a, b) => a - b));
    expect((await list('a', { tags: [quente] }, 'listaqualquer')).crm_contato_total.total).toBe(2);
  });

  it('attendants: one or several, and combined with tags', async () => {
    const users = k.t.fixture.users;
    expect(idsOf(await list('a', { atendentes: [users.a.id] }))).toEqual([ids.vipDoA]);
    expect(idsOf(await list('a', { atendentes: [users.a.id, users.u.id] }))).toEqual(
      [ids.vipDoA, ids.vipDoU].sort((a, b) => a - b),
    );
    expect(idsOf(await list('a', { tags: [vip, quente], atendentes: [users.u.id] }))).toEqual([ids.vipDoU]);
  });

  it("002 §2.1 'Não Atribuídos': attendant 0 is the unassigned leads, alone or beside real attendants", async () => {
    const users = k.t.fixture.users;
    expect(idsOf(await list('a', { tags: [vip], atendentes: [0] }))).toEqual([ids.soVip, ids.ambas].sort((a, b) => a - b));
    expect((await list('a', { tags: [vip], atendentes: [0] })).crm_contato_total.total).toBe(2);
    expect(idsOf(await list('a', { tags: [vip], atendentes: [0, users.u.id] }))).toEqual(
      [ids.soVip, ids.ambas, ids.vipDoU].sort((a, b) => a - b),
    );
    // 002 §2.1 'Atendidas' and the others are the contact status segment.
    expect(idsOf(await list('a', { tags: [vip], cli_contato_status: 3 }))).toEqual([]);
  });

  it("001 §6: an attendant without acesso_atribuidos filtering by tag sees no other attendant's lead", async () => {
    const data = await list('u', { tags: [vip] });
    expect(idsOf(data)).toEqual([ids.soVip, ids.ambas, ids.vipDoU].sort((a, b) => a - b));
    expect(data.crm_contato_total.total).toBe(3);
  });
});

describe('002 §3 "Contact list response": the reference lists beside the leads', () => {
  it('answers both funnels, contact and message statuses, platforms and the interval as the tables have them, in order', async () => {
    const db = k.t.database.db;
    const empresa = k.t.fixture.companyA;
    const data = await list('a', {}, 'crm');
    const [negociacao, venda, refs] = await Promise.all([
      negotiationStatuses(db, empresa),
      saleStatuses(db, empresa),
      referenceLists(db),
    ]);
    expect(data.crm_contato_negociacao_status).toEqual(
      negociacao.map((s) => ({ id: s.id, nome: s.nome, cor: s.cor, idFunil: s.idFunil, idFunilVenda: null })),
    );
    expect(data.crm_contato_negociacao_status_venda).toEqual(
      venda.map((s) => ({ id: s.id, nome: s.nome, cor: s.cor, idFunil: null, idFunilVenda: s.idFunilVenda })),
    );
    expect(data.crm_contato_negociacao_status_contato).toEqual(
      refs.contato.map((s) => ({ id: s.id, nome: s.nome, cor: s.cor, idFunil: null, idFunilVenda: null })),
    );
    expect(data.crm_contato_negociacao_plataforma).toEqual(refs.plataforma.map((p) => ({ id: p.id, nome: p.nome })));
    expect(data.crm_cliente_mensagem_status).toEqual(refs.mensagem.map((m) => ({ id: m.id, nome: m.nome })));
    expect(negociacao.length).toBeGreaterThan(1);
    expect(data.crm_configuracoes.intervalo_dias_crm).toBe(62);
  });

  it("contato/crm follows the unit's intervalo_dias_crm as soon as it changes (002 §2.1)", async () => {
    const db = k.t.database.db;
    const recent = await k.lead({
      cliNome: 'Intervalo recente',
      cliCampanhaNome: 'Intervalo',
      cliDataCaptacao: new Date(Date.now() - 5 * 86_400_000),
    });
    const older = await k.lead({
      cliNome: 'Intervalo antigo',
      cliCampanhaNome: 'Intervalo',
      cliDataCaptacao: new Date(Date.now() - 20 * 86_400_000),
    });
    expect(idsOf(await list('a', { cli_campanha_nome: 'Intervalo' }, 'crm'))).toEqual([recent, older].sort((a, b) => a - b));
    await db
      .update(unidadeConfiguracoes)
      .set({ intervaloDiasCrm: 10 })
      .where(eq(unidadeConfiguracoes.idUnidade, k.unitId('A1')));
    try {
      const data = await list('a', { cli_campanha_nome: 'Intervalo' }, 'crm');
      expect([data.crm_configuracoes.intervalo_dias_crm, idsOf(data), data.crm_contato_total.total]).toEqual([10, [recent], 1]);
    } finally {
      await db
        .update(unidadeConfiguracoes)
        .set({ intervaloDiasCrm: 62 })
        .where(eq(unidadeConfiguracoes.idUnidade, k.unitId('A1')));
    }
  });
});

describe('crm_contato_total: exact, cached a few seconds, dropped on any lead change of the unit', () => {
  const campaign = { cli_campanha_nome: 'Contagem' };

  it('a lead created through the API shows in the next total (and the cache was in use)', async () => {
    await k.lead({ cliNome: 'Contagem 1', cliCampanhaNome: 'Contagem' });
    expect((await list('a', campaign)).crm_contato_total.total).toBe(1);
    // Written behind the service's back: the cached total does not see it yet.
    await k.lead({ cliNome: 'Contagem 2', cliCampanhaNome: 'Contagem' });
    expect((await list('a', campaign)).crm_contato_total.total).toBe(1);
    const res = await k.call('a', {
      method: 'POST',
      url: '/api/contato/cadastrarcontato/manual',
      payload: { cli_nome: 'Contagem 3', cli_telefone: nextPhone(), ad_name: 'Contagem' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = await list('a', campaign);
    expect([data.crm_contato_total.total, data.crm_contato.length]).toEqual([3, 3]);
    // Another unit's change leaves this unit's total alone; other units keep their own.
    expect((await list('uA2', campaign)).crm_contato_total.total).toBe(0);
  });

  it('deleting, tagging and transferring a lead change the next totals of both units', async () => {
    const [tag] = await k.t.database.db
      .insert(tags)
      .values({ idUnidade: k.unitId('A1'), nome: 'Contada', cor: '#654321' })
      .returning({ id: tags.id });
    const a = await k.lead({ cliNome: 'Contar A', cliCampanhaNome: 'Mover' });
    const b = await k.lead({ cliNome: 'Contar B', cliCampanhaNome: 'Mover' });
    expect((await list('a', { cli_campanha_nome: 'Mover' })).crm_contato_total.total).toBe(2);
    expect((await list('a', { tags: [tag!.id] })).crm_contato_total.total).toBe(0);
    expect(
      (await k.call('a', { method: 'POST', url: `/api/tagsClientes/${a}`, payload: { tags: [{ id_tag: tag!.id }] } })).statusCode,
    ).toBe(200);
    expect((await list('a', { tags: [tag!.id] })).crm_contato_total.total).toBe(1);
    await k.setUserConfig('a', { excluir_leads: true });
    expect(
      (await k.call('a', { method: 'PUT', url: `/api/webhook/lead/cli_crm_id/${b}`, payload: { desativado: 1 } })).statusCode,
    ).toBe(200);
    expect((await list('a', { cli_campanha_nome: 'Mover' })).crm_contato_total.total).toBe(1);
    expect((await list('uA2', { cli_campanha_nome: 'Mover' })).crm_contato_total.total).toBe(0);
    const moved = await k.call('a', {
      method: 'POST',
      url: `/api/contato/transferircontato/${a}`,
      payload: { idUnidade: k.unitId('A2') },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await list('a', { cli_campanha_nome: 'Mover' })).crm_contato_total.total).toBe(0);
    expect((await list('uA2', { cli_campanha_nome: 'Mover' })).crm_contato_total.total).toBe(1);
  });
});

describe('issue 8: a status change and the cached references show at once to whoever made them', () => {
  it("a lead's negotiation status change moves it between the status totals at once (cached counts dropped)", async () => {
    const id = await k.lead({ cliNome: 'Status contado', cliCampanhaNome: 'Status contado', cliStatusNegociacao: 1 });
    const of = async (status: number) =>
      (await list('a', { cli_campanha_nome: 'Status contado', cli_status_negociacao: status })).crm_contato_total.total;
    expect([await of(1), await of(2)]).toEqual([1, 0]);
    const res = await k.call('a', {
      method: 'POST',
      url: `/api/negociacao/atualizarstatusnegociacao/${id}`,
      payload: { status: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect([await of(1), await of(2)]).toEqual([0, 1]);
  });

  it("a status renamed in cadastros shows in the next contact list (the company's cached references dropped)", async () => {
    const before = await list('a', {}, 'crm');
    const status = before.crm_contato_negociacao_status.find((s) => s.idFunil === 2)!;
    const renamed = await k.call('sa', {
      method: 'PUT',
      url: '/api/cadastros/status-negociacao',
      payload: { nome: 'Em conversa (renomeado)', idFunil: 2, cor: status.cor },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    try {
      const after = await list('a', {}, 'crm');
      expect(after.crm_contato_negociacao_status.find((s) => s.idFunil === 2)?.nome).toBe('Em conversa (renomeado)');
      // The other company's lists are its own.
      expect((await list('aB1', {}, 'crm')).crm_contato_negociacao_status.find((s) => s.idFunil === 2)?.nome).not.toBe(
        'Em conversa (renomeado)',
      );
    } finally {
      await k.call('sa', {
        method: 'PUT',
        url: '/api/cadastros/status-negociacao',
        payload: { nome: status.nome, idFunil: 2, cor: status.cor },
      });
    }
  });
});

describe('001 §5 Search (issue 8): word prefixes of the name, case and accents ignored, or the phone digits', () => {
  let ids: Record<'conceicao' | 'joao' | 'mariaConc' | 'outraUnidade' | 'apagada', number>;
  const phone = '11987012345';
  beforeAll(async () => {
    ids = {
      conceicao: await k.lead({ cliNome: 'Conceição   Magalhães', cliCampanhaNome: 'Busca' }),
      joao: await k.lead({ cliNome: 'João Magalhães', cliCampanhaNome: 'Busca', cliTelefone: phone }),
      mariaConc: await k.lead({ cliNome: "Maria d'Conceição Souza", cliCampanhaNome: 'Busca' }),
      outraUnidade: await k.lead({ cliNome: 'Conceição Magalhães', cliCampanhaNome: 'Busca', unit: 'A2' }),
      apagada: await k.lead({ cliNome: 'Conceição Magalhães Apagada', cliCampanhaNome: 'Busca', desativado: 1 }),
    };
  });
  const found = async (texto_busca: string) => idsOf(await list('a', { texto_busca, cli_campanha_nome: 'Busca' }));

  it(
    '"conc mag" finds "Conceição Magalhães" (each word the start of a word, any order), only in the ' +
      'unit, never a deleted lead',
    async () => {
      expect(await found('conc mag')).toEqual([ids.conceicao]);
      expect(await found('MAG CONC')).toEqual([ids.conceicao]);
      expect(await found('magalhães')).toEqual([ids.conceicao, ids.joao].sort((a, b) => a - b));
      expect(await found('conceicao')).toEqual([ids.conceicao, ids.mariaConc].sort((a, b) => a - b));
      expect(await found('joa mag')).toEqual([ids.joao]);
      // A word's middle is not what attendants type; no operator of the search syntax gets through.
      expect(await found('agalhaes')).toEqual([]);
      expect(await found('conc & | ! :*')).toEqual([ids.conceicao, ids.mariaConc].sort((a, b) => a - b));
      expect(await found('&&')).toEqual([]);
      const other = await list('uA2', { texto_busca: 'conc mag', cli_campanha_nome: 'Busca' });
      expect(idsOf(other)).toEqual([ids.outraUnidade]);
    },
  );

  it('phone digits as typed find the lead; the total agrees with the page', async () => {
    const data = await list('a', { texto_busca: '(11) 98701-2345' });
    expect(idsOf(data)).toEqual([ids.joao]);
    expect(data.crm_contato_total.total).toBe(1);
    expect(idsOf(await list('a', { texto_busca: '7012345' }))).toEqual([ids.joao]);
  });

  it('a renamed lead is found by its new name at once (the normalised name is generated by the database)', async () => {
    const { cliTelefone } = await k.leadRow(ids.mariaConc);
    const res = await k.call('a', {
      method: 'POST',
      url: `/api/contato/atualizarcontato/${ids.mariaConc}`,
      payload: { cli_nome: 'Zuleica Araújo', cli_telefone: cliTelefone },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await found('zul ara')).toEqual([ids.mariaConc]);
    expect(await found('conceicao')).toEqual([ids.conceicao]);
  });

  it("the chat's lead list (GET whatsapp/clientes, its service) searches with the same condition", async () => {
    const session = await verifySession(k.t.database.db, k.token.a);
    const search = async (texto_busca: string) =>
      whatsappClientsResponseSchema
        .parse(
          JSON.parse(
            await listWhatsappClients(k.t.database.db, session, {
              ...emptyFilter(WHATSAPP_CLIENTS_LAYOUT),
              texto_busca,
              cli_campanha_nome: 'Busca',
            }),
          ),
        )
        .clientes.map((c) => c.cli_crm_id);
    expect(await search('conc MAG')).toEqual([ids.conceicao]);
    expect(await search('98701 2345')).toEqual([ids.joao]);
    expect(await search('agalhaes')).toEqual([]);
  });
});

describe('issue 8: the page written by PostgreSQL (CRM_CONTATO_SQL) is toCrmContato, field by field', () => {
  it('a lead with every field set, and one with every optional field empty, read as leadView reads them', async () => {
    const db = k.t.database.db;
    const [tag] = await db
      .insert(tags)
      .values({ idUnidade: k.unitId('A1'), nome: 'Formato', cor: '#abcdef' })
      .returning({ id: tags.id });
    const full = await k.lead(everyListFieldSet(k.t.fixture.users.u.id));
    await db.insert(leadTags).values({ cliCrmId: full, idTag: tag!.id });
    const empty = await k.lead({
      cliNome: 'Formato Vazio',
      cliCampanhaNome: 'Formato',
      cliDataCaptacao: new Date('2026-02-01T00:00:00Z'),
      whatsappUltimaMensagemFromMe: 1,
      whatsappUltimaMensagemStatus: 2,
    });
    const data = await list('a', { cli_campanha_nome: 'Formato' });
    expect(data.crm_contato.map((l) => l.cli_crm_id)).toEqual([full, empty]);
    for (const row of data.crm_contato) expect(row).toStrictEqual(await leadView(db, row.cli_crm_id));
    expect(data.crm_contato[0]).toMatchObject({
      valor_ticket: 1234.5,
      cli_data_mensagem_agendada: '2026-03-04 23:30:00',
      whatsapp_ultima_mensagem_nao_lidas: 0,
      whatsapp_ultima_mensagem_status: null,
    });
  });
});
