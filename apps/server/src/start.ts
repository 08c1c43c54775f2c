// `npm start`: migrate, seed the demo on an empty database, serve the app, API and sockets. Without
// EVOLUTION_URL the WhatsApp gateway emulator runs in this process beside the server.
//
// issue 21 item 22, several processes: `FUNIL_WORKERS=N npm start` (N > 1, with DATABASE_URL and
// REDIS_URL) makes this process the primary of node:cluster. It migrates and seeds once, runs the
// gateway emulator and the SIP stack once (when they are local), then forks N workers that all
// listen on PORT: the primary hands each new connection to the next worker (round robin). A socket
// is one WebSocket connection (no long-polling, realtime.ts), so it stays on its worker without
// sticky sessions; the workers share events, session ends and login limits through Redis and
// every job through PostgreSQL (claims with SKIP LOCKED and leases). A worker that dies is
// replaced; SIGTERM/SIGINT stop the workers first, then what the primary started.
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

import type { MetaEmulator } from '@funil/meta-emulator/emulator';

import type { Database } from './db/connection.ts';
import { loadEnv, workersProblem, type Env } from './env.ts';
import type { SipStack } from './integrations/sip/sip-stack.ts';
import { metaOptionsFromEnv } from './modules/meta/meta-options.ts';
import type { SipOptions } from './modules/webphone/webphone.service.ts';
import type { EvolutionOptions } from './modules/whatsapp/whatsapp.routes.ts';

type EmulatorControl = { url: string; headers: Record<string, string> };
/** The Meta settings of this run: the environment's, or the demo emulator's (as META_* variables). */
type MetaRun = { overrides: Record<string, string>; emulator: MetaEmulator | null; verifyToken: string | null };
type Emulator = { url: string; controlHeaders: Record<string, string>; close(): Promise<void> };
/** What a worker tells the primary (process.send). */
type WorkerNote = { funil: 'demo-gateway'; open: number };

const env = loadEnv();
const problem = workersProblem(env);
if (problem) {
  console.error(`Configuração inválida: ${problem}`);
  process.exit(1);
}
// The rest is loaded only once the settings are known good, so a wrong one is told at once.
const { openDatabase } = await import('./db/connection.ts');
const { seedDemoIfEmpty, DEMO_LOGINS, DEMO_PASSWORD } = await import('./demo/demo.ts');
const { buildApp } = await import('./app.ts');
const { ensureSuperAdmin, setupNeeded } = await import('./modules/setup/setup.service.ts');
const { sipStackMissing, startSipStack } = await import('./integrations/sip/sip-stack.ts');
const publicUrl = env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`;
const url = `http://localhost:${env.PORT}`;

/** Migrates, seeds the demo on an empty database and creates the environment's super-admin. */
async function prepareDatabase(env: Env) {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : resolve(env.FUNIL_DATA_DIR, 'pglite'),
  });
  const seeded = env.SEED_DEMO ? await seedDemoIfEmpty(database.db) : false;
  // issue 10: a fresh install without the demo gets its first super-admin from the environment,
  // or from the one-time setup screen of the browser.
  const adminCreated =
    env.FUNIL_ADMIN_EMAIL && env.FUNIL_ADMIN_PASSWORD
      ? await ensureSuperAdmin(database.db, { email: env.FUNIL_ADMIN_EMAIL, senha: env.FUNIL_ADMIN_PASSWORD })
      : false;
  const awaitingSetup = await setupNeeded(database.db);
  return { database, seeded, adminCreated, awaitingSetup };
}

/** The WhatsApp gateway: the company's (EVOLUTION_URL) or the emulator, started here. */
async function startGateway(env: Env): Promise<{ evolution: EvolutionOptions; emulator: Emulator | null }> {
  if (env.EVOLUTION_URL) {
    if (!env.EVOLUTION_API_KEY) {
      console.error('Configuração inválida: EVOLUTION_API_KEY é obrigatória com EVOLUTION_URL');
      process.exit(1);
    }
    return { evolution: { baseUrl: env.EVOLUTION_URL, globalApiKey: env.EVOLUTION_API_KEY, publicUrl }, emulator: null };
  }
  const { createEmulator } = await import('@funil/evolution-emulator/emulator');
  const globalApiKey = env.EVOLUTION_API_KEY ?? randomBytes(24).toString('hex');
  const emu = createEmulator({ globalApiKey });
  const emulatorUrl = await emu.listen(env.PORT === 0 ? 0 : env.PORT + 1, '127.0.0.1').catch(() => emu.listen(0, '127.0.0.1'));
  // The control key stays in this process (and, with several processes, goes to the first worker
  // only): only the demo preparation uses it.
  return {
    evolution: { baseUrl: emulatorUrl, globalApiKey, publicUrl },
    emulator: { url: emulatorUrl, controlHeaders: emu.controlHeaders, close: () => emu.close() },
  };
}

