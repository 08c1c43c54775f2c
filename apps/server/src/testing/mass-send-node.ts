// One Funil server process for the mass-send crash test (modules/mass-send/mass-send-crash.test.ts):
// `node --import tsx mass-send-node.ts <database url> <gateway url> <gateway key>`. It serves the API
// on a free port of 127.0.0.1 with the mass-send engine running (waits shortened, a short lease so
// a killed process's campaign resumes soon) and prints `FUNIL_NODE <url>` once listening.
import { openDatabase } from '../db/connection.ts';
import { buildApp } from '../app.ts';

const [databaseUrl, evolutionUrl, evolutionKey] = process.argv.slice(2);
if (!databaseUrl || !evolutionUrl || !evolutionKey) {
  console.error('uso: mass-send-node.ts <database url> <gateway url> <gateway key>');
  process.exit(2);
}
const database = await openDatabase({ url: databaseUrl });
const app = await buildApp({
  database,
  sessionSweepMs: 0,
  webDist: '/nonexistent',
  mediaSweepMs: 0,
  evolution: { baseUrl: evolutionUrl, globalApiKey: evolutionKey, publicUrl: 'http://127.0.0.1:9' },
  massSend: { leaseMs: 1_500, pollMs: 20, waitScale: 0.002 },
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`FUNIL_NODE ${url}`);
