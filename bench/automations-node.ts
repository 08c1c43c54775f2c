// A second (third…) Funil server process of the automations bench (AUTOMATIONS_PROCESSES, default 2:
// the production shape on two cores, FUNIL_WORKERS=2 behind one port, docs/deploy.md). It builds the
// app on the bench's database with the gateway emulator, serves the status door on a port of its own
// (the bench sends it every other change, as the cluster's round robin would), runs the lead event
// consumers and the automations engine beside the first process (they share the work by lock and
// lease), and answers the bench's IPC messages: 'mark' (its CPU and statements now), 'report' (its
// first steps' times), 'close'. Started by automations.bench.ts with child_process.fork.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { automationEngineOf } from '../apps/server/src/modules/automations/automations.routes.ts';
import { firstStepDone, inEngine, markOf } from './automations-hooks.ts';

export type AutomationsNodeConfig = {
  databaseUrl: string;
  evolution: { baseUrl: string; globalApiKey: string };
  concurrency?: number;
};
export type AutomationsNodeMessage =
  | { kind: 'ready'; url: string }
  | { kind: 'mark'; mark: ReturnType<typeof markOf> }
  | { kind: 'report'; firstSteps: [number, number][] };

const config = JSON.parse(process.argv[2] ?? 'null') as AutomationsNodeConfig;
const send = (m: AutomationsNodeMessage) => process.send!(m);
const database = await openDatabase({ url: config.databaseUrl });
const app = await buildApp({
  database,
  webDist: '/nonexistent',
  mediaDir: await mkdtemp(join(tmpdir(), 'funil-bench-node-')),
  sessionSweepMs: 0,
  mediaSweepMs: 0,
  evolution: { ...config.evolution, publicUrl: 'http://127.0.0.1:9' },
  automations: { autoStart: false, ...(config.concurrency ? { concurrency: config.concurrency } : {}) },
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const engine = automationEngineOf(app);
inEngine.run(true, () => engine.start());
process.on('message', (m: string) => {
  if (m === 'mark') send({ kind: 'mark', mark: markOf() });
  else if (m === 'report') send({ kind: 'report', firstSteps: [...firstStepDone] });
  else if (m === 'close')
    void engine
      .stop()
      .then(() => app.close())
      .then(() => database.close())
      .finally(() => process.exit(0));
});
send({ kind: 'ready', url });
