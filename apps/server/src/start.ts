// `npm start`: migrate, seed the demo on an empty database, serve the app, API and sockets. Without
// EVOLUTION_URL the WhatsApp gateway emulator runs in this process beside the server.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { loadEnv } from './env.ts';
import { openDatabase } from './db/connection.ts';
import { seedDemoIfEmpty, DEMO_LOGINS, DEMO_PASSWORD } from './db/seed/demo.ts';
import { buildApp } from './app.ts';
import { ensureSuperAdmin, setupNeeded } from './modules/setup/setup.service.ts';
import type { EvolutionOptions } from './modules/whatsapp/whatsapp.routes.ts';
import type { SipOptions } from './modules/webphone/webphone.service.ts';
import { sipStackMissing, startSipStack, type SipStack } from './integrations/sip/sip-stack.ts';

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : resolve(env.FUNIL_DATA_DIR, 'pglite') });
const seeded = env.SEED_DEMO ? await seedDemoIfEmpty(database.db) : false;
// issue 10: a fresh install without the demo gets its first super-admin from the environment,
// or from the one-time setup screen of the browser.
const adminCreated = env.FUNIL_ADMIN_EMAIL && env.FUNIL_ADMIN_PASSWORD ? await ensureSuperAdmin(database.db, { email: env.FUNIL_ADMIN_EMAIL, senha: env.FUNIL_ADMIN_PASSWORD }) : false;
const awaitingSetup = await setupNeeded(database.db);
const publicUrl = env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`;

let evolution: EvolutionOptions;
let emulator: { url: string; controlHeaders: Record<string, string>; close(): Promise<void> } | null = null;
if (env.EVOLUTION_URL) {
  if (!env.EVOLUTION_API_KEY) {
    console.error('Configuração inválida: EVOLUTION_API_KEY é obrigatória com EVOLUTION_URL');
    process.exit(1);
  }
  evolution = { baseUrl: env.EVOLUTION_URL, globalApiKey: env.EVOLUTION_API_KEY, publicUrl };
} else {
  const { createEmulator } = await import('@funil/evolution-emulator/emulator');
  const globalApiKey = env.EVOLUTION_API_KEY ?? randomBytes(24).toString('hex');
  const emu = createEmulator({ globalApiKey });
  const url = await emu.listen(env.PORT === 0 ? 0 : env.PORT + 1, '127.0.0.1').catch(() => emu.listen(0, '127.0.0.1'));
  // The control key stays in this process: only the demo preparation below uses it.
  emulator = { url, controlHeaders: emu.controlHeaders, close: () => emu.close() };
  evolution = { baseUrl: url, globalApiKey, publicUrl };
}

// issue 12: the webphone's SIP stack. A company's own server (SIP_WS_URL) needs no process here;
// otherwise Kamailio and rtpengine start beside the server when installed.
let sip: SipOptions;
let sipStack: SipStack | null = null;
let sipLine: string;
if (env.SIP_WS_URL && env.SIP_DOMAIN && env.SIP_SECRET) {
  sip = { wsUrl: env.SIP_WS_URL, domain: env.SIP_DOMAIN, secret: env.SIP_SECRET };
  sipLine = `Webphone: servidor SIP em ${env.SIP_WS_URL} (domínio ${env.SIP_DOMAIN})`;
} else {
  const secret = env.SIP_SECRET ?? randomBytes(24).toString('hex');
  const missing = sipStackMissing(env.SIP_DEMO_PHONE);
  if (missing) {
    sip = { unavailable: missing };
    sipLine = `Webphone: Telefone desconectado — ${missing}. Instale com: apt-get install kamailio kamailio-websocket-modules kamailio-autheph-modules rtpengine-daemon sip-tester`;
  } else {
    try {
      sipStack = await startSipStack({ secret, domain: env.SIP_DOMAIN, leadPhone: env.SIP_DEMO_PHONE });
      sip = { wsUrl: sipStack.wsUrl, domain: sipStack.domain, secret };
      sipLine = `Webphone: Kamailio em ${sipStack.wsUrl} (SIP UDP 127.0.0.1:${sipStack.udpPort}), rtpengine em 127.0.0.1${sipStack.leadPhonePort ? `, telefone de teste SIPp em 127.0.0.1:${sipStack.leadPhonePort} (final 8 ocupado, 7 não atende, 6 indisponível)` : ''}`;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      sip = { unavailable: reason };
      sipLine = `Webphone: Telefone desconectado — ${reason}`;
    }
  }
}

const app = await buildApp({
  database,
  logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
  redisUrl: env.REDIS_URL,
  checkRealtimePayloads: env.NODE_ENV !== 'production',
  trustProxy: env.TRUST_PROXY,
  evolution,
  mediaDir: resolve(env.FUNIL_DATA_DIR, 'media'),
  sip,
});

const shutdown = async () => {
  await app.close();
  await emulator?.close();
  await sipStack?.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

await app.listen({ port: env.PORT, host: env.HOST });
let gatewayLine = `WhatsApp: gateway em ${env.EVOLUTION_URL ?? ''}`;
if (emulator) {
  const { prepareDemoGateway } = await import('./modules/whatsapp/demo-gateway.ts');
  const open = await prepareDemoGateway(app, { url: emulator.url, headers: emulator.controlHeaders }).catch((err: unknown) => {
    app.log.error({ err }, 'falha ao preparar o emulador do WhatsApp');
    return [] as string[];
  });
  gatewayLine = `WhatsApp: emulador em ${emulator.url} (${open.length} instância(s) conectada(s), respostas automáticas ligadas)`;
}
const url = `http://localhost:${env.PORT}`;
const lines = [
  '',
  `Funil no ar: ${url}`,
  `Banco: ${database.kind === 'pglite' ? `PGlite em ${resolve(env.FUNIL_DATA_DIR, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ' — dados de demonstração criados' : ''}`,
  gatewayLine,
  sipLine,
  ...(adminCreated ? [`Super administrador criado: ${env.FUNIL_ADMIN_EMAIL ?? ''}`] : []),
  ...(awaitingSetup ? [`Primeiro acesso: abra ${url} e crie o super administrador.`] : []),
  ...(seeded || env.SEED_DEMO ? [`Acessos de demonstração (senha ${DEMO_PASSWORD}):`, ...DEMO_LOGINS.map((l) => `  ${l.email.padEnd(28)} ${l.permissao.padEnd(3)} ${l.nome}`)] : []),
  '',
];
console.log(lines.join('\n'));
