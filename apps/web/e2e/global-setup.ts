// The e2e project's global setup (vitest.config.ts), run once before the spec files: one Chromium
// for all of them (each file connects to it and takes a context per test; harness.ts), and the
// demo seeded once into a PGlite dump that each file's server loads instead of seeding again (and
// a migrated empty one for the files that start without the demo). Both are handed to the spec
// files' processes through the environment and ended with the run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

import { seedDemoIfEmpty } from '../../server/src/demo/demo.ts';
import { writePgliteTemplate } from '../../server/src/testing/db-template.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_CHROMIUM_ENV, E2E_DEMO_DUMP_ENV, E2E_EMPTY_DUMP_ENV } from './shared-browser.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'funil-e2e-'));
  const demo = join(dir, 'demo.tar');
  const empty = join(dir, 'empty.tar');
  await writePgliteTemplate(demo, (database) => seedDemoIfEmpty(database.db));
  await writePgliteTemplate(empty);
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  process.env[E2E_DEMO_DUMP_ENV] = demo;
  process.env[E2E_EMPTY_DUMP_ENV] = empty;
  process.env[E2E_CHROMIUM_ENV] = server.wsEndpoint();
  return async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  };
}
