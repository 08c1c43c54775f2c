// One Funil server process for the multi-process realtime test (realtime/two-processes.test.ts):
// `node --import tsx realtime-node.ts <database url> <redis url> <redis key>`. It serves the API
// and sockets on a free port of 127.0.0.1, prints `FUNIL_NODE <url>` once listening, and closes on
// SIGTERM. Its arguments come on the command line so that nothing of the parent's environment leaks in.
import { openDatabase } from '../db/connection.ts';
import { buildApp } from '../app.ts';

const [databaseUrl, redisUrl, redisKey] = process.argv.slice(2);
if (!databaseUrl || !redisUrl || !redisKey) {
  console.error('uso: realtime-node.ts <database url> <redis url> <redis key>');
  process.exit(2);
}
const database = await openDatabase({ url: databaseUrl });
const app = await buildApp({ database, redisUrl, redisKey, checkRealtimePayloads: true, sessionSweepMs: 0, webDist: '/nonexistent' });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`FUNIL_NODE ${url}`);

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
