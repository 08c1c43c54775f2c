// The composer's form rules (002 §2.2, §5 "Mass send", §9): the bounds of numeroDeClientes and
// intervaloTempo with their messages, when 'Enviar' is enabled, the selection limit, and the
// projected finish time. Pure, so the component tests and the screen share them.

/** 002 §9 defaults of configuracoes_envio_em_massa. */
export const DEFAULT_MAX_LEADS = 500;
export const DEFAULT_INTERVAL_MIN = 10;
export const DEFAULT_INTERVAL_MAX = 50;
/** 002 §5: the interval sent is 10 when outside 10–60. */
export const INTERVAL_DECLARED_MIN = 10;
export const INTERVAL_DECLARED_MAX = 60;
/** Issue 13 "beyond the spec": up to 5 message variants, one picked per lead. */
export const MAX_VARIANTS = 5;
/** 002 §2.2, §9: the message box shows up to 5 lines. */
export const MESSAGE_ROWS = 5;
/** 002 §9: mass-send row height. */
export const LEAD_ROW_HEIGHT = 70;

export const COMPOSER_MESSAGES = {
  required: 'Campo obrigatório',
  min: (n: number) => `O valor deve ser no mínimo ${n}`,
  max: (n: number) => `O valor deve ser no máximo ${n}`,
  selectionFull: 'Quantidade máxima de leads selecionados atingida',
  selectionError: 'Ocorreu um erro ao selecionar o lead',
  emptyMessage: 'Mensagem não pode ser vazia',
  noLead: 'Nenhum lead selecionado',
  leadNotFound: 'Lead não encontrado',
  success: 'Disparo cadastrado com sucesso',
  campaignExists: 'Já existe um disparo em andamento. Aguarde a conclusão.',
  failure: 'Erro ao cadastrar disparo',
  loading: 'Carregando...',
  noLeads: 'Nenhum lead encontrado',
  noFilter: 'Filtro não aplicado',
} as const;

export type MassSendLimits = { maxLeads: number; intervalMin: number; intervalMax: number };

type Configured = { quantidade_max_leads?: number; tempo_minimo?: number; tempo_maximo?: number } | null | undefined;

/** The unit's bounds (configuracoesExtra.configuracoes_envio_em_massa), with 002 §9's defaults. */
export function limitsOf(configured: Configured): MassSendLimits {
  const maxLeads = configured?.quantidade_max_leads ?? DEFAULT_MAX_LEADS;
  const intervalMin = configured?.tempo_minimo ?? DEFAULT_INTERVAL_MIN;
  const intervalMax = configured?.tempo_maximo ?? DEFAULT_INTERVAL_MAX;
  // A configuration with min above max is unusable; fall back to the defaults rather than lock the form.
  if (intervalMin > intervalMax) return { maxLeads, intervalMin: DEFAULT_INTERVAL_MIN, intervalMax: DEFAULT_INTERVAL_MAX };
  return { maxLeads, intervalMin, intervalMax };
}

/** What the field holds: the typed text (an empty field is not 0). */
function boundedError(text: string, min: number, max: number): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return COMPOSER_MESSAGES.required;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || !Number.isInteger(value)) return COMPOSER_MESSAGES.required;
  if (value < min) return COMPOSER_MESSAGES.min(min);
  if (value > max) return COMPOSER_MESSAGES.max(max);
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

/** 002 §5: the interval sent is 10 when outside 10–60. */
export function intervalToSend(seconds: number): number {
  return Number.isInteger(seconds) && seconds >= INTERVAL_DECLARED_MIN && seconds <= INTERVAL_DECLARED_MAX ? seconds : INTERVAL_DECLARED_MIN;
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
  if (state.nomeDisparo.trim() === '') errors.nomeDisparo = COMPOSER_MESSAGES.required;
  const count = clientCountError(state.numeroDeClientes, limits);
  if (count) errors.numeroDeClientes = count;
  const interval = intervalError(state.intervaloTempo, limits);
  if (interval) errors.intervaloTempo = interval;
  if (state.mudarStatus && state.idStatusNovo === null) errors.idStatusNovo = COMPOSER_MESSAGES.required;
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
  if (state.selectedCount === 0) return COMPOSER_MESSAGES.noLead;
  if (filledVariants(state.mensagens).length === 0 && !state.hasMedia) return COMPOSER_MESSAGES.emptyMessage;
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
  if (!found.includes(id)) return { selected, message: COMPOSER_MESSAGES.leadNotFound };
  const next = new Set(selected);
  if (next.has(id)) {
    next.delete(id);
    return { selected: next, message: null };
  }
  if (next.size >= limit) return { selected, message: COMPOSER_MESSAGES.selectionFull };
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
  return { selected: new Set(target), message: found.length > limit ? COMPOSER_MESSAGES.selectionFull : null };
}

/** The caps the projection honours (issue 13 "Caps and windows"), with its safe defaults. */
export type SendingWindow = {
  /** Sends a day still allowed for the chosen number today and on following days. */
  dailyCap: number;
  /** Allowed hours, São Paulo wall time, [start, end) in hours. */
  startHour: number;
  endHour: number;
  /** No sends on Sundays. */
  skipSundays: boolean;
};

export const DEFAULT_SENDING_WINDOW: SendingWindow = { dailyCap: 20, startHour: 8, endHour: 20, skipSundays: true };

const SAO_PAULO_OFFSET_MS = -3 * 60 * 60 * 1000;

/**
 * When a campaign of `count` sends, one every `intervalSeconds` on average, would end if started at
 * `now`: sends go out only inside the allowed hours (São Paulo, which keeps UTC−3 all year), never
 * on Sundays when so configured, and at most `dailyCap` a day; the rest waits for the next window.
 * Null when nothing can be sent (no leads or a zero cap).
 */
export function projectedFinish(count: number, intervalSeconds: number, now: Date, window: SendingWindow = DEFAULT_SENDING_WINDOW): Date | null {
  if (count <= 0 || window.dailyCap <= 0 || window.endHour <= window.startHour) return null;
  const step = intervalSeconds * 1000;
  // Work in São Paulo wall time expressed as UTC fields.
  let t = now.getTime() + SAO_PAULO_OFFSET_MS;
  let remaining = count;
  let last = t;
  for (let day = 0; remaining > 0 && day < 3660; day += 1) {
    const d = new Date(t);
    const dayStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    const open = dayStart + window.startHour * 3_600_000;
    const close = dayStart + window.endHour * 3_600_000;
    const sunday = d.getUTCDay() === 0 && window.skipSundays;
    if (!sunday && t < close) {
      const first = Math.max(t, open);
      const fitting = Math.min(remaining, window.dailyCap, Math.floor((close - 1 - first) / step) + 1);
      if (fitting > 0) {
        last = first + (fitting - 1) * step;
        remaining -= fitting;
      }
    }
    t = dayStart + 86_400_000;
  }
  return remaining > 0 ? null : new Date(last - SAO_PAULO_OFFSET_MS);
}
