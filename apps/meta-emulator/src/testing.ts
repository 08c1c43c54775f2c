// Shared by the emulator's tests: an emulator with the demo world and a caller that signs every call.
import { appsecretProof, createMetaEmulator, type MetaEmulator } from './emulator.ts';

export const APP_ID = '987654321012345';
export const APP_SECRET = 'segredo-do-app-0123456789abcdef';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const bootEmulator = (extra: Partial<Parameters<typeof createMetaEmulator>[0]> = {}) => {
  const emu = createMetaEmulator({
    appId: APP_ID,
    appSecret: APP_SECRET,
    webhookRetry: { baseDelayMs: 10, maxDelayMs: 20, maxAttempts: 3 },
    ...extra,
  });
  const demo = emu.control.seedDemo({ days: 40 });
  const token = emu.control.token();
  return { emu, demo, token };
};

/** A Graph call through inject: `params` in the query string, appsecret_proof added unless `proof: false`. */
export const graph = async (
  emu: MetaEmulator,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Record<string, string> = {},
  options: { token?: string | null; proof?: boolean | string } = {},
) => {
  const q = new URLSearchParams(params);
  const token = options.token;
  if (token) {
    q.set('access_token', token);
    if (options.proof !== false)
      q.set('appsecret_proof', typeof options.proof === 'string' ? options.proof : appsecretProof(token, APP_SECRET));
  }
  const res = await emu.app.inject({ method, url: `${path}?${q.toString()}` });
  return { status: res.statusCode, headers: res.headers, body: res.json() as Json };
};
