// One Funil server process for the tests that run several of them (testing/processes.ts
// startServerNode: realtime/two-processes.test.ts, shared/three-processes.test.ts,
// the crash tests through gateway-world.ts): `node --import tsx server-node.ts '<json>'` with a
// ServerNodeConfig. It serves the API and sockets on a free port of 127.0.0.1 with the background
// jobs of its config running, prints `FUNIL_NODE <url>` once listening and closes on SIGTERM. Its
// settings come on the command line so that nothing of the parent's environment leaks in.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildApp } from '../app.ts';
import { openDatabase } from '../db/connection.ts';
import { whatsappContextOf } from '../modules/whatsapp/whatsapp.routes.ts';
import type { ServerNodeConfig } from './processes.ts';

const config = JSON.parse(process.argv[2] ?? 'null') as ServerNodeConfig | null;
if (!config?.databaseUrl) {
  console.error("uso: server-node.ts '<json>'");
  process.exit(2);
}
const database = await openDatabase({ url: config.databaseUrl });
const app = await buildApp({
  database,
  checkRealtimePayloads: true,
  webDist: '/nonexistent',
  mediaDir: await mkdtemp(join(tmpdir(), 'funil-node-media-')),
  ...(config.redisUrl ? { redisUrl: config.redisUrl, redisKey: config.redisKey } : {}),
  ...(config.rateLimits ? { rateLimits: config.rateLimits } : {}),
  ...(config.sessionSweepMs !== undefined ? { sessionSweepMs: config.sessionSweepMs } : {}),
  ...(config.mediaSweepMs !== undefined ? { mediaSweepMs: config.mediaSweepMs } : {}),
  ...(config.massSend ? { massSend: config.massSend } : {}),
  ...(config.automations ? { automations: config.automations } : {}),
  ...(config.evolution
    ? {
        evolution: {
          baseUrl: config.evolution.baseUrl,
          globalApiKey: config.evolution.globalApiKey,
          publicUrl: 'http://127.0.0.1:9',
        },
      }
    : {}),
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
// Announced to the gateway as the webhook's address only when asked: otherwise webhooks go nowhere.
if (config.evolution?.webhooksToSelf) whatsappContextOf(app).gateway!.publicUrl = url;
console.log(`FUNIL_NODE ${url}`);

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
