// Automations (issue 25; 002 §2.7): the engine's wiring (the lead event consumer that enrols, the
// Ticker that advances runs) and the /automacao screen's API.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { roleOf } from '@funil/domain/access/roles';
import {
  AUTOMATION_API_MESSAGES,
  automationInputSchema,
  leadRunsResponseSchema,
  performanceResponseSchema,
  retryBodySchema,
  retryResponseSchema,
  ruleResponseSchema,
  rulesResponseSchema,
  ruleStatusBodySchema,
  typebotSettingsResponseSchema,
  typebotSettingsSchema,
} from '@funil/domain/automations/automations';
import { idParams } from '@funil/domain/http/ids';

import { DomainError } from '../../http/domain-error.ts';
import { errorResponses, LEAD_SCREENS } from '../../http/lead-screens.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import type { Session } from '../auth/auth.service.ts';
import { campaignContextOf } from '../whatsapp/campaign/campaign-send.service.ts';
import { AutomationEngine, type AutomationEngineOptions } from './automations.engine.ts';
import { changeRule, createRule, leadRuns, listRules, retryRun, rulePerformance, ruleView } from './automations.service.ts';
import { saveTypebotSettings, typebotSettingsOf } from './typebot-settings.ts';

// 000 §6: /automacao is the admin's and the user's with the unit's `automacao` flag. Only the admin
// changes rules; the user sees them, their performance and retries a run (docs/decisions.md "Automations").
const route = { config: { access: '/automacao' } } as const;

function requireAdmin(session: Session): void {
  if (roleOf(session.permission) !== 'admin') throw new DomainError('forbidden', AUTOMATION_API_MESSAGES.adminOnly);
}

export type AutomationsRoutesOptions = { engine?: (AutomationEngineOptions & { autoStart?: boolean }) | undefined };

// Keyed by the HTTP server, which the root instance and its plugins share.
const engines = new WeakMap<object, AutomationEngine>();

/** The automations engine of a built app (tests drive it with their clock). */
export function automationEngineOf(app: FastifyInstance): AutomationEngine {
  const engine = engines.get(app.server);
  if (!engine) throw new Error('automationsRoutes não registrado');
  return engine;
}

export const automationsRoutes: FastifyPluginAsyncZod<AutomationsRoutesOptions> = async (app, options) => {
  const engine = new AutomationEngine(
    {
      db: app.db,
      realtime: app.realtime,
      whatsapp: campaignContextOf(app),
      enqueueJob: (input, tx) => app.jobs.enqueue(input, tx),
    },
    { log: (message, err) => app.log.error({ err }, message), ...options.engine },
  );
  engines.set(app.server, engine);
  app.leadEvents.add(engine.consumer());
  if (options.engine?.autoStart !== false) {
    app.addHook('onReady', async () => engine.start());
    app.addHook('onClose', async () => engine.stop());
  }

  const now = options.engine?.now ?? (() => new Date());
  const id = idParams('id');
  const runParams = idParams('id').extend(idParams('idExecucao').shape);

  app.get(
    '/automacoes',
    { ...route, schema: { response: { 200: rulesResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: (await listRules(app.db, sessionOf(request).unidadeId)).map(ruleView),
    }),
  );
  app.post(
    '/automacoes',
    { ...route, schema: { body: automationInputSchema, response: { 201: ruleResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const session = sessionOf(request);
      requireAdmin(session);
      const rule = await createRule(
        app.db,
        { idEmpresa: session.empresaId, idUnidade: session.unidadeId, idUsuario: session.userId },
        request.body,
      );
      return reply.code(201).send({ message: AUTOMATION_API_MESSAGES.created, data: ruleView(rule) });
    },
  );
  app.put(
    '/automacoes/:id',
    { ...route, schema: { params: id, body: automationInputSchema, response: { 200: ruleResponseSchema, ...errorResponses } } },
    async (request) => {
      const session = sessionOf(request);
      requireAdmin(session);
      const rule = await changeRule(app.db, session.unidadeId, request.params.id, request.body);
      return { message: AUTOMATION_API_MESSAGES.updated, data: ruleView(rule) };
    },
  );
  // The unit's Typebot server and flows (issue 25 'Typebot through the gateway'): the user reads them (the
  // builder's flow list), only the admin changes them.
  app.get(
    '/automacoes/typebot',
    { ...route, schema: { response: { 200: typebotSettingsResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await typebotSettingsOf(app.db, sessionOf(request).unidadeId) }),
  );
  app.put(
    '/automacoes/typebot',
    { ...route, schema: { body: typebotSettingsSchema, response: { 200: typebotSettingsResponseSchema, ...errorResponses } } },
    async (request) => {
      const session = sessionOf(request);
      requireAdmin(session);
      const data = await saveTypebotSettings(app.db, session.unidadeId, request.body);
      return { message: AUTOMATION_API_MESSAGES.typebotSaved, data };
    },
  );
  // Habilitar / Desabilitar (002 §2.7 row actions).
  app.put(
    '/automacoes/:id/status',
    { ...route, schema: { params: id, body: ruleStatusBodySchema, response: { 200: ruleResponseSchema, ...errorResponses } } },
    async (request) => {
      const session = sessionOf(request);
      requireAdmin(session);
      const rule = await changeRule(app.db, session.unidadeId, request.params.id, { habilitado: request.body.habilitado });
      if (rule.habilitado) engine.wake();
      return {
        message: rule.habilitado ? AUTOMATION_API_MESSAGES.enabled : AUTOMATION_API_MESSAGES.disabled,
        data: ruleView(rule),
      };
    },
  );
  // Visualizar Desempenho: the figures and the run log.
  app.get(
    '/automacoes/:id/desempenho',
    { ...route, schema: { params: id, response: { 200: performanceResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await rulePerformance(app.db, sessionOf(request).unidadeId, request.params.id) }),
  );
  // The run log of a lead in its timeline: every screen that opens a lead, for the users who may see it.
  app.get(
    '/automacoes/lead/:id',
    { config: { access: LEAD_SCREENS }, schema: { params: id, response: { 200: leadRunsResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await leadRuns(app.db, sessionOf(request), request.params.id) }),
  );
  // Tentar de novo a partir do passo: a failed or stopped run resumes at the chosen step (1 = the first).
  app.post(
    '/automacoes/:id/execucoes/:idExecucao/repetir',
    { ...route, schema: { params: runParams, body: retryBodySchema, response: { 200: retryResponseSchema, ...errorResponses } } },
    async (request) => {
      const { id: idRule, idExecucao } = request.params;
      const run = await retryRun(app.db, sessionOf(request).unidadeId, idRule, idExecucao, request.body.passo - 1, now());
      engine.wake();
      return { message: AUTOMATION_API_MESSAGES.retried, data: { id: run.id } };
    },
  );
};
