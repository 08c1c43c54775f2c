// The server projects' global setup (vitest.config.ts): migrates once per run, before any test file
// starts, and tells the workers where the migrated template is (db-template.ts). On PGlite a dump
// file in a temporary folder of this run; on the PostgreSQL server of DATABASE_URL a template
// database named funil_t_tpl_… (dropped at the end; never a name a demo or a deployment uses).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { createPgTemplate, PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV, writePgliteTemplate } from './db-template.ts';
import { SERVER_NODE_BUNDLE_ENV } from './processes.ts';
import { buildServerNodeBundle } from './server-node-bundle.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const removeBundle = await serverNodeBundle();
  const migrated = await migrateOnce(project);
  return async () => {
    await migrated();
    await removeBundle();
  };
}

/** The child server processes' one bundle (server-node-bundle.ts), built once for the run's projects. */
async function serverNodeBundle(): Promise<() => Promise<void>> {
  if (process.env[SERVER_NODE_BUNDLE_ENV]) return async () => undefined;
  const bundle = await buildServerNodeBundle();
  process.env[SERVER_NODE_BUNDLE_ENV] = bundle.file;
  return async () => {
    delete process.env[SERVER_NODE_BUNDLE_ENV];
    await bundle.remove();
  };
}

async function migrateOnce(project: TestProject): Promise<() => Promise<void>> {
  // The server-pglite project runs on PGlite beside a server project on PostgreSQL (pglite-only.setup.ts).
  const url = project.config.env?.FUNIL_TEST_ENGINE === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (url) {
    if (process.env[PG_TEMPLATE_ENV]) return async () => undefined;
    const template = await createPgTemplate(url);
    process.env[PG_TEMPLATE_ENV] = template.name;
    return () => template.drop();
  }
  if (process.env[PGLITE_TEMPLATE_ENV]) return async () => undefined;
  const dir = await mkdtemp(join(tmpdir(), 'funil-test-'));
  const file = join(dir, 'pglite-migrated.tar');
  await writePgliteTemplate(file);
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rm(dir, { recursive: true, force: true });
}
