// Meta's error body: {error: {message, type, code, error_subcode?, is_transient?, error_user_title?,
// error_user_msg?, fbtrace_id}} (Graph API "Handling errors"). Every failure of the Graph routes is one.
import { randomBytes } from 'node:crypto';

export const fbtraceId = (): string => randomBytes(8).toString('base64url').replace(/[-_]/g, 'A');

export type GraphErrorBody = {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
  fbtrace_id: string;
};

export class GraphError extends Error {
  readonly status: number;
  readonly body: Omit<GraphErrorBody, 'fbtrace_id'>;
  /** Extra response headers (the usage headers of a rate-limit answer). */
  headers: Record<string, string> = {};

  constructor(status: number, body: Omit<GraphErrorBody, 'fbtrace_id'>) {
    super(body.message);
    this.status = status;
    this.body = body;
  }

  envelope(): { error: GraphErrorBody } {
    return { error: { ...this.body, fbtrace_id: fbtraceId() } };
  }
}

const oauth = (code: number, message: string, subcode?: number, status = 400): GraphError =>
  new GraphError(status, { message, type: 'OAuthException', code, ...(subcode !== undefined ? { error_subcode: subcode } : {}) });

// ---- the errors the emulator answers, by Meta's code ----

export const unsupportedGet = (id: string): GraphError =>
  new GraphError(400, {
    message:
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, ` +
      'or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api',
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });

export const unsupportedPost = (id: string): GraphError =>
  new GraphError(400, {
    message:
      `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, ` +
      'or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api',
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });

export const unknownPath = (path: string): GraphError => oauth(2500, `Unknown path components: ${path}`);

export const invalidParameter = (message: string, subcode?: number): GraphError => oauth(100, `(#100) ${message}`, subcode);

export const nonexistingField = (field: string, nodeType: string): GraphError =>
  oauth(100, `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`);

export const missingToken = (): GraphError => oauth(104, 'An access token is required to request this resource.');

export const invalidToken = (): GraphError => oauth(190, 'Invalid OAuth access token - Cannot parse access token');

const fbDate = (ms: number): string => {
  const d = new Date(ms);
  const day = d.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'America/Los_Angeles' });
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Los_Angeles',
    day: '2-digit',
    month: 'short',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).formatToParts(d);
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${day}, ${p('day')}-${p('month')}-${p('year')} ${p('hour')}:${p('minute')}:${p('second')} PDT`;
};

/** 190/463: the token's session expired (a short-lived token after ~2 h, a long-lived one after ~60 days). */
export const expiredToken = (expiredAtMs: number, nowMs: number): GraphError =>
  oauth(
    190,
    `Error validating access token: Session has expired on ${fbDate(expiredAtMs)}. The current time is ${fbDate(nowMs)}.`,
    463,
  );

/** 190/460: the user changed the password (or Meta invalidated the session); 190/458: the app was removed. */
export const revokedToken = (subcode: 458 | 460 | 464 | 467): GraphError => {
  const messages: Record<number, string> = {
    458: 'Error validating access token: The user has not authorized application.',
    460:
      'Error validating access token: The session has been invalidated because the user changed their password ' +
      'or Facebook has changed the session for security reasons.',
    464: 'Error validating access token: Sessions for the user are not allowed because the user is not a confirmed user.',
    467: 'Error validating access token: The session is invalid because the user logged out.',
  };
  return oauth(190, messages[subcode] ?? 'Error validating access token.', subcode);
};

export const proofRequired = (): GraphError =>
  new GraphError(400, {
    message: 'API calls from the server require an appsecret_proof argument',
    type: 'GraphMethodException',
    code: 100,
  });

export const proofInvalid = (): GraphError =>
  new GraphError(400, {
    message: 'Invalid appsecret_proof provided in the API argument',
    type: 'GraphMethodException',
    code: 100,
  });

/** #2635: a Marketing API version past its end of life. */
export const deadVersion = (current: string): GraphError =>
  oauth(2635, `(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: ${current}.`);

export const pageTokenRequired = (): GraphError =>
  new GraphError(400, {
    message: '(#210) A page access token is required to request this resource.',
    type: 'OAuthException',
    code: 210,
  });

export const permissionMissing = (permission: string): GraphError =>
  new GraphError(403, {
    message: `(#200) Requires ${permission} permission to manage the object`,
    type: 'OAuthException',
    code: 200,
  });

// ---- errors a test or the demo forces (control route /_emulator/failures) ----

/** The rate-limit codes of "Rate Limiting" (Graph API overview) and of the Marketing API. */
export const RATE_LIMIT_CODES = [4, 17, 32, 613, 80000, 80001, 80002, 80003, 80004, 80005, 80006] as const;

const RATE_DOC = 'https://developers.facebook.com/docs/graph-api/overview/rate-limiting';
const waitText = (anchor = ''): string => ` Wait a bit and try again. For more info, please refer to ${RATE_DOC}${anchor}.`;
const RATE_LIMIT_TEXT: Record<number, string> = {
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
  613: '(#613) Calls to this api have exceeded the rate limit.',
  80000: `(#80000) There have been too many calls from this ad-account.${waitText('#ads-insights')}`,
  80001: `(#80001) There have been too many calls to this Page account.${waitText()}`,
  80002: `(#80002) There have been too many calls to this Instagram account.${waitText()}`,
  80003: `(#80003) There have been too many calls for custom audience.${waitText('#custom-audience')}`,
  80004: `(#80004) There have been too many calls to this ad-account.${waitText('#ads-management')}`,
  80005: `(#80005) There have been too many leadgen api calls to this Page.${waitText()}`,
  80006: `(#80006) There have been too many messenger api calls to this Page.${waitText()}`,
};

export const isRateLimitCode = (code: number): boolean => (RATE_LIMIT_CODES as readonly number[]).includes(code);

/** An error a test asked for: rate limits, 1 "reduce the amount of data" (HTTP 500), 2 transient, or any code. */
export const forcedError = (code: number, subcode?: number, message?: string): GraphError => {
  if (isRateLimitCode(code)) {
    return new GraphError(400, {
      message: message ?? RATE_LIMIT_TEXT[code] ?? `(#${code}) Rate limit reached`,
      type: 'OAuthException',
      code,
      ...(subcode !== undefined ? { error_subcode: subcode } : code === 17 || code >= 80000 ? { error_subcode: 2446079 } : {}),
      is_transient: true,
    });
  }
  if (code === 1)
    return new GraphError(500, {
      message: message ?? "Please reduce the amount of data you're asking for, then retry your request",
      type: 'OAuthException',
      code: 1,
      ...(subcode !== undefined ? { error_subcode: subcode } : {}),
    });
  if (code === 2)
    return new GraphError(500, {
      message: message ?? 'An unexpected error has occurred. Please retry your request later.',
      type: 'OAuthException',
      code: 2,
      ...(subcode !== undefined ? { error_subcode: subcode } : {}),
      is_transient: true,
    });
  if (code === 190)
    return subcode === 463
      ? expiredToken(Date.now() - 60_000, Date.now())
      : oauth(190, message ?? 'Error validating access token.', subcode);
  return oauth(code, message ?? `(#${code}) An error occurred`, subcode, code >= 500 && code < 600 ? code : 400);
};
