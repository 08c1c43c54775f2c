// Issue 13 'Opt-out': only a single opt-out word takes a lead out of campaigns.
import { describe, expect, it } from 'vitest';

import { isMassSendOptOut } from './opt-out.ts';

describe('isMassSendOptOut (issue 13)', () => {
  it('a single word SAIR or PARAR, whatever the case, accents and punctuation', () => {
    for (const text of ['SAIR', 'sair', ' Sair! ', 'PARAR', 'parar.', 'Pare', 'STOP', 'cancelar', 'Descadastrar'])
      expect(isMassSendOptOut(text), text).toBe(true);
  });
  it('not a sentence that contains the word, nor other answers', () => {
    for (const text of ['quero sair da lista?', 'não vou parar', 'sair amanhã', 'Sim', '', null, undefined, 'SAIRR'])
      expect(isMassSendOptOut(text), String(text)).toBe(false);
  });
});
