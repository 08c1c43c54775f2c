// The control routes (/_emulator/...): what tests and the demo use to play Meta's side. As in the
// gateway emulator, they answer only to loopback peers carrying the control key, and never answer a
// token or the app secret (tokens come from the login flow, or in process from emulator.control.token).
import { randomBytes, timingSafeEqual } from 'node:crypto';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { GraphError } from './graph-error.ts';
import { nodesOf, type State } from './state.ts';
import type { World } from './world.ts';

export const CONTROL_KEY_HEADER = 'x-emulator-control-key';

const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address));

const controlError = (status: number, message: string): GraphError =>
  new GraphError(status, { message, type: 'EmulatorControl', code: status });

const parse = <T extends z.ZodType>(schema: T, body: unknown): z.infer<T> => {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw controlError(400, r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return r.data;
};

const attempt = <T>(fn: () => T): T => {
  try {
    return fn();
  } catch (err) {
    if (err instanceof GraphError) throw err;
    throw controlError(404, err instanceof Error ? err.message : String(err));
  }
};

const status = z.enum(['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED']);
const deliverOptions = {
  duplicates: z.number().int().min(0).max(20).optional(),
  badSignature: z.boolean().optional(),
  order: z.enum(['as-given', 'reverse', 'shuffle']).optional(),
  batch: z.boolean().optional(),
  delayMs: z
    .number()
    .int()
    .min(0)
    .max(36 * 3600_000)
    .optional(),
};

export const registerControlRoutes = (
  app: FastifyInstance,
  input: { state: State; world: World; appId: string; controlKey?: string },
): string => {
  const { state, world } = input;
  const controlKey = input.controlKey ?? randomBytes(24).toString('hex');
  const keyBuffer = Buffer.from(controlKey);
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (!req.url.startsWith('/_emulator/')) return;
    if (!isLoopback(req.socket.remoteAddress)) throw controlError(404, `Unknown path components: ${req.url.split('?')[0]}`);
    const given = req.headers[CONTROL_KEY_HEADER];
    const buffer = Buffer.from(typeof given === 'string' ? given : '');
    if (buffer.length !== keyBuffer.length || !timingSafeEqual(buffer, keyBuffer)) throw controlError(401, 'Unauthorized');
  });

  app.get('/_emulator/state', async () => ({
    webhook: state.webhook ? { url: state.webhook.url, fields: state.webhook.fields } : null,
    usagePercent: state.usagePercent,
    asyncMode: state.asyncMode,
    failures: state.failures,
    dialog: state.dialog,
    users: nodesOf(state, 'user'),
    adAccounts: nodesOf(state, 'adaccount'),
    campaigns: nodesOf(state, 'campaign'),
    adsets: nodesOf(state, 'adset'),
    ads: nodesOf(state, 'ad'),
    pages: nodesOf(state, 'page').map((p) => ({ ...p, subscribedApps: Object.fromEntries(p.subscribedApps) })),
    forms: nodesOf(state, 'form'),
    datasets: nodesOf(state, 'dataset'),
    leads: nodesOf(state, 'lead').length,
    insightRows: state.insights.size,
    tokens: state.tokens.size,
  }));

  app.post('/_emulator/seed/demo', async (req) => {
    const body = parse(
      z.object({ days: z.number().int().min(1).max(800).optional(), pastLeads: z.number().int().min(0).max(10_000).optional() }),
      req.body,
    );
    const w = world.seedDemo({
      ...(body.days !== undefined ? { days: body.days } : {}),
      ...(body.pastLeads !== undefined ? { pastLeads: body.pastLeads } : {}),
    });
    return { ...w, page: { ...w.page, subscribedApps: {} } };
  });
  app.post('/_emulator/users', async (req) =>
    world.user(parse(z.object({ name: z.string().min(1), email: z.string().email() }), req.body)),
  );
  app.post('/_emulator/ad-accounts', async (req) => {
    const b = parse(
      z.object({ name: z.string().min(1), currency: z.string().length(3).optional(), timezone: z.string().optional() }),
      req.body,
    );
    return world.adAccount({
      name: b.name,
      ...(b.currency ? { currency: b.currency } : {}),
      ...(b.timezone ? { timezone: b.timezone } : {}),
    });
  });
  app.post('/_emulator/campaigns', async (req) => {
    const b = parse(
      z.object({
        accountId: z.string(),
        name: z.string().min(1),
        objective: z.string().optional(),
        status: status.optional(),
        dailyBudgetCents: z.number().int().nullable().optional(),
      }),
      req.body,
    );
    return attempt(() => world.campaign(b as Parameters<World['campaign']>[0]));
  });
  app.post('/_emulator/adsets', async (req) => {
    const b = parse(z.object({ campaignId: z.string(), name: z.string().min(1), status: status.optional() }), req.body);
    return attempt(() => world.adset(b as Parameters<World['adset']>[0]));
  });
  app.post('/_emulator/ads', async (req) => {
    const b = parse(z.object({ adsetId: z.string(), name: z.string().min(1), status: status.optional() }), req.body);
    return attempt(() => world.ad(b as Parameters<World['ad']>[0]));
  });
  app.post('/_emulator/pages', async (req) => {
    const p = world.page(
      parse(z.object({ name: z.string().min(1), category: z.string().optional() }), req.body) as { name: string },
    );
    return { ...p, subscribedApps: {} };
  });
  app.post('/_emulator/forms', async (req) => {
    const b = parse(
      z.object({
        pageId: z.string(),
        name: z.string().min(1),
        questions: z
          .array(
            z.object({ key: z.string(), label: z.string(), type: z.enum(['FULL_NAME', 'PHONE', 'EMAIL', 'CUSTOM', 'CITY']) }),
          )
          .optional(),
      }),
      req.body,
    );
    return attempt(() => world.form(b as Parameters<World['form']>[0]));
  });
  app.post('/_emulator/leads', async (req) => {
    const b = parse(
      z.object({
        formId: z.string(),
        adId: z.string().nullable().optional(),
        organic: z.boolean().optional(),
        platform: z.enum(['fb', 'ig']).optional(),
        person: z.object({ name: z.string(), phone: z.string(), email: z.string() }).partial().optional(),
        answers: z.record(z.string(), z.string()).optional(),
        createdTime: z.number().int().optional(),
        deliver: z.union([z.boolean(), z.literal('auto')]).optional(),
        ...deliverOptions,
      }),
      req.body,
    );
    return attempt(() => world.lead(b as Parameters<World['lead']>[0]));
  });
  app.post('/_emulator/leads/deliver', async (req) => {
    const b = parse(z.object({ leadIds: z.array(z.string()).min(1), ...deliverOptions }), req.body);
    const { leadIds, ...options } = b;
    return world.deliver(leadIds, options as Parameters<World['deliver']>[1]);
  });
  app.post('/_emulator/insights', async (req) => {
    const row = z.object({
      adId: z.string(),
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      impressions: z.number().int().min(0),
      reach: z.number().int().min(0),
      clicks: z.number().int().min(0),
      spendCents: z.number().int().min(0),
      actions: z.record(z.string(), z.number().int().min(0)).optional(),
      conversions: z.record(z.string(), z.number().int().min(0)).optional(),
    });
    const b = parse(z.object({ rows: z.array(row).min(1) }), req.body);
    return { rows: attempt(() => b.rows.map((r) => world.dailyInsight(r as Parameters<World['dailyInsight']>[0]))).length };
  });
  app.post('/_emulator/insights/generate', async (req) => {
    const b = parse(
      z.object({ accountId: z.string(), days: z.number().int().min(1).max(1200), seed: z.number().int().optional() }),
      req.body,
    );
    return { rows: attempt(() => world.generateInsights(b as Parameters<World['generateInsights']>[0])) };
  });
  app.post('/_emulator/failures', async (req) => {
    const b = parse(
      z.object({
        code: z.number().int(),
        subcode: z.number().int().optional(),
        message: z.string().optional(),
        scope: z.enum(['all', 'ads', 'insights', 'leadgen', 'pages']).optional(),
        remaining: z.number().int().min(1).nullable().optional(),
        regainMinutes: z.number().int().min(0).optional(),
      }),
      req.body,
    );
    return world.fail(b as Parameters<World['fail']>[0]);
  });
  app.delete('/_emulator/failures', async () => {
    world.clearFailures();
    return { cleared: true };
  });
  app.post('/_emulator/usage', async (req) => {
    world.setUsage(parse(z.object({ percent: z.number().min(0).max(100) }), req.body).percent);
    return { usagePercent: state.usagePercent };
  });
  app.post('/_emulator/async-mode', async (req) => {
    const b = parse(
      z.object({
        kind: z.enum(['normal', 'stuck', 'fail', 'hang']),
        polls: z.number().int().min(0).max(1000).default(2),
        overDays: z.number().int().min(1).optional(),
      }),
      req.body,
    );
    world.setAsyncMode(b as Parameters<World['setAsyncMode']>[0]);
    return state.asyncMode;
  });
  app.post('/_emulator/insights/limit-cap', async (req) => {
    world.setInsightsLimitCap(parse(z.object({ cap: z.number().int().min(1).nullable() }), req.body).cap);
    return { insightsLimitCap: state.insightsLimitCap };
  });
  app.post('/_emulator/tokens/expire', async (req) => {
    const b = parse(z.object({ userId: z.string().optional() }), req.body);
    return { expired: world.expireTokens(b.userId ? { userId: b.userId } : {}) };
  });
  app.post('/_emulator/tokens/revoke', async (req) => {
    const b = parse(
      z.object({
        userId: z.string().optional(),
        subcode: z.union([z.literal(458), z.literal(460), z.literal(464), z.literal(467)]).optional(),
      }),
      req.body,
    );
    return { revoked: world.revokeTokens(b as Parameters<World['revokeTokens']>[0]) };
  });
  app.post('/_emulator/webhook', async (req) => {
    const b = parse(
      z.object({ url: z.string().url(), verifyToken: z.string().min(1), skipVerification: z.boolean().optional() }),
      req.body,
    );
    const r = await world.setWebhook(b);
    if (!r.ok)
      throw controlError(409, `A verificação do callback falhou (status ${r.status ?? 'sem resposta'}): ${r.body.slice(0, 200)}`);
    return r;
  });
  app.post('/_emulator/pages/:pageId/subscribe', async (req) => {
    attempt(() => world.subscribePage((req.params as { pageId: string }).pageId, input.appId));
    return { success: true };
  });
  app.post('/_emulator/dialog', async (req) => {
    world.setDialog(parse(z.object({ mode: z.enum(['approve', 'deny']) }), req.body).mode);
    return { dialog: state.dialog };
  });
  app.post('/_emulator/live', async (req) => {
    const b = parse(z.object({ enabled: z.boolean(), intervalMs: z.number().int().min(50).default(120_000) }), req.body);
    if (b.enabled) world.startLive({ intervalMs: b.intervalMs });
    else world.stopLive();
    return b;
  });
  app.get('/_emulator/ads/:adId/click-to-whatsapp', async (req) =>
    attempt(() => world.clickToWhatsappReferral((req.params as { adId: string }).adId)),
  );
  app.get('/_emulator/requests', async () => state.requests);
  app.delete('/_emulator/requests', async () => {
    state.requests.length = 0;
    return { cleared: true };
  });
  app.get('/_emulator/webhooks', async () => world.webhookAttempts());
  app.get('/_emulator/conversions', async () => state.conversions);
  return controlKey;
};
