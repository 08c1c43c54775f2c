// The error envelope of ARCHITECTURE "The API contract": { message, status }.
import { z } from 'zod';

export const errorBodySchema = z.object({
  message: z.string(),
  status: z.number().int(),
  /** Field-level messages of a failed validation, keyed by the field path. */
  fields: z.record(z.string(), z.string()).optional(),
  /** A code the browser branches on (ERROR_CODES); a string, so an older page reads a newer server's codes. */
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The stable codes of the errors the browser tells apart (issue 22 §3): the server sends one beside
 * the Portuguese `message`, and the web branches on the code, never on the text.
 */
export const ERROR_CODES = {
  /** 002 §8: one unfinished campaign per WhatsApp number; the composer warns instead of failing. */
  campaignExists: 'CAMPANHA_EXISTE',
  /** 002 §8: a campaign refused without a reason of its own ('Erro ao cadastrar disparo'). */
  campaignRefused: 'DISPARO_RECUSADO',
  /** The current password of a password change is wrong; the dialog marks its field. */
  wrongCurrentPassword: 'SENHA_ATUAL_INCORRETA',
  /** A status the system's rules use cannot be deleted. */
  systemStatus: 'STATUS_DO_SISTEMA',
  /** Leads hold the status being deleted; the dialog asks where they go. */
  statusInUse: 'STATUS_EM_USO',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

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
  // Issue 7 §4: bad input answers 4xx in Portuguese, never repeating the request.
  /**
   * A NUL character (U+0000) or a lone UTF-16 surrogate in a path, query or body text (text-characters.ts): it cannot be stored
   * or sent.
   */
  nulCharacter: 'O texto enviado contém um caractere inválido.',
  /** A multipart form cut short, without its boundary or otherwise unreadable. */
  malformedForm: 'O formulário enviado está incompleto ou malformado.',
  /** 415: a body type the route does not read. */
  unsupportedMediaType: 'Formato do corpo da requisição não suportado.',
  /** A path that is not a valid URL (broken percent-encoding). */
  badUrl: 'Endereço da requisição inválido.',
  /** 414: a path segment longer than the router accepts. */
  uriTooLong: 'Endereço da requisição longo demais.',
  /** A required field left out. */
  required: 'Campo obrigatório.',
} as const;
