// Automations (issue 25; 002 §2.7): the engine's wiring (the lead event consumer that enrols, the
// Ticker that advances runs) and the /automacao screen's API.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { campaignContextOf } from '../whatsapp/campaign/campaign-send.service.ts';
import { AutomationEngine, type AutomationEngineOptions } from './automations.engine.ts';

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
    { db: app.db, realtime: app.realtime, whatsapp: campaignContextOf(app) },
    { log: (message, err) => app.log.error({ err }, message), ...options.engine },
  );
  engines.set(app.server, engine);
  app.leadEvents.add(engine.consumer());
  if (options.engine?.autoStart !== false) {
    app.addHook('onReady', async () => engine.start());
    app.addHook('onClose', async () => engine.stop());
  }
};
