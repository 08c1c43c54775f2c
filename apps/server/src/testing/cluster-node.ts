// One Funil server process for the several-processes test (shared/three-processes.test.ts):
// `node --import tsx cluster-node.ts '<json>'` with { databaseUrl, redisUrl, redisKey, evolution:
// { baseUrl, globalApiKey }, rateLimits }. It serves the API and sockets on a free port of
// 127.0.0.1 with every background job running (the job runner, the mass-send engine, the media
// sweep), announces its own address to the gateway as the webhook's, prints `FUNIL_NODE <url>` once
// listening and closes on SIGTERM. Its settings come on the command line so that nothing of the
// parent's environment leaks in.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/connection.ts';
import { buildApp } from '../app.ts';
import type { RateLimits } from '../http/rate-limit.ts';
import { whatsappContextOf } from '../modules/whatsapp/whatsapp.routes.ts';

type NodeConfig = { databaseUrl: string; redisUrl: string; redisKey: string; evolution: { baseUrl: string; globalApiKey: string }; rateLimits: RateLimits };

const config = JSON.parse(process.argv[2] ?? 'null') as NodeConfig | null;
if (!config) {
  console.error("uso: cluster-node.ts '<json>'");
  process.exit(2);
}
const database = await openDatabase({ url: config.databaseUrl });
const app = await buildApp({
  database,
  redisUrl: config.redisUrl,
  redisKey: config.redisKey,
  rateLimits: config.rateLimits,
  checkRealtimePayloads: true,
  webDist: '/nonexistent',
  mediaDir: await mkdtemp(join(tmpdir(), 'funil-node-media-')),
  evolution: { ...config.evolution, publicUrl: 'http://127.0.0.1:9' },
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
whatsappContextOf(app).gateway!.publicUrl = url;
console.log(`FUNIL_NODE ${url}`);

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
