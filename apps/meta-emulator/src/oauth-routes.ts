// Facebook Login, server side ("Manually Build a Login Flow", "Long-Lived Access Tokens"):
//   GET /dialog/oauth            the login dialog: redirects to redirect_uri with ?code&state (or error=access_denied)
//   GET /{v}/oauth/access_token  code → short-lived user token; grant_type=fb_exchange_token → long-lived (~60 days)
//   GET /debug_token             what a token is (app token or any valid token as access_token)
//   GET /{v}/me, /me/permissions, /me/accounts (pages with their page tokens), /me/adaccounts
import { randomBytes } from 'node:crypto';

import { issueToken, LONG_LIVED_SECONDS, SHORT_LIVED_SECONDS } from './auth.ts';
import { GraphError, invalidParameter } from './graph-error.ts';
import { on, type Call, type GraphContext } from './graph.ts';
import { page, requestedFields } from './params.ts';
import { nodeOf, nodesOf, nowSeconds, type UserToken } from './state.ts';

/** The permissions Funil asks for (002 §2.5) plus what Lead Ads needs (issue 23 §2). */
export const DEFAULT_SCOPES = [
  'public_profile',
  'email',
  'ads_management',
  'ads_read',
  'business_management',
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_metadata',
  'pages_manage_ads',
  'leads_retrieval',
];

const oauthError = (code: number, message: string, subcode?: number): GraphError =>
  new GraphError(400, { message, type: 'OAuthException', code, ...(subcode !== undefined ? { error_subcode: subcode } : {}) });

const pick = (all: Record<string, unknown>, fields: string[]): Record<string, unknown> =>
  Object.fromEntries(fields.filter((f) => all[f] !== undefined).map((f) => [f, all[f]]));

/** The user a call acts for (a page token acts for its page's user). */
export const userOf = (ctx: GraphContext, call: Call) => {
  const t = call.caller.token;
  if (!t) throw oauthError(2500, 'An active access token must be used to query information about the current user.');
  return nodeOf(ctx.state, t.userId, 'user');
};

/** The page token a user token gets for a page: one per (user token, page), never expiring for a long-lived user token. */
const pageTokenFor = (ctx: GraphContext, userToken: UserToken, pageId: string): UserToken => {
  for (const t of ctx.state.tokens.values())
    if (
      t.kind === 'page' &&
      t.pageId === pageId &&
      t.userId === userToken.userId &&
      !t.revoked &&
      t.issuedAt >= userToken.issuedAt
    )
      return t;
  const longLived = userToken.expiresAt === 0 || userToken.expiresAt - userToken.issuedAt > SHORT_LIVED_SECONDS + 60;
  return issueToken(ctx.state, {
    kind: 'page',
    userId: userToken.userId,
    pageId,
    lifetimeSeconds: longLived ? null : Math.max(1, userToken.expiresAt - nowSeconds()),
    scopes: userToken.scopes,
  });
};

