// Over 500 lines: one walk of every registered route for each role and for another unit's and company's ids.
// 000 §6 enforced by the API: every /api route needs a session unless public, and a route that
// names screens answers 403 to every role the matrix keeps out of all of them; issue 7 §1: a
// route that takes an id answers 403/404 for a lead the caller may not see.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  canAccessRoute,
  canChangeLeads,
  canUseSoftphone,
  LEAD_WORK_ROUTES,
  LEAD_WRITE_FORBIDDEN,
} from '@funil/domain/access/routes';
import { dashboardTabsFor, type ClassicTab } from '@funil/domain/dashboard/dashboard-api';
import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { phoneKey } from '../modules/leads/phone-key.ts';
import { tableDigests } from '../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ROLES = ['sa', 'ag', 'a', 'u', 'm', 'mg'] as const;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) tokens[role] = await t.login(t.fixture.users[role].email);
});
afterAll(async () => {
  await t.close();
});

// The dashboard calls of a tab narrower than the /dashboard screen (000 §6 'Dashboard').
const DASHBOARD_TABS: Record<string, ClassicTab> = { '/api/dashboard/campanhas/*': 'CAMPANHAS', '/api/dashboard/ltv/*': 'LTV' };

// The only non-GET routes of the lead screens that change nothing (issue 21 item 6): a number
// check and a page of the conversation. Every other write there changes a lead or sends a message.
const LEAD_READ_POSTS = ['POST /api/chat/whatsappNumbers/:instance', 'POST /api/chat/findMessages/:instance'];
// The routes of a lead screen that are not lead work at all (issue 22 §3): a gateway instance is the
// unit's number, so its own rule (admins only) answers a manager, never the lead-write rule; a
// quick-message template (001 §7 "Quick messages") is the user's text, its levels the service's rule.
const NOT_LEAD_WORK = [
  'GET /api/instancias',
  'GET /api/instance/connect/:instance',
  'DELETE /api/instance/logout/:instance',
  'DELETE /api/instance/delete/:instance',
  'GET /api/instance/connectionState/:instance',
  'POST /api/whatsapp/adicionarModelo',
  'POST /api/whatsapp/editarModelo',
  'POST /api/whatsapp/deletarModelo',
];
const changesLeads = (method: string, url: string) =>
  !LEAD_READ_POSTS.includes(`${method} ${url}`) && !NOT_LEAD_WORK.includes(`${method} ${url}`);

// A concrete URL for a route pattern: every :param becomes a number that exists nowhere.
const concrete = (url: string) => url.replace(/:[A-Za-z_]+\??/g, '999999').replace(/\*$/, 'x');

