// The idempotency key of a send (issue 7 §2): the Idempotency-Key header, else the message's
// temp_ id (001 §3). Keys are scoped to the sending user.
import type { FastifyRequest } from 'fastify';

import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { DomainError } from '../../../http/domain-error.ts';

const KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

export function idempotencyKeyOf(request: FastifyRequest, tempId: string | undefined): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return tempId ?? null;
  if (typeof header !== 'string' || !KEY.test(header)) throw new DomainError('invalid', WHATSAPP_MESSAGES.idempotencyKeyInvalid);
  return header;
}
