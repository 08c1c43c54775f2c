// POST /api/webhooks/evolution (ref §4): public, authenticated by the per-instance secret header.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema } from '@funil/domain/http/errors';

import type { WhatsappContext } from '../whatsapp-context.ts';
import { WebhookBatcher } from './webhook-batcher.ts';
import { WEBHOOK_SECRET_HEADER } from './webhook.service.ts';

export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: WhatsappContext }> = async (app, { ctx }) => {
  const batcher = new WebhookBatcher(ctx);
  app.addHook('onClose', () => batcher.idle());
  app.post(
    '/webhooks/evolution',
    {
      // A NUL typed by a contact is dropped and half an emoji replaced by U+FFFD, not refused: the
      // gateway does not resend (issue 7 §4, issue 21 item 2).
      config: { public: true, invalidCharacters: 'clean' },
      bodyLimit: 5_000_000,
      schema: {
        response: { 200: z.object({ ok: z.literal(true), handled: z.string() }), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const header = request.headers[WEBHOOK_SECRET_HEADER];
      const secret = Array.isArray(header) ? header[0] : header;
      const { handled } = await batcher.submit(request.body, secret);
      return { ok: true as const, handled };
    },
  );
};
