// What the e2e global setup (global-setup.ts) and the harness (harness.ts) agree on.
import { existsSync } from 'node:fs';

/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell: the same engine in the old
 * headless mode, without the browser's window layer): the e2e files took about a quarter less processor
 * time than with `chromium --headless` (docs/ci.md). The full browser where the shell is not installed.
 */
export const CHROMIUM_PATH = existsSync('/usr/bin/chromium-headless-shell')
  ? '/usr/bin/chromium-headless-shell'
  : '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The shared Chromium's WebSocket endpoint (playwright-core's `chromium.connect`). */
export const E2E_CHROMIUM_ENV = 'FUNIL_E2E_CHROMIUM_WS';
/** The PGlite dump of a migrated database with the demo seeded. */
export const E2E_DEMO_DUMP_ENV = 'FUNIL_E2E_DEMO_DUMP';
/** The PGlite dump of a migrated, empty database (`seedDemo: false`). */
export const E2E_EMPTY_DUMP_ENV = 'FUNIL_E2E_EMPTY_DUMP';
/**
 * With a PostgreSQL server (DATABASE_URL, as in CI): the template databases (demo seeded, and empty)
 * each spec file's server copies instead of loading a PGlite dump (docs/ci.md).
 */
export const E2E_DEMO_PG_TEMPLATE_ENV = 'FUNIL_E2E_DEMO_PG_TEMPLATE';
export const E2E_EMPTY_PG_TEMPLATE_ENV = 'FUNIL_E2E_EMPTY_PG_TEMPLATE';
/** Screenshots into docs/screenshots/ only when asked: FUNIL_SCREENSHOTS=1. */
export const SCREENSHOTS_WANTED = process.env.FUNIL_SCREENSHOTS === '1';
