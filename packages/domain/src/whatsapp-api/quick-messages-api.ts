// Quick messages (message templates) of 001 §3 "Quick-message model", §5 "Quick-message
// creation", §6, §7 "Quick messages", §8 and 002 §8: the one schema of each call and the scope rule.
import { z } from 'zod';

import type { Permission } from '../access/roles.ts';
import { foldAccents } from '../format/fold.ts';
import { idSchema } from '../http/ids.ts';

/** The texts of 001 §8 / 002 §8, verbatim. */
export const QUICK_MESSAGE_TEXTS = {
  invalid: 'Dados inválidos!',
  created: 'Mensagem adicionada com sucesso!',
  notCreated: 'Mensagem não adicionada!',
  edited: 'Mensagem editada com sucesso!',
  notEdited: 'Mensagem não editada!',
  deleted: 'Mensagem deletada com sucesso!',
  notDeleted: 'Mensagem não deletada!',
  confirmDelete: 'Tem certeza que deseja excluir esta mensagem?',
  /** The option that is not a category name (001 §5). */
  createCategory: 'Criar categoria',
  notFound: 'Modelo de mensagem não encontrado.',
  categoryNotFound: 'Categoria não encontrada.',
  scopeForbidden: 'Você não tem permissão para alterar modelos deste nível.',
} as const;

/** 001 §8: 'Código do erro: {status}-{data.status}', the HTTP status defaulting to 500. */
export function quickMessageErrorCode(httpStatus: number | undefined, bodyStatus: unknown): string {
  return `Código do erro: ${httpStatus ?? 500}-${bodyStatus === undefined || bodyStatus === null ? '' : String(bodyStatus)}`;
}

/** 001 §9: title and category name at most 100 characters. */
export const QUICK_MESSAGE_TITLE_MAX = 100;
export const QUICK_MESSAGE_CATEGORY_MAX = 100;
/** A template's text: as long as a WhatsApp text may be. */
export const QUICK_MESSAGE_TEXT_MAX = 65_536;

export const QUICK_MESSAGE_SCOPES = ['empresa', 'unidade', 'atendente'] as const;
export type QuickMessageScope = (typeof QUICK_MESSAGE_SCOPES)[number];

/**
 * 001 §6: the level a user's new templates take: ag the company, a the unit, an attendant its own.
 * The super-admin works at the company level of its session; managers (m, mg) keep their own
 * templates (their role is not named by 001 §6; docs/decisions.md "Quick-message scopes").
 */
export function creationScopeOf(permission: Permission): QuickMessageScope {
  if (permission === 'ag' || permission === 'sa') return 'empresa';
  if (permission === 'a') return 'unidade';
  return 'atendente';
}

/**
 * The levels whose templates a user may change (edit, delete): company templates only ag (and
 * the super-admin), unit templates the unit's and the company's admins, and every user its own
 * attendant-level templates (docs/decisions.md "Quick-message scopes").
 */
export function editableScopesOf(permission: Permission): QuickMessageScope[] {
  if (permission === 'ag' || permission === 'sa') return ['empresa', 'unidade', 'atendente'];
  if (permission === 'a') return ['unidade', 'atendente'];
  return ['atendente'];
}

const trimmed = (max: number) =>
  z
    .string({ error: QUICK_MESSAGE_TEXTS.invalid })
    .trim()
    .min(1, QUICK_MESSAGE_TEXTS.invalid)
    .max(max, QUICK_MESSAGE_TEXTS.invalid);

/** 001 §5: a title non-empty after trimming, at most 100 characters. */
export const quickMessageTitleSchema = trimmed(QUICK_MESSAGE_TITLE_MAX);
/** 001 §5: a message non-empty after trimming (kept as typed: its line breaks matter). */
export const quickMessageTextSchema = z
  .string({ error: QUICK_MESSAGE_TEXTS.invalid })
  .max(QUICK_MESSAGE_TEXT_MAX, QUICK_MESSAGE_TEXTS.invalid)
  .refine((text) => text.trim().length > 0, QUICK_MESSAGE_TEXTS.invalid);
/** 001 §5: a new category name: trimmed non-empty, at most 100, not literally 'Criar categoria'. */
export const quickMessageCategoryNameSchema = trimmed(QUICK_MESSAGE_CATEGORY_MAX).refine(
  (name) => name !== QUICK_MESSAGE_TEXTS.createCategory,
  QUICK_MESSAGE_TEXTS.invalid,
);

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

/**
 * POST whatsapp/adicionarModelo (001 §7): {novaCategoria, nomeCategoria, idCategoria, mensagem,
 * tituloMensagem, isAdm, isAdmg}. A category must be chosen: an existing one (idCategoria) or a
 * new one (novaCategoria with nomeCategoria). isAdm / isAdmg state the level the browser meant;
 * the server checks them against the session (a mismatch is 403) and decides the level itself.
 */
