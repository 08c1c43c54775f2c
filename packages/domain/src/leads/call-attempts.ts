// Call attempts of a lead (000 §7 POST contato/chamadaid/{id} and contato/proximaligacao/{id};
// 002 §4 "Call-queue control", §8 "Settings rule", §9 "Queue"): the counters a call start moves and
// what the end of a call decides for the next one.
import { toWallTime, zonedWallTimeToDate } from '../format/date.ts';
import { CONTACT_STATUS } from './negotiation.ts';

/** 002 §8: the negotiation status a lead takes when its call attempts are exhausted. */
export const EXHAUSTED_NEGOTIATION_STATUS = { naoAtendido: 3, whatsapp: 9 } as const;

/** The unit settings of 002 §3 "Unit settings" that rule the attempts (defaults in 002 §9). */
export type CallAttemptSettings = {
  /** ligacao_limite_tentativas (default 6). */
  limiteTentativas: number;
  /** ligacao_limite_tentativas_diarias (default 3). */
  limiteTentativasDiarias: number;
  /** ligacao_intervalo_nao_atendida, minutes (default 60): a call nobody answered (or that failed). */
  intervaloNaoAtendidaMinutos: number;
  /** ligacao_intervalo_ocupado, minutes (default 15, issue 12): a busy line is tried again sooner. */
  intervaloOcupadoMinutos: number;
  /** valor_minimo_segundos_chamada_atendida (default 20). */
  minimoSegundosAtendida: number;
  /** habilita_mensagem_whatsapp: exhausted leads go to 'Whatsapp' (9) instead of 'Não Atendido' (3). */
  whatsappHabilitado: boolean;
};

/**
 * pt-BR names of the call outcomes (status_chamada), as the softphone reports them: the one record
 * of what a call's outcome is called, wherever a user reads it (issue 21).
 */
export const CALL_STATUS_TEXT = {
  answered: 'Atendida',
  busy: 'Ocupado',
  noAnswer: 'Não atendida',
  declined: 'Recusada',
  unavailable: 'Indisponível',
  failed: 'Falha na chamada',
  cancelled: 'Cancelada',
} as const;
export type CallStatusText = (typeof CALL_STATUS_TEXT)[keyof typeof CALL_STATUS_TEXT];

/** The outcome a SIP final status of the INVITE means (200 when answered). */
export function callStatusOfSip(sipStatus: number, answered: boolean): CallStatusText {
  if (answered || sipStatus === 200) return CALL_STATUS_TEXT.answered;
  if (sipStatus === 486 || sipStatus === 600) return CALL_STATUS_TEXT.busy;
  if (sipStatus === 603) return CALL_STATUS_TEXT.declined;
  if (sipStatus === 487 || sipStatus === 408) return CALL_STATUS_TEXT.noAnswer;
  if (sipStatus === 480 || sipStatus === 404 || sipStatus === 410) return CALL_STATUS_TEXT.unavailable;
  return CALL_STATUS_TEXT.failed;
}

/** Why an unanswered call ended (motivo_desconexao), by the SIP final status, in plain pt-BR. */
export function callEndReasonOfSip(sipStatus: number): string {
  if (sipStatus === 486 || sipStatus === 600) return 'Linha ocupada';
  if (sipStatus === 603) return 'O contato recusou a ligação';
  if (sipStatus === 487) return 'Ligação cancelada antes de ser atendida';
  if (sipStatus === 408) return 'O contato não atendeu';
  if (sipStatus === 480 || sipStatus === 410) return 'Telefone do contato indisponível';
  if (sipStatus === 404 || sipStatus === 484) return 'Número não encontrado';
  if (sipStatus === 0) return 'Sem resposta da central telefônica';
  return 'Falha na rede de telefonia';
}

// What older records and other dialers wrote (Asterisk's DIALSTATUS, the first default texts).
const RAW_STATUS: Record<string, CallStatusText> = {
  ANSWERED: CALL_STATUS_TEXT.answered,
  ANSWER: CALL_STATUS_TEXT.answered,
  'CHAMADA ATENDIDA': CALL_STATUS_TEXT.answered,
  'NO ANSWER': CALL_STATUS_TEXT.noAnswer,
  NOANSWER: CALL_STATUS_TEXT.noAnswer,
  'CHAMADA NÃO ATENDIDA': CALL_STATUS_TEXT.noAnswer,
  BUSY: CALL_STATUS_TEXT.busy,
  CANCEL: CALL_STATUS_TEXT.cancelled,
  CANCELED: CALL_STATUS_TEXT.cancelled,
  CANCELLED: CALL_STATUS_TEXT.cancelled,
  CHANUNAVAIL: CALL_STATUS_TEXT.unavailable,
  UNAVAILABLE: CALL_STATUS_TEXT.unavailable,
  CONGESTION: CALL_STATUS_TEXT.failed,
  FAILED: CALL_STATUS_TEXT.failed,
  DECLINED: CALL_STATUS_TEXT.declined,
};

/**
 * A stored status_chamada as a user reads it: the softphone's pt-BR outcome as it is, an older
 * record's 'ANSWERED', 'NO ANSWER', 'NO_ANSWER' or SIP '486 Busy Here' in plain pt-BR; any other
 * text (a client's own words) unchanged.
 */
export function callStatusText(raw: string): string {
  const text = raw.trim();
  const sip = /^(?:SIP\/2\.0\s+)?([1-6]\d\d)(?:\s|$)/i.exec(text);
  if (sip) return callStatusOfSip(Number(sip[1]), false);
  return RAW_STATUS[text.toUpperCase().replace(/[_-]+/g, ' ')] ?? RAW_STATUS[text.toUpperCase().replace(/[_\s-]+/g, '')] ?? text;
}

