// A user changes their own password (issue 10 'Usuários'): PUT /api/usuario/senha.
import { z } from 'zod';

import { passwordField, REQUIRED } from './fields.ts';

export const PASSWORD_MESSAGES = {
  wrongCurrent: 'Senha atual incorreta.',
  mismatch: 'As senhas não conferem.',
  same: 'A nova senha deve ser diferente da atual.',
  changed: 'Senha alterada com sucesso!',
  /** issue 21 item 4: the login's throttle applies to wrong current passwords. */
  tooMany: 'Muitas tentativas com a senha atual incorreta. Aguarde alguns minutos e tente novamente.',
} as const;

export const passwordChangeSchema = z
  .object({
    senhaAtual: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200, PASSWORD_MESSAGES.wrongCurrent),
    novaSenha: passwordField,
    confirmacao: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200, PASSWORD_MESSAGES.mismatch),
  })
  .refine((b) => b.novaSenha === b.confirmacao, { message: PASSWORD_MESSAGES.mismatch, path: ['confirmacao'] })
  .refine((b) => b.novaSenha !== b.senhaAtual, { message: PASSWORD_MESSAGES.same, path: ['novaSenha'] });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const messageSchema = z.object({ message: z.string() });
