// Over 500 lines: one connection's life (login, pages, sync, disconnect) runs in order on one emulator and one app.
// The Meta connection (issue 23 §2 §5 §6 §7; 002 §7 'OAuth exchange') against the real Meta emulator over
// HTTP: each route × each role × another company's ids, the login done on the server (state tied to the
// session and the browser, a failed exchange keeping the short token), pages and forms with the page
// subscribed to leadgen, the door for the Lead Ads webhook, and 'Sincronizar com o Meta' (never deleting
// or renaming a typed row, never overwriting a typed cost; appsecret_proof on every call and page).
import { randomBytes } from 'node:crypto';

import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { expiryWarning, META_MESSAGES, metaStatusSchema } from '@funil/domain/meta/meta-api';
import { createMetaEmulator, type MetaEmulator } from '@funil/meta-emulator/emulator';
import type { DemoWorld } from '@funil/meta-emulator/world';

import { createUser } from '../../demo/builders.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { anunciosAds, anunciosCampanhas, anunciosConjuntos, anunciosCustos } from '../ads/ads.table.ts';
import { decryptToken, metaTokenKey } from './meta-crypto.ts';
import { dailySpendPass, dailySpendPeriod } from './meta-sync.ts';
import { companyOfPage, formOfCompany, metaAccessFor, pageAccess } from './meta.service.ts';
import { metaConexoes, metaFormularios, metaPaginas } from './meta.table.ts';

const APP_ID = '555000111222333';
const APP_SECRET = 'segredo-do-app-meta-de-teste-0123';
const PUBLIC = 'http://funil.test';

let emu: MetaEmulator;
let demo: DemoWorld;
let emuUrl: string;
let t: TestApp;
const tokenKey = metaTokenKey(randomBytes(32).toString('hex'));
/** Fails the long-lived exchange while true (a real emulator answer otherwise). */
let failLongLived = false;
const tokens: Record<string, string> = {};
let agB = '';

const fetchWithFailure: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
  if (failLongLived && url.includes('grant_type=fb_exchange_token'))
    return new Response(
      JSON.stringify({ error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1 } }),
      {
        status: 500,
        headers: { 'content-type': 'application/json' },
      },
    );
  return fetch(input, init);
};

