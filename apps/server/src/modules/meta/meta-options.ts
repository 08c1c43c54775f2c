// The server's Meta settings from its environment (env.ts META_*; issue 23 §2). Without META_APP_ID
// Meta is off (the demo's emulator, when started, hands its own app id and secret in). The token key
// is HKDF of META_TOKEN_KEY; without it (development, the demo), a random secret kept in
// FUNIL_DATA_DIR/meta-token.key, created once with mode 0600 (docs/decisions.md "Meta tokens at rest").
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Env } from '../../env.ts';
import { metaTokenKey } from './meta-crypto.ts';
import type { MetaOptions } from './meta.service.ts';

type MetaEnv = Pick<
  Env,
  | 'META_APP_ID'
  | 'META_APP_SECRET'
  | 'META_GRAPH_URL'
  | 'META_DIALOG_URL'
  | 'META_API_VERSION'
  | 'META_TOKEN_KEY'
  | 'FUNIL_DATA_DIR'
  | 'PUBLIC_URL'
>;

/** The secret the token key derives from: META_TOKEN_KEY, else the data folder's key file (created when missing). */
export function tokenSecretOf(env: Pick<MetaEnv, 'META_TOKEN_KEY' | 'FUNIL_DATA_DIR'>): string {
  if (env.META_TOKEN_KEY) return env.META_TOKEN_KEY;
  const file = join(env.FUNIL_DATA_DIR, 'meta-token.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(env.FUNIL_DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote it first.
      return readFileSync(file, 'utf8').trim();
    }
  }
}

/** MetaOptions for buildApp, or undefined when META_APP_ID is not set. */
export function metaOptionsFromEnv(env: MetaEnv): MetaOptions | undefined {
  if (!env.META_APP_ID || !env.META_APP_SECRET) return undefined;
  return {
    appId: env.META_APP_ID,
    appSecret: env.META_APP_SECRET,
    graphUrl: env.META_GRAPH_URL,
    dialogUrl: env.META_DIALOG_URL,
    version: env.META_API_VERSION,
    tokenKey: metaTokenKey(tokenSecretOf(env)),
    publicUrl: env.PUBLIC_URL,
  };
}
