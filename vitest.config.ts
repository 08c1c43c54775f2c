import { defineConfig } from 'vitest/config';

// One runner, six projects: pure rules, the API on a real database, web components,
// the gateway emulator, the repository's own tools (lint rules), and end-to-end specs in
// Debian's Chromium.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A first MUI render in jsdom takes seconds on a loaded 2-core machine.
          testTimeout: 30_000,
        },
        esbuild: { jsx: 'automatic' },
      },
      { test: { name: 'emulator', root: 'apps/evolution-emulator', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { name: 'tools', root: 'tools', include: ['**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'e2e',
          root: 'apps/web/e2e',
          include: ['**/*.spec.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A loaded CI machine answers a debounced search in more than the default 1 s.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