export const registerOauthRoutes = (ctx: GraphContext): void => {
  const { state, config } = ctx;

  ctx.open.set('dialog/oauth', (_req, reply, params) => {
    if (params.client_id !== config.appId) throw oauthError(101, 'Error validating application. Invalid application ID.');
    const redirect = params.redirect_uri;
    if (!redirect) throw invalidParameter('Missing redirect_uri parameter.');
    const target = new URL(redirect);
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    if (state.dialog === 'deny') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_code', '200');
      target.searchParams.set('error_description', 'Permissions error');
      target.searchParams.set('error_reason', 'user_denied');
      return reply.redirect(target.toString(), 302);
    }
    const user = nodesOf(state, 'user')[0];
    if (!user) throw oauthError(1, 'No user to log in: seed one first (control route /_emulator/seed/demo).');
    const code = `AQ${randomBytes(96).toString('base64url')}`;
    const scopes = params.scope ? params.scope.split(/[ ,]+/).filter(Boolean) : ['public_profile'];
    state.codes.set(code, { userId: user.id, redirectUri: redirect, scopes, expiresAt: nowSeconds() + 600, used: false });
    target.searchParams.set('code', code);
    return reply.redirect(target.toString(), 302);
  });

  ctx.open.set('oauth/access_token', (_req, _reply, params) => {
    if (params.client_id !== config.appId) throw oauthError(101, 'Error validating application. Invalid application ID.');
    if (params.client_secret !== config.appSecret) throw oauthError(1, 'Error validating client secret.');
    if (params.grant_type === 'fb_exchange_token') {
      const short = params.fb_exchange_token ? state.tokens.get(params.fb_exchange_token) : undefined;
      if (!short || short.kind !== 'user') throw oauthError(190, 'Invalid OAuth access token - Cannot parse access token');
      if (short.expiresAt !== 0 && short.expiresAt <= nowSeconds())
        throw oauthError(190, 'Error validating access token: Session has expired.', 463);
      const long = issueToken(state, {
        kind: 'user',
        userId: short.userId,
        lifetimeSeconds: LONG_LIVED_SECONDS,
        scopes: short.scopes,
      });
      return { access_token: long.token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS };
    }
    if (params.grant_type === 'client_credentials')
      return { access_token: `${config.appId}|${config.appSecret}`, token_type: 'bearer' };
    const code = params.code ? state.codes.get(params.code) : undefined;
    if (!code || code.expiresAt <= nowSeconds()) throw oauthError(100, 'Invalid verification code format.');
    if (code.used) throw oauthError(100, 'This authorization code has been used.', 36009);
    if (params.redirect_uri !== code.redirectUri)
      throw oauthError(
        100,
        'Error validating verification code. ' +
          'Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        36008,
      );
    code.used = true;
    const token = issueToken(state, {
      kind: 'user',
      userId: code.userId,
      lifetimeSeconds: SHORT_LIVED_SECONDS,
      scopes: code.scopes,
    });
    return { access_token: token.token, token_type: 'bearer', expires_in: SHORT_LIVED_SECONDS };
  });

  on(ctx, 'GET', 'debug_token', (call) => {
    const input = call.params.input_token;
    if (!input) throw invalidParameter('The parameter input_token is required');
    const t = state.tokens.get(input);
    const now = nowSeconds();
    if (!t) return { data: { error: { code: 190, message: 'Invalid OAuth access token.' }, is_valid: false, scopes: [] } };
    const expired = t.expiresAt !== 0 && t.expiresAt <= now;
    const data: Record<string, unknown> = {
      app_id: config.appId,
      type: t.kind === 'page' ? 'PAGE' : t.kind === 'system_user' ? 'SYSTEM_USER' : 'USER',
      application: config.appName,
      data_access_expires_at: t.issuedAt + 90 * 86_400,
      expires_at: t.expiresAt,
      is_valid: !expired && !t.revoked,
      issued_at: t.issuedAt,
      scopes: t.scopes,
      granular_scopes: t.scopes.filter((s) => s !== 'public_profile' && s !== 'email').map((scope) => ({ scope })),
      user_id: t.userId,
      ...(t.pageId ? { profile_id: t.pageId } : {}),
    };
    if (expired) data.error = { code: 190, message: `Error validating access token: Session has expired.`, subcode: 463 };
    if (t.revoked) data.error = { code: 190, message: 'Error validating access token.', subcode: t.revoked };
    return { data };
  });

  on(ctx, 'GET', 'me', (call) => {
    const t = call.caller.token;
    if (t?.kind === 'page') {
      const p = nodeOf(state, t.pageId!, 'page')!;
      return pick(
        { id: p.id, name: p.name, category: p.category },
        requestedFields(call.params, ['id', 'name', 'category'], ['id', 'name'], 'Page'),
      );
    }
    const user = userOf(ctx, call);
    if (!user) throw invalidParameter('Unknown user');
    const fields = requestedFields(call.params, ['id', 'name', 'email', 'first_name', 'last_name'], ['id', 'name'], 'User');
    const [first, ...rest] = user.name.split(' ');
    return pick({ id: user.id, name: user.name, email: user.email, first_name: first, last_name: rest.join(' ') }, fields);
  });

  on(ctx, 'GET', 'me/permissions', (call) => {
    const t = call.caller.token;
    if (!t) throw invalidParameter('A user access token is required');
    return { data: t.scopes.map((permission) => ({ permission, status: 'granted' })) };
  });

  on(ctx, 'GET', 'me/accounts', (call) => {
    const t = call.caller.token;
    if (!t || t.kind === 'page') throw oauthError(100, '(#100) Tried accessing nonexisting field (accounts) on node type (Page)');
    const fields = requestedFields(
      call.params,
      ['id', 'name', 'access_token', 'category', 'category_list', 'tasks'],
      ['access_token', 'category', 'category_list', 'name', 'id', 'tasks'],
      'Page',
    );
    const pages = nodesOf(state, 'page')
      .filter((p) => p.userIds.includes(t.userId))
      .map((p) =>
        pick(
          {
            access_token: pageTokenFor(ctx, t, p.id).token,
            category: p.category,
            category_list: [{ id: '2250', name: p.category }],
            name: p.name,
            id: p.id,
            tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
          },
          fields,
        ),
      );
    return page(pages, call.params, call.link, 100);
  });

  on(ctx, 'GET', 'me/adaccounts', (call) => {
    const t = call.caller.token;
    if (!t || t.kind === 'page')
      throw oauthError(100, '(#100) Tried accessing nonexisting field (adaccounts) on node type (Page)');
    const fields = requestedFields(
      call.params,
      ['id', 'account_id', 'name', 'currency', 'timezone_name', 'account_status', 'business'],
      ['account_id', 'id'],
      'AdAccount',
    );
    const accounts = nodesOf(state, 'adaccount')
      .filter((a) => a.userIds.includes(t.userId))
      .map((a) =>
        pick(
          {
            id: a.id,
            account_id: a.accountId,
            name: a.name,
            currency: a.currency,
            timezone_name: a.timezone,
            account_status: a.accountStatus,
            business: { id: a.businessId, name: a.name },
          },
          fields,
        ),
      );
    return page(accounts, call.params, call.link);
  });

  // The app's webhook subscriptions (what the App Dashboard's Webhooks product does): the handshake first.
  on(ctx, 'GET', 'app/subscriptions', (call) => {
    if (!call.caller.appToken) throw oauthError(15, '(#15) This method must be called with an app access_token.');
    const w = state.webhook;
    return {
      data: w
        ? [
            {
              object: 'page',
              callback_url: w.url,
              active: true,
              fields: w.fields.map((name) => ({ name, version: call.version })),
            },
          ]
        : [],
    };
  });
};

export { pick };
