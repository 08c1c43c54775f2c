// Units administration (002 §2.10 'Unidades', §3 'Unit', §5 'Unit'; paths of 002 §7 'Admin').
import { z } from 'zod';

import { idSchema } from '../http/ids.ts';
import { requiredText } from './fields.ts';

export const UNIT_MESSAGES = {
  nome: 'Nome é obrigatório',
  ddd: 'DDD é obrigatório',
  dddInvalid: 'DDD inválido: use dois dígitos.',
  idSistema: 'id do sistema é obrigatório',
  filtro: 'Filtro Facebook é obrigatório',
  created: 'Unidade cadastrada com sucesso!',
  updated: 'Unidade editada com sucesso!',
  deactivated: 'Unidade desativada com sucesso!',
  ownUnit: 'Você não pode desativar a própria unidade.',
  companyNotFound: 'Empresa não encontrada.',
} as const;

/** 002 §5, §6, §9: company id 1 hides (and does not require) the unit's system id and filter. */
export const COMPANY_WITHOUT_SYSTEM_FIELDS = 1;

/** Whether the unit form of this company shows and requires idSistema and filtro (002 §5 'Unit'). */
export function unitSystemFieldsRequired(idEmpresa: number): boolean {
  return idEmpresa !== COMPANY_WITHOUT_SYSTEM_FIELDS;
}

const idSistemaField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,10}$/)
        .transform(Number),
    ],
    { error: UNIT_MESSAGES.idSistema },
  )
  .pipe(z.number().int(UNIT_MESSAGES.idSistema).min(-1, UNIT_MESSAGES.idSistema).max(2_147_483_647, UNIT_MESSAGES.idSistema));

/** The unit form's fields (002 §3 'Unit'). */
export const unitFieldsSchema = z.object({
  nome: requiredText(UNIT_MESSAGES.nome),
  ddd: z
    .string({ error: UNIT_MESSAGES.ddd })
    .trim()
    .min(1, UNIT_MESSAGES.ddd)
    .regex(/^\d{2}$/, UNIT_MESSAGES.dddInvalid),
  idSistema: idSistemaField.optional(),
  filtro: z.string({ error: UNIT_MESSAGES.filtro }).trim().max(200, 'Use no máximo 200 caracteres.').optional(),
});
export type UnitFields = z.infer<typeof unitFieldsSchema>;

/**
 * The fields of 002 §5 'Unit' that depend on the company: idSistema and filtro are required
 * except for company 1. Returns field → message, empty when valid.
 */
export function unitSystemFieldIssues(
  fields: Pick<UnitFields, 'idSistema' | 'filtro'>,
  idEmpresa: number,
): Record<string, string> {
  if (!unitSystemFieldsRequired(idEmpresa)) return {};
  const issues: Record<string, string> = {};
  if (fields.idSistema === undefined) issues.idSistema = UNIT_MESSAGES.idSistema;
  if (!fields.filtro) issues.filtro = UNIT_MESSAGES.filtro;
  return issues;
}

/** POST cadastros/unidade: a unit of the caller's company, or of `idEmpresa` for the super-admin. */
export const unitCreateSchema = unitFieldsSchema.extend({ idEmpresa: idSchema(UNIT_MESSAGES.companyNotFound).optional() });
export type UnitCreate = z.infer<typeof unitCreateSchema>;

/** 002 §4: 1 active; -1 inactive in the form; 0 sent by 'Desativar'. */
export const unitActiveField = z.union([z.literal(1), z.literal(0), z.literal(-1)], { error: 'Situação inválida.' });

/** PUT cadastros/unidade: the form (with ativo) or 'Desativar' ({ id, ativo: 0, desativar: true }). */
export const unitUpdateSchema = unitFieldsSchema.partial().extend({
  id: idSchema(),
  ativo: unitActiveField.optional(),
  /** The 'Desativar' action's flag (002 §4). */
  desativar: z.boolean().optional(),
});
export type UnitUpdate = z.infer<typeof unitUpdateSchema>;

/** GET cadastros/unidade?idEmpresa=: the super-admin's units table. */
export const unitListQuerySchema = z.object({ idEmpresa: idSchema(UNIT_MESSAGES.companyNotFound).optional() });

export const unitRowSchema = z.object({
  id: z.number().int(),
  idEmpresa: z.number().int(),
  nomeEmpresa: z.string(),
  nome: z.string(),
  ddd: z.string(),
  idSistema: z.number().int(),
  filtro: z.string(),
  ativo: z.number().int(),
  /** The intake token of lead capture (002 §3): 32 random letters and digits. */
  token: z.string(),
  idCompany: z.number().int(),
  idWhatsapp: z.number().int().nullable(),
  datacad: z.string(),
  dataAtualizacao: z.string(),
});
export type UnitRow = z.infer<typeof unitRowSchema>;
export const unitListSchema = z.object({ data: z.array(unitRowSchema) });

/** GET cadastros/unidades/parceiro: the units a partner may be given (002 §7). */
export const partnerUnitsSchema = z.object({ data: z.array(z.object({ id: z.number().int(), nome: z.string() })) });
