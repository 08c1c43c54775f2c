// Access tokens and appsecret_proof (Graph API "Access Tokens", "Securing Requests"): every call with
// a token must carry appsecret_proof = hex HMAC-SHA256 of the token keyed by the app secret, unless
// the emulator runs with requireProof: false; a bad token answers 190, an expired one 190/463.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { FastifyRequest } from 'fastify';

import { expiredToken, invalidToken, missingToken, proofInvalid, proofRequired, revokedToken } from './graph-error.ts';
import type { Params } from './params.ts';
import { nowSeconds, type State, type UserToken } from './state.ts';

export const SHORT_LIVED_SECONDS = 2 * 60 * 60 - 1_000; // ~1–2 h, as Meta's short-lived user tokens
export const LONG_LIVED_SECONDS = 5_183_944; // ~60 days, the `expires_in` Meta answers for fb_exchange_token

export const appsecretProof = (token: string, appSecret: string): string =>
  createHmac('sha256', appSecret).update(token).digest('hex');

/** A token that looks like Meta's (EAA… base62, ~200 characters). */
export const newTokenString = (): string =>
  `EAA${randomBytes(150)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 180)}`;

export const issueToken = (
  state: State,
  input: { kind: UserToken['kind']; userId: string; pageId?: string; lifetimeSeconds: number | null; scopes: string[] },
): UserToken => {
  const issuedAt = nowSeconds();
  const token: UserToken = {
    token: newTokenString(),
    kind: input.kind,
    userId: input.userId,
    ...(input.pageId ? { pageId: input.pageId } : {}),
    issuedAt,
    expiresAt: input.lifetimeSeconds === null ? 0 : issuedAt + input.lifetimeSeconds,
    scopes: input.scopes,
  };
  state.tokens.set(token.token, token);
  return token;
};

/** The token of a call: `access_token` parameter, or `Authorization: Bearer|OAuth <token>`. */
export const tokenOf = (req: FastifyRequest, params: Params): string | undefined => {
  if (params.access_token) return params.access_token;
  const auth = req.headers.authorization;
  const m = auth ? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(auth) : null;
  return m?.[1];
};

export type Caller = { token: UserToken | null; appToken: boolean; raw: string };

export type AuthConfig = { appId: string; appSecret: string; requireProof: boolean };

/** Checks a call's token and proof; answers who calls. The app token is `{app-id}|{app-secret}`. */
export const authenticate = (state: State, config: AuthConfig, req: FastifyRequest, params: Params): Caller => {
  const raw = tokenOf(req, params);
  if (!raw) throw missingToken();
  const appToken = raw === `${config.appId}|${config.appSecret}`;
  const token = appToken ? null : (state.tokens.get(raw) ?? null);
  if (!appToken && !token) throw invalidToken();
  if (token?.revoked) throw revokedToken(token.revoked);
  const now = nowSeconds();
  if (token && token.expiresAt !== 0 && token.expiresAt <= now) throw expiredToken(token.expiresAt * 1000, now * 1000);
  const proof = params.appsecret_proof;
  if (proof === undefined) {
    if (config.requireProof) throw proofRequired();
  } else {
    const expected = Buffer.from(appsecretProof(raw, config.appSecret));
    const given = Buffer.from(proof);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw proofInvalid();
  }
  return { token, appToken, raw };
};