describe('every /api route', () => {
  it('is registered with its access rule', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(4);
    expect(t.app.apiRoutes.filter((r) => r.public).map((r) => r.url)).toEqual(expect.arrayContaining(['/api/login']));
  });

  it('answers 401 without a token unless it is public', async () => {
    for (const route of t.app.apiRoutes.filter((r) => !r.public)) {
      const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      expect(res.json().status).toBe(401);
    }
  });

  it.each(ROLES)('follows the role matrix of 000 §6 for %s', async (role) => {
    const me = await t.as(tokens[role]!, { method: 'GET', url: '/api/cadastros/dados-unidade' });
    expect(me.statusCode).toBe(200);
    for (const route of t.app.apiRoutes.filter((r) => r.access)) {
      const ctx = {
        permission: role,
        idRamal: role === 'u' ? 201 : 0,
        habilitaMensagemWhatsapp: false,
        extras: {},
        evolutionHabilitado: false,
        gatewayInstances: 0,
      } as const;
      // 000 §6 'Dashboard': the CAMPANHAS and LTV tabs narrow the /dashboard screen's roles.
      const tab = DASHBOARD_TABS[route.url];
      // issue 12: the webphone's phone and queue narrow /webphone to who gets the softphone (not ag).
      // issue 21 item 6: a write on a lead screen changes a lead or sends a message: not for managers.
      const leadWrite =
        route.method !== 'GET' &&
        changesLeads(route.method, route.url) &&
        route.access!.some((r) => LEAD_WORK_ROUTES.includes(r));
      const allowed =
        route.access!.some((r) => canAccessRoute(r, ctx)) &&
        (tab === undefined || dashboardTabsFor(role).includes(tab)) &&
        (!route.softphone || canUseSoftphone(ctx)) &&
        (!leadWrite || canChangeLeads(role));
      const res = await t.as(tokens[role]!, {
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      const label = `${role} ${route.method} ${route.url}`;
      if (allowed) expect([label, res.statusCode]).not.toEqual([label, 403]);
      else expect([label, res.statusCode]).toEqual([label, 403]);
    }
  });

  it('answers 403 on /api/cadastros/usuarios to an attendant and a manager, 200 to admins and the super-admin', async () => {
    const status = async (role: (typeof ROLES)[number]) =>
      (await t.as(tokens[role]!, { method: 'GET', url: '/api/cadastros/usuarios' })).statusCode;
    expect(await status('u')).toBe(403);
    expect(await status('m')).toBe(403);
    expect(await status('mg')).toBe(403);
    expect(await status('a')).toBe(200);
    expect(await status('ag')).toBe(200);
    expect(await status('sa')).toBe(200);
  });
});

// issue 21 item 6: no screen of 000 §6 gives a manager (m) or multi-unit manager (mg) a lead action,
// though the v3 chat of a gateway unit (001 §6) opens to them: every lead write and every WhatsApp
// send answers them 403 with its Portuguese text and changes no row; their reads stay open.
describe('managers read leads and never change them nor send', () => {
  let g: TestApp;
  const managerTokens: Record<string, string> = {};
  let lead: number;
  beforeAll(async () => {
    g = await createTestApp({
      settings: {
        evolutionHabilitado: true,
        extras: {
          whatsapp_v2: true,
          clienteAtendente: true,
          edicao_status_cliente: true,
          pipeline: true,
          habilita_envio_em_massaV2: true,
        },
      },
    });
    const f = g.fixture;
    await g.database.db
      .execute(sql`insert into instancias_evolution (id_unidade, id_empresa, name, token, webhook_secret, connection_status)
      values (${f.unitA1}, ${f.companyA}, 'matriz-a1', 'token', 'segredo', 'open')`);
    const row = (await g.database.db
      .execute(sql`insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave)
      values (${f.companyA}, ${f.unitA1}, 'Lead do Gerente', '11987633333', ${phoneKey('11987633333')}) returning
        cli_crm_id`)) as unknown as {
      rows: { cli_crm_id: number }[];
    };
    lead = Number(row.rows[0]!.cli_crm_id);
    for (const role of ['m', 'mg'] as const) managerTokens[role] = await g.login(f.users[role].email);
  });
  afterAll(async () => {
    await g.close();
  });

  it("marks exactly the lead screens' reads as reads, and the instances as no lead work", () => {
    expect(
      g.app.apiRoutes
        .filter((r) => r.leadWork === 'reads')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...LEAD_READ_POSTS].sort());
    expect(
      g.app.apiRoutes
        .filter((r) => r.leadWork === 'none')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...NOT_LEAD_WORK].sort());
  });

  it.each(['m', 'mg'] as const)(
    '%s: every write of a lead screen answers 403 and changes no row; the lead and its chat still read',
    async (role) => {
      const token = managerTokens[role]!;
      const before = await tableDigests(g.database.db);
      const writes = g.app.apiRoutes.filter(
        (r) =>
          !r.public && r.method !== 'GET' && r.access?.some((a) => LEAD_WORK_ROUTES.includes(a)) && changesLeads(r.method, r.url),
      );
      const wrong: string[] = [];
      for (const route of writes) {
        const url = route.url.replace(/:instance/, 'matriz-a1').replace(/:[A-Za-z_]+/g, String(lead));
        const res = await g.as(token, {
          method: route.method as 'POST',
          url,
          payload: { cli_crm_id: lead, number: '11987633333', text: 'oi', mensagem: 'oi', body: 'oi' },
        });
        const body = res.json();
        // A screen the manager opens (the v3 chat) names the rule; one closed to them answers as any closed screen.
        const opens = route.access!.some((a) =>
          canAccessRoute(a, {
            permission: role,
            idRamal: 0,
            habilitaMensagemWhatsapp: false,
            extras: {},
            evolutionHabilitado: true,
            gatewayInstances: 1,
          }),
        );
        const text = opens
          ? 'Seu perfil acompanha os leads, mas não pode alterá-los nem enviar mensagens.'
          : 'Você não tem permissão para acessar este recurso.';
        if (res.statusCode !== 403 || body.message !== text)
          wrong.push(`${route.method} ${route.url} → ${res.statusCode} ${body.message}`);
      }
      expect(wrong).toEqual([]);
      // The sends and the lead writes the issue names are among them.
      const keys = writes.map((r) => `${r.method} ${r.url}`);
      for (const key of [
        'POST /api/message/sendText/:instance',
        'POST /api/messages/:ticketId',
        'POST /api/contato/atualizarcontato/:id',
        'POST /api/negociacao/atualizarstatusnegociacao/:id',
        'PUT /api/webhook/lead/cli_crm_id/:id',
        'POST /api/chat/markMessageAsRead/:instance',
      ])
        expect(keys).toContain(key);
      expect(await tableDigests(g.database.db)).toEqual(before);
      // Reading stays open (the v3 chat of a gateway unit, 001 §6).
      expect((await g.as(token, { method: 'GET', url: `/api/contato/completo/${lead}` })).statusCode).toBe(200);
      const page = await g.as(token, {
        method: 'POST',
        url: '/api/chat/findMessages/matriz-a1',
        payload: { where: { key: { remoteJid: '5511987633333@s.whatsapp.net' } } },
      });
      expect(page.statusCode).toBe(200);
    },
  );

  it.each(['m', 'mg'] as const)(
    "%s: removing or logging out an instance answers the admins' rule, not the lead-write one (issue 22 §3)",
    async (role) => {
      const before = await tableDigests(g.database.db);
      for (const url of ['/api/instance/logout/matriz-a1', '/api/instance/delete/matriz-a1']) {
        const res = await g.as(managerTokens[role]!, { method: 'DELETE', url });
        expect([url, res.statusCode, res.json().message]).toEqual([url, 403, WHATSAPP_MESSAGES.instanceManageAdminsOnly]);
      }
      expect(await tableDigests(g.database.db)).toEqual(before);
    },
  );

  it.each(['m', 'mg'] as const)(
    '%s: a quick-message template is no lead work: the levels answer (their own level), never the lead-write rule',
    async (role) => {
      const call = (url: string, payload: Record<string, unknown>) =>
        g.as(managerTokens[role]!, { method: 'POST', url: `/api/whatsapp/${url}`, payload });
      const created = await call('adicionarModelo', {
        novaCategoria: true,
        nomeCategoria: `Gerência ${role}`,
        tituloMensagem: 'Recado',
        mensagem: 'Olá!',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ escopo: 'atendente' });
      // A level the manager does not hold is still refused, by the levels' own rule.
      const claimed = await call('adicionarModelo', {
        novaCategoria: true,
        nomeCategoria: 'Empresa',
        tituloMensagem: 'X',
        mensagem: 'X',
        isAdmg: true,
      });
      expect(claimed.statusCode).toBe(403);
      expect(claimed.json().message).not.toBe(LEAD_WRITE_FORBIDDEN);
      expect((await call('deletarModelo', { idModelo: created.json().data.idModelo })).statusCode).toBe(204);
    },
  );

  it("an attendant and an admin of the same unit still write (the rule is the managers' only)", async () => {
    for (const role of ['u', 'a'] as const) {
      const token = await g.login(g.fixture.users[role].email);
      const res = await g.as(token, {
        method: 'POST',
        url: `/api/negociacao/adicionaritem/${lead}`,
        payload: { texto: `nota de ${role}` },
      });
      expect([role, res.statusCode]).toEqual([role, 200]);
    }
  });
});

