// Issue 13 'Opt-out': the single-word answers that take a lead out of campaigns (the attendant's
// chat still reaches it). A pure rule: the WhatsApp message pipeline checks each received text.
import { foldAccents } from '../format/fold.ts';

/** The single-word answers that take a lead out of campaigns (issue 13 'Opt-out'). */
export const MASS_SEND_OPT_OUT_WORDS: readonly string[] = ['SAIR', 'PARAR', 'PARE', 'STOP', 'CANCELAR', 'DESCADASTRAR'];

/** Whether a received text is an opt-out: one of the words alone, case, accents and punctuation ignored. */
export function isMassSendOptOut(text: string | null | undefined): boolean {
  const word = foldAccents(text ?? '')
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .trim()
    .toUpperCase();
  return MASS_SEND_OPT_OUT_WORDS.includes(word);
}