/** A stored motivo_desconexao as a user reads it: a SIP reply ('486 Busy Here') or a dialer's code in pt-BR. */
export function callEndReasonText(raw: string): string {
  const text = raw.trim();
  const sip = /^(?:SIP\/2\.0\s+)?([1-6]\d\d)(?:\s|$)/i.exec(text);
  if (sip) return callEndReasonOfSip(Number(sip[1]));
  return callStatusText(text);
}

/**
 * 002 §9 on the history event (issue 21 item 13): the contact picked up but the talk stayed under
 * the unit's valor_minimo_segundos_chamada_atendida, so the call counts as not answered. The
 * status says both, with the rule, in the 50 characters status_chamada holds.
 */
export function shortAnsweredCallStatus(minimoSegundos?: number): string {
  const text = `Atendida (menos de ${minimoSegundos} s: conta como não atendida)`;
  return minimoSegundos !== undefined && text.length <= 50 ? text : 'Atendida (curta demais: conta como não atendida)';
}

/** The status_chamada a call's history event keeps: the reported one in pt-BR, the rule when a pick-up did not count. */
export function callEventStatus(reported: string | null | undefined, atendida: boolean, minimoSegundos: number): string {
  const status = reported ? callStatusText(reported) : atendida ? CALL_STATUS_TEXT.answered : CALL_STATUS_TEXT.noAnswer;
  if (!atendida && status === CALL_STATUS_TEXT.answered) return shortAnsweredCallStatus(minimoSegundos);
  return status.slice(0, 50);
}

/** Default minutes before a busy lead is called again (issue 12: its own delay, sooner than no answer). */
export const DEFAULT_BUSY_RETRY_MINUTES = 15;

/** A lead's counters: cli_tentativas, cli_tentativas_diarias and the last attempt (cli_data_atendimento). */
export type CallCounters = { tentativas: number; tentativasDiarias: number; ultimaTentativa: Date | null };

const sameSaoPauloDay = (a: Date, b: Date): boolean => {
  const x = toWallTime(a);
  const y = toWallTime(b);
  return x.year === y.year && x.month === y.month && x.day === y.day;
};

/**
 * A call starts (chamadaid): one more attempt in all and one more today; the daily count starts
 * again on a new America/Sao_Paulo day.
 */
export function startCallAttempt(counters: CallCounters, now: Date): CallCounters {
  const today = counters.ultimaTentativa !== null && sameSaoPauloDay(counters.ultimaTentativa, now);
  return {
    tentativas: counters.tentativas + 1,
    tentativasDiarias: (today ? counters.tentativasDiarias : 0) + 1,
    ultimaTentativa: now,
  };
}

/** 00:00 of the next America/Sao_Paulo day. */
export function startOfNextSaoPauloDay(now: Date): Date {
  const wall = toWallTime(now);
  const noonUtc = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, 12) + 86_400_000);
  return zonedWallTimeToDate({
    year: noonUtc.getUTCFullYear(),
    month: noonUtc.getUTCMonth() + 1,
    day: noonUtc.getUTCDate(),
    hour: 0,
    minute: 0,
    second: 0,
  })!;
}

/** What the end of a call decides (proximaligacao). */
export type CallOutcome = {
  atendida: boolean;
  /** cli_contato_status after the call. */
  contatoStatus: typeof CONTACT_STATUS.Atendido | typeof CONTACT_STATUS.NaoAtendido;
  /** cli_data_proxima_tentativa: null when no further call is due. */
  proximaTentativa: Date | null;
  /** The negotiation status the lead moves to when its attempts are exhausted, else null. */
  statusNegociacao: number | null;
};

/**
 * 002 §8, §9: a call whose talk time reaches the unit's minimum is answered (no further attempt
 * due). Otherwise: with every attempt used the lead leaves the queue as 'Não Atendido' (3), or
 * 'Whatsapp' (9) when WhatsApp messaging is on; with today's attempts used the next call is due
 * the next day, not before the interval; else after the interval. The interval is the outcome's
 * (issue 12): a busy line (status_chamada 'Ocupado') waits ligacao_intervalo_ocupado, any other
 * unanswered call ligacao_intervalo_nao_atendida.
 */
export function endCallAttempt(
  counters: CallCounters,
  talkedSeconds: number | null,
  settings: CallAttemptSettings,
  now: Date,
  statusChamada?: string | null,
): CallOutcome {
  if (talkedSeconds !== null && talkedSeconds >= settings.minimoSegundosAtendida) {
    return { atendida: true, contatoStatus: CONTACT_STATUS.Atendido, proximaTentativa: null, statusNegociacao: null };
  }
  if (counters.tentativas >= settings.limiteTentativas) {
    const status = settings.whatsappHabilitado ? EXHAUSTED_NEGOTIATION_STATUS.whatsapp : EXHAUSTED_NEGOTIATION_STATUS.naoAtendido;
    return { atendida: false, contatoStatus: CONTACT_STATUS.NaoAtendido, proximaTentativa: null, statusNegociacao: status };
  }
  const minutes =
    statusChamada && callStatusText(statusChamada) === CALL_STATUS_TEXT.busy
      ? settings.intervaloOcupadoMinutos
      : settings.intervaloNaoAtendidaMinutos;
  const afterInterval = new Date(now.getTime() + minutes * 60_000);
  const proxima =
    counters.tentativasDiarias >= settings.limiteTentativasDiarias
      ? new Date(Math.max(afterInterval.getTime(), startOfNextSaoPauloDay(now).getTime()))
      : afterInterval;
  return { atendida: false, contatoStatus: CONTACT_STATUS.NaoAtendido, proximaTentativa: proxima, statusNegociacao: null };
}
