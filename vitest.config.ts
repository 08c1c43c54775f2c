import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// One runner, eight projects: pure rules, the API on a real database (and its engine-sensitive
// files once more on PGlite when the API runs on PostgreSQL), web components, the gateway emulator, the Meta emulator,
// the repository's own tools (lint rules), and end-to-end specs in Debian's Chromium.

/** Whether the PostgreSQL server of `url` takes a TCP connection within a second and a half. */
function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The server's test files that also run on PGlite when the suite runs on PostgreSQL: those whose
 * subject behaves differently on the two engines (one connection, NOTIFY delivered before the
 * statement resolves, the planner on PGlite's build). Marked by a comment `@pglite-too` with the
 * reason, wherever they live (no list of paths here to keep up with moves).
 */
function pgliteTooFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts') && readFileSync(path, 'utf8').includes('@pglite-too'))
        found.push(path.slice(root.length + 1));
    }
  };
  walk(join(root, 'src'));
  return found.sort();
}

export default defineConfig(async () => {
  // The server suite runs once, on the PostgreSQL server of DATABASE_URL when there is one that
  // answers (CI), else on PGlite (`npm test` on a machine without a server).
  const url = process.env.DATABASE_URL;
  if (url && !(await reachable(url))) {
    console.warn(`DATABASE_URL não responde (${new URL(url).host}): testes do servidor no PGlite.`);
    delete process.env.DATABASE_URL;
  }
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const server = {
    root: 'apps/server',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // A worker loads the server's modules once for all its files instead of once per file: the
    // import of app.ts was 160 of the suite's core-seconds. Each file still has its own database and
    // its own app (createTestApp); no server test mocks a module (docs/ci.md).
    isolate: false,
    // Migrates once per run; every test file starts from a copy (src/testing/db-template.ts).
    globalSetup: ['src/testing/global-setup.ts'],
  };
  const projects: TestProjectInlineConfiguration[] = [
    { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
    { test: { ...server, name: 'server', include: ['src/**/*.test.ts'] } },
    {
      test: {
        name: 'web',
        root: 'apps/web',
        include: ['src/**/*.test.{ts,tsx}'],
        // happy-dom, not jsdom (issue 22 §5): the role queries ask each node's computed style, which
        // jsdom computes by matching every emotion rule of the page (21 of the settings screen's 23 s);
        // the project took 373 core-seconds on jsdom and 139 on happy-dom, same 421 tests. A file whose
        // subject needs jsdom says so in its first line (`// @vitest-environment jsdom`, docs/ci.md).
        environment: 'happy-dom',
        // A first MUI render takes seconds on a loaded 2-core machine; a findBy waits as long as a
        // person would (src/testing/setup.ts), not Testing Library's 1 s.
        testTimeout: 30_000,
        // A worker keeps React, MUI and jsdom loaded for all its files (import 138 → 21 core-seconds);
        // setup.ts resets the app's own modules before each file, so mocks and state stay per file.
        isolate: false,
        setupFiles: ['src/testing/setup.ts'],
      },
      esbuild: { jsx: 'automatic' },
    },
    { test: { name: 'emulator', root: 'apps/evolution-emulator', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
    { test: { name: 'meta-emulator', root: 'apps/meta-emulator', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
    { test: { name: 'tools', root: 'tools', include: ['**/*.test.ts'], testTimeout: 60_000 } },
    {
      test: {
        name: 'e2e',
        root: 'apps/web/e2e',
        include: ['**/*.spec.ts'],
        testTimeout: 90_000,
        hookTimeout: 120_000,
        // Each spec file runs its own server in-process on a free port (harness.ts): three files at a
        // time share the run's one Chromium and one demo seed (global-setup.ts). A spec mostly waits
        // (the browser, the debounces, the server's timers), so three fit two cores (docs/ci.md). Run alone, apart
        // from the unit projects (`npm run test:e2e`), so it has its own group and worker count.
        maxWorkers: 3,
        // A worker imports the server and Playwright once for its files (import 67 → 12 core-seconds).
        isolate: false,
        sequence: { groupOrder: 1 },
        globalSetup: ['global-setup.ts'],
        // A loaded CI machine answers a debounced search in more than the default 1 s.
        expect: { poll: { timeout: 15_000, interval: 100 } },
      },
    },
  ];
  if (onPostgres) {
    projects.splice(2, 0, {
      test: {
        ...server,
        name: 'server-pglite',
        include: pgliteTooFiles(join(import.meta.dirname, 'apps/server')),
        env: { FUNIL_TEST_ENGINE: 'pglite' },
        setupFiles: ['src/testing/pglite-only.setup.ts'],
      },
    });
  }
  // Two CPUs make vitest's default one worker (cpus - 1): the server's files mostly wait on PostgreSQL
  // and the web's on jsdom, so three at a time keep both cores busy (docs/ci.md).
  return { test: { projects, maxWorkers: 3 } };
});
