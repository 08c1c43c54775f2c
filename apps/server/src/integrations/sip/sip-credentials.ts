// auth_ephemeral credentials (issue 12): username = expiry:extension, password =
// base64(HMAC-SHA1(secret, username)). Kamailio recomputes the password with the same shared
// secret, so no SIP password is ever stored or handed to the browser for long.
import { createHmac } from 'node:crypto';

export type EphemeralCredentials = { usuario: string; senha: string; expiraEm: Date };

/** Credentials for `extension` valid for `ttlSeconds` from `now`. */
export function ephemeralCredentials(
  secret: string,
  extension: number | string,
  ttlSeconds: number,
  now = new Date(),
): EphemeralCredentials {
  const expiry = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const usuario = `${expiry}:${extension}`;
  return { usuario, senha: createHmac('sha1', secret).update(usuario).digest('base64'), expiraEm: new Date(expiry * 1000) };
}
