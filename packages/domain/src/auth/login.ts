// 000 §5 (login validation), §7 (POST /login), §8 (messages) and §4 (session lifetime).
import { z } from 'zod';

import { PERMISSIONS } from '../access/roles.ts';

/** 000 §4: a remembered session lasts 12 hours. */
export const REMEMBERED_SESSION_SECONDS = 43_200;
/** A session without 'remember' lives while the browser is open; the server still ends it after this. */
export const BROWSER_SESSION_SECONDS = 43_200;

export const LOGIN_MESSAGES = {
  success: 'Login com sucesso.',
  invalid: 'Usuário ou senha inválidos.',
  server: 'Erro interno do servidor. Tente novamente mais tarde',
  unexpected: 'Erro inesperado. Tente novamente mais tarde.',
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Email inválido',
  passwordRequired: 'Senha é obrigatório',
  passwordShort: 'A senha deve ter no mínimo 2 caracteres',
  tooMany: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
} as const;

/** The login form and POST /api/login body (000 §5, §7). `lembrar` is the 'remember my data' box. */
export const loginBodySchema = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.emailRequired })
    .trim()
    .min(1, LOGIN_MESSAGES.emailRequired)
    .max(254, LOGIN_MESSAGES.emailInvalid)
    .pipe(z.email({ error: LOGIN_MESSAGES.emailInvalid })),
  senha: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, LOGIN_MESSAGES.passwordRequired)
    .min(2, LOGIN_MESSAGES.passwordShort)
    .max(200, LOGIN_MESSAGES.invalid),
  lembrar: z.boolean().default(true),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** data.currentUser of POST /login (000 §7), plus the ids the auth state keeps (000 §3). */
export const currentUserSchema = z.object({
  idUser: z.number().int(),
  name: z.string(),
  permissao: z.enum(PERMISSIONS),
  nomePermissao: z.string(),
  webphone: z.boolean(),
  idUnidade: z.number().int(),
  idEmpresa: z.number().int(),
  habilita_mensagem_whatsapp: z.boolean(),
  idAtendente: z.number().int(),
  dataAtualizacao: z.string(),
  dataDeslogar: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    token: z.string(),
    /** Seconds until the server ends the session. */
    expiresIn: z.number().int(),
    lembrar: z.boolean(),
    currentUser: currentUserSchema,
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
