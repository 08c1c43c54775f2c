// Tokens at rest (issue 23 §2 "stored encrypted"): AES-256-GCM with a random 12-byte nonce per value,
// stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). The key is HKDF-SHA256 of META_TOKEN_KEY
// (docs/decisions.md "Issue 23: Meta tokens at rest"); a value written under another key does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The 32-byte key of the token cipher, derived from a secret of at least 32 characters. */
export function metaTokenKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'funil', 'funil meta tokens v1', 32));
}

export function encryptToken(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The token, or null when the value is not ours (another key, tampered, unknown format). */
export function decryptToken(key: Buffer, stored: string): string | null {
  const [version, nonce, tag, body] = stored.split('.');
  if (version !== 'v1' || nonce === undefined || tag === undefined || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
