// The one id schema (issue 7 §4): every id of the API is a PostgreSQL `integer` key, so a value
// beyond 2^31 − 1 names nothing and must be refused before it reaches a query (400, not 500).
import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` column (and of a `serial` key). */
export const PG_INT_MAX = 2_147_483_647;
/** Smallest value of a PostgreSQL `integer` column. */
export const PG_INT_MIN = -2_147_483_648;

export const ID_MESSAGE = 'Identificador inválido.';

/** True for a value that can be a key: an integer from 1 to PG_INT_MAX. */
export function isDbId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= PG_INT_MAX;
}

/** True for digits naming an integer from `min` to PG_INT_MAX, without a sign or leading spaces. */
export function isIntegerText(text: string, min = 1): boolean {
  if (!/^\d{1,10}$/.test(text)) return false;
  const n = Number(text);
  return n >= min && n <= PG_INT_MAX;
}

/**
 * An id in a body: a number or its digits ('12'), as JSON and form-data send it; an integer
 * from 1 to PG_INT_MAX. `message` is the field's own Portuguese text.
 */
export function idSchema(message: string = ID_MESSAGE) {
  return z
    .union(
      [
        z.number({ error: message }),
        z
          .string({ error: message })
          .trim()
          .regex(/^\d{1,10}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message).min(1, message).max(PG_INT_MAX, message));
}

/** A path id: the digits of an integer from 1 to PG_INT_MAX. */
export const idParam = z
  .string()
  .refine((text) => isIntegerText(text), ID_MESSAGE)
  .transform(Number);

/** Path params of a route that takes one id. */
export const idParams = <K extends string>(name: K) => z.object({ [name]: idParam } as { [P in K]: typeof idParam });
