// issue 13: the controls the mass-send tests need from the gateway: sends that answer 429
// rate-overlimit or WhatsApp's 463 refusal for an instance and/or a number, a given number of
// times or every time. The send routes ask programmedFailure before sending (message-routes.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { parse, type EmulatorContext, type SendFailure } from './context.ts';
import { EvolutionHttpError } from './http-error.ts';
import { createJid, jidUser } from './jid.ts';
import type { Instance } from './types.ts';

// issue 13: a programmed failure for this instance and number (429 rate-overlimit, or 463).
export const programmedFailure = (ctx: EmulatorContext, inst: Instance, jid: string): EvolutionHttpError | null => {
  const digits = jidUser(jid);
  const hit = ctx.state.sendFailures.find(
    (f) =>
      (f.instance === null || f.instance === inst.name) &&
      (f.number === null || f.number === digits) &&
      (f.remaining === null || f.remaining > 0),
  );
  if (!hit) return null;
  if (hit.remaining !== null) hit.remaining -= 1;
  return hit.kind === 429
    ? new EvolutionHttpError(429, ['rate-overlimit'])
    : new EvolutionHttpError(400, [{ status: 463, message: 'Error 463: message refused for an unknown contact', jid }]);
};

export const registerMassSendControls = (app: FastifyInstance, ctx: EmulatorContext): void => {
  // issue 13: program sends to fail (429 rate-overlimit or 463) for an instance and/or a number.
  app.post('/_emulator/send-failures', async (req) => {
    const body = parse(
      z.object({
        instance: z.string().min(1).nullable().optional(),
        number: z.string().min(1).nullable().optional(),
        kind: z.union([z.literal(429), z.literal(463)]),
        count: z.number().int().min(1).max(100_000).nullable().optional(),
      }),
      req.body,
    );
    const failure: SendFailure = {
      instance: body.instance ?? null,
      number: body.number ? jidUser(createJid(body.number, ctx.jidOpts)) : null,
      kind: body.kind,
      remaining: body.count ?? null,
    };
    ctx.state.sendFailures.push(failure);
    return { sendFailures: ctx.state.sendFailures };
  });
  app.delete('/_emulator/send-failures', async () => {
    ctx.state.sendFailures.length = 0;
    return { sendFailures: ctx.state.sendFailures };
  });
};
