// Negotiation potentials of a company (002 §2.10, §3 "Potential", §5 "Potential"; 001 §3):
// cadastros/potencial. A potential names five rating levels besides 'Nenhum'.
import { z } from 'zod';

import { idSchema } from '../http/ids.ts';
import { POTENTIAL_LABELS } from '../leads/negotiation.ts';

export const POTENTIAL_MESSAGES = {
  required: 'Obrigatório',
  tooLong: 'Máximo de 100 caracteres.',
  notFound: 'Potencial não encontrado.',
  created: 'Potencial cadastrado com sucesso!',
  updated: 'Potencial atualizado com sucesso!',
  deleted: 'Potencial excluído com sucesso!',
} as const;

/** 409 of a delete while leads are rated with the potential: deactivate it instead. */
export function potentialInUseMessage(leads: number): string {
  return `Este potencial está em ${leads} ${leads === 1 ? 'lead' : 'leads'}. Desative-o em vez de excluir.`;
}

/** The default labels of levels 0..5 for a new potential (001 §3). */
export const POTENTIAL_DEFAULT_LABELS = {
  status: POTENTIAL_LABELS[0],
  status1: POTENTIAL_LABELS[1],
  status2: POTENTIAL_LABELS[2],
  status3: POTENTIAL_LABELS[3],
  status4: POTENTIAL_LABELS[4],
  status5: POTENTIAL_LABELS[5],
} as const;

const label = z
  .string({ error: POTENTIAL_MESSAGES.required })
  .trim()
  .min(1, POTENTIAL_MESSAGES.required)
  .max(50, 'Máximo de 50 caracteres.');
/** ativo: 1 active, 0 or -1 inactive (002 §4 "Activity of admin entities"); a boolean is read as 1/0. */
const ativo = z
  .union([z.literal(1), z.literal(0), z.literal(-1), z.boolean()], { error: POTENTIAL_MESSAGES.required })
  .transform((v) => (v === true || v === 1 ? 1 : v === -1 ? -1 : 0));

/** POST cadastros/potencial: all fields required (002 §5). */
export const potentialBodySchema = z.object({
  nome: z
    .string({ error: POTENTIAL_MESSAGES.required })
    .trim()
    .min(1, POTENTIAL_MESSAGES.required)
    .max(100, POTENTIAL_MESSAGES.tooLong),
  descricao: z
    .string({ error: POTENTIAL_MESSAGES.required })
    .trim()
    .min(1, POTENTIAL_MESSAGES.required)
    .max(500, 'Máximo de 500 caracteres.'),
  status: label,
  status1: label,
  status2: label,
  status3: label,
  status4: label,
  status5: label,
  ativo,
});
/** PUT cadastros/potencial: the same plus id. */
export const potentialUpdateBodySchema = potentialBodySchema.extend({ id: idSchema() });
export type PotentialBody = z.input<typeof potentialBodySchema>;

export const potentialRowSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  status: z.string(),
  status1: z.string(),
  status2: z.string(),
  status3: z.string(),
  status4: z.string(),
  status5: z.string(),
  ativo: z.number().int(),
  dataCad: z.string(),
  dataAtualizacao: z.string(),
});
export type PotentialRow = z.infer<typeof potentialRowSchema>;
export const potentialListSchema = z.object({ data: z.array(potentialRowSchema) });
export const potentialSavedSchema = z.object({ message: z.string(), data: potentialRowSchema });
export const potentialDeletedSchema = z.object({ message: z.string() });
