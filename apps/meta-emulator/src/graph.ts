// The Graph API surface: every path /{version}/{node}[/{edge}] lands here. The order of checks is
// Meta's: the version (a dead one answers #2635, a soon-deprecated one adds X-Ad-Api-Version-Warning),
// the token and its appsecret_proof, a forced failure, then the node. Handlers live in
// oauth-routes.ts, pages.ts, marketing.ts, insights.ts and conversions.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { authenticate, type AuthConfig, type Caller } from './auth.ts';
import { deadVersion, forcedError, isRateLimitCode, unknownPath, unsupportedGet, unsupportedPost } from './graph-error.ts';
import { mergeParams, type Params } from './params.ts';
import { nodeOf, type Failure, type GraphNode, type State } from './state.ts';
import { usageHeaders, type UsageKind } from './usage.ts';

export type GraphConfig = AuthConfig & {
  appName: string;
  /** The one current version, e.g. v26.0. */
  version: string;
  /** Versions still answered but with X-Ad-Api-Version-Warning. */
  deprecatedVersions: string[];
};

export type Call = {
  req: FastifyRequest;
  reply: FastifyReply;
  method: 'GET' | 'POST' | 'DELETE';
  params: Params;
  version: string;
  /** The path after the version, e.g. `act_123/campaigns`. */
  path: string;
  nodeId: string;
  node: GraphNode | null;
  edge: string | undefined;
  caller: Caller;
  /** An absolute URL of this call with `extra` parameters (paging links: token kept, proof dropped). */
  link(extra: Params): string;
};

export type Handler = (call: Call) => unknown | Promise<unknown>;

export type GraphContext = {
  state: State;
  config: GraphConfig;
  baseUrl(): string;
  /** Handlers of node types and of the special nodes (`me`), by `${type}` or `${type}/${edge}` and method. */
  handlers: Map<string, Handler>;
  /** Calls without a token (the OAuth endpoint and the login dialog), by path after the version. */
  open: Map<string, (req: FastifyRequest, reply: FastifyReply, params: Params, version: string) => unknown>;
};

export const on = (ctx: GraphContext, method: Call['method'], key: string, handler: Handler): void => {
  ctx.handlers.set(`${method} ${key}`, handler);
};

const VERSION = /^v(\d+)\.(\d+)$/;
export const REQUEST_LOG_LIMIT = 5_000;
const major = (v: string): number => Number(VERSION.exec(v)?.[1] ?? 0);

/** What a call's failures and usage headers count as. */
const kindOf = (node: GraphNode | null, nodeId: string, edge: string | undefined): UsageKind => {
  if (edge === 'insights' || node?.type === 'report_run') return 'ads_insights';
  if (node && ['adaccount', 'campaign', 'adset', 'ad'].includes(node.type)) return 'ads_management';
  if (nodeId === 'me' && edge === 'adaccounts') return 'ads_management';
  if (node?.type === 'form' || node?.type === 'lead' || edge === 'leadgen_forms' || edge === 'leads') return 'leadgen';
  if (node?.type === 'page' || (nodeId === 'me' && edge === 'accounts')) return 'pages';
  return null;
};

const scopeMatches = (failure: Failure, kind: UsageKind): boolean => {
  switch (failure.scope) {
    case 'all':
      return true;
    case 'ads':
      return kind === 'ads_management' || kind === 'ads_insights';
    case 'insights':
      return kind === 'ads_insights';
    case 'leadgen':
      return kind === 'leadgen';
    case 'pages':
      return kind === 'pages' || kind === 'leadgen';
  }
};

const accountOf = (state: State, node: GraphNode | null): { accountId: string | null; businessId: string | null } => {
  if (!node) return { accountId: null, businessId: null };
  const accountId =
    node.type === 'adaccount' ? node.id : 'accountId' in node && typeof node.accountId === 'string' ? node.accountId : null;
  const account = accountId ? nodeOf(state, accountId, 'adaccount') : null;
  // A page's calls, and its leads' (GET /{leadgen_id}: the `leadgen` use case), count against the page.
  const pageId = node.type === 'page' ? node.id : node.type === 'lead' ? node.pageId : null;
  return { accountId: account?.accountId ?? null, businessId: account?.businessId ?? pageId };
};

export const registerGraph = (app: FastifyInstance, ctx: GraphContext): void => {
  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const method = req.method as Call['method'];
    const url = new URL(req.url, 'http://emulator');
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const params = mergeParams(req.query, req.body);
    let version = ctx.config.version;
    if (segments[0] && VERSION.test(segments[0])) {
      version = segments.shift()!;
      if (version !== ctx.config.version && !ctx.config.deprecatedVersions.includes(version)) {
        if (major(version) > major(ctx.config.version)) throw unknownPath(url.pathname);
        throw deadVersion(ctx.config.version);
      }
      if (version !== ctx.config.version)
        reply.header(
          'x-ad-api-version-warning',
          `The call is being made to version ${version} which will be deprecated soon. Please upgrade to ${ctx.config.version}.`,
        );
    }
    const path = segments.join('/');
    ctx.state.requests.push({
      method,
      path: `/${version}/${path}`,
      query: { ...params, ...(params.access_token ? { access_token: '***' } : {}) },
      at: new Date().toISOString(),
      proof: params.appsecret_proof !== undefined,
    });
    // The demo runs for days: keep the newest calls only.
    if (ctx.state.requests.length > REQUEST_LOG_LIMIT)
      ctx.state.requests.splice(0, ctx.state.requests.length - REQUEST_LOG_LIMIT);
    const open = ctx.open.get(path);
    if (open) return open(req, reply, params, version);
    if (segments.length === 0 || segments.length > 2) throw unknownPath(url.pathname);

    const caller = authenticate(ctx.state, ctx.config, req, params);
    const nodeId = segments[0]!;
    const edge = segments[1];
    const node = ctx.state.nodes.get(nodeId) ?? null;
    const kind = kindOf(node, nodeId, edge);
    const { accountId, businessId } = accountOf(ctx.state, node);

    const failure = ctx.state.failures.find((f) => scopeMatches(f, kind) && (f.remaining === null || f.remaining > 0));
    if (failure) {
      if (failure.remaining !== null) failure.remaining -= 1;
      const err = forcedError(failure.code, failure.subcode, failure.message);
      const limited = isRateLimitCode(failure.code) ? { regainMinutes: failure.regainMinutes } : null;
      err.headers = usageHeaders(ctx.state, { kind, businessId, accountId, limited });
      throw err;
    }
    reply.headers(usageHeaders(ctx.state, { kind, businessId, accountId, limited: null }));
    // Ad objects answer only to users of their ad account (else Meta's "does not exist … missing permissions").
    const account =
      node?.type === 'adaccount' ? node : node && 'accountId' in node ? nodeOf(ctx.state, node.accountId, 'adaccount') : null;
    if (account && (!caller.token || caller.token.kind === 'page' || !account.userIds.includes(caller.token.userId)))
      throw method === 'GET' ? unsupportedGet(nodeId) : unsupportedPost(nodeId);

    const special = nodeId === 'me' || nodeId === 'debug_token' ? nodeId : nodeId === ctx.config.appId ? 'app' : null;
    const type = special ?? node?.type;
    const handler = type ? ctx.handlers.get(`${method} ${type}${edge ? `/${edge}` : ''}`) : undefined;
    if (!handler) {
      if (!node && !special) throw method === 'GET' ? unsupportedGet(nodeId) : unsupportedPost(nodeId);
      if (edge) throw unknownPath(`/${version}/${path}`);
      throw method === 'GET' ? unsupportedGet(nodeId) : unsupportedPost(nodeId);
    }
    const link = (extra: Params): string => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) if (!['appsecret_proof', 'after', 'before', 'limit'].includes(k)) q.set(k, v);
      if (!q.has('access_token')) q.set('access_token', caller.raw);
      for (const [k, v] of Object.entries(extra)) q.set(k, v);
      return `${ctx.baseUrl()}/${version}/${path}?${q.toString()}`;
    };
    return handler({ req, reply, method, params, version, path, nodeId, node, edge, caller, link });
  };
  app.route({ method: ['GET', 'POST', 'DELETE'], url: '/*', handler: handle });
};