export const quickMessageCreateBodySchema = z
  .object({
    novaCategoria: flag.default(false),
    nomeCategoria: z.string().max(1000).nullish(),
    idCategoria: idSchema(QUICK_MESSAGE_TEXTS.invalid).nullish(),
    tituloMensagem: quickMessageTitleSchema,
    mensagem: quickMessageTextSchema,
    isAdm: flag.optional(),
    isAdmg: flag.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.novaCategoria) {
      const name = quickMessageCategoryNameSchema.safeParse(body.nomeCategoria ?? '');
      if (!name.success) ctx.addIssue({ code: 'custom', path: ['nomeCategoria'], message: QUICK_MESSAGE_TEXTS.invalid });
    } else if (body.idCategoria === null || body.idCategoria === undefined) {
      ctx.addIssue({ code: 'custom', path: ['idCategoria'], message: QUICK_MESSAGE_TEXTS.invalid });
    }
  });
export type QuickMessageCreateBody = z.input<typeof quickMessageCreateBodySchema>;

/**
 * POST whatsapp/editarModelo (204): the same title and message rules (001 §5); the category may
 * move to another of the same level (or a new one of that level).
 */
export const quickMessageEditBodySchema = z
  .object({
    idModelo: idSchema(QUICK_MESSAGE_TEXTS.invalid),
    tituloMensagem: quickMessageTitleSchema,
    mensagem: quickMessageTextSchema,
    idCategoria: idSchema(QUICK_MESSAGE_TEXTS.invalid).nullish(),
    novaCategoria: flag.default(false),
    nomeCategoria: z.string().max(1000).nullish(),
  })
  .superRefine((body, ctx) => {
    if (!body.novaCategoria) return;
    if (!quickMessageCategoryNameSchema.safeParse(body.nomeCategoria ?? '').success)
      ctx.addIssue({ code: 'custom', path: ['nomeCategoria'], message: QUICK_MESSAGE_TEXTS.invalid });
  });
export type QuickMessageEditBody = z.input<typeof quickMessageEditBodySchema>;

/** POST whatsapp/deletarModelo (204). */
export const quickMessageDeleteBodySchema = z.object({ idModelo: idSchema(QUICK_MESSAGE_TEXTS.invalid) });
export type QuickMessageDeleteBody = z.input<typeof quickMessageDeleteBodySchema>;

/** 001 §3 "Quick-message model". */
export const quickMessageSchema = z.object({
  idModelo: z.number().int(),
  idCategoria: z.number().int(),
  nomeCategoria: z.string(),
  tituloMensagem: z.string(),
  mensagem: z.string(),
});
export type QuickMessage = z.infer<typeof quickMessageSchema>;

export const quickMessageCategorySchema = z.object({ idCategoria: z.number().int(), nomeCategoria: z.string() });
export type QuickMessageCategory = z.infer<typeof quickMessageCategorySchema>;

/**
 * GET whatsapp/modelos (001 §7): data {modelos_empresa, categorias_empresa, modelos_unidade,
 * categorias_unidade, modelos_atendente, categorias_atendente}, each list sorted by category then
 * title; plus the level the user's new templates take and the levels it may change.
 */
export const quickMessagesResponseSchema = z.object({
  data: z.object({
    modelos_empresa: z.array(quickMessageSchema),
    categorias_empresa: z.array(quickMessageCategorySchema),
    modelos_unidade: z.array(quickMessageSchema),
    categorias_unidade: z.array(quickMessageCategorySchema),
    modelos_atendente: z.array(quickMessageSchema),
    categorias_atendente: z.array(quickMessageCategorySchema),
    escopo_criacao: z.enum(QUICK_MESSAGE_SCOPES),
    escopos_editaveis: z.array(z.enum(QUICK_MESSAGE_SCOPES)),
  }),
});
export type QuickMessagesResponse = z.infer<typeof quickMessagesResponseSchema>;

/** 201 of adicionarModelo: the template as stored. */
export const quickMessageCreatedSchema = z.object({
  message: z.string(),
  status: z.literal(201),
  data: quickMessageSchema.extend({ escopo: z.enum(QUICK_MESSAGE_SCOPES) }),
});

/** One template with the level it belongs to, as the browser lists all three together. */
export type ScopedQuickMessage = QuickMessage & { escopo: QuickMessageScope };

/** The three lists as one, company first, then unit, then the user's own. */
export function allQuickMessages(data: QuickMessagesResponse['data']): ScopedQuickMessage[] {
  return [
    ...data.modelos_empresa.map((m) => ({ ...m, escopo: 'empresa' as const })),
    ...data.modelos_unidade.map((m) => ({ ...m, escopo: 'unidade' as const })),
    ...data.modelos_atendente.map((m) => ({ ...m, escopo: 'atendente' as const })),
  ];
}

/** Accent- and case-free text for matching a title. */
export function foldForSearch(text: string): string {
  return foldAccents(text).toLowerCase();
}

/**
 * 001 §5 "Composer": '/' at the start of the composer opens the suggestions filtered by title.
 * Returns null when the text does not start with '/', else the templates whose title contains
 * what follows the '/' (accent- and case-free), titles starting with it first.
 */
export function quickMessageSuggestions<T extends { tituloMensagem: string }>(
  composerText: string,
  templates: readonly T[],
): T[] | null {
  if (!composerText.startsWith('/')) return null;
  const query = foldForSearch(composerText.slice(1).trim());
  const hits = templates.filter((t) => foldForSearch(t.tituloMensagem).includes(query));
  return hits.sort(
    (a, b) =>
      Number(!foldForSearch(a.tituloMensagem).startsWith(query)) - Number(!foldForSearch(b.tituloMensagem).startsWith(query)),
  );
}