// Issue 23 §7: Meta. A company's app (META_APP_ID) needs nothing here; otherwise the Meta emulator
// starts on a free port and the server uses it as its Graph API and login dialog, with an app id,
// secret and webhook verify token of this run (handed to the workers as META_* variables).
async function startMeta(env: Env): Promise<MetaRun> {
  if (env.META_APP_ID) return { overrides: {}, emulator: null, verifyToken: env.META_WEBHOOK_VERIFY_TOKEN ?? null };
  const { createMetaEmulator } = await import('@funil/meta-emulator/emulator');
  const { demoMetaApp } = await import('./demo/demo-meta.ts');
  const demoApp = demoMetaApp();
  const emulator = createMetaEmulator({ appId: demoApp.appId, appSecret: demoApp.appSecret });
  const metaUrl = await emulator.listen(0, '127.0.0.1');
  return {
    overrides: {
      META_APP_ID: demoApp.appId,
      META_APP_SECRET: demoApp.appSecret,
      META_GRAPH_URL: metaUrl,
      META_DIALOG_URL: metaUrl,
      META_WEBHOOK_VERIFY_TOKEN: demoApp.verifyToken,
      // The emulator's tokens die with this run, so a key of this run encrypts them (the workers get it too).
      ...(env.META_TOKEN_KEY ? {} : { META_TOKEN_KEY: randomBytes(32).toString('hex') }),
    },
    emulator,
    verifyToken: demoApp.verifyToken,
  };
}

const metaOptionsOf = (run: MetaRun) => metaOptionsFromEnv({ ...env, ...run.overrides } as Env);

/** Seeds the Meta emulator's clinic, connects the demo company to its page, starts the live Lead Ads. */
async function prepareMetaDemo(database: Database, run: MetaRun, funilUrl: string): Promise<string> {
  const options = metaOptionsOf(run);
  if (!run.emulator || !options || !run.verifyToken) return `Meta: app ${env.META_APP_ID ?? ''} (${env.META_GRAPH_URL})`;
  const { prepareDemoMeta } = await import('./demo/demo-meta.ts');
  try {
    const done = await prepareDemoMeta(database.db, run.emulator, { options, verifyToken: run.verifyToken, funilUrl });
    return (
      `Meta: emulador em ${run.emulator.baseUrl()}` +
      (done.connected ? ` (página ${done.pageName ?? ''}, ${done.forms} formulários, um lead do Lead Ads a cada 3 min)` : '')
    );
  } catch (err) {
    console.error('falha ao preparar o emulador do Meta', err);
    return `Meta: emulador em ${run.emulator.baseUrl()} (demonstração não preparada)`;
  }
}

// issue 12: the webphone's SIP stack. A company's own server (SIP_WS_URL) needs no process here;
// otherwise Kamailio and rtpengine start beside the server when installed.
async function startSip(env: Env): Promise<{ sip: SipOptions; sipStack: SipStack | null; sipLine: string }> {
  if (env.SIP_WS_URL && env.SIP_DOMAIN && env.SIP_SECRET) {
    return {
      sip: { wsUrl: env.SIP_WS_URL, domain: env.SIP_DOMAIN, secret: env.SIP_SECRET },
      sipStack: null,
      sipLine: `Webphone: servidor SIP em ${env.SIP_WS_URL} (domínio ${env.SIP_DOMAIN})`,
    };
  }
  const secret = env.SIP_SECRET ?? randomBytes(24).toString('hex');
  const missing = sipStackMissing(env.SIP_DEMO_PHONE);
  if (missing) {
    return {
      sip: { unavailable: missing },
      sipStack: null,
      sipLine:
        `Webphone: Telefone desconectado — ${missing}. Instale com: apt-get install kamailio kamailio-websocket-modules ` +
        `kamailio-autheph-modules rtpengine-daemon sip-tester`,
    };
  }
  try {
    const sipStack = await startSipStack({ secret, domain: env.SIP_DOMAIN, leadPhone: env.SIP_DEMO_PHONE });
    return {
      sip: { wsUrl: sipStack.wsUrl, domain: sipStack.domain, secret },
      sipStack,
      sipLine:
        `Webphone: Kamailio em ${sipStack.wsUrl} (SIP UDP 127.0.0.1:${sipStack.udpPort}), rtpengine em ` +
        `127.0.0.1${
          sipStack.leadPhonePort
            ? `, telefone de teste SIPp em 127.0.0.1:${sipStack.leadPhonePort} ` +
              '(final 8 ocupado, 7 não atende, 6 indisponível)'
            : ''
        }`,
    };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { sip: { unavailable: reason }, sipStack: null, sipLine: `Webphone: Telefone desconectado — ${reason}` };
  }
}

