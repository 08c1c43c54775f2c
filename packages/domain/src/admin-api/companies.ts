// Companies (issue 10 "A fresh install is usable"): the super-admin creates a company with its
// first unit and first company admin in one call, then lists and edits companies.
import { z } from 'zod';

import { idSchema } from '../http/ids.ts';
import { emailField, passwordField, REQUIRED, requiredText } from './fields.ts';
import { UNIT_MESSAGES, unitFieldsSchema } from './units.ts';

export const COMPANY_MESSAGES = {
  nome: 'Nome é obrigatório',
  created: 'Empresa cadastrada com sucesso!',
  updated: 'Empresa editada com sucesso!',
  ownCompany: 'Você não pode desativar a própria empresa.',
} as const;

/**
 * ?idEmpresa= of the company-wide catalogue and toggles routes (statuses, potentials,
 * configuracoes-extras): the super-admin picks the company; anyone else keeps their own.
 */
export const companyQuerySchema = z.object({ idEmpresa: idSchema(UNIT_MESSAGES.companyNotFound).optional() });
export type CompanyQuery = z.infer<typeof companyQuerySchema>;

/** The first company admin (permission ag) created with the company. */
export const firstAdminSchema = z.object({ nome: requiredText(REQUIRED), email: emailField, senha: passwordField });

/** POST cadastros/empresas: the company, its first unit and its first admin, all or nothing. */
export const companyCreateSchema = z.object({
  nome: requiredText(COMPANY_MESSAGES.nome),
  unidade: unitFieldsSchema,
  administrador: firstAdminSchema,
});
export type CompanyCreate = z.infer<typeof companyCreateSchema>;

export const companyCreatedSchema = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), idUnidade: z.number().int(), idUsuario: z.number().int() }),
});

/** PUT cadastros/empresas: name and activity; deactivating logs every user of the company out. */
export const companyUpdateSchema = z.object({
  id: idSchema(),
  nome: requiredText(COMPANY_MESSAGES.nome).optional(),
  ativo: z.union([z.literal(1), z.literal(0), z.literal(-1)], { error: 'Situação inválida.' }).optional(),
});
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

export const companyRowSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  idCompany: z.number().int(),
  ativo: z.number().int(),
  unidades: z.number().int(),
  usuarios: z.number().int(),
  datacad: z.string(),
  dataAtualizacao: z.string(),
});
export type CompanyRow = z.infer<typeof companyRowSchema>;
export const companyListSchema = z.object({ data: z.array(companyRowSchema) });
