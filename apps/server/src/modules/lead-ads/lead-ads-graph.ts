// What the Lead Ads intake needs of Meta (issue 23 §2): the company a page is connected to and a
// Graph GET on behalf of that page. The connection and the Graph client belong to the meta module
// (h-meta: modules/meta/meta.service.ts, integrations/meta/); this is the small adapter the intake
// depends on, so the intake is tested against the real emulator whichever way the page's token is found.
import { createHmac } from 'node:crypto';

import type { DbOrTx } from '../../db/handle.ts';

export type LeadAdsGraph = {
  /** The company connected to this Facebook page, or null. */
  companyOfPage(db: DbOrTx, pageId: string): Promise<number | null>;
  /** GET /{path} with the page's access (token and appsecret_proof); throws GraphCallError. */
  get(
    db: DbOrTx,
    idEmpresa: number,
    pageId: string,
    path: string,
    params: Record<string, string>,
  ): Promise<Record<string, unknown>>;
};

/** Meta's rate-limit codes (Graph and Marketing API): 4, 17, 32, 613 and 80000–80006 (issue 23 §2). */
export function isRateLimitCode(code: number): boolean {
  return code === 4 || code === 17 || code === 32 || code === 613 || (code >= 80000 && code <= 80006);
}

export class GraphCallError extends Error {
  readonly code: number;
  readonly subcode: number | null;
  /** estimated_time_to_regain_access (minutes) of the usage header, when Meta gave one. */
  readonly regainMinutes: number | null;
  readonly transient: boolean;
  constructor(input: {
    message: string;
    code: number;
    subcode?: number | null;
    regainMinutes?: number | null;
    transient?: boolean;
  }) {
    super(input.message);
    this.name = 'GraphCallError';
    this.code = input.code;
    this.subcode = input.subcode ?? null;
    this.regainMinutes = input.regainMinutes ?? null;
    this.transient = input.transient ?? false;
  }
  /** Worth another try later: a rate limit, Meta's transient codes 1 and 2, a network failure (code 0). */
  get retryable(): boolean {
    return this.transient || isRateLimitCode(this.code) || this.code === 1 || this.code === 2 || this.code === 0;
  }
}

/** The largest estimated_time_to_regain_access (minutes) of an x-business-use-case-usage header, or null. */
export function regainMinutesOf(header: string | null): number | null {
  if (!header) return null;
  try {
    const parsed = JSON.parse(header) as Record<string, { estimated_time_to_regain_access?: number }[]>;
    let best: number | null = null;
    for (const list of Object.values(parsed))
      for (const item of list ?? [])
        if (typeof item.estimated_time_to_regain_access === 'number')
          best = Math.max(best ?? 0, item.estimated_time_to_regain_access);
    return best;
  } catch {
    return null;
  }
}

/** appsecret_proof: HMAC-SHA256 of the token keyed with the app secret (hex). */
export const appsecretProofOf = (token: string, appSecret: string): string =>
  createHmac('sha256', appSecret).update(token).digest('hex');

/**
 * One Graph GET over HTTP with a token and its appsecret_proof, Meta's error turned into a
 * GraphCallError (with the regain time of the usage header). Used by the adapters.
 */
export async function graphGet(
  base: { baseUrl: string; version: string; appSecret: string },
  token: string,
  path: string,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const url = new URL(`${base.baseUrl.replace(/\/$/, '')}/${base.version}/${path.replace(/^\//, '')}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.searchParams.set('access_token', token);
  url.searchParams.set('appsecret_proof', appsecretProofOf(token, base.appSecret));
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  } catch (err) {
    throw new GraphCallError({ message: `falha de rede (${err instanceof Error ? err.message : String(err)})`, code: 0 });
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  const error = body.error as { message?: string; code?: number; error_subcode?: number; is_transient?: boolean } | undefined;
  if (!res.ok || error) {
    throw new GraphCallError({
      message: error?.message ?? `HTTP ${res.status}`,
      code: error?.code ?? (res.status >= 500 ? 2 : 0),
      subcode: error?.error_subcode ?? null,
      transient: error?.is_transient === true,
      regainMinutes: regainMinutesOf(res.headers.get('x-business-use-case-usage')),
    });
  }
  return body;
}