beforeAll(async () => {
  emu = createMetaEmulator({ appId: APP_ID, appSecret: APP_SECRET });
  demo = emu.control.seedDemo({ days: 40 });
  emuUrl = await emu.listen(0, '127.0.0.1');
  t = await createTestApp({
    meta: {
      appId: APP_ID,
      appSecret: APP_SECRET,
      graphUrl: emuUrl,
      dialogUrl: emuUrl,
      tokenKey,
      publicUrl: PUBLIC,
      fetch: fetchWithFailure,
    },
    metaDailySyncMs: 0,
  });
  for (const key of ['sa', 'ag', 'a', 'u', 'm', 'mg', 'aB1'] as const) tokens[key] = await t.login(t.fixture.users[key].email);
  await createUser(t.app.db, {
    idEmpresa: t.fixture.companyB,
    idUnidade: t.fixture.unitB1,
    nome: 'Admin Empresa B',
    email: 'agb@teste.com.br',
    senha: TEST_PASSWORD,
    permissao: 'ag',
    idRamal: 0,
  });
  agB = await t.login('agb@teste.com.br');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await emu?.close();
});
beforeEach(() => {
  emu.control.clearFailures();
  failLongLived = false;
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.as(token, { method, url, ...(payload ? { payload } : {}) });

/** The whole login: GET conectar → the emulator's dialog → GET retorno with the cookie; answers the final redirect. */
async function connect(token: string, options: { cookie?: 'same' | 'other' | 'none' } = {}): Promise<LightMyRequestResponse> {
  const start = await call(token, 'GET', '/api/meta/conectar');
  expect(start.statusCode).toBe(200);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const dialog = await fetch(start.json().url, { redirect: 'manual' });
  const back = new URL(dialog.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${PUBLIC}/api/meta/retorno`);
  const sent = options.cookie === 'none' ? {} : { cookie: options.cookie === 'other' ? 'funil_meta_estado=outro' : cookie };
  return t.app.inject({ method: 'GET', url: `/api/meta/retorno${back.search}`, headers: sent });
}
const outcome = (res: LightMyRequestResponse) => {
  const location = new URL(String(res.headers.location), PUBLIC);
  return {
    status: res.statusCode,
    path: location.pathname,
    meta: location.searchParams.get('meta'),
    mensagem: location.searchParams.get('mensagem'),
  };
};
const status = async (token: string) => metaStatusSchema.parse((await call(token, 'GET', '/api/meta/conexao')).json());

describe('who may use the Meta connection (issue 23 §2: super-admin or ag of that company)', () => {
  const companyRoutes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object][] = [
    ['GET', '/api/meta/conexao'],
    ['GET', '/api/meta/conectar'],
    ['POST', '/api/meta/token', { token: 'EAAB'.padEnd(40, 'x') }],
    ['DELETE', '/api/meta/conexao'],
    ['GET', '/api/meta/paginas'],
    ['PUT', '/api/meta/paginas', { pages: [] }],
    ['PUT', '/api/meta/configuracao', { idUnidadePadrao: null }],
  ];
  it('unit admins, managers and attendants get 403; no session 401', async () => {
    for (const [method, url, payload] of companyRoutes) {
      for (const role of ['a', 'u', 'm', 'mg', 'aB1'] as const)
        expect((await call(tokens[role]!, method, url, payload)).statusCode, `${role} ${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('the sync and its state follow /anuncios and /campanhas (admins, managers); an attendant gets 403', async () => {
    for (const url of ['/api/meta/estado']) {
      expect((await call(tokens.u!, 'GET', url)).statusCode).toBe(403);
      for (const role of ['a', 'm', 'mg', 'sa', 'ag'] as const)
        expect((await call(tokens[role]!, 'GET', url)).statusCode, role).toBe(200);
    }
    expect((await call(tokens.u!, 'POST', '/api/meta/sincronizar', {})).statusCode).toBe(403);
    for (const body of [{ desde: '2026-02-30' }, { desde: '2026-03-02', ate: '2026-03-01' }, { ate: '26-01-01' }])
      expect((await call(tokens.a!, 'POST', '/api/meta/sincronizar', body)).statusCode, JSON.stringify(body)).toBe(400);
    // Not connected yet: a clear Portuguese answer, nothing written.
    const res = await call(tokens.a!, 'POST', '/api/meta/sincronizar', {});
    expect([res.statusCode, res.json().message]).toEqual([409, META_MESSAGES.notConnected]);
  });

  it("before connecting, the screen says 'Por favor, faça login no Facebook.'-worthy state: not connected", async () => {
    const s = await status(tokens.ag!);
    expect(s).toMatchObject({ configured: true, connected: false, expiresAt: null, warning: null, pages: [] });
    expect(s.units.map((u) => u.id).sort()).toEqual([t.fixture.unitA1, t.fixture.unitA2].sort());
  });
});

describe('the login done on the server (002 §7 OAuth exchange, issue 23 §2)', () => {
  it('the dialog address carries the app id and a state, never the app secret', async () => {
    const res = await call(tokens.ag!, 'GET', '/api/meta/conectar');
    const url = new URL(res.json().url);
    expect(url.origin + url.pathname).toBe(`${emuUrl}/v26.0/dialog/oauth`);
    expect(url.searchParams.get('client_id')).toBe(APP_ID);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(res.body + JSON.stringify(res.headers)).not.toContain(APP_SECRET);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  });

  it('a state that does not match the browser cookie, or none, is refused and nothing is stored', async () => {
    for (const cookie of ['other', 'none'] as const) {
      expect(outcome(await connect(tokens.ag!, { cookie }))).toMatchObject({
        status: 302,
        path: '/integracao-meta',
        meta: 'erro',
        mensagem: META_MESSAGES.stateInvalid,
      });
    }
    expect(await t.app.db.select().from(metaConexoes)).toEqual([]);
  });

  it('a state is single use, and a forged one is refused', async () => {
    const start = await call(tokens.ag!, 'GET', '/api/meta/conectar');
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const back = new URL((await fetch(start.json().url, { redirect: 'manual' })).headers.get('location')!);
    const forged = new URL(back);
    forged.searchParams.set('state', 'forjado');
    expect(
      outcome(await t.app.inject({ url: `/api/meta/retorno${forged.search}`, headers: { cookie: 'funil_meta_estado=forjado' } }))
        .mensagem,
    ).toBe(META_MESSAGES.stateInvalid);
    expect(outcome(await t.app.inject({ url: `/api/meta/retorno${back.search}`, headers: { cookie } })).meta).toBe('conectado');
    expect(outcome(await t.app.inject({ url: `/api/meta/retorno${back.search}`, headers: { cookie } })).mensagem).toBe(
      META_MESSAGES.stateInvalid,
    );
    await call(tokens.ag!, 'DELETE', '/api/meta/conexao');
  });

  it('a state of a session that logged out since is refused', async () => {
    const token = await t.login(t.fixture.users.ag.email);
    const start = await call(token, 'GET', '/api/meta/conectar');
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const back = new URL((await fetch(start.json().url, { redirect: 'manual' })).headers.get('location')!);
    expect((await call(token, 'POST', '/api/logout')).statusCode).toBeLessThan(300);
    expect(outcome(await t.app.inject({ url: `/api/meta/retorno${back.search}`, headers: { cookie } })).mensagem).toBe(
      META_MESSAGES.stateInvalid,
    );
    expect(await t.app.db.select().from(metaConexoes)).toEqual([]);
  });

  it('a login denied on Facebook says so', async () => {
    emu.control.setDialog('deny');
    try {
      expect(outcome(await connect(tokens.ag!))).toMatchObject({ meta: 'erro', mensagem: META_MESSAGES.denied });
    } finally {
      emu.control.setDialog('approve');
    }
  });

  it('a failed long-lived exchange keeps the short-lived token with no expiry (002 §7)', async () => {
    failLongLived = true;
    expect(outcome(await connect(tokens.ag!))).toMatchObject({ meta: 'conectado', mensagem: META_MESSAGES.shortToken });
    const s = await status(tokens.ag!);
    expect(s).toMatchObject({ connected: true, tokenKind: 'curto', expiresAt: null, warning: null });
  });

  it('the long-lived token (about 60 days) replaces it, stored encrypted; the door gives a working Graph session', async () => {
    expect(outcome(await connect(tokens.ag!))).toMatchObject({ meta: 'conectado', mensagem: META_MESSAGES.connected });
    const s = await status(tokens.ag!);
    expect(s.tokenKind).toBe('longo');
    expect(s.daysLeft).toBeGreaterThanOrEqual(59);
    expect(s.warning).toBeNull();
    expect(s.metaUserName).toBe(demo.user.name);
    expect(s.connectedBy).toBe('Usuário ag');
    expect(s.adAccountIds).toEqual([demo.account.id]);
    const [row] = await t.app.db.select().from(metaConexoes).where(eq(metaConexoes.idEmpresa, t.fixture.companyA));
    const plain = decryptToken(tokenKey, row!.tokenCifrado)!;
    expect(plain.length).toBeGreaterThan(10);
    expect(row!.tokenCifrado).not.toContain(plain);
    expect(decryptToken(metaTokenKey('outra-chave-qualquer-com-32-caracteres!'), row!.tokenCifrado)).toBeNull();
    const access = await metaAccessFor(t.app.db, t.fixture.companyA, t.app.metaRuntime);
    expect(await access!.graph.get<{ id: string }>('me')).toMatchObject({ id: demo.user.id });
    expect(await metaAccessFor(t.app.db, t.fixture.companyB, t.app.metaRuntime)).toBeNull();
    expect(t.app.metaRuntime).not.toBeNull();
  });

  it("warns from 7 days before expiry: 'O acesso ao Meta expira em N dias. Conecte novamente.'", async () => {
    const [row] = await t.app.db.select().from(metaConexoes).where(eq(metaConexoes.idEmpresa, t.fixture.companyA));
    try {
      await t.app.db
        .update(metaConexoes)
        .set({ expiraEm: new Date(Date.now() + 8 * 86_400_000 - 60_000) })
        .where(eq(metaConexoes.id, row!.id));
      expect((await status(tokens.ag!)).warning).toBeNull();
      await t.app.db
        .update(metaConexoes)
        .set({ expiraEm: new Date(Date.now() + 5 * 86_400_000 - 60_000) })
        .where(eq(metaConexoes.id, row!.id));
      expect((await status(tokens.ag!)).warning).toBe('O acesso ao Meta expira em 5 dias. Conecte novamente.');
      expect(expiryWarning(1)).toBe('O acesso ao Meta expira em 1 dia. Conecte novamente.');
      expect(expiryWarning(0)).toBe(META_MESSAGES.expired);
    } finally {
      await t.app.db.update(metaConexoes).set({ expiraEm: row!.expiraEm }).where(eq(metaConexoes.id, row!.id));
    }
  });

  it('a pasted system-user token is checked with Meta first; an unknown one is refused (400) and changes nothing', async () => {
    const bad = await call(agB, 'POST', '/api/meta/token', { token: 'EAAB'.padEnd(60, 'q') });
    expect([bad.statusCode, bad.json().message]).toEqual([400, META_MESSAGES.systemTokenInvalid]);
    expect(await t.app.db.select().from(metaConexoes).where(eq(metaConexoes.idEmpresa, t.fixture.companyB))).toEqual([]);
    const system = emu.control.token({ kind: 'system_user', lifetimeSeconds: null });
    const ok = await call(agB, 'POST', '/api/meta/token', { token: system });
    expect([ok.statusCode, ok.json().message]).toEqual([200, META_MESSAGES.systemTokenSaved]);
    expect(await status(agB)).toMatchObject({ connected: true, tokenKind: 'sistema', expiresAt: null, warning: null });
  });
});

describe('pages and forms (issue 23 §2: the company chooses; Funil subscribes the page to leadgen)', () => {
  it('lists the user pages and their lead forms', async () => {
    const res = await call(tokens.ag!, 'GET', '/api/meta/paginas');
    expect(res.statusCode).toBe(200);
    const page = res.json().data.find((p: { pageId: string }) => p.pageId === demo.page.id);
    expect(page).toMatchObject({ nome: demo.page.name, chosen: false });
    expect(page.forms.map((f: { formId: string }) => f.formId).sort()).toEqual(demo.forms.map((f) => f.id).sort());
    expect(JSON.stringify(res.json())).not.toMatch(/access_token|EAA/);
  });

  it("refuses another company's unit, an unknown page and an unknown form, changing nothing", async () => {
    const cases = [
      { pages: [{ pageId: demo.page.id, forms: [{ formId: demo.forms[0]!.id, idUnidade: t.fixture.unitB1 }] }] },
      { pages: [{ pageId: '999999999999', forms: [] }] },
      { pages: [{ pageId: demo.page.id, forms: [{ formId: '888888888', idUnidade: null }] }] },
    ];
    for (const body of cases) expect((await call(tokens.ag!, 'PUT', '/api/meta/paginas', body)).statusCode).toBe(400);
    expect(await t.app.db.select().from(metaPaginas)).toEqual([]);
    expect([...(emu.state.nodes.get(demo.page.id) as { subscribedApps: Map<string, string[]> }).subscribedApps.keys()]).toEqual(
      [],
    );
  });

  it('saves the choice, subscribes the page (leadgen, page token) and the door answers the page, its company and token', async () => {
    const body = {
      pages: [
        {
          pageId: demo.page.id,
          forms: [
            { formId: demo.forms[0]!.id, idUnidade: t.fixture.unitA2 },
            { formId: demo.forms[1]!.id, idUnidade: null },
          ],
        },
      ],
    };
    const res = await call(tokens.ag!, 'PUT', '/api/meta/paginas', body);
    expect([res.statusCode, res.json().message]).toEqual([200, META_MESSAGES.pagesSaved]);
    const subscribed = (emu.state.nodes.get(demo.page.id) as { subscribedApps: Map<string, string[]> }).subscribedApps;
    expect([...subscribed.values()].flat()).toContain('leadgen');
    expect(await companyOfPage(t.app.db, demo.page.id)).toBe(t.fixture.companyA);
    expect(await companyOfPage(t.app.db, '424242')).toBeNull();
    const page = await pageAccess(t.app.db, demo.page.id, t.app.metaRuntime);
    expect(page).toMatchObject({ idEmpresa: t.fixture.companyA, pageId: demo.page.id });
    const forms = await page!.graph.getAll<{ id: string }>(`${demo.page.id}/leadgen_forms`);
    expect(forms).toHaveLength(demo.forms.length);
    const access = await metaAccessFor(t.app.db, t.fixture.companyA, t.app.metaRuntime);
    expect(access!.forms).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ formId: demo.forms[0]!.id, idUnidade: t.fixture.unitA2, pageId: demo.page.id }),
        expect.objectContaining({ formId: demo.forms[1]!.id, idUnidade: null }),
      ]),
    );
    expect(await formOfCompany(t.app.db, t.fixture.companyB, demo.forms[0]!.id)).toBeNull();
    const s = await status(tokens.ag!);
    expect(s.pages).toEqual([expect.objectContaining({ pageId: demo.page.id, inscrita: true })]);
  });

  it('another company cannot take the same page (409), and its admin never sees company A choices', async () => {
    const res = await call(agB, 'PUT', '/api/meta/paginas', { pages: [{ pageId: demo.page.id, forms: [] }] });
    expect([res.statusCode, res.json().message]).toEqual([409, META_MESSAGES.pageOtherCompany]);
    expect((await status(agB)).pages).toEqual([]);
    expect(await companyOfPage(t.app.db, demo.page.id)).toBe(t.fixture.companyA);
  });

  it("the default unit: the company's own only", async () => {
    const other = await call(tokens.ag!, 'PUT', '/api/meta/configuracao', { idUnidadePadrao: t.fixture.unitB1 });
    expect([other.statusCode, other.json().message]).toEqual([400, META_MESSAGES.unitUnknown]);
    const ok = await call(tokens.ag!, 'PUT', '/api/meta/configuracao', { idUnidadePadrao: t.fixture.unitA1 });
    expect(ok.statusCode).toBe(200);
    expect((await status(tokens.ag!)).defaultUnitId).toBe(t.fixture.unitA1);
    expect((await metaAccessFor(t.app.db, t.fixture.companyA, t.app.metaRuntime))!.defaultUnitId).toBe(t.fixture.unitA1);
  });
});

