// The demo seed of `npm start` (issue 2 "Data model and demo data").
// @pglite-too (vitest.config.ts): the demo seed on PGlite, the engine `npm start` uses by default.
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_QUEUE_RULES, queueRules } from '@funil/domain/webphone/queue-rules';

import { buildApp } from '../app.ts';
import { anunciosAds, anunciosAdsTags, anunciosCampanhas, anunciosConjuntos, anunciosCustos } from '../modules/ads/ads.table.ts';
import { auditoria } from '../modules/audit/audit.table.ts';
import { ruleFigures } from '../modules/automations/automations.repository.ts';
import { automacoes, automacoesExecucoes, automacoesPassos } from '../modules/automations/automations.table.ts';
import { statusNegociacao } from '../modules/catalog/catalog.table.ts';
import { campaignCosts } from '../modules/dashboard/dashboard-costs.ts';
import { historico, leads } from '../modules/leads/leads.table.ts';
import { enviosEmMassa, enviosEmMassaClientes } from '../modules/mass-send/mass-send.table.ts';
import { leadTags } from '../modules/tags/tags.table.ts';
import { unidadeConfiguracoes, unidades } from '../modules/tenancy/tenancy.table.ts';
import { usuarios } from '../modules/users/users.table.ts';
import { whatsappMensagens } from '../modules/whatsapp/chat/messages.table.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('seedDemoIfEmpty', () => {
  it('seeds two units, one user of every role and 390 leads (300 of the last 60 days), once', async () => {
    expect(await seedDemoIfEmpty(database.db)).toBe(true);
    expect(await seedDemoIfEmpty(database.db)).toBe(false);
    const [leadCount] = await database.db.select({ n: count() }).from(leads);
    expect(Number(leadCount!.n)).toBe(390);
    const units = await database.db.select().from(unidades);
    expect(units).toHaveLength(2);
    expect(units.every((u) => /^[A-Za-z0-9]{32}$/.test(u.token))).toBe(true);
    const users = await database.db.select({ email: usuarios.email, permissao: usuarios.permissao }).from(usuarios);
    expect(new Set(users.map((u) => u.permissao))).toEqual(new Set(['sa', 'ag', 'a', 'u', 'm', 'mg']));
    const second = await database.db
      .select({ u: usuarios.idUnidade })
      .from(usuarios)
      .where(eq(usuarios.email, 'atendente2@demo.com.br'));
    expect(second[0]!.u).toBe(units.find((u) => u.nome.includes('Savassi'))!.id);
    const sample = await database.db.select().from(leads).limit(300);
    expect(sample.every((l) => /^\d{11}$/.test(l.cliTelefone))).toBe(true);
    expect(new Set(sample.map((l) => l.cliCampanhaNome)).size).toBeGreaterThan(3);
  });

  it('issue 13: the first unit sends campaigns and has a finished and a paused one; the second keeps the defaults', async () => {
    const units = await database.db.select().from(unidades);
    const first = units.find((u) => u.nome.includes('Paulista'))!;
    const second = units.find((u) => u.nome.includes('Savassi'))!;
    const settings = await database.db.select().from(unidadeConfiguracoes);
    const extrasOf = (id: number) =>
      JSON.parse(settings.find((s) => s.idUnidade === id)!.configuracoesExtra ?? '{}') as Record<string, unknown>;
    expect(extrasOf(first.id)['habilita_envio_em_massaV2']).toBe(true);
    expect(extrasOf(second.id)['habilita_envio_em_massaV2']).toBeUndefined();
    // Issue 21 item 20: the first unit has the v2 chat (/whatsappv2, 000 §6), the second keeps the defaults.
    expect([extrasOf(first.id)['whatsapp_v2'], extrasOf(second.id)['whatsapp_v2']]).toEqual([true, undefined]);
    const campaigns = await database.db.select().from(enviosEmMassa).orderBy(enviosEmMassa.id);
    expect(campaigns.map((c) => [c.idUnidade, c.status])).toEqual([
      [first.id, 'FINALIZADO'],
      [first.id, 'PAUSADO'],
    ]);
    expect(campaigns[1]!.motivoPausa).toBeTruthy();
    const recipients = await database.db.select().from(enviosEmMassaClientes);
    expect(new Set(recipients.map((r) => r.status))).toEqual(new Set(['SENT', 'ERROR', 'NOT_SENT', 'PENDING']));
  });

  it('issue 25: the first unit has automacao on and three enabled automations with a history of every outcome', async () => {
    const units = await database.db.select().from(unidades);
    const first = units.find((u) => u.nome.includes('Paulista'))!;
    const [config] = await database.db.select().from(unidadeConfiguracoes).where(eq(unidadeConfiguracoes.idUnidade, first.id));
    expect((JSON.parse(config!.configuracoesExtra ?? '{}') as Record<string, unknown>)['automacao']).toBe(true);
    const rules = await database.db.select().from(automacoes).orderBy(automacoes.id);
    expect(rules.map((r) => [r.idUnidade, r.nome, r.habilitado])).toEqual([
      [first.id, 'Tabela de preços em negociação', true],
      [first.id, 'Requalificação após 3 dias sem movimento', true],
      [first.id, 'Rodízio dos leads do Lead Ads', true],
    ]);
    const figures = await ruleFigures(database.db, rules[0]!.id);
    expect(figures).toMatchObject({ iniciadas: 10, concluidas: 6, paradas: 1, falhas: 1, emAndamento: 2 });
    expect(figures.mensagensEnviadas).toBeGreaterThan(0);
  });

  it("issue 25 'The demo': the history of runs agrees with the leads it ran on (no run 'Em andamento' on a converted lead)", async () => {
    const now = Date.now();
    const runs = await database.db
      .select({
        regra: automacoes.nome,
        status: automacoesExecucoes.status,
        criadoEm: automacoesExecucoes.criadoEm,
        proximoEm: automacoesExecucoes.proximoEm,
        terminadoEm: automacoesExecucoes.terminadoEm,
        lead: automacoesExecucoes.cliCrmId,
        negociacao: leads.cliStatusNegociacao,
        venda: leads.cliStatusNegociacaoVenda,
        captado: leads.cliDataCaptacao,
        plataforma: leads.cliTipoLead,
        atendente: leads.idUsuario,
      })
      .from(automacoesExecucoes)
      .innerJoin(automacoes, eq(automacoes.id, automacoesExecucoes.idAutomacao))
      .innerJoin(leads, eq(leads.cliCrmId, automacoesExecucoes.cliCrmId))
      .orderBy(automacoesExecucoes.id);
    expect(runs).toHaveLength(21);
    expect(new Set(runs.map((r) => r.lead)).size).toBe(runs.length);
    for (const run of runs) {
      expect(run.captado.getTime()).toBeLessThan(run.criadoEm.getTime());
      if (run.status === 'ativa') {
        // The price list's wait still ahead, on a lead still 'Em negociação' (4) with no sale (1).
        expect([run.regra, run.negociacao, run.venda, run.terminadoEm]).toEqual(['Tabela de preços em negociação', 4, 1, null]);
        expect(run.proximoEm.getTime()).toBeGreaterThan(now);
      } else expect(run.terminadoEm!.getTime()).toBeLessThanOrEqual(now);
      // A completed re-qualification moved its lead out of 'Não Atendido' (3).
      if (run.regra.startsWith('Requalificação') && run.status === 'concluida') expect(run.negociacao).not.toBe(3);
      // The round robin gave its Facebook lead an attendant.
      if (run.regra.startsWith('Rodízio')) expect([run.plataforma, run.atendente !== null]).toEqual([1, true]);
    }
    const steps = await database.db
      .select({ em: automacoesPassos.em, fim: automacoesExecucoes.terminadoEm, resultado: automacoesPassos.resultado })
      .from(automacoesPassos)
      .innerJoin(automacoesExecucoes, eq(automacoesExecucoes.id, automacoesPassos.idExecucao));
    for (const step of steps) if (step.fim) expect(step.em.getTime()).toBeLessThanOrEqual(step.fim.getTime());
  });

  it('issue 23 §7: the first unit has three campaigns with ad sets, ads, ad tags and monthly costs; the second none', async () => {
    const units = await database.db.select().from(unidades);
    const first = units.find((u) => u.nome.includes('Paulista'))!;
    const campaigns = await database.db.select().from(anunciosCampanhas);
    expect(campaigns.map((c) => c.idUnidade)).toEqual([first.id, first.id, first.id]);
    const ids = campaigns.map((c) => c.id);
    const sets = await database.db.select().from(anunciosConjuntos).where(inArray(anunciosConjuntos.idCampanha, ids));
    expect(new Set(sets.map((s) => s.idCampanha)).size).toBe(3);
    const ads = await database.db.select().from(anunciosAds);
    const links = await database.db.select().from(anunciosAdsTags);
    expect(ads.length).toBeGreaterThanOrEqual(6);
    expect(new Set(links.map((l) => l.idAd)).size).toBe(ads.length);
    const costs = await database.db.select().from(anunciosCustos);
    expect(costs).toHaveLength(9);
    expect(costs.every((c) => c.idUnidade === first.id && c.origem === 'manual' && c.periodoInicio.endsWith('-01'))).toBe(true);
    // The ads are those of the demo leads, so cost per lead has leads to count.
    const leadAds = await database.db.select({ adName: leads.adName }).from(leads).where(eq(leads.idUnidade, first.id));
    expect(leadAds.some((l) => ads.some((a) => a.adName === l.adName))).toBe(true);
  });

  it("issue 23 §3 §6: the first unit's last 7 days show cost per lead, cost per sale and ROAS and leads without a known ad", async () => {
    const units = await database.db.select().from(unidades);
    const first = units.find((u) => u.nome.includes('Paulista'))!;
    const now = new Date();
    const period = { inicio: new Date(now.getTime() - 7 * 86_400_000), fim: now };
    const custos = await campaignCosts(database.db, { units: [first.id], ownerUserId: null }, period, 'conversoes');
    const paid = custos.campanhas.filter((c) => c.custo !== null && c.leads > 0);
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((c) => c.custo_por_lead !== null)).toBe(true);
    expect(custos.total.custo).toBeGreaterThan(0);
    expect(custos.total.roas).not.toBeNull();
    expect(custos.leads_sem_anuncio).toBeGreaterThan(0);
    const second = units.find((u) => u.nome.includes('Savassi'))!;
    const other = await campaignCosts(database.db, { units: [second.id], ownerUserId: null }, period, 'conversoes');
    expect([other.campanhas, other.total.custo]).toEqual([[], null]);
  });

  it('issue 23 §3 §7: a conversation of the first unit started from a click-to-WhatsApp ad, with its origin and tag', async () => {
    const units = await database.db.select().from(unidades);
    const first = units.find((u) => u.nome.includes('Paulista'))!;
    // The unit's other click-to-WhatsApp leads are the unidentified ones the costs test counts.
    const ctwa = await database.db
      .select()
      .from(leads)
      .where(and(eq(leads.origemCanal, 'whatsapp-anuncio'), eq(leads.adName, 'Clareamento 50% off')));
    expect(ctwa).toHaveLength(1);
    expect(ctwa[0]).toMatchObject({ idUnidade: first.id, origemCerteza: 'id-exato', adName: 'Clareamento 50% off' });
    expect(ctwa[0]!.informacoesExtra).toHaveProperty('ctwa_clid');
    const messages = await database.db
      .select()
      .from(whatsappMensagens)
      .where(eq(whatsappMensagens.cliCrmId, ctwa[0]!.cliCrmId))
      .orderBy(whatsappMensagens.criadoEm);
    expect(messages[0]).toMatchObject({ fromMe: false, gatewayType: 'extendedTextMessage' });
    const tagsOfLead = await database.db.select().from(leadTags).where(eq(leadTags.cliCrmId, ctwa[0]!.cliCrmId));
    expect(tagsOfLead.length).toBeGreaterThan(0);
  });

  it(
    'issue 21 item 19: the default funnel gives the ids of 002 §9 the statuses the spec names, and ' +
      'the default queue rules call no lead who said no',
    async () => {
      const funnel = await database.db
        .select({ id: statusNegociacao.idFunil, nome: statusNegociacao.nome })
        .from(statusNegociacao)
        .orderBy(statusNegociacao.idFunil);
      const name = (id: number) => funnel.find((s) => s.id === id)?.nome;
      // 002 §9 'Status ids in settings text: 3 Não Atendido, 9 Whatsapp, 4 Em negociação'; 000 §9: 5 and 6 are the conversions.
      expect([name(3), name(4), name(9), name(5), name(6)]).toEqual([
        'Não Atendido',
        'Em negociação',
        'Whatsapp',
        'Convertido',
        'Pós-venda',
      ]);
      // 002 §4 'Settings rule': rule 1 takes the new leads and those not reached yet, rule 2 the scheduled ones.
      const [first, second, third] = queueRules(null, null, null).map((rule) => rule.map(name));
      expect(DEFAULT_QUEUE_RULES).toEqual(['1,7', '2', '5,3']);
      expect(first).toEqual(['Novo', 'Tentando contato']);
      expect(second).toEqual(['Agendado']);
      expect(third).toContain('Não Atendido');
      for (const rule of [first, second, third]) expect(rule).not.toContain('Sem interesse');
      // The demo's leads in 7 are still being reached: never answered.
      const reaching = await database.db
        .select({ contato: leads.cliContatoStatus })
        .from(leads)
        .where(eq(leads.cliStatusNegociacao, 7));
      expect(reaching.length).toBeGreaterThan(0);
      expect(reaching.every((l) => l.contato !== 3)).toBe(true);
    },
  );

  it('creates its company, units and users through the administration services (issue 10), audited as Sistema', async () => {
    const trail = await database.db
      .select({ entidade: auditoria.entidade, acao: auditoria.acao, autor: auditoria.nomeUsuario })
      .from(auditoria);
    const counts = trail.reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [`${r.entidade} ${r.acao}`]: (acc[`${r.entidade} ${r.acao}`] ?? 0) + 1 }),
      {},
    );
    expect(counts).toEqual({ 'empresa create': 1, 'unidade create': 2, 'usuario create': DEMO_LOGINS.length });
    expect(trail.every((r) => r.autor === 'Sistema')).toBe(true);
  });

  it('lets every demo login in with the README password', async () => {
    const app = await buildApp({ database, webDist: '/nonexistent' });
    for (const login of DEMO_LOGINS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: login.email, senha: DEMO_PASSWORD },
        remoteAddress: `10.3.0.${login.nome.length}`,
      });
      expect([login.email, res.statusCode]).toEqual([login.email, 200]);
      expect(res.json().data.currentUser.permissao).toBe(login.permissao);
    }
    await app.close();
  });

  it(
    "issue 21 item 12: the demo's call history names every outcome in plain pt-BR ('Atendida', 'Não " +
      "atendida'), never 'ANSWERED'",
    async () => {
      const statuses = await database.db
        .selectDistinct({ s: historico.statusChamada })
        .from(historico)
        .where(inArray(historico.tipo, [3, 4]));
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.map((r) => r.s).sort()).toEqual(['Atendida', 'Não atendida']);
    },
  );

  it(
    'opens living dashboards: the first unit on dash_v2, the second classic, both with calls, ' +
      'messages and conversions (issue 14)',
    async () => {
      const units = await database.db.select({ id: unidades.id, nome: unidades.nome }).from(unidades).orderBy(unidades.id);
      const app = await buildApp({ database, webDist: '/nonexistent' });
      const token = async (email: string) =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { email, senha: DEMO_PASSWORD },
            remoteAddress: '10.4.0.1',
          })
        ).json().data.token as string;
      const as = async (email: string, url: string) =>
        (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await token(email)}` } })).json();
      const unitData = await as('gerente@demo.com.br', '/api/cadastros/dados-unidade');
      expect(JSON.parse(unitData.data.crm_configuracoes.configuracoesExtra).dash_v2).toBe(true);
      const second = await as('atendente2@demo.com.br', '/api/cadastros/dados-unidade');
      expect(JSON.parse(second.data.crm_configuracoes.configuracoesExtra).dash_v2).toBeUndefined();
      // The last 60 days of the first unit, as the manager's v2 dashboard reads them.
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const tail = `-1/-1/-1/-1/${encodeURIComponent(`${day(-60)} 00:00:00`)}/${encodeURIComponent(`${day(1)} 23:59:59`)}`;
      const capture = await as('gerente@demo.com.br', `/api/dashboard/captacao/${tail}`);
      expect(capture.data.cards_captacao['Leads Captados']).toBeGreaterThan(100);
      expect(capture.data.cards_captacao.Mensagens).toBeGreaterThan(20);
      expect(capture.data.cards_captacao.Ligacao).toBeGreaterThan(20);
      expect(capture.data.cards_captacao.Conversao).toBeGreaterThan(5);
      const times = await as('gerente@demo.com.br', `/api/dashboard/atendimento-tempo/${tail}`);
      expect(times.data.tempos.tempo_medio_contato_ligacao).toBeGreaterThan(0);
      expect(times.data.tempos.tempo_medio_resposta_mensagem).toBeGreaterThan(0);
      // The multi-manager's classic view of both units.
      const classic = await as(
        'multigerente@demo.com.br',
        `/api/dashboard/crm/${units.map((u) => u.id).join('&')}/${day(-60)}/${day(1)}`,
      );
      expect(classic.data.crm_total.total).toBe(300);
      expect(classic.data.crm_total.ligacoes).toBeGreaterThan(100);
      // The second unit's multi-manager opens the classic tabs, LTV included.
      const ltv = await as('multigerente2@demo.com.br', `/api/dashboard/ltv/0/0/${day(-60)}/${day(1)}`);
      expect(ltv.data.crm_valores.length).toBeGreaterThan(3);
      // Issue 14 'the last 90 days': the 30 days before those 60 have captures, messages, calls and conversions too.
      const older = `-1/-1/-1/-1/${encodeURIComponent(`${day(-91)} 00:00:00`)}/${encodeURIComponent(`${day(-61)} 23:59:59`)}`;
      const before = await as('gerente@demo.com.br', `/api/dashboard/captacao/${older}`);
      expect(before.data.cards_captacao['Leads Captados']).toBeGreaterThan(40);
      expect(before.data.cards_captacao.Mensagens).toBeGreaterThan(10);
      expect(before.data.cards_captacao.Ligacao).toBeGreaterThan(10);
      expect(before.data.cards_captacao.Conversao).toBeGreaterThan(5);
      const classic90 = await as(
        'multigerente@demo.com.br',
        `/api/dashboard/crm/${units.map((u) => u.id).join('&')}/${day(-90)}/${day(1)}`,
      );
      expect(classic90.data.crm_total.total).toBeGreaterThan(370);
      await app.close();
    },
  );
});
