// Tag bodies (001 §3 "Tag", §7 Tags).
import { z } from 'zod';

import { idField } from './fields.ts';
import { TAG_API_MESSAGES } from './messages.ts';

export const tagSchema = z.object({ id: z.number().int(), nome: z.string(), cor: z.string(), descricao: z.string().nullable() });
export const tagsResponseSchema = z.object({ data: z.array(tagSchema) });

/** POST tags {nome, cor, descricao}: only the name is required (001 §5); cor a palette colour or any #rrggbb. */
export const tagCreateBodySchema = z.object({
  nome: z
    .string({ error: TAG_API_MESSAGES.nameRequired })
    .trim()
    .min(1, TAG_API_MESSAGES.nameRequired)
    .max(100, 'O nome da tag deve ter no máximo 100 caracteres.'),
  cor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, TAG_API_MESSAGES.colorInvalid)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  descricao: z.string().trim().max(500, 'A descrição deve ter no máximo 500 caracteres.').nullish(),
});
export const tagCreatedResponseSchema = z.object({ message: z.string(), data: tagSchema });

/** GET tagsClientes/cliente/{idContato}: the lead's tags, each with id_tag. */
export const leadTagSchema = tagSchema.extend({ id_tag: z.number().int() });
export const leadTagsResponseSchema = z.object({ data: z.array(leadTagSchema) });

/** POST tagsClientes/{idContato} {tags:[{id_tag}]}. */
export const assignTagsBodySchema = z.object({
  tags: z
    .array(z.object({ id_tag: idField('Tag inválida.') }), { error: 'Informe as tags.' })
    .min(1, 'Informe ao menos uma tag.')
    .max(100),
});
export const leadTagsChangeResponseSchema = z.object({ message: z.string(), data: z.array(leadTagSchema) });