/** Builds the app on an open database and listens on PORT (a worker: on the primary's shared port). */
async function serve(database: Database, evolution: EvolutionOptions, sip: SipOptions, meta: MetaRun) {
  const app = await buildApp({
    database,
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    redisUrl: env.REDIS_URL,
    checkRealtimePayloads: env.NODE_ENV !== 'production',
    trustProxy: env.TRUST_PROXY,
    evolution,
    mediaDir: resolve(env.FUNIL_DATA_DIR, 'media'),
    sip,
    // Issue 23 §2: Meta when META_APP_ID is set (the demo's emulator is wired separately).
    // Issue 23 §2 §7: Meta when META_APP_ID is set, else the emulator this run started.
    meta: metaOptionsOf(meta),
    leadAds: { verifyToken: meta.verifyToken },
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  return app;
}

async function prepareDemo(app: Awaited<ReturnType<typeof serve>>, emulator: EmulatorControl): Promise<number> {
  const { prepareDemoGateway } = await import('./modules/whatsapp/instances/demo-gateway.ts');
  const open = await prepareDemoGateway(app, emulator).catch((err: unknown) => {
    app.log.error({ err }, 'falha ao preparar o emulador do WhatsApp');
    return [] as string[];
  });
  // Issue 25 'The demo': the Typebot re-qualification starts its flow on this emulator's Typebot stand-in.
  const { pointDemoTypebotAt } = await import('./demo/demo-automations.ts');
  const { TYPEBOT_STANDIN_PREFIX } = await import('@funil/evolution-emulator/emulator');
  await pointDemoTypebotAt(app.db, `${emulator.url}${TYPEBOT_STANDIN_PREFIX}`).catch((err: unknown) =>
    app.log.error({ err }, 'falha ao apontar o Typebot da demonstração para o emulador'),
  );
  return open.length;
}

function banner(
  database: { kind: string },
  facts: { seeded: boolean; adminCreated: boolean; awaitingSetup: boolean },
  gatewayLine: string,
  sipLine: string,
  extra: string[] = [],
): void {
  const lines = [
    '',
    `Funil no ar: ${url}`,
    `Banco: ${database.kind === 'pglite' ? `PGlite em ${resolve(env.FUNIL_DATA_DIR, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}` +
      `${facts.seeded ? ' — dados de demonstração criados' : ''}`,
    ...extra,
    gatewayLine,
    sipLine,
    ...(facts.adminCreated ? [`Super administrador criado: ${env.FUNIL_ADMIN_EMAIL ?? ''}`] : []),
    ...(facts.awaitingSetup ? [`Primeiro acesso: abra ${url} e crie o super administrador.`] : []),
    ...(facts.seeded || env.SEED_DEMO
      ? [
          `Acessos de demonstração (senha ${DEMO_PASSWORD}):`,
          ...DEMO_LOGINS.map((l) => `  ${l.email.padEnd(28)} ${l.permissao.padEnd(3)} ${l.nome}`),
        ]
      : []),
    '',
  ];
  console.log(lines.join('\n'));
}

const emulatorLine = (emulatorUrl: string, open: number) =>
  `WhatsApp: emulador em ${emulatorUrl} (${open} instância(s) conectada(s), respostas automáticas ligadas)`;

/** One process serves everything (the default; PGlite or PostgreSQL). */
async function runSingle(): Promise<void> {
  const { database, ...facts } = await prepareDatabase(env);
  const { evolution, emulator } = await startGateway(env);
  const { sip, sipStack, sipLine } = await startSip(env);
  const meta = await startMeta(env);
  const app = await serve(database, evolution, sip, meta);
  const shutdown = async () => {
    await app.close();
    await emulator?.close();
    await meta.emulator?.close();
    await sipStack?.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  const gatewayLine = emulator
    ? emulatorLine(emulator.url, await prepareDemo(app, { url: emulator.url, headers: emulator.controlHeaders }))
    : `WhatsApp: gateway em ${env.EVOLUTION_URL ?? ''}`;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const metaLine = await prepareMetaDemo(database, meta, `http://127.0.0.1:${port}`);
  banner(database, facts, gatewayLine, sipLine, [metaLine]);
}

/** The primary of FUNIL_WORKERS processes: prepares once, forks, replaces a worker that dies. */
async function runPrimary(): Promise<void> {
  const { database, ...facts } = await prepareDatabase(env);
  await database.close();
  const { evolution, emulator } = await startGateway(env);
  const { sip, sipStack, sipLine } = await startSip(env);
  const meta = await startMeta(env);
  // What every worker needs of what the primary started, as its environment (env.ts reads it).
  const workerEnv: Record<string, string> = {
    EVOLUTION_URL: evolution.baseUrl,
    EVOLUTION_API_KEY: evolution.globalApiKey,
    PUBLIC_URL: publicUrl,
    ...('unavailable' in sip
      ? { FUNIL_WORKER_SIP_UNAVAILABLE: sip.unavailable }
      : { SIP_WS_URL: sip.wsUrl, SIP_DOMAIN: sip.domain, SIP_SECRET: sip.secret }),
    ...meta.overrides,
  };
  const demoGateway = emulator
    ? JSON.stringify({ url: emulator.url, headers: emulator.controlHeaders } satisfies EmulatorControl)
    : null;

  let stopping = false;
  let demoOpen: Promise<number> | null = null;
  const fork = (first: boolean): Worker => {
    const worker = cluster.fork({ ...workerEnv, ...(first && demoGateway ? { FUNIL_WORKER_DEMO_GATEWAY: demoGateway } : {}) });
    if (first && demoGateway) {
      demoOpen = new Promise((resolve) =>
        worker.on('message', (note: WorkerNote) => note.funil === 'demo-gateway' && resolve(note.open)),
      );
    }
    return worker;
  };
  const listening = new Promise<void>((resolve) => {
    let count = 0;
    const onListening = () => {
      count += 1;
      if (count === env.FUNIL_WORKERS) {
        cluster.off('listening', onListening);
        resolve();
      }
    };
    cluster.on('listening', onListening);
  });
  let ready = false;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!ready) {
      // A worker that cannot start (a port in use, the database refused) would only die again.
      console.error(
        `Processo ${worker.process.pid ?? '?'} do Funil não conseguiu subir (${signal ?? `código ${code}`}); encerrando.`,
      );
      void shutdown(1);
      return;
    }
    console.error(`Processo ${worker.process.pid ?? '?'} do Funil saiu (${signal ?? `código ${code}`}); iniciando outro.`);
    setTimeout(() => {
      if (!stopping) fork(false);
    }, 1_000).unref();
  });
  for (let i = 0; i < env.FUNIL_WORKERS; i += 1) fork(i === 0);

  const shutdown = async (exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await emulator?.close();
    await meta.emulator?.close();
    await sipStack?.stop();
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());

  await listening;
  ready = true;
  const gatewayLine = emulator
    ? emulatorLine(emulator.url, demoOpen ? await demoOpen : 0)
    : `WhatsApp: gateway em ${env.EVOLUTION_URL ?? ''}`;
  const redisHost = env.REDIS_URL ? new URL(env.REDIS_URL).host : '';
  const metaDatabase = await openDatabase({ url: env.DATABASE_URL });
  const metaLine = await prepareMetaDemo(metaDatabase, meta, `http://127.0.0.1:${env.PORT}`);
  await metaDatabase.close();
  banner(database, facts, gatewayLine, sipLine, [
    metaLine,
    `Processos: ${env.FUNIL_WORKERS} servidores na porta ${env.PORT} (node:cluster), Redis em ${redisHost}`,
  ]);
}

/** One of the primary's workers: the primary migrated, seeded and started the gateway and SIP. */
async function runWorker(): Promise<void> {
  const database = await openDatabase({ url: env.DATABASE_URL });
  const evolution: EvolutionOptions = { baseUrl: env.EVOLUTION_URL ?? '', globalApiKey: env.EVOLUTION_API_KEY ?? '', publicUrl };
  const sip: SipOptions =
    env.SIP_WS_URL && env.SIP_DOMAIN && env.SIP_SECRET
      ? { wsUrl: env.SIP_WS_URL, domain: env.SIP_DOMAIN, secret: env.SIP_SECRET }
      : { unavailable: env.FUNIL_WORKER_SIP_UNAVAILABLE ?? 'servidor SIP não configurado' };
  // The primary's Meta (the company's app or its emulator) arrives as META_* variables.
  const app = await serve(database, evolution, sip, {
    overrides: {},
    emulator: null,
    verifyToken: env.META_WEBHOOK_VERIFY_TOKEN ?? null,
  });
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  // The primary gone (killed), this worker goes too.
  process.once('disconnect', () => void shutdown());
  if (env.FUNIL_WORKER_DEMO_GATEWAY) {
    const open = await prepareDemo(app, JSON.parse(env.FUNIL_WORKER_DEMO_GATEWAY) as EmulatorControl);
    process.send?.({ funil: 'demo-gateway', open } satisfies WorkerNote);
  }
}

if (env.FUNIL_WORKERS <= 1) await runSingle();
else if (cluster.isPrimary) await runPrimary();
else await runWorker();
