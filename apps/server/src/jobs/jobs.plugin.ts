// The job runner of the app: app.jobs, started when the app is ready and stopped when it closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { JobRunner } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export const jobsPlugin = fp(async (app: FastifyInstance) => {
  const runner = new JobRunner(app.db, { log: (message, error) => app.log.error({ err: error }, message) });
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => {
    runner.start();
  });
  app.addHook('onClose', async () => {
    await runner.stop();
  });
});
