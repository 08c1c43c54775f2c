// Field parsers of the administration payloads (002 §5): one place for the texts they share.
import { z } from 'zod';

import { idSchema, PG_INT_MAX } from '../http/ids.ts';

/** 002 §5 'User', 'Potential': the field-level text of a required field. */
export const REQUIRED = 'Obrigatório';
/** 002 §5 'User', 'Partner': the snackbar of a form with required fields left out. */
export const MISSING_FIELDS = 'Campos obrigatórios não preenchidos';
/** 002 §5 'User': an email that is not one. */
export const INVALID_EMAIL = 'Digite um email válido';
/** Smallest length of a password set by an administrator or by its owner. */
export const PASSWORD_MIN = 8;
export const PASSWORD_SHORT = `A senha deve ter no mínimo ${PASSWORD_MIN} caracteres`;

/** A required text: trimmed, 1..max characters, `message` when empty. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use no máximo ${max} caracteres.`);

export const emailField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(254, INVALID_EMAIL)
  .pipe(z.email({ error: INVALID_EMAIL }))
  .transform((e) => e.toLowerCase());

export const passwordField = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .min(PASSWORD_MIN, PASSWORD_SHORT)
  .max(200, 'Use no máximo 200 caracteres.');

/**
 * A select of the forms whose placeholder is -1 (002 §5 'User', 'Partner'): -1, empty or absent
 * answers `message`; otherwise an id of 1 .. 2^31 − 1.
 */
export const selectedId = (message: string) =>
  z.preprocess((v) => (v === -1 || v === '-1' || v === '' || v === null ? undefined : v), idSchema(message));

/** An integer of 0 .. 2^31 − 1 sent as a number or its digits. */
export const naturalField = (message: string) =>
  z
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
    .pipe(z.number().int(message).min(0, message).max(PG_INT_MAX, message));

/** A 1/0 switch sent as a number, a digit or a boolean. */
export const switchField = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: 'Use 0 ou 1.' })
  .transform((v) => (v === 1 || v === '1' || v === true ? (1 as const) : (0 as const)));

/** The answer of a write: the spec's success text and the record's id. */
export const writeResultSchema = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });
export type WriteResult = z.infer<typeof writeResultSchema>;
