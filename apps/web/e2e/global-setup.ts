// The e2e project's global setup (vitest.config.ts), run once before the spec files: one Chromium
// for all of them (each file connects to it and takes a context per test; harness.ts), and the
// demo seeded once, that each file's server copies instead of seeding again (and a migrated empty
// database for the files that start without the demo): template databases on the PostgreSQL server
// of DATABASE_URL when there is one (CI), else PGlite dumps. Handed to the spec files' processes
// through the environment and ended with the run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

import { seedDemoIfEmpty } from '../../server/src/demo/demo.ts';
import { createPgTemplate, writePgliteTemplate } from '../../server/src/testing/db-template.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  E2E_CHROMIUM_ENV,
  E2E_DEMO_DUMP_ENV,
  E2E_DEMO_PG_TEMPLATE_ENV,
  E2E_EMPTY_DUMP_ENV,
  E2E_EMPTY_PG_TEMPLATE_ENV,
} from './shared-browser.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'funil-e2e-'));
  const ended: (() => Promise<void>)[] = [];
  const pgUrl = process.env.DATABASE_URL;
  if (pgUrl) {
    const demo = await createPgTemplate(pgUrl, (database) => seedDemoIfEmpty(database.db));
    ended.push(demo.drop);
    const empty = await createPgTemplate(pgUrl);
    ended.push(empty.drop);
    process.env[E2E_DEMO_PG_TEMPLATE_ENV] = demo.name;
    process.env[E2E_EMPTY_PG_TEMPLATE_ENV] = empty.name;
  } else {
    const demo = join(dir, 'demo.tar');
    const empty = join(dir, 'empty.tar');
    await writePgliteTemplate(demo, (database) => seedDemoIfEmpty(database.db));
    await writePgliteTemplate(empty);
    process.env[E2E_DEMO_DUMP_ENV] = demo;
    process.env[E2E_EMPTY_DUMP_ENV] = empty;
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  process.env[E2E_CHROMIUM_ENV] = server.wsEndpoint();
  return async () => {
    await server.close();
    for (const end of ended) await end().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
}
