// Field parsers shared by the lead API payloads: form-data sends every value as text, JSON as
// numbers, so an integer field accepts both and nothing else (no booleans, no objects).
import { z } from 'zod';

import { parseBRL } from '../format/currency.ts';
import { idParam, idSchema, PG_INT_MAX, PG_INT_MIN } from '../http/ids.ts';

// The path id lives with the one id schema (issue 7 §4); re-exported for the lead routes.
export { idParam };

const INT_TEXT = /^-?\d{1,12}$/;

/**
 * An integer sent as a number or as its digits ('12'), as form-data and JSON send it; within
 * PostgreSQL's `integer`, the type of every column these fields reach.
 */
export function intField(message = 'Deve ser um número inteiro.') {
  return z
    .union(
      [
        z.number({ error: message }).int({ error: message }),
        z.string({ error: message }).trim().regex(INT_TEXT, message).transform(Number),
      ],
      {
        error: message,
      },
    )
    .pipe(z.number().min(PG_INT_MIN, message).max(PG_INT_MAX, message));
}

/** An id sent as a number or as its digits: 1 to 2^31 − 1 (issue 7 §4). */
export const idField = idSchema;

export const leadIdParams = z.object({ id: idParam });

/**
 * ?idUnidade= of the webphone's reads (issue 12, 002 §2.1 "contacts are loaded by unit"): the unit
 * a company admin (ag) chose in the 'Unidades' dropdown; the server ignores it for other roles.
 */
export const leadUnitQuery = z.object({ idUnidade: idParam.optional() });

/** 0/1 switch sent as a number, a digit or a boolean. */
export const zeroOneField = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: 'Use 0 ou 1.' })
  .transform((v) => (v === 1 || v === '1' || v === true ? (1 as const) : (0 as const)));

/** Largest ticket value accepted (numeric(14,2)). */
export const TICKET_MAX = 999_999_999_999.99;

/**
 * A ticket value in BRL (000 §5): a number, a decimal text ('1234.56') or the masked input
 * ('R$ 1.234,56'); at least 0, two decimals.
 */
export const brlField = z
  .union([z.number(), z.string().trim().min(1)], { error: 'Valor do ticket inválido.' })
  .transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\d+(\.\d{1,2})?$/.test(value) ? Number(value) : parseBRL(value);
    if (n === null || !Number.isFinite(n) || n < 0 || n > TICKET_MAX) {
      ctx.addIssue({ code: 'custom', message: 'Valor do ticket inválido.' });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });
