// End-to-end harness: the real server in-process (in-memory PGlite, the demo seed, the built web app
// from apps/web/dist) on a free port, and Debian's Chromium driven by playwright-core. One harness
// per spec file; each test takes a fresh browser context (empty storage, no session). Under vitest
// the run's global setup (global-setup.ts) has seeded the demo once into a dump that each harness
// loads, and started the one Chromium each harness connects to; run alone (a bench), it seeds and
// launches its own.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';

import { loginResponseSchema, type CurrentUser } from '@funil/domain/auth/login';
import { unitDataSchema, type UnitData } from '@funil/domain/unit/unit-data';

import { buildApp, type AppOptions } from '../../server/src/app.ts';
import { openDatabase, type Database } from '../../server/src/db/connection.ts';
import type { Db } from '../../server/src/db/handle.ts';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../../server/src/demo/demo.ts';
import type { MassSendEngineOptions } from '../../server/src/modules/mass-send/mass-send.engine.ts';
import type { MetaOptions, MetaRuntime } from '../../server/src/modules/meta/meta.service.ts';
import type { SipOptions } from '../../server/src/modules/webphone/webphone.service.ts';
import { whatsappContextOf, type EvolutionOptions } from '../../server/src/modules/whatsapp/whatsapp.routes.ts';
import { createPgDatabase, openPgliteFromDump, testDatabaseName } from '../../server/src/testing/db-template.ts';
import { adminQuery } from '../../server/src/testing/processes.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  E2E_CHROMIUM_ENV,
  E2E_DEMO_DUMP_ENV,
  E2E_DEMO_PG_TEMPLATE_ENV,
  E2E_EMPTY_DUMP_ENV,
  E2E_EMPTY_PG_TEMPLATE_ENV,
  SCREENSHOTS_WANTED,
} from './shared-browser.ts';

export { DEMO_LOGINS, DEMO_PASSWORD } from '../../server/src/demo/demo.ts';
export { SCREENSHOTS_WANTED } from './shared-browser.ts';

const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url));
export const SCREENSHOTS_DIR = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

