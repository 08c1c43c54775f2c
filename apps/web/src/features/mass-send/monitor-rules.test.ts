// 002 §2.3 monitor: progress, the status line (automatic pause, wait) and the wa.me link.
import { describe, expect, it } from 'vitest';

import { barOf, progressOf, progressText, statusNote, waMeLink } from './monitor-rules.ts';

describe('002 §2.3 progress and status line', () => {
  it('counts sent, failed and skipped recipients as handled', () => {
    expect(progressOf({ totalClientes: 8, clientesEnviados: 2, clientesErro: 1, clientesNaoEnviados: 1 })).toBe(50);
    expect(progressOf({ totalClientes: 0, clientesEnviados: 0, clientesErro: 0, clientesNaoEnviados: 0 })).toBe(0);
  });
  it(
    'says what was sent, failed, not sent and is pending; a campaign finalized at 5 of 10 does not ' +
      'read as done (issue 21 item 11, 002 §4)',
    () => {
      const finalized = {
        status: 'FINALIZADO' as const,
        totalClientes: 10,
        clientesEnviados: 5,
        clientesErro: 0,
        clientesNaoEnviados: 5,
      };
      expect(progressText(finalized)).toBe('10 leads: 5 enviados, 5 não enviados');
      expect(progressText(finalized)).not.toContain('100%');
      expect(barOf(finalized)).toBe(50);
      const paused = {
        status: 'PAUSADO' as const,
        totalClientes: 10,
        clientesEnviados: 3,
        clientesErro: 1,
        clientesNaoEnviados: 1,
      };
      expect(progressText(paused)).toBe('10 leads: 3 enviados, 1 com erro, 1 não enviado, 5 pendentes · 50% concluído');
      expect(barOf(paused)).toBe(50);
      expect(
        progressText({ status: 'FINALIZADO', totalClientes: 1, clientesEnviados: 1, clientesErro: 0, clientesNaoEnviados: 0 }),
      ).toBe('1 lead: 1 enviado');
    },
  );
  it('says why a campaign paused itself, and until when a running one waits (São Paulo time)', () => {
    expect(
      statusNote({
        status: 'PAUSADO',
        motivoPausa: 'Pausado automaticamente: a instância do WhatsApp desconectou.',
        aguardandoAte: null,
        motivoEspera: null,
      }),
    ).toBe('Pausado automaticamente: a instância do WhatsApp desconectou.');
    expect(
      statusNote({
        status: 'EM_ANDAMENTO',
        motivoPausa: null,
        aguardandoAte: '2026-11-24T00:00:00.000Z',
        motivoEspera: 'Limite diário do número atingido.',
      }),
    ).toBe('Limite diário do número atingido. Aguardando até 23/11/2026 21:00');
    expect(statusNote({ status: 'PAUSADO', motivoPausa: null, aguardandoAte: null, motivoEspera: null })).toBeNull();
  });
});

describe('002 §2.3 wa.me link', () => {
  it('adds 55 to national numbers when the unit has no company id, keeps numbers as stored otherwise', () => {
    expect(waMeLink('(55) 99876-5432', 0)).toBe('https://wa.me/5555998765432');
    expect(waMeLink('5511987654321@s.whatsapp.net', 0)).toBe('https://wa.me/5511987654321');
    expect(waMeLink('11987654321', 12)).toBe('https://wa.me/11987654321');
    expect(waMeLink('123', 0)).toBeNull();
  });
});
