// 002 §9 "Queue" and §3 "Settings": the unit's queue rules and the lease the queue takes on a lead.
import { parseStatusIds } from '../admin-api/settings.ts';
import { startOfNextSaoPauloDay } from '../leads/call-attempts.ts';

/** 002 §9 default queue rules: '1,7' (first), '2' (second), '5,3' (third). */
export const DEFAULT_QUEUE_RULES = ['1,7', '2', '5,3'] as const;

/** How long a claimed lead stays the attendant's before it is dialled (then the call extends it). */
export const QUEUE_LEASE_MINUTES = { claimed: 15, inCall: 60 } as const;

/** The three rules as status id lists; a unit without settings has the defaults, an emptied rule takes nobody. */
export function queueRules(
  r1: string | null | undefined,
  r2: string | null | undefined,
  r3: string | null | undefined,
): [number[], number[], number[]] {
  const one = (text: string | null | undefined, i: 0 | 1 | 2) => parseStatusIds(text ?? DEFAULT_QUEUE_RULES[i]);
  return [one(r1, 0), one(r2, 1), one(r3, 2)];
}

/** 00:00 of the current America/Sao_Paulo day (no daylight saving time since 2019). */
export function startOfSaoPauloDay(now: Date): Date {
  return new Date(startOfNextSaoPauloDay(now).getTime() - 86_400_000);
}
