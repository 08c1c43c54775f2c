// 000 §7 contato/chamadaid and contato/proximaligacao; 002 §8 "Settings rule", §9 "Queue".
import { describe, expect, it } from 'vitest';

import {
  callEndReasonText,
  callEventStatus,
  callStatusText,
  endCallAttempt,
  startCallAttempt,
  startOfNextSaoPauloDay,
  type CallAttemptSettings,
} from './call-attempts.ts';

const settings: CallAttemptSettings = {
  limiteTentativas: 6,
  limiteTentativasDiarias: 3,
  intervaloNaoAtendidaMinutos: 60,
  intervaloOcupadoMinutos: 15,
  minimoSegundosAtendida: 20,
  whatsappHabilitado: false,
};
// 10:00 in São Paulo (UTC-3).
const now = new Date('2026-11-20T13:00:00Z');

describe('startCallAttempt (chamadaid)', () => {
  it('adds one attempt in all and one today', () => {
    expect(
      startCallAttempt({ tentativas: 2, tentativasDiarias: 1, ultimaTentativa: new Date('2026-11-20T11:00:00Z') }, now),
    ).toEqual({ tentativas: 3, tentativasDiarias: 2, ultimaTentativa: now });
  });

  it('starts the daily count again on a new São Paulo day, even when the UTC day is the same', () => {
    // 01:00 UTC on the 20th is 22:00 of the 19th in São Paulo.
    expect(
      startCallAttempt({ tentativas: 2, tentativasDiarias: 3, ultimaTentativa: new Date('2026-11-20T01:00:00Z') }, now)
        .tentativasDiarias,
    ).toBe(1);
    expect(startCallAttempt({ tentativas: 0, tentativasDiarias: 0, ultimaTentativa: null }, now)).toMatchObject({
      tentativas: 1,
      tentativasDiarias: 1,
    });
  });
});

describe('endCallAttempt (proximaligacao)', () => {
  it('002 §9: a call of at least valor_minimo_segundos_chamada_atendida seconds is answered; nothing more is due', () => {
    expect(endCallAttempt({ tentativas: 1, tentativasDiarias: 1, ultimaTentativa: now }, 20, settings, now)).toEqual({
      atendida: true,
      contatoStatus: 3,
      proximaTentativa: null,
      statusNegociacao: null,
    });
  });

  it('a shorter or unanswered call is Não Atendido and due again after ligacao_intervalo_nao_atendida', () => {
    const outcome = endCallAttempt({ tentativas: 1, tentativasDiarias: 1, ultimaTentativa: now }, 19, settings, now);
    expect(outcome).toEqual({
      atendida: false,
      contatoStatus: 2,
      proximaTentativa: new Date('2026-11-20T14:00:00Z'),
      statusNegociacao: null,
    });
    expect(
      endCallAttempt({ tentativas: 1, tentativasDiarias: 1, ultimaTentativa: now }, null, settings, now).proximaTentativa,
    ).toEqual(new Date('2026-11-20T14:00:00Z'));
  });

  it(
    'issue 12: a busy line is due again after ligacao_intervalo_ocupado, a call nobody answered after ' +
      'ligacao_intervalo_nao_atendida',
    () => {
      const c = { tentativas: 1, tentativasDiarias: 1, ultimaTentativa: now };
      expect(endCallAttempt(c, 0, settings, now, 'Ocupado').proximaTentativa).toEqual(new Date('2026-11-20T13:15:00Z'));
      expect(endCallAttempt(c, 0, settings, now, 'Não atendida').proximaTentativa).toEqual(new Date('2026-11-20T14:00:00Z'));
      // Unavailable and failed calls take the no-answer delay.
      expect(endCallAttempt(c, 0, settings, now, 'Indisponível').proximaTentativa).toEqual(new Date('2026-11-20T14:00:00Z'));
      expect(endCallAttempt(c, 0, { ...settings, intervaloOcupadoMinutos: 90 }, now, 'Ocupado').proximaTentativa).toEqual(
        new Date('2026-11-20T14:30:00Z'),
      );
      // The daily limit still moves a busy retry to the next day.
      expect(endCallAttempt({ ...c, tentativasDiarias: 3 }, 0, settings, now, 'Ocupado').proximaTentativa).toEqual(
        new Date('2026-11-21T03:00:00Z'),
      );
      // Talking long enough is answered whatever the text says.
      expect(endCallAttempt(c, 25, settings, now, 'Ocupado').atendida).toBe(true);
    },
  );

  it("with today's attempts used, the next call is due at 00:00 of the next São Paulo day", () => {
    expect(
      endCallAttempt({ tentativas: 3, tentativasDiarias: 3, ultimaTentativa: now }, 0, settings, now).proximaTentativa,
    ).toEqual(new Date('2026-11-21T03:00:00Z'));
    // 23:30 in São Paulo with a 60-minute interval: the interval decides.
    const late = new Date('2026-11-21T02:30:00Z');
    expect(
      endCallAttempt({ tentativas: 3, tentativasDiarias: 3, ultimaTentativa: late }, 0, settings, late).proximaTentativa,
    ).toEqual(new Date('2026-11-21T03:30:00Z'));
  });

  it("002 §8: with every attempt used the lead becomes 'Não Atendido' (3), or 'Whatsapp' (9) with WhatsApp messaging on", () => {
    const used = { tentativas: 6, tentativasDiarias: 2, ultimaTentativa: now };
    expect(endCallAttempt(used, 5, settings, now)).toEqual({
      atendida: false,
      contatoStatus: 2,
      proximaTentativa: null,
      statusNegociacao: 3,
    });
    expect(endCallAttempt(used, 5, { ...settings, whatsappHabilitado: true }, now).statusNegociacao).toBe(9);
    // An answered last attempt is still answered.
    expect(endCallAttempt(used, 30, settings, now).statusNegociacao).toBeNull();
  });

  it('startOfNextSaoPauloDay is 03:00 UTC of the next calendar day', () => {
    expect(startOfNextSaoPauloDay(new Date('2026-11-21T02:59:00Z'))).toEqual(new Date('2026-11-21T03:00:00Z'));
    expect(startOfNextSaoPauloDay(new Date('2026-12-31T20:00:00Z'))).toEqual(new Date('2027-01-01T03:00:00Z'));
  });
});

