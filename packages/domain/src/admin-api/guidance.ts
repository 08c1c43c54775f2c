// Guidance texts of the home screen (000 §2 /inicial, 002 §2.10 Início, §3 "Guidance text"):
// the administration of orientacoes/lista. HTML, sanitised by the server on save and when served.
import { z } from 'zod';

import { idSchema } from '../http/ids.ts';

export const GUIDANCE_MESSAGES = {
  titleRequired: 'Título é obrigatório',
  textRequired: 'Texto é obrigatório',
  titleTooLong: 'O título deve ter no máximo 200 caracteres.',
  textTooLong: 'O texto deve ter no máximo 100000 caracteres.',
  unitNotAllowed: 'Você não pode editar orientações desta unidade.',
  notFound: 'Orientação não encontrada.',
  created: 'Orientação cadastrada com sucesso!',
  updated: 'Orientação atualizada com sucesso!',
  deleted: 'Orientação excluída com sucesso!',
} as const;

const order = z
  .number({ error: 'A ordem deve ser um número inteiro.' })
  .int('A ordem deve ser um número inteiro.')
  .min(0, 'A ordem deve ser 0 ou mais.')
  .max(100_000, 'A ordem deve ser no máximo 100000.');

/**
 * POST cadastros/orientacoes (and PUT cadastros/orientacoes/{id}): idUnidade null is a text for
 * every unit of the company; `ordem` sorts the home screen (smaller first).
 */
export const guidanceBodySchema = z.object({
  titulo: z
    .string({ error: GUIDANCE_MESSAGES.titleRequired })
    .trim()
    .min(1, GUIDANCE_MESSAGES.titleRequired)
    .max(200, GUIDANCE_MESSAGES.titleTooLong),
  textoOrientacao: z
    .string({ error: GUIDANCE_MESSAGES.textRequired })
    .min(1, GUIDANCE_MESSAGES.textRequired)
    .max(100_000, GUIDANCE_MESSAGES.textTooLong),
  idUnidade: idSchema().nullable(),
  ordem: order.default(0),
  ativo: z
    .union([z.literal(1), z.literal(0), z.boolean()])
    .transform((v) => (v === true || v === 1 ? 1 : 0))
    .default(1),
});
export type GuidanceBody = z.input<typeof guidanceBodySchema>;

export const guidanceRowSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  textoOrientacao: z.string(),
  idUnidade: z.number().int().nullable(),
  /** 'Todas as unidades' when idUnidade is null. */
  nomeUnidade: z.string(),
  ordem: z.number().int(),
  ativo: z.number().int(),
  dataCad: z.string(),
});
export type GuidanceRow = z.infer<typeof guidanceRowSchema>;
export const guidanceAdminListSchema = z.object({ data: z.array(guidanceRowSchema) });
export const guidanceSavedSchema = z.object({ message: z.string(), data: guidanceRowSchema });
export const guidanceDeletedSchema = z.object({ message: z.string() });

/** PUT cadastros/orientacoes/ordem {ids}: the new order of the texts, first shown first. */
export const guidanceOrderBodySchema = z.object({ ids: z.array(idSchema()).min(1, 'Informe as orientações.').max(500) });
