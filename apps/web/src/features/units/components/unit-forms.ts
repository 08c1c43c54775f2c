// The form schemas of the Unidades screen: the domain's unit fields plus 002 §5 'Unit''s rule that
// idSistema and filtro are required except for company 1.
import { z } from 'zod';

import { companyCreateSchema } from '@funil/domain/admin-api/companies';
import { unitFieldsSchema, unitSystemFieldIssues, type UnitRow } from '@funil/domain/admin-api/units';

function withSystemFields<S extends z.ZodType<{ idSistema?: number; filtro?: string }>>(
  schema: S,
  idEmpresa: number,
  path: string[] = [],
) {
  return schema.superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(unitSystemFieldIssues(value, idEmpresa)))
      ctx.addIssue({ code: 'custom', message, path: [...path, field] });
  });
}

// An empty 'id do sistema' is a missing one: the rule below names it, not the number parser.
const unitFields = unitFieldsSchema.extend({
  idSistema: z.preprocess((v) => (v === '' || v === null ? undefined : v), unitFieldsSchema.shape.idSistema),
});

/** The unit dialog of company `idEmpresa`, with the activity on edit (002 §3: 1 active, -1 inactive). */
export function unitFormSchema(idEmpresa: number) {
  return withSystemFields(unitFields.extend({ ativo: z.union([z.literal(1), z.literal(-1), z.literal(0)]) }), idEmpresa);
}
export type UnitForm = z.input<ReturnType<typeof unitFormSchema>>;

export const EMPTY_UNIT_FORM: UnitForm = { nome: '', ddd: '', idSistema: '' as unknown as number, filtro: '', ativo: 1 };

export function unitFormOf(row: UnitRow): UnitForm {
  return { nome: row.nome, ddd: row.ddd, idSistema: row.idSistema, filtro: row.filtro, ativo: row.ativo === 1 ? 1 : -1 };
}

/** A new company's first unit always shows its system fields (only company 1 hides them). */
export const companyFormSchema = companyCreateSchema.extend({ unidade: unitFields }).superRefine((value, ctx) => {
  for (const [field, message] of Object.entries(unitSystemFieldIssues(value.unidade, 0)))
    ctx.addIssue({ code: 'custom', message, path: ['unidade', field] });
});
export type CompanyForm = z.input<typeof companyFormSchema>;

export const EMPTY_COMPANY_FORM: CompanyForm = {
  nome: '',
  unidade: { nome: '', ddd: '', idSistema: '' as unknown as number, filtro: '' },
  administrador: { nome: '', email: '', senha: '' },
};
