// The composer's form rules (002 §2.2, §5 "Mass send", §9): the bounds of numeroDeClientes and
// intervaloTempo with their messages, when 'Enviar' is enabled, the selection limit, and the
// projected finish time. Pure, so the component tests and the screen share them.

import { MASS_SEND_MESSAGES, massSendSettingsOf, type MassSendSettings } from '@funil/domain/mass-send/mass-send-api';

/** Issue 13 "beyond the spec": up to 5 message variants, one picked per lead. */
export const MAX_VARIANTS = 5;
/** 002 §2.2, §9: the message box shows up to 5 lines. */
export const MESSAGE_ROWS = 5;
/** 002 §9: mass-send row height. */
export const LEAD_ROW_HEIGHT = 70;

/** The list states of 002 §2.2. */
export const LIST_MESSAGES = {
  loading: 'Carregando...',
  noLeads: 'Nenhum lead encontrado',
  noFilter: 'Filtro não aplicado',
} as const;

export type MassSendLimits = { maxLeads: number; intervalMin: number; intervalMax: number };

/** The unit's mass-send settings from configuracoesExtra (its own JSON, every key kept), with the domain's defaults. */
export function settingsOfExtras(configuracoesExtra: string | null | undefined): MassSendSettings {
  let raw: unknown;
  try {
    const parsed: unknown = JSON.parse(configuracoesExtra ?? '{}');
    raw = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>).configuracoes_envio_em_massa : null;
  } catch {
    raw = null;
  }
  return massSendSettingsOf(raw);
}

/** The form's bounds (002 §5: quantidade_max_leads, tempo_minimo, tempo_maximo). */
export function limitsOf(settings: MassSendSettings): MassSendLimits {
  return { maxLeads: settings.quantidade_max_leads, intervalMin: settings.tempo_minimo, intervalMax: settings.tempo_maximo };
}

/** What the field holds: the typed text (an empty field is not 0). */
function boundedError(text: string, min: number, max: number): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return MASS_SEND_MESSAGES.required;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || !Number.isInteger(value)) return MASS_SEND_MESSAGES.required;
  if (value < min) return MASS_SEND_MESSAGES.min(min);
  if (value > max) return MASS_SEND_MESSAGES.max(max);
  return null;
}

/** 002 §5 numeroDeClientes: required, at least 1, at most quantidade_max_leads. */
export function clientCountError(text: string, limits: MassSendLimits): string | null {
  return boundedError(text, 1, limits.maxLeads);
}

/** 002 §5 intervaloTempo: required, between tempo_minimo and tempo_maximo. */
export function intervalError(text: string, limits: MassSendLimits): string | null {
  return boundedError(text, limits.intervalMin, limits.intervalMax);
}

export type ComposerState = {
  nomeDisparo: string;
  numeroDeClientes: string;
  intervaloTempo: string;
  /** The message variants (the first is the message of 002 §2.2); blank ones are ignored. */
  mensagens: readonly string[];
  hasMedia: boolean;
  mudarStatus: boolean;
  idStatusNovo: number | null;
  selectedCount: number;
  filterActive: boolean;
};

export type ComposerErrors = Partial<Record<'nomeDisparo' | 'numeroDeClientes' | 'intervaloTempo' | 'idStatusNovo', string>>;

/** The field errors of the dispatch form. */
export function composerErrors(state: ComposerState, limits: MassSendLimits): ComposerErrors {
  const errors: ComposerErrors = {};
  if (state.nomeDisparo.trim() === '') errors.nomeDisparo = MASS_SEND_MESSAGES.required;
  const count = clientCountError(state.numeroDeClientes, limits);
  if (count) errors.numeroDeClientes = count;
  const interval = intervalError(state.intervaloTempo, limits);
  if (interval) errors.intervaloTempo = interval;
  if (state.mudarStatus && state.idStatusNovo === null) errors.idStatusNovo = MASS_SEND_MESSAGES.required;
  return errors;
}

/** The non-blank variants, in order. */
export function filledVariants(mensagens: readonly string[]): string[] {
  return mensagens.filter((m) => m.trim() !== '');
}

/**
 * 002 §5: 'Enviar' is enabled only when leads are selected, a message or media exists, a dispatch
 * name is present, a filter is active and there are no form errors.
 */
export function canSend(state: ComposerState, limits: MassSendLimits): boolean {
  const hasContent = filledVariants(state.mensagens).length > 0 || state.hasMedia;
  return state.selectedCount > 0 && hasContent && state.filterActive && Object.keys(composerErrors(state, limits)).length === 0;
}

/** Why a click on 'Enviar' cannot go out (the selection and message snackbars of 002 §5), or null. */
export function sendBlocker(state: Pick<ComposerState, 'selectedCount' | 'mensagens' | 'hasMedia'>): string | null {
  if (state.selectedCount === 0) return MASS_SEND_MESSAGES.noLeads;
  if (filledVariants(state.mensagens).length === 0 && !state.hasMedia) return MASS_SEND_MESSAGES.emptyMessage;
  return null;
}

/**
 * Why 'Enviar' is grey, in the words of 002 §2.2 and §5, or null when it is not (issue 21: a
 * disabled button says why). The first missing condition, in the order a user fills the screen.
 */
export function notSendableReason(state: ComposerState, limits: MassSendLimits): string | null {
  if (!state.filterActive) return `${LIST_MESSAGES.noFilter}: aplique um filtro para encontrar os leads.`;
  const blocker = sendBlocker(state);
  if (blocker) return blocker;
  const errors = composerErrors(state, limits);
  if (errors.nomeDisparo) return MASS_SEND_MESSAGES.nameRequired;
  if (errors.numeroDeClientes) return `Número de clientes: ${errors.numeroDeClientes}`;
  if (errors.intervaloTempo) return `Intervalo (segundos): ${errors.intervaloTempo}`;
  if (errors.idStatusNovo) return `Novo status: ${errors.idStatusNovo}`;
  return null;
}

/** The selection limit: numeroDeClientes when valid, else the unit's maximum. */
export function selectionLimit(numeroDeClientes: string, limits: MassSendLimits): number {
  return clientCountError(numeroDeClientes, limits) === null ? Number(numeroDeClientes) : limits.maxLeads;
}

export type SelectionResult = { selected: ReadonlySet<number>; message: string | null };

/**
 * Toggles one lead (002 §5): a lead outside the found list is 'Lead não encontrado'; adding beyond
 * the limit keeps the selection and says 'Quantidade máxima de leads selecionados atingida'.
 */
export function toggleLead(selected: ReadonlySet<number>, id: number, found: readonly number[], limit: number): SelectionResult {
  if (!found.includes(id)) return { selected, message: MASS_SEND_MESSAGES.leadNotFound };
  const next = new Set(selected);
  if (next.has(id)) {
    next.delete(id);
    return { selected: next, message: null };
  }
  if (next.size >= limit) return { selected, message: MASS_SEND_MESSAGES.maxSelected };
  next.add(id);
  return { selected: next, message: null };
}

/**
 * Select-all: the first `limit` found leads (002 §5, saying so when the list is longer), or none
 * when every selectable one is already selected.
 */
export function toggleAll(selected: ReadonlySet<number>, found: readonly number[], limit: number): SelectionResult {
  const target = found.slice(0, limit);
  const allSelected = target.length > 0 && target.every((id) => selected.has(id)) && selected.size === target.length;
  if (allSelected) return { selected: new Set(), message: null };
  return { selected: new Set(target), message: found.length > limit ? MASS_SEND_MESSAGES.maxSelected : null };
}
