// The error envelope of ARCHITECTURE "The API contract": { message, status }.
import { z } from 'zod';

export const errorBodySchema = z.object({
  message: z.string(),
  status: z.number().int(),
  /** Field-level messages of a failed validation, keyed by the field path. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Portuguese texts the API answers with outside a feature's own catalogue. */
export const HTTP_MESSAGES = {
  unauthorized: 'Sessão expirada. Faça login novamente.',
  forbidden: 'Você não tem permissão para acessar este recurso.',
  notFound: 'Registro não encontrado.',
  routeNotFound: 'Rota não encontrada.',
  invalid: 'Dados inválidos.',
  tooLarge: 'A requisição é grande demais.',
  /** A multipart file above its route's limit (001 §4 picker errors). */
  fileTooLarge: 'Arquivo muito grande!',
  tooMany: 'Muitas requisições. Aguarde um momento e tente novamente.',
  internal: 'Erro interno do servidor. Tente novamente mais tarde',
} as const;