export const DESKTOP = { width: 1440, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

export type Harness = {
  baseURL: string;
  db: Db;
  /** The server's own Meta runtime (null without the `meta` option). */
  metaRuntime: MetaRuntime | null;
  browser: Browser;
  /** A fresh context (empty storage) and page; closed with the harness if the test does not. */
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** POST /api/login out of the browser, as a second device would. */
  apiLogin(email: string, password?: string): Promise<{ token: string; currentUser: CurrentUser }>;
  apiUnitData(token: string): Promise<UnitData>;
  close(): Promise<void>;
};

/** `seedDemo: false` starts on an empty database, as `SEED_DEMO=false npm start` does (issue 10). */
export async function startHarness(
  options: {
    evolution?: EvolutionOptions;
    seedDemo?: boolean;
    sip?: SipOptions;
    chromiumArgs?: string[];
    massSend?: MassSendEngineOptions;
    /** Meta (issue 23 §2): the emulator's app and URL; the login's redirect_uri is the harness's own address. */
    meta?: MetaOptions;
    /** Issue 23 §2: the Lead Ads webhook's verify token (the worker follows `meta`). */
    leadAds?: AppOptions['leadAds'];
    /** Issue 25: the automations engine's options (a clock). */
    automations?: AppOptions['automations'];
  } = {},
): Promise<Harness> {
  if (!existsSync(`${WEB_DIST}/index.html`))
    throw new Error('apps/web/dist ausente: rode `npm run build -w @funil/web` (npm run test:e2e já faz isso).');
  const database = await openHarnessDatabase(options.seedDemo !== false);
  const app = await buildApp({
    database,
    webDist: WEB_DIST,
    evolution: options.evolution,
    sip: options.sip,
    massSend: options.massSend,
    meta: options.meta,
    leadAds: options.leadAds,
    automations: options.automations,
    metaDailySyncMs: 0,
    // Issue 24: the insights refresh runs when a spec asks (refreshPass / seedDemoInsights), not on a timer.
    insightsRefreshMs: 0,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const baseURL = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The gateway posts its webhooks to the port chosen only now.
  const gateway = options.evolution ? whatsappContextOf(app).gateway : null;
  if (gateway) gateway.publicUrl = baseURL;
  // The run's shared Chromium, unless this file needs flags of its own (the webphone's fake media).
  const shared = options.chromiumArgs ? undefined : process.env[E2E_CHROMIUM_ENV];
  const browser = shared
    ? await chromium.connect(shared)
    : await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: [...CHROMIUM_ARGS, ...(options.chromiumArgs ?? [])],
      });
  const contexts: BrowserContext[] = [];

  const api = async (path: string, init: RequestInit = {}): Promise<unknown> => {
    const response = await fetch(baseURL + '/api' + path, init);
    const body: unknown = await response.json();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };

  return {
    baseURL,
    db: database.db,
    metaRuntime: app.metaRuntime,
    browser,
    async newPage(viewport = DESKTOP) {
      const context = await browser.newContext({ baseURL, viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      contexts.push(context);
      const page = await context.newPage();
      if (!SCREENSHOTS_WANTED) skipScreenshots(page);
      return { context, page };
    },
    async apiLogin(email, password = DEMO_PASSWORD) {
      const body = await api('/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, senha: password, lembrar: false }),
      });
      return loginResponseSchema.parse(body).data;
    },
    async apiUnitData(token) {
      const body = await api('/cadastros/dados-unidade', { headers: { authorization: `Bearer ${token}` } });
      return unitDataSchema.parse((body as { data: unknown }).data);
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      // On the shared Chromium this only disconnects (the global setup closes it).
      await browser.close();
      await app.close();
      await database.close();
    },
  };
}

/**
 * The demo (or an empty database) copied from the run's template database (PostgreSQL) or loaded
 * from its dump (PGlite) when the global setup made one, else migrated and seeded here. A copy on
 * the server is dropped when the harness closes it.
 */
async function openHarnessDatabase(seedDemo: boolean): Promise<Database> {
  const pgUrl = process.env.DATABASE_URL;
  const template = process.env[seedDemo ? E2E_DEMO_PG_TEMPLATE_ENV : E2E_EMPTY_PG_TEMPLATE_ENV];
  if (pgUrl && template) {
    const name = testDatabaseName('db');
    const database = await openDatabase({ url: await createPgDatabase(pgUrl, name, template) });
    return {
      ...database,
      async close() {
        await database.close();
        await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dump = process.env[seedDemo ? E2E_DEMO_DUMP_ENV : E2E_EMPTY_DUMP_ENV];
  if (dump) return openPgliteFromDump(dump);
  const database = await openDatabase({});
  if (seedDemo) await seedDemoIfEmpty(database.db);
  return database;
}

/**
 * A download's bytes. The specs share one Chromium over a connection (global-setup.ts), where
 * Playwright keeps no local path: the file is saved here first.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const path = join(mkdtempSync(join(tmpdir(), 'funil-e2e-download-')), download.suggestedFilename());
  await download.saveAs(path);
  return readFileSync(path);
}

/**
 * The pictures of docs/screenshots/ are taken only on request (FUNIL_SCREENSHOTS=1, issue 22 §5):
 * otherwise a page's screenshot into that folder captures nothing, and any other screenshot is taken.
 */
export function skipScreenshots(page: Page): void {
  const take = page.screenshot.bind(page);
  page.screenshot = (options) => (options?.path?.startsWith(SCREENSHOTS_DIR) ? Promise.resolve(Buffer.alloc(0)) : take(options));
}

/** Logs in through the login screen and waits for the shell. */
export async function loginAs(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acessar' }).click();
  await page.waitForURL('**/inicial');
  // 'Sair' shows on every width; the menu may be in a closed drawer on a phone.
  await page.getByRole('button', { name: 'Sair' }).waitFor();
}

/** The drawer menu as menuLabels() spells it: links in order, a group's children as "Grupo > Filho". */
export function readMenu(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Menu principal' }).evaluate((nav) =>
    Array.from(nav.querySelectorAll('a, button[aria-expanded]'), (element) => {
      const label = (element.textContent ?? '').trim();
      const group = element.closest('[role="group"]');
      return group ? `${group.getAttribute('aria-label') ?? ''} > ${label}` : label;
    }),
  );
}

export type GatewayHarness = Harness & {
  /** The gateway emulator's base URL; its control routes are under /_emulator (apps/evolution-emulator/README.md). */
  emulatorUrl: string;
  /** POST to an emulator control route, e.g. `/_emulator/instances/x/scan`; returns the HTTP status. */
  emulatorControl(path: string, body?: unknown): Promise<number>;
};

/**
 * The harness connected to a Meta emulator (app id and secret of the spec's own) whose demo world has
 * `days` of history; closing the harness closes the emulator too.
 */
export async function startHarnessWithMeta(app: { appId: string; appSecret: string; days: number }) {
  const { createMetaEmulator } = await import('@funil/meta-emulator/emulator');
  const { metaTokenKey } = await import('../../server/src/modules/meta/meta-crypto.ts');
  const emu = createMetaEmulator({ appId: app.appId, appSecret: app.appSecret });
  const demo = emu.control.seedDemo({ days: app.days });
  const url = await emu.listen(0, '127.0.0.1');
  let harness: Harness;
  try {
    harness = await startHarness({
      meta: {
        appId: app.appId,
        appSecret: app.appSecret,
        graphUrl: url,
        dialogUrl: url,
        tokenKey: metaTokenKey(randomBytes(32).toString('hex')),
      },
    });
  } catch (error) {
    await emu.close();
    throw error;
  }
  const close = async () => {
    await harness.close();
    await emu.close();
  };
  return { emu, demo, harness: { ...harness, close } };
}

/** The harness with the WhatsApp gateway emulator beside the server (as `npm start` runs it). */
export async function startHarnessWithGateway(
  emulatorOptions: { qrLimit?: number } = {},
  harnessOptions: { massSend?: MassSendEngineOptions; automations?: AppOptions['automations'] } = {},
): Promise<GatewayHarness> {
  const { createEmulator } = await import('@funil/evolution-emulator/emulator');
  const globalApiKey = randomBytes(16).toString('hex');
  const emulator = createEmulator({
    globalApiKey,
    autoAck: false,
    webhookRetry: { maxAttempts: 2, baseDelayMs: 50, maxDelayMs: 100, timeoutMs: 5_000 },
    ...emulatorOptions,
  });
  const emulatorUrl = await emulator.listen(0, '127.0.0.1');
  let harness: Harness;
  try {
    harness = await startHarness({
      evolution: { baseUrl: emulatorUrl, globalApiKey, publicUrl: 'http://127.0.0.1:1' },
      ...harnessOptions,
    });
  } catch (error) {
    await emulator.close();
    throw error;
  }
  return {
    ...harness,
    emulatorUrl,
    async emulatorControl(path, body = {}) {
      const response = await fetch(emulatorUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...emulator.controlHeaders },
        body: JSON.stringify(body),
      });
      await response.text();
      return response.status;
    },
    async close() {
      await harness.close();
      await emulator.close();
    },
  };
}
