// Negotiation and sale statuses of a company (002 §2.8, §3 "Negotiation status", §5 "Negotiation
// status form", §7 "Extras and catalogue"): cadastros/status-negociacao and its sale twin.
import { z } from 'zod';

import { ERROR_CODES } from '../http/errors.ts';
import { PG_INT_MAX } from '../http/ids.ts';
import { companyQuerySchema } from './companies.ts';

export const STATUS_MESSAGES = {
  nameRequired: 'Nome é obrigatório',
  orderRequired: 'Ordem do funil é obrigatório',
  orderExists: 'Funil já existe.',
  colorInvalid: 'Escolha uma cor da paleta.',
  nameTooLong: 'O nome deve ter no máximo 100 caracteres.',
  descriptionTooLong: 'A descrição deve ter no máximo 500 caracteres.',
  notFound: 'Status não encontrado.',
  targetInvalid: 'Escolha outro status existente para receber os leads.',
  created: 'Status cadastrado com sucesso!',
  updated: 'Status atualizado com sucesso!',
  deleted: 'Status excluído com sucesso!',
  systemStatus: 'Este status é usado pelas regras do sistema e não pode ser excluído.',
} as const;

/**
 * Statuses the product's rules name by funnel order, which may be renamed but not deleted: a new
 * lead starts at 1 in both funnels (000 §4); exhausted attempts set 3 Não Atendido or 9 Whatsapp
 * and queue rule 3 calls 4 Em negociação (002 §4 "Settings rule", §9).
 */
export const SYSTEM_STATUS_ORDERS = { negociacao: [1, 3, 4, 9], venda: [1] } as const;

/** 409 of a delete: how many leads hold the status and that a destination must be chosen. */
export function statusInUseMessage(leads: number): string {
  return leads === 1
    ? 'Este status está em 1 lead. Escolha para qual status ele vai antes de excluir.'
    : `Este status está em ${leads} leads. Escolha para qual status eles vão antes de excluir.`;
}

/** 002 §5: the palette of 12 named colours; a new status is black unless one is chosen. */
export const STATUS_PALETTE = [
  { nome: 'Vermelho', cor: '#f44336' },
  { nome: 'Rosa', cor: '#e91e63' },
  { nome: 'Roxo', cor: '#9c27b0' },
  { nome: 'Índigo', cor: '#3f51b5' },
  { nome: 'Azul', cor: '#2196f3' },
  { nome: 'Azul-claro', cor: '#03a9f4' },
  { nome: 'Ciano', cor: '#00bcd4' },
  { nome: 'Verde', cor: '#4caf50' },
  { nome: 'Lima', cor: '#cddc39' },
  { nome: 'Amarelo', cor: '#ffeb3b' },
  { nome: 'Laranja', cor: '#ff9800' },
  { nome: 'Cinza', cor: '#9e9e9e' },
] as const;
export const STATUS_DEFAULT_COLOR = '#000000';

/** Whether a colour may be chosen in the status form: one of the palette, or the default black. */
export function isStatusPaletteColor(cor: string): boolean {
  const c = cor.toLowerCase();
  return c === STATUS_DEFAULT_COLOR || STATUS_PALETTE.some((p) => p.cor === c);
}

const nome = z
  .string({ error: STATUS_MESSAGES.nameRequired })
  .trim()
  .min(1, STATUS_MESSAGES.nameRequired)
  .max(100, STATUS_MESSAGES.nameTooLong);
const descricao = z.string().trim().max(500, STATUS_MESSAGES.descriptionTooLong).nullish();
// Any #rrggbb parses; the service accepts only the palette (or the colour the status already has).
const cor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, STATUS_MESSAGES.colorInvalid)
  .transform((c) => c.toLowerCase())
  .optional();
/** Ordem do funil: a positive integer, as a number or its digits. */
export const funnelOrderField = z
  .union(
    [
      z.number({ error: STATUS_MESSAGES.orderRequired }),
      z
        .string({ error: STATUS_MESSAGES.orderRequired })
        .trim()
        .regex(/^\d{1,10}$/, STATUS_MESSAGES.orderRequired)
        .transform(Number),
    ],
    {
      error: STATUS_MESSAGES.orderRequired,
    },
  )
  .pipe(
    z
      .number()
      .int(STATUS_MESSAGES.orderRequired)
      .min(1, STATUS_MESSAGES.orderRequired)
      .max(PG_INT_MAX, STATUS_MESSAGES.orderRequired),
  );

const common = {
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  cor: z.string(),
  dataCad: z.string(),
  dataAtualizacao: z.string(),
};

/** A row of 'Gerenciar Status Negociação' (002 §2.8). */
export const negotiationStatusRowSchema = z.object({ ...common, idFunil: z.number().int() });
export const negotiationStatusListSchema = z.object({ data: z.array(negotiationStatusRowSchema) });
/**
 * POST and PUT cadastros/status-negociacao {nome, idFunil, cor, descricao}; PUT finds the status by idFunil (the order is not
 * editable).
 */
export const negotiationStatusBodySchema = z.object({ nome, idFunil: funnelOrderField, cor, descricao });
export const negotiationStatusSavedSchema = z.object({ message: z.string(), data: negotiationStatusRowSchema });
export type NegotiationStatusRow = z.infer<typeof negotiationStatusRowSchema>;
export type NegotiationStatusBody = z.input<typeof negotiationStatusBodySchema>;

export const saleStatusRowSchema = z.object({ ...common, idFunilVenda: z.number().int() });
export const saleStatusListSchema = z.object({ data: z.array(saleStatusRowSchema) });
/** POST and PUT cadastros/status-negociacao-venda {nome, idFunilVenda, cor, descricao}. */
export const saleStatusBodySchema = z.object({ nome, idFunilVenda: funnelOrderField, cor, descricao });
export const saleStatusSavedSchema = z.object({ message: z.string(), data: saleStatusRowSchema });
export type SaleStatusRow = z.infer<typeof saleStatusRowSchema>;
export type SaleStatusBody = z.input<typeof saleStatusBodySchema>;

/** DELETE …/{idFunil}?destino={idFunil}: the leads holding the status move to `destino` first. */
export const statusDeleteQuerySchema = companyQuerySchema.extend({ destino: funnelOrderField.optional() });
/** 409 of a delete without destino while leads hold the status: the count, so the screen can ask. */
export const statusInUseSchema = z.object({
  message: z.string(),
  status: z.literal(409),
  code: z.literal(ERROR_CODES.statusInUse),
  leads: z.number().int(),
});
export const statusDeletedSchema = z.object({ message: z.string(), leadsMovidos: z.number().int() });
