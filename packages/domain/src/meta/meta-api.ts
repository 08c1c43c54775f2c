// The Meta connection screen's API (issue 23 §2, §5, §6; 002 §7 'OAuth exchange'): /api/meta/…, for the
// super-admin and the company admin (ag) of the session's company. Texts the screen and the server share.
import { z } from 'zod';

import { idSchema } from '../http/ids.ts';

export const META_MESSAGES = {
  notConnected: 'Por favor, faça login no Facebook.',
  notConfigured: 'A integração com o Meta não está configurada neste servidor.',
  connected: 'Conta do Meta conectada com sucesso!',
  connectFailed: 'Não foi possível conectar ao Meta. Tente novamente.',
  denied: 'A conexão foi cancelada no Facebook.',
  stateInvalid: 'O pedido de conexão expirou ou não é válido. Clique em Conectar com o Facebook novamente.',
  shortToken:
    'Conectado com um acesso de curta duração: o Meta não trocou o token por um de 60 dias. Conecte novamente mais tarde.',
  disconnected: 'Conta do Meta desconectada.',
  systemTokenSaved: 'Token de usuário do sistema salvo com sucesso!',
  systemTokenInvalid: 'Token inválido: o Meta não o reconheceu.',
  pagesSaved: 'Páginas e formulários salvos com sucesso!',
  settingsSaved: 'Configuração salva com sucesso!',
  pageUnknown: 'Página não encontrada na sua conta do Facebook.',
  formUnknown: 'Formulário não encontrado nesta página.',
  pageOtherCompany: 'Esta página já está conectada a outra empresa.',
  subscribeFailed: 'O Meta não aceitou a inscrição da página. Verifique as permissões da página e tente novamente.',
  unitUnknown: 'Unidade não encontrada.',
  accountUnknown: 'Conta de anúncios não encontrada neste acesso.',
  syncDone: 'Sincronização com o Meta concluída.',
  syncFailed: 'Não foi possível sincronizar com o Meta.',
  syncRunning: 'Uma sincronização com o Meta já está em andamento.',
  tokenInvalid: 'O acesso ao Meta expirou ou foi revogado. Conecte novamente.',
  metaUnavailable: 'O Meta não respondeu. Tente novamente em alguns minutos.',
  expired: 'O acesso ao Meta expirou. Conecte novamente.',
  noDefaultUnit: 'Escolha a unidade padrão antes de sincronizar.',
} as const;

/** 'O acesso ao Meta expira em N dias. Conecte novamente.' (issue 23 §2: from 7 days before expiry). */
export const expiryWarning = (daysLeft: number): string =>
  daysLeft <= 0
    ? META_MESSAGES.expired
    : `O acesso ao Meta expira em ${daysLeft} ${daysLeft === 1 ? 'dia' : 'dias'}. Conecte novamente.`;

/** The rate-limit answer: 'O Meta limitou as chamadas. Tente novamente em N minutos.' */
export const rateLimitedMessage = (minutes: number | null): string =>
  minutes && minutes > 0
    ? `O Meta limitou as chamadas. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`
    : 'O Meta limitou as chamadas. Tente novamente em alguns minutos.';

/** Days before expiry from which the warning shows. */
export const EXPIRY_WARNING_DAYS = 7;

/** A Graph object id (pages, forms: digits). */
export const metaIdField = z
  .string({ error: 'Identificador do Meta inválido.' })
  .trim()
  .regex(/^\d{1,30}$/, 'Identificador do Meta inválido.');

export const META_TOKEN_KINDS = ['longo', 'curto', 'sistema'] as const;
export type MetaTokenKindName = (typeof META_TOKEN_KINDS)[number];

export const metaSyncSummarySchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  campaigns: z.number().int(),
  adSets: z.number().int(),
  ads: z.number().int(),
  costs: z.number().int(),
  skippedManualCosts: z.number().int(),
  error: z.string().optional(),
});
export type MetaSyncSummaryBody = z.infer<typeof metaSyncSummarySchema>;

const chosenFormSchema = z.object({ formId: z.string(), nome: z.string(), idUnidade: z.number().int().nullable() });
const chosenPageSchema = z.object({
  pageId: z.string(),
  nome: z.string(),
  inscrita: z.boolean(),
  forms: z.array(chosenFormSchema),
});

