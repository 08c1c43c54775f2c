// First run (issue 10 "A fresh install is usable"): on a database without users, one public call
// creates the super-admin with their company and unit; refused once any user exists.
import { z } from 'zod';

import { emailField, passwordField, REQUIRED, requiredText } from './fields.ts';

export const SETUP_MESSAGES = {
  done: 'A configuração inicial já foi feita. Entre com seu usuário.',
  created: 'Super administrador criado com sucesso! Entre com seu email e senha.',
} as const;

/** GET /api/setup. */
export const setupStatusSchema = z.object({ needed: z.boolean() });

/** POST /api/setup. */
export const setupBodySchema = z.object({
  empresa: requiredText('Nome da empresa é obrigatório'),
  unidade: requiredText('Nome da unidade é obrigatório'),
  ddd: z
    .string({ error: 'DDD é obrigatório' })
    .trim()
    .regex(/^\d{2}$/, 'DDD é obrigatório'),
  nome: requiredText(REQUIRED),
  email: emailField,
  senha: passwordField,
});
export type SetupBody = z.infer<typeof setupBodySchema>;

export const setupCreatedSchema = z.object({
  message: z.string(),
  data: z.object({ idEmpresa: z.number().int(), idUnidade: z.number().int(), idUsuario: z.number().int() }),
});