// issue 7 §1, third axis: every route that takes a lead, ticket or message id (in its path or its
// body) answers 403/404 for a lead the caller may not see, and no row of any table changes. The
// caller is an attendant without acesso_atribuidos (001 §6); the leads are another attendant's
// and a deleted one, each with a ticket, a message and a note.
describe('every /api route that takes a lead, ticket or message id', () => {
  let g: TestApp;
  let attendant: string;
  type Target = { lead: number; phone: string; ticket: number; message: number; note: number };
  let hidden: Target;
  let deleted: Target;
  const INSTANCE = 'matriz-a1';

  // How each id-taking route names its lead: the path parameter kinds, or a body (issue 7 §1 "Found").
  const PARAM_KIND: Record<string, 'lead' | 'ticket' | 'message' | 'note' | 'none'> = {
    id: 'lead',
    cli_crm_id: 'lead',
    idContato: 'lead',
    ticketId: 'ticket',
    idAtendente: 'none',
    idTag: 'none',
    tipo: 'none',
    instance: 'none',
  };
  const KIND_BY_ROUTE: Record<string, 'message' | 'note' | 'skip'> = {
    'DELETE /api/messages/:id': 'message',
    'GET /api/whatsapp/midia/:id': 'message',
    'POST /api/negociacao/removeritem/:id': 'note',
    'POST /api/negociacao/removercomentario/:id': 'note',
    // A CSV import job's id, not a lead's.
    'GET /api/contato/importarcsv/:id': 'skip',
    'POST /api/contato/importarcsv/:id/cancelar': 'skip',
    // A guidance text's and a potential's ids (issue 10), not a lead's.
    'PUT /api/cadastros/orientacoes/:id': 'skip',
    'DELETE /api/cadastros/orientacoes/:id': 'skip',
    'DELETE /api/cadastros/potencial/:id': 'skip',
    // A gateway instance's id (the legacy session, issue 9), not a lead's.
    'PUT /api/whatsappsession/:id': 'skip',
    // Issue 13: a campaign id, not a lead's; the campaign API's own tests check foreign ids.
    'GET /api/envio-em-massa/:id/clientes': 'skip',
    'PUT /api/envio-em-massa/:id': 'skip',
    // A rejected webhook's id (issue 21 item 2), not a lead's; webhook-replay.test.ts checks another company's.
    'POST /api/instancias/rejeitados/:id/reprocessar': 'skip',
    // Issue 23 §1: a unit's id ('Gerar novo token'), not a lead's; capture.routes.test.ts checks roles and ids.
    'POST /api/cadastros/unidade/:id/token': 'skip',
    // Issue 23 §2: a Lead Ads delivery's id, not a lead's; lead-ads.test.ts checks roles and another company's.
    'POST /api/lead-ads/falhas/:id/reprocessar': 'skip',
    // Issue 25: an automation's id, not a lead's; automations.routes.test.ts checks roles, the flag and another unit's.
    'PUT /api/automacoes/:id': 'skip',
    'PUT /api/automacoes/:id/status': 'skip',
    'GET /api/automacoes/:id/desempenho': 'skip',
    'POST /api/automacoes/:id/execucoes/:idExecucao/repetir': 'skip',
  };
  // Routes without an id in the path that name a lead in the body.
  const BODY_ROUTES = [
    'POST /api/message/sendText/:instance',
    'POST /api/message/sendMedia/:instance',
    'POST /api/message/sendWhatsAppAudio/:instance',
    'POST /api/chat/whatsappNumbers/:instance',
    'POST /api/chat/findMessages/:instance',
    'POST /api/chat/markMessageAsRead/:instance',
    'POST /api/whatsapp/enviar/:tipo',
    'POST /api/tickets',
    'POST /api/contacts',
    'POST /api/webhook/lead',
    'PUT /api/kanban/status-negociacao',
    'PUT /api/kanban/status-negociacao-venda',
  ];
  // Bodies valid for each route's schema, so that only the lead's visibility can refuse them.
  const bodyOf = (key: string, l: Target): unknown => {
    const phone = l.phone;
    const bodies: Record<string, unknown> = {
      'POST /api/message/sendText/:instance': { number: phone, text: 'oi' },
      'POST /api/message/sendMedia/:instance': { number: phone, mediatype: 'image', media: 'iVBORw0KGgo=' },
      'POST /api/message/sendWhatsAppAudio/:instance': { number: phone, audio: 'iVBORw0KGgo=' },
      'POST /api/chat/whatsappNumbers/:instance': { numbers: [phone] },
      'POST /api/chat/findMessages/:instance': { where: { key: { remoteJid: `55${phone}@s.whatsapp.net` } } },
      'POST /api/chat/markMessageAsRead/:instance': { number: phone },
      'POST /api/whatsapp/enviar/:tipo': { cli_crm_id: l.lead, mensagem: 'oi' },
      'POST /api/whatsapp/enviar/naolidas': { cli_crm_id: l.lead },
      'POST /api/tickets': { contactId: l.lead, status: 'open' },
      'POST /api/contacts': { number: phone, name: 'Outro' },
      'POST /api/webhook/lead': { cli_nome: 'Outro', cli_telefone: phone },
      'PUT /api/kanban/status-negociacao': { cli_crm_id: l.lead, idFunil: 4 },
      'PUT /api/kanban/status-negociacao-venda': { cli_crm_id: l.lead, idFunilVenda: 3 },
      'POST /api/messages/:ticketId': { body: 'oi' },
      'POST /api/contato/atualizarcontato/:id': { cli_nome: 'Outro', cli_telefone: '11912345678' },
      'POST /api/contato/valorticket/:id': { valor_ticket: 10 },
      'POST /api/contato/agendarcontato/:id': { cli_contato_agendado: '2099-01-01 10:00:00' },
      'POST /api/contato/agendar-mensagem/:id': {
        cli_mensagem_agendada: 'oi',
        cli_data_mensagem_agendada: '2099-01-01 10:00:00',
      },
      'PUT /api/contato/atualiza-mensagem-agendada/:id': {
        cli_mensagem_agendada: 'oi',
        cli_data_mensagem_agendada: '2099-01-01 10:00:00',
      },
      'PUT /api/contato/atribuiratendente/:id': { idAtendente: g.fixture.users.u.id },
      'POST /api/contato/transferircontato/:id': { idUnidade: g.fixture.unitA2 },
      'PUT /api/contato/whatsapp-bloqueado/:id': { whatsapp_blocked: 1 },
      'PUT /api/webhook/lead/cli_crm_id/:id': { marcado_nao_lida: 1 },
      'POST /api/contato/chamadaid/:id': { chamada_id: 'chamada-1' },
      'POST /api/contato/proximaligacao/:id': { chamada_id: 'chamada-1', status: 1 },
      'POST /api/negociacao/atualizarstatusnegociacao/:id': { status: 2 },
      'POST /api/negociacao/atualizarstatusnegociacaovenda/:id': { status: 2 },
      'POST /api/negociacao/atualizarpotencial/:id': { idPotencial: 1, valor: 1 },
      'POST /api/negociacao/adicionaritem/:id': { texto: 'nota' },
      'POST /api/negociacao/removercomentario/:id': {},
      'POST /api/tagsClientes/:idContato': { tags: [{ id_tag: 1 }] },
    };
    return bodies[key];
  };

  const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
  const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

  /** The concrete request of a route for the target `l`, or null when it takes no lead id. */
  function requestFor(
    route: { method: string; url: string },
    l: Target,
  ): { method: string; url: string; payload?: unknown } | null {
    const key = keyOf(route);
    if (KIND_BY_ROUTE[key] === 'skip') return null;
    const params = paramsOf(route.url);
    const idKinds = params.map((p) => (p === 'id' && KIND_BY_ROUTE[key] ? KIND_BY_ROUTE[key] : PARAM_KIND[p]));
    const takesId =
      idKinds.some((k) => k !== undefined && k !== 'none') ||
      BODY_ROUTES.includes(key) ||
      key === 'POST /api/whatsapp/enviar/naolidas';
    if (!takesId) return null;
    let url = route.url;
    for (const [i, p] of params.entries()) {
      const kind = idKinds[i];
      const value =
        kind === 'lead'
          ? l.lead
          : kind === 'ticket'
            ? l.ticket
            : kind === 'message'
              ? l.message
              : kind === 'note'
                ? l.note
                : p === 'instance'
                  ? INSTANCE
                  : p === 'tipo'
                    ? 'texto'
                    : p === 'idAtendente'
                      ? g.fixture.users.u.id
                      : p === 'idTag'
                        ? 1
                        : undefined;
      if (value === undefined) throw new Error(`parâmetro sem valor no teste: ${p} de ${key}`);
      url = url.replace(`:${p}`, String(value));
    }
    const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : (bodyOf(key, l) ?? {});
    return { method: route.method, url, ...(payload === undefined ? {} : { payload }) };
  }

  async function target(values: { idUsuario?: number; desativado?: number }, phone: string): Promise<Target> {
    const db = g.database.db;
    const f = g.fixture;
    const lead =
      (await db.execute(sql`insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, id_usuario, desativado)
      values (${f.companyA}, ${f.unitA1}, 'Alvo', ${phone}, ${phoneKey(phone)}, ${values.idUsuario ?? null},
        ${values.desativado ?? 0}) returning cli_crm_id`)) as unknown as {
        rows: { cli_crm_id: number }[];
      };
    const id = Number(lead.rows[0]!.cli_crm_id);
    const ticket = (await db.execute(
      sql`insert into whatsapp_tickets (id_empresa, id_unidade, cli_crm_id) values (${f.companyA}, ${f.unitA1}, ${id}) returning id`,
    )) as unknown as { rows: { id: number }[] };
    const message =
      (await db.execute(sql`insert into whatsapp_mensagens (id_empresa, id_unidade, cli_crm_id, message_id, from_me, media_type,
        body, media_status, media_path, criado_em)
      values (${f.companyA}, ${f.unitA1}, ${id}, ${`m-${id}`}, true, 'image', '', 'ready', '1/x.png', now()) returning id`)) as unknown as {
        rows: { id: number }[];
      };
    const note = (await db.execute(
      sql`insert into historico (cli_crm_id, id_unidade, tipo, texto, comentario) values (${id}, ${f.unitA1},
        ${TIMELINE_EVENT_TYPE.mensagem}, 'nota', 'comentário') returning id`,
    )) as unknown as { rows: { id: number }[] };
    return {
      lead: id,
      phone,
      ticket: Number(ticket.rows[0]!.id),
      message: Number(message.rows[0]!.id),
      note: Number(note.rows[0]!.id),
    };
  }

  beforeAll(async () => {
    g = await createTestApp({
      settings: {
        evolutionHabilitado: true,
        extras: { whatsapp_v2: true, clienteAtendente: true, edicao_status_cliente: true, pipeline: true },
      },
    });
    const f = g.fixture;
    await g.database.db
      .execute(sql`insert into instancias_evolution (id_unidade, id_empresa, name, token, webhook_secret, connection_status)
      values (${f.unitA1}, ${f.companyA}, ${INSTANCE}, 'token', 'segredo', 'open')`);
    attendant = await g.login(f.users.u.email);
    hidden = await target({ idUsuario: f.users.ag.id }, '11987611111');
    deleted = await target({ desativado: 1 }, '11987622222');
  });
  afterAll(async () => {
    await g.close();
  });

  it("answers 403 for another attendant's lead and changes no row (001 §6)", async () => {
    let before = await tableDigests(g.database.db);
    const tried: string[] = [];
    const wrong: string[] = [];
    for (const route of g.app.apiRoutes.filter((r) => !r.public)) {
      const req = requestFor(route, hidden);
      if (!req) continue;
      tried.push(keyOf(route));
      const res = await g.as(attendant, req as Parameters<TestApp['as']>[1]);
      if (res.statusCode !== 403 || res.json().message !== 'Cliente atribuido a outro atendente.')
        wrong.push(`${keyOf(route)} → ${res.statusCode} ${res.json().message}`);
      const after = await tableDigests(g.database.db);
      const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
      if (changed.length > 0) {
        wrong.push(`${keyOf(route)} mudou ${changed.join(', ')}`);
        before = after;
      }
    }
    expect(wrong).toEqual([]);
    expect(tried.length).toBeGreaterThan(30);
  });

  it('answers 404 for a deleted lead and changes no row (a deleted lead is never found)', async () => {
    let before = await tableDigests(g.database.db);
    const wrong: string[] = [];
    for (const route of g.app.apiRoutes.filter((r) => !r.public)) {
      const req = requestFor(route, deleted);
      if (!req) continue;
      const res = await g.as(attendant, req as Parameters<TestApp['as']>[1]);
      if (res.statusCode !== 404) wrong.push(`${keyOf(route)} → ${res.statusCode} ${res.json().message}`);
      const after = await tableDigests(g.database.db);
      const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
      if (changed.length > 0) {
        wrong.push(`${keyOf(route)} mudou ${changed.join(', ')}`);
        before = after;
      }
    }
    expect(wrong).toEqual([]);
  });
});
