// Typed failure of a Graph API call (issue 23 §2): Meta answers {error:{message,type,code,error_subcode?,
// is_transient?,fbtrace_id}}. `kind` tells a caller what to do: back off and retry ('rate-limit',
// 'transient'), ask for a new login ('token'), or give up ('permission', 'invalid', 'unknown').
// `status` is the HTTP status (0 when no answer came back).

export type MetaErrorKind = 'rate-limit' | 'token' | 'transient' | 'permission' | 'invalid' | 'network' | 'unknown';

/** Meta's throttling codes (Graph API "Rate Limiting"): app 4, user 17, per-call 613, business use case 80000–80006. */
export const RATE_LIMIT_CODES: ReadonlySet<number> = new Set([4, 17, 32, 613, 80000, 80001, 80002, 80003, 80004, 80005, 80006]);

/** True for the rate-limit codes a caller must back off on. */
export const isRateLimitCode = (code: number): boolean => RATE_LIMIT_CODES.has(code);

export type MetaErrorBody = {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
  fbtrace_id?: string;
};

export class MetaGraphError extends Error {
  readonly kind: MetaErrorKind;
  readonly status: number;
  readonly code: number;
  readonly subcode: number | null;
  readonly fbtraceId: string | null;
  /** Minutes until access comes back (`estimated_time_to_regain_access` of the usage headers), when Meta says. */
  readonly regainAccessMinutes: number | null;
  readonly path: string;

  constructor(input: {
    kind: MetaErrorKind;
    status: number;
    code: number;
    subcode?: number | null;
    message: string;
    fbtraceId?: string | null;
    regainAccessMinutes?: number | null;
    path: string;
  }) {
    super(
      `Meta ${input.path} failed (${input.status}, code ${input.code}${input.subcode ? `/${input.subcode}` : ''}): ${input.message}`,
    );
    this.name = 'MetaGraphError';
    this.kind = input.kind;
    this.status = input.status;
    this.code = input.code;
    this.subcode = input.subcode ?? null;
    this.fbtraceId = input.fbtraceId ?? null;
    this.regainAccessMinutes = input.regainAccessMinutes ?? null;
    this.path = input.path;
  }

  /** A caller may try again later (rate limit, transient failure, network). */
  get retryable(): boolean {
    return this.kind === 'rate-limit' || this.kind === 'transient' || this.kind === 'network';
  }

  /** How long to wait before the next try: Meta's estimate when it gave one, else null (the caller's backoff). */
  get retryAfterMs(): number | null {
    return this.regainAccessMinutes !== null && this.regainAccessMinutes > 0 ? this.regainAccessMinutes * 60_000 : null;
  }
}

/** The kind of a Graph error body (codes of Graph API "Handling errors"). */
export function classifyMetaError(body: MetaErrorBody): MetaErrorKind {
  if (isRateLimitCode(body.code)) return 'rate-limit';
  if (body.code === 190 || body.code === 102 || body.code === 463 || body.code === 467) return 'token';
  if (body.is_transient === true || body.code === 1 || body.code === 2) return 'transient';
  if (body.code === 10 || body.code === 200 || (body.code >= 200 && body.code <= 299)) return 'permission';
  if (body.code === 100 || body.code === 104 || body.code === 2500 || body.code === 2635) return 'invalid';
  return 'unknown';
}

/**
 * The largest `estimated_time_to_regain_access` (minutes) of the `x-business-use-case-usage` header
 * (a JSON string: {<business-id>: [{type, call_count, …, estimated_time_to_regain_access}]}), or null.
 */
export function regainAccessMinutes(header: string | null): number | null {
  if (!header) return null;
  try {
    const parsed = JSON.parse(header) as Record<string, unknown>;
    let best: number | null = null;
    for (const entries of Object.values(parsed)) {
      if (!Array.isArray(entries)) continue;
      for (const entry of entries) {
        const value = Number((entry as { estimated_time_to_regain_access?: unknown }).estimated_time_to_regain_access);
        if (Number.isFinite(value) && (best === null || value > best)) best = value;
      }
    }
    return best;
  } catch {
    return null;
  }
}
