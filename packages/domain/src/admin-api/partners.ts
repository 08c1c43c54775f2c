// Partners administration (002 §2.10 'Parceiros', §3 'Partner', §5 'Partner', §6, §7 'Admin').
import { z } from 'zod';

import { parseBRL } from '../format/currency.ts';
import { idSchema } from '../http/ids.ts';
import { emailField, MISSING_FIELDS, passwordField, REQUIRED, requiredText, selectedId } from './fields.ts';

export const PARTNER_MESSAGES = {
  missing: MISSING_FIELDS,
  /** 002 §5 'Partner': the form's alert while it has errors. */
  fillAll: 'Preencha todos os campos',
  value: 'Informe um valor em reais.',
  created: 'Parceiro cadastrado com sucesso!',
  updated: 'Parceiro editado com sucesso!',
  deleted: 'Parceiro excluído com sucesso!',
  otherUnit: 'Você não pode gerenciar parceiros desta unidade.',
} as const;

/** 002 §6: Parceiro (0) or Administrador (1). */
export const PARTNER_KINDS = [
  { value: 0, label: 'Parceiro' },
  { value: 1, label: 'Administrador' },
] as const;

/** Largest amount of a valor_operacao (numeric(12,2)). */
export const PARTNER_VALUE_MAX = 9_999_999_999.99;

/** A BRL amount (002 §3 valor_operacao_N): a number, '1234.56' or the masked 'R$ 1.234,56'; ≥ 0. */
export const brlAmountField = z
  .union([z.number(), z.string().trim().min(1)], { error: PARTNER_MESSAGES.value })
  .transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\d+(\.\d{1,2})?$/.test(value) ? Number(value) : parseBRL(value);
    if (n === null || !Number.isFinite(n) || n < 0 || n > PARTNER_VALUE_MAX) {
      ctx.addIssue({ code: 'custom', message: PARTNER_MESSAGES.value });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

const administradorField = z.preprocess(
  (v) => (v === -1 || v === '-1' || v === '' || v === null ? undefined : v),
  z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: MISSING_FIELDS })
    .transform((v) => (v === 1 || v === '1' ? (1 as const) : (0 as const))),
);
const partnerActiveField = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.literal(-1)], { error: REQUIRED })
  .transform((v) => (v === true || v === 1 ? (1 as const) : (0 as const)));

const partnerFields = {
  nome: requiredText(REQUIRED),
  email: emailField,
  descricao: requiredText(REQUIRED, 500),
  conta: requiredText(REQUIRED),
  administrador: administradorField,
  idUnidade: selectedId(MISSING_FIELDS),
  /** Sent by the form (002 §7); the server uses the unit's company. */
  idEmpresa: z.unknown().optional(),
  ativo: partnerActiveField,
  valor_operacao_1: brlAmountField,
  valor_operacao_2: brlAmountField,
  valor_operacao_3: brlAmountField,
};

/** POST cadastros/parceiros: the password is required on create only (002 §5). */
export const partnerCreateSchema = z.object({ ...partnerFields, senha: passwordField });
export type PartnerCreate = z.infer<typeof partnerCreateSchema>;

/** PUT cadastros/parceiros: the same plus id; a blank password keeps the current one. */
export const partnerUpdateSchema = z.object({
  ...partnerFields,
  id: idSchema(),
  senha: z.preprocess((v) => (v === '' || v === null ? undefined : v), passwordField.optional()),
});
export type PartnerUpdate = z.infer<typeof partnerUpdateSchema>;

/** DELETE cadastros/parceiros: id in the body (002 §7). */
export const partnerDeleteSchema = z.object({ id: idSchema() });

export const partnerRowSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  descricao: z.string(),
  conta: z.string(),
  administrador: z.union([z.literal(0), z.literal(1)]),
  idUnidade: z.number().int(),
  idEmpresa: z.number().int(),
  nomeUnidade: z.string(),
  ativo: z.number().int(),
  valor_operacao_1: z.number(),
  valor_operacao_2: z.number(),
  valor_operacao_3: z.number(),
  datacad: z.string(),
  dataAtualizacao: z.string(),
});
export type PartnerRow = z.infer<typeof partnerRowSchema>;
export const partnerListSchema = z.object({ data: z.array(partnerRowSchema) });