describe("'Sincronizar com o Meta' (issue 23 §5 §6)", () => {
  const campaign = () => demo.campaigns[0]!;
  let manualCampaignId = 0;
  let orphanId = 0;

  beforeAll(async () => {
    // Typed by hand before any sync: the first Meta campaign under another name, a campaign Meta does not
    // know, and a month cost of the first campaign for this month.
    const [typed] = await t.app.db
      .insert(anunciosCampanhas)
      .values({
        idEmpresa: t.fixture.companyA,
        idUnidade: t.fixture.unitA1,
        campaignId: campaign().id,
        campaignName: 'Nome digitado à mão',
      })
      .returning();
    manualCampaignId = typed!.id;
    const [orphan] = await t.app.db
      .insert(anunciosCampanhas)
      .values({
        idEmpresa: t.fixture.companyA,
        idUnidade: t.fixture.unitA1,
        campaignId: 'so-no-funil',
        campaignName: 'Campanha só no Funil',
      })
      .returning();
    orphanId = orphan!.id;
    const today = new Date().toISOString().slice(0, 10);
    await t.app.db.insert(anunciosCustos).values({
      idEmpresa: t.fixture.companyA,
      idUnidade: t.fixture.unitA1,
      idCampanha: manualCampaignId,
      custo: '1234.56',
      periodoInicio: `${today.slice(0, 7)}-01`,
      periodoFim: `${today.slice(0, 7)}-28`,
      origem: 'manual',
    });
  });

  it('fills the catalogue and the daily spend, signing every call and every page with appsecret_proof', async () => {
    emu.state.requests.length = 0;
    const res = await call(tokens.a!, 'POST', '/api/meta/sincronizar', {});
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.ok).toBe(true);
    expect(data.costs).toBeGreaterThan(0);
    const signed = emu.state.requests.filter((r) => r.query.access_token !== undefined);
    expect(signed.length).toBeGreaterThan(3);
    expect(signed.every((r) => r.proof)).toBe(true);
    const campaigns = await t.app.db.select().from(anunciosCampanhas).where(eq(anunciosCampanhas.idEmpresa, t.fixture.companyA));
    for (const c of demo.campaigns)
      expect(
        campaigns.some((r) => r.campaignId === c.id),
        c.name,
      ).toBe(true);
    const sets = await t.app.db.select().from(anunciosConjuntos);
    const ads = await t.app.db.select().from(anunciosAds);
    expect(sets.filter((s) => s.origem === 'meta')).toHaveLength(demo.adsets.length);
    expect(ads.filter((a) => a.origem === 'meta')).toHaveLength(demo.ads.length);
    const costs = await t.app.db.select().from(anunciosCustos).where(eq(anunciosCustos.origem, 'meta'));
    expect(costs.length).toBe(data.costs);
    expect(costs.every((c) => c.periodoInicio === c.periodoFim && c.idAd !== null)).toBe(true);
  });

  it('never renames nor deletes what was typed by hand, nor overwrites a typed cost', async () => {
    const [typed] = await t.app.db.select().from(anunciosCampanhas).where(eq(anunciosCampanhas.id, manualCampaignId));
    expect(typed).toMatchObject({ campaignName: 'Nome digitado à mão', origem: 'manual' });
    const [orphan] = await t.app.db.select().from(anunciosCampanhas).where(eq(anunciosCampanhas.id, orphanId));
    expect(orphan).toMatchObject({ campaignName: 'Campanha só no Funil' });
    const manual = await t.app.db
      .select()
      .from(anunciosCustos)
      .where(and(eq(anunciosCustos.idCampanha, manualCampaignId), eq(anunciosCustos.origem, 'manual')));
    expect(manual.map((c) => c.custo)).toEqual(['1234.56']);
  });

  it('a second sync adds nothing twice, and a synced day typed over stays the typed value', async () => {
    const [synced] = await t.app.db.select().from(anunciosCustos).where(eq(anunciosCustos.origem, 'meta')).limit(1);
    await t.app.db.update(anunciosCustos).set({ custo: '7.00', origem: 'manual' }).where(eq(anunciosCustos.id, synced!.id));
    const count = async () => ({
      campaigns: (await t.app.db.select().from(anunciosCampanhas)).length,
      ads: (await t.app.db.select().from(anunciosAds)).length,
      costs: (await t.app.db.select().from(anunciosCustos)).length,
    });
    const before = await count();
    const res = await call(tokens.ag!, 'POST', '/api/meta/sincronizar', {});
    expect(res.statusCode).toBe(200);
    expect(await count()).toEqual(before);
    const [kept] = await t.app.db.select().from(anunciosCustos).where(eq(anunciosCustos.id, synced!.id));
    expect(kept).toMatchObject({ custo: '7.00', origem: 'manual' });
  });

  it('an insights read refused for its size (code 1) is asked again with half the page; every page signed', async () => {
    emu.control.setInsightsLimitCap(100);
    emu.state.requests.length = 0;
    try {
      const res = await call(tokens.ag!, 'POST', '/api/meta/sincronizar', {});
      expect(res.statusCode, res.body).toBe(200);
      const insights = emu.state.requests.filter((r) => r.path.endsWith('/insights'));
      // 500 and 250 refused, 125 refused, then 62 a page: several pages of a month of ads.
      expect(insights.length).toBeGreaterThan(4);
      expect(insights.every((r) => r.proof)).toBe(true);
    } finally {
      emu.control.setInsightsLimitCap(null);
    }
  });

  it("a Meta rate limit answers 429 with Meta's wait in Portuguese and is kept as the last sync", async () => {
    emu.control.fail({ code: 80004, regainMinutes: 5, scope: 'ads', remaining: null });
    const res = await call(tokens.ag!, 'POST', '/api/meta/sincronizar', {});
    expect([res.statusCode, res.json().message]).toEqual([429, 'O Meta limitou as chamadas. Tente novamente em 5 minutos.']);
    expect(Number(res.headers['retry-after'])).toBe(300);
    expect((await status(tokens.ag!)).lastSync).toMatchObject({ ok: false });
  });

  it('the daily job syncs the last days once per company per day', async () => {
    const runtime = t.app.metaRuntime!;
    const before = (await t.app.db.select().from(anunciosCustos).where(eq(anunciosCustos.origem, 'meta'))).length;
    await t.app.db
      .delete(anunciosCustos)
      .where(and(eq(anunciosCustos.origem, 'meta'), eq(anunciosCustos.periodoInicio, dailySpendPeriod(new Date()).until)));
    expect(await dailySpendPass(t.app.db, runtime)).toBe(true); // company A
    expect(await dailySpendPass(t.app.db, runtime)).toBe(true); // company B (its system user sees the same account)
    expect(await dailySpendPass(t.app.db, runtime)).toBe(false);
    const after = (await t.app.db.select().from(anunciosCustos).where(eq(anunciosCustos.origem, 'meta'))).length;
    expect(after).toBeGreaterThanOrEqual(before);
    const yesterday = await t.app.db
      .select()
      .from(anunciosCustos)
      .where(
        and(
          eq(anunciosCustos.idEmpresa, t.fixture.companyA),
          eq(anunciosCustos.periodoInicio, dailySpendPeriod(new Date()).until),
        ),
      );
    expect(yesterday.length).toBeGreaterThan(0);
  });

  it('an expired token answers a clear 502 asking to connect again', async () => {
    emu.control.expireTokens();
    const res = await call(tokens.ag!, 'POST', '/api/meta/sincronizar', {});
    expect([res.statusCode, res.json().message]).toEqual([502, META_MESSAGES.tokenInvalid]);
  });
});

describe('disconnect', () => {
  it("removes company A's token, pages and forms; company B's connection stays", async () => {
    const res = await call(tokens.sa!, 'DELETE', '/api/meta/conexao');
    expect([res.statusCode, res.json().message]).toEqual([200, META_MESSAGES.disconnected]);
    expect((await status(tokens.ag!)).connected).toBe(false);
    expect(await companyOfPage(t.app.db, demo.page.id)).toBeNull();
    expect(await t.app.db.select().from(metaFormularios)).toEqual([]);
    expect((await status(agB)).connected).toBe(true);
    const estado = await call(tokens.a!, 'GET', '/api/meta/estado');
    expect(estado.json()).toMatchObject({ connected: false });
  });
});
