// Who may call the lead endpoints: the screens that list and act on leads (000 §6, 001 §2, 002 §2).
import type { AppRoute } from '@funil/domain/access/routes';
import { errorBodySchema } from '@funil/domain/http/errors';

export const LEAD_SCREENS: readonly AppRoute[] = ['/crm', '/whatsapp-v3', '/whatsappv2', '/whatsapp', '/pipeline', '/webphone'];

export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
} as const;
