// 002 §5 "Negotiation status form": Nome and Ordem do funil required, an order already used is
// refused ('Funil já existe.'), the colour comes from the palette of 12 (black by default).
import { z } from 'zod';

import { funnelOrderField, isStatusPaletteColor, STATUS_DEFAULT_COLOR, STATUS_MESSAGES } from '@funil/domain/admin-api/statuses';

import type { StatusForm, StatusRow } from './api/statuses.ts';

export const EMPTY_STATUS_FORM: StatusForm = { nome: '', ordem: '', cor: STATUS_DEFAULT_COLOR, descricao: '' };

export function formOf(row: StatusRow): StatusForm {
  return { nome: row.nome, ordem: row.ordem, cor: row.cor, descricao: row.descricao ?? '' };
}

/**
 * The dialog's schema: on create the order must be free among `rows`; on edit it is not editable.
 * A status whose colour predates the palette keeps it until another is chosen.
 */
export function statusFormSchema(rows: readonly StatusRow[], editing: StatusRow | null) {
  return z.object({
    nome: z.string().trim().min(1, STATUS_MESSAGES.nameRequired).max(100, STATUS_MESSAGES.nameTooLong),
    ordem: funnelOrderField.refine(
      (ordem) => editing !== null || !rows.some((r) => r.ordem === ordem),
      STATUS_MESSAGES.orderExists,
    ),
    cor: z.string().refine((cor) => isStatusPaletteColor(cor) || cor === editing?.cor, STATUS_MESSAGES.colorInvalid),
    descricao: z.string().trim().max(500, STATUS_MESSAGES.descriptionTooLong),
  });
}