describe('call outcomes in pt-BR (issue 21 items 12, 13)', () => {
  it('reads older and foreign status texts in plain Brazilian Portuguese, keeping a client’s own words', () => {
    expect(
      [
        'ANSWERED',
        'NO ANSWER',
        'NO_ANSWER',
        'BUSY',
        'CHANUNAVAIL',
        'CONGESTION',
        'CANCEL',
        '486 Busy Here',
        '603 Decline',
        '480 Temporarily Unavailable',
        'Chamada atendida',
        'Chamada não atendida',
        'Ocupado',
        'Caixa postal',
      ].map(callStatusText),
    ).toEqual([
      'Atendida',
      'Não atendida',
      'Não atendida',
      'Ocupado',
      'Indisponível',
      'Falha na chamada',
      'Cancelada',
      'Ocupado',
      'Recusada',
      'Indisponível',
      'Atendida',
      'Não atendida',
      'Ocupado',
      'Caixa postal',
    ]);
    expect(['486 Busy Here', '487 Request Terminated', 'NO_ANSWER', 'Desligada pelo contato'].map(callEndReasonText)).toEqual([
      'Linha ocupada',
      'Ligação cancelada antes de ser atendida',
      'Não atendida',
      'Desligada pelo contato',
    ]);
  });

  it('002 §9: a pick-up under valor_minimo_segundos_chamada_atendida is stored with the rule, one word for one outcome', () => {
    expect(callEventStatus('Atendida', false, 20)).toBe('Atendida (menos de 20 s: conta como não atendida)');
    expect(callEventStatus('ANSWERED', false, 20)).toBe('Atendida (menos de 20 s: conta como não atendida)');
    expect(callEventStatus('Atendida', true, 20)).toBe('Atendida');
    expect(callEventStatus(undefined, true, 20)).toBe('Atendida');
    expect(callEventStatus(undefined, false, 20)).toBe('Não atendida');
    expect(callEventStatus('486 Busy Here', false, 20)).toBe('Ocupado');
    expect(callEventStatus('Atendida', false, 1200).length).toBeLessThanOrEqual(50);
  });

  it("a busy line named the old way ('BUSY', '486 Busy Here') waits ligacao_intervalo_ocupado too", () => {
    const counters = { tentativas: 1, tentativasDiarias: 1, ultimaTentativa: now };
    expect(endCallAttempt(counters, 0, settings, now, '486 Busy Here').proximaTentativa).toEqual(
      new Date('2026-11-20T13:15:00Z'),
    );
    expect(endCallAttempt(counters, 0, settings, now, 'BUSY').proximaTentativa).toEqual(new Date('2026-11-20T13:15:00Z'));
  });
});