/** GET /api/meta/conexao: the screen's state. */
export const metaStatusSchema = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  tokenKind: z.enum(META_TOKEN_KINDS).nullable(),
  /** ISO instant; null: no expiry known (a system user's token, or a short token kept after a failed exchange). */
  expiresAt: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  /** The expiry warning (7 days before) or the expired text; null otherwise. */
  warning: z.string().nullable(),
  metaUserName: z.string().nullable(),
  connectedBy: z.string().nullable(),
  adAccountIds: z.array(z.string()),
  defaultUnitId: z.number().int().nullable(),
  units: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  pages: z.array(chosenPageSchema),
  lastSync: metaSyncSummarySchema.nullable(),
});
export type MetaStatus = z.infer<typeof metaStatusSchema>;

/** GET /api/meta/conectar: the login dialog's address (the browser goes there). */
export const metaConnectSchema = z.object({ url: z.string() });

/** GET /api/meta/paginas: the pages the connected user manages and their lead forms, with what the company chose. */
export const metaAvailablePagesSchema = z.object({
  data: z.array(
    z.object({
      pageId: z.string(),
      nome: z.string(),
      chosen: z.boolean(),
      inscrita: z.boolean(),
      forms: z.array(
        z.object({
          formId: z.string(),
          nome: z.string(),
          status: z.string(),
          chosen: z.boolean(),
          idUnidade: z.number().int().nullable(),
        }),
      ),
    }),
  ),
  adAccounts: z.array(z.object({ id: z.string(), nome: z.string() })),
});
export type MetaAvailablePages = z.infer<typeof metaAvailablePagesSchema>;

/** PUT /api/meta/paginas: the whole choice (pages not listed stop feeding the company). */
export const metaPagesChoiceSchema = z.object({
  pages: z
    .array(
      z.object({
        pageId: metaIdField,
        forms: z
          .array(z.object({ formId: metaIdField, idUnidade: idSchema('Unidade inválida.').nullable() }))
          .max(200, 'Escolha no máximo 200 formulários por página.'),
      }),
    )
    .max(50, 'Escolha no máximo 50 páginas.'),
});
export type MetaPagesChoice = z.infer<typeof metaPagesChoiceSchema>;

/** PUT /api/meta/configuracao: the default unit and, optionally, the ad accounts the sync reads. */
export const metaSettingsSchema = z.object({
  idUnidadePadrao: idSchema('Unidade inválida.').nullable(),
  contasAnuncio: z
    .array(
      z
        .string()
        .trim()
        .regex(/^act_\d{1,30}$/, 'Conta de anúncios inválida.'),
    )
    .max(50)
    .optional(),
});
export type MetaSettings = z.infer<typeof metaSettingsSchema>;

/** POST /api/meta/token: a system user's token pasted by the admin (Business Manager). */
export const metaSystemTokenSchema = z.object({
  token: z
    .string({ error: 'Informe o token.' })
    .trim()
    .min(20, 'Token inválido: o Meta não o reconheceu.')
    .max(1000, 'Token inválido: o Meta não o reconheceu.')
    .regex(/^[A-Za-z0-9|_-]+$/, 'Token inválido: o Meta não o reconheceu.'),
});

/** POST /api/meta/sincronizar: optional period of the spend (default the last 30 days). */
/** A calendar day 'AAAA-MM-DD' that exists (2024-02-30 does not), from 2000 on. */
const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a data no formato AAAA-MM-DD.')
  .refine((d) => {
    const at = new Date(`${d}T12:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d && d >= '2000-01-01';
  }, 'Data inválida.');

export const metaSyncRequestSchema = z
  .object({ desde: dayField.optional(), ate: dayField.optional() })
  .refine((b) => !b.desde || !b.ate || b.desde <= b.ate, {
    message: 'A data inicial deve ser anterior à final.',
    path: ['desde'],
  })
  .optional();

export const metaMessageSchema = z.object({ message: z.string() });
export const metaSyncResultSchema = z.object({ message: z.string(), data: metaSyncSummarySchema });

/** GET /api/meta/estado: for /anuncios and /campanhas, whether 'Sincronizar com o Meta' shows. */
export const metaSyncStateSchema = z.object({ connected: z.boolean(), lastSync: metaSyncSummarySchema.nullable() });
export type MetaSyncState = z.infer<typeof metaSyncStateSchema>;
