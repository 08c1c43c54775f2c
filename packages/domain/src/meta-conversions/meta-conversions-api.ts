// Meta's Conversions API for CRM events (issue 24 'Closing the loop with Meta'): the unit admin's card
// on /insights (dataset id, the statuses sent) and the last sends with Meta's answer or the reason.
import { z } from 'zod';

export const META_CONVERSIONS_MESSAGES = {
  saved: 'Configuração da API de Conversões salva.',
  datasetInvalid: 'O ID do conjunto de dados deve ter apenas números (até 32 dígitos).',
  statusUnknown: 'Um dos status escolhidos não existe nesta empresa.',
  tooOld: 'A mudança tem mais de 7 dias: a Meta não aceita mais este evento.',
  notConnected: 'A empresa não está conectada à Meta.',
} as const;

export const metaConversionsSettingsSchema = z
  .object({
    datasetId: z
      .string()
      .trim()
      .regex(/^\d{1,32}$/, META_CONVERSIONS_MESSAGES.datasetInvalid)
      .nullable(),
    statusNegociacao: z.array(z.number().int()).max(200),
    statusVenda: z.array(z.number().int()).max(200),
  })
  .strict();
export type MetaConversionsSettings = z.infer<typeof metaConversionsSettingsSchema>;

const statusOptionSchema = z.object({ id: z.number().int(), nome: z.string() });

export const metaConversionSendSchema = z.object({
  id: z.number().int(),
  cliCrmId: z.number().int(),
  nomeEvento: z.string(),
  momento: z.string(),
  status: z.enum(['pendente', 'enviado', 'falhou']),
  tentativas: z.number().int(),
  erro: z.string().nullable(),
  enviadoEm: z.string().nullable(),
});
export type MetaConversionSend = z.infer<typeof metaConversionSendSchema>;

export const metaConversionsStateSchema = metaConversionsSettingsSchema.extend({
  opcoes: z.object({ negociacao: z.array(statusOptionSchema), venda: z.array(statusOptionSchema) }),
  envios: z.array(metaConversionSendSchema),
});
export type MetaConversionsState = z.infer<typeof metaConversionsStateSchema>;

/** Meta's dedup key of a CRM event: one per stream event and funnel, the same on every retry. */
export const conversionEventId = (idEvento: number, familia: 'negociacao' | 'venda'): string => `funil-${idEvento}-${familia}`;
