// The webphone hook (issue 12, 002 §4 call queue): the call states it reports, the auto-dial queue
// it runs (credentials, REGISTER, the queue fetch, the dial, the call records) and its Portuguese
// texts. The SIP stack is real in the e2e specs; here the phone object is a test double, and the
// server is the web test kit's fake API.
import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CALL_STATUS_TEXT } from '@funil/domain/leads/call-attempts';
import { makeCrmContato } from '@funil/domain/testing/factories';

import { renderHookWithProviders, serveApi, type ApiAnswer, type SentRequest } from '../../../testing/kit.tsx';
import type { CallResult, PhoneEvent } from '../lib/sip-phone.ts';
import { useWebphone, type WebphoneController } from './use-webphone.ts';

const phones = vi.hoisted(() => [] as FakePhoneShape[]);
type FakePhoneShape = { dialled: string[]; connectedWith: unknown[]; hangups: number; emit: (e: PhoneEvent) => void };

vi.mock('../lib/sip-phone.ts', () => {
  // The phone object's surface the hook uses; what it was asked to do is recorded.
  class FakePhone {
    private listeners = new Set<(e: PhoneEvent) => void>();
    dialled: string[] = [];
    connectedWith: unknown[] = [];
    hangups = 0;
    held = false;
    constructor() {
      phones.push(this);
    }
    on(listener: (e: PhoneEvent) => void) {
      this.listeners.add(listener);
      return () => this.listeners.delete(listener);
    }
    emit(e: PhoneEvent) {
      for (const listener of this.listeners) listener(e);
    }
    connect(credentials: unknown) {
      this.connectedWith.push(credentials);
      return Promise.resolve();
    }
    call(number: string) {
      this.dialled.push(number);
    }
    hangup() {
      this.hangups += 1;
      return Promise.resolve();
    }
    disconnect = () => Promise.resolve();
    renew = () => undefined;
    setAudio = () => undefined;
    setMuted = () => undefined;
    setHeld = (h: boolean) => {
      this.held = h;
      return Promise.resolve();
    };
    sendDtmf = () => Promise.resolve();
  }
  return { SipPhone: FakePhone };
});

const CREDENTIALS = {
  ws_url: 'wss://pbx.test/ws',
  dominio: 'pbx.test',
  ramal: 1001,
  usuario: '1767000000:1001',
  senha: 'c2VncmVkbw==',
  expira_em: '2026-11-28T13:00:00.000Z',
};
const maria = makeCrmContato({ cli_crm_id: 41, cli_nome: 'Maria Souza', cli_telefone: '11987654321' });
const joao = makeCrmContato({ cli_crm_id: 42, cli_nome: 'João Pereira', cli_telefone: '11912345678' });

function fakeServer(overrides: Record<string, (r: SentRequest) => ApiAnswer> = {}) {
  const routes: Record<string, (r: SentRequest) => ApiAnswer> = {
    'GET /webphone/credenciais': () => ({ body: { data: CREDENTIALS } }),
    'GET /webphone/horario': () => ({ body: { data: { aberto: true, ate: null, motivo: null } } }),
    'POST /webphone/fila': () => ({ body: { data: [maria, joao] } }),
    'POST /contato/chamadaid/41': () => ({ body: { message: 'ok', data: null } }),
    'POST /contato/proximaligacao/41': () => ({ body: { message: 'ok', data: null } }),
    'POST /webphone/fila/liberar/42': () => ({ body: { message: 'ok', data: { liberado: true } } }),
    ...overrides,
  };
  return serveApi((r) => routes[`${r.method} ${r.path}`]?.(r) ?? 'network-error');
}

const mountWebphone = (): { current: WebphoneController } => renderHookWithProviders(() => useWebphone(null)).result;

const result = (overrides: Partial<CallResult>): CallResult => ({
  chamadaId: 'c-1',
  duracao: 12,
  duracaoFalada: 0,
  sipStatus: 486,
  statusChamada: CALL_STATUS_TEXT.busy,
  motivoDesconexao: 'Ocupado',
  recording: null,
  ...overrides,
});

afterEach(() => {
  cleanup();
  phones.length = 0;
});

describe('issue 12 webphone: connection', () => {
  it('reads the credentials, registers with them and is connected on REGISTER; an unregister says why', async () => {
    fakeServer();
    const phone = mountWebphone();
    await expect.poll(() => phones[0]?.connectedWith).toEqual([CREDENTIALS]);
    // The fake phone records the connect before React renders the hook's new state.
    await expect.poll(() => phone.current.ramal).toBe(1001);
    expect(phone.current.state.statusPhone).toBe('disconnected');
    act(() => phones[0]!.emit({ type: 'registered' }));
    expect(phone.current.state.statusPhone).toBe('connected');
    act(() => phones[0]!.emit({ type: 'unregistered', motivo: 'Sem resposta do servidor de telefonia' }));
    expect([phone.current.state.statusPhone, phone.current.state.motivoDesconexao]).toEqual([
      'disconnected',
      'Sem resposta do servidor de telefonia',
    ]);
  });

  it("shows the server's Portuguese refusal of the credentials as the reason, without repeating 'Telefone desconectado'", async () => {
    fakeServer({
      'GET /webphone/credenciais': () => ({
        status: 403,
        body: { message: 'Telefone desconectado: ramal não configurado para este usuário.', status: 403 },
      }),
    });
    const phone = mountWebphone();
    await expect.poll(() => phone.current.state.motivoDesconexao).toBe('ramal não configurado para este usuário.');
    expect(phones[0]!.connectedWith).toEqual([]);
  });
});

describe('002 §4 call queue: the auto-dial loop', () => {
  it(
    'start → fetch → dial the first lead; dialing, ringing, answered and a busy end move the call ' +
      'states and record the call',
    async () => {
      const sent = fakeServer();
      const phone = mountWebphone();
      await expect.poll(() => phones[0]?.connectedWith.length).toBe(1);
      const sip = phones[0]!;
      act(() => sip.emit({ type: 'registered' }));
      act(() => phone.current.dispatch({ type: 'start' }));
      // The queue is fetched (3 leads at most, none skipped yet) and the first one is dialled.
      await expect.poll(() => sip.dialled).toEqual(['11987654321']);
      expect(sent.find((r) => r.path === '/webphone/fila')?.body).toEqual({ quantidade: 3, excluir: [] });
      await expect
        .poll(() => [
          phone.current.state.statusControlaLead,
          phone.current.state.statusCall,
          phone.current.state.contatoCall?.cli_crm_id,
          phone.current.state.filaLead.map((c) => c.cli_crm_id),
        ])
        .toEqual(['running', 'preparing', 41, [42]]);

      act(() => sip.emit({ type: 'dialing', chamadaId: 'c-1' }));
      expect(phone.current.state.statusCall).toBe('calling');
      await expect.poll(() => sent.find((r) => r.path === '/contato/chamadaid/41')?.body).toEqual({ chamada_id: 'c-1' });
      act(() => sip.emit({ type: 'ringing' }));
      expect(phone.current.ringing).toBe(true);
      act(() => sip.emit({ type: 'answered' }));
      expect([phone.current.state.statusCall, phone.current.ringing]).toEqual(['talking', false]);

      // issue 21 item 14: a busy end says 'Ocupado'; the outcome is saved before the queue moves on.
      act(() => sip.emit({ type: 'ended', result: result({}) }));
      expect(phone.current.outcome).toBe('Ocupado');
      await expect.poll(() => phone.current.state.statusCall).toBe('ended');
      expect(sent.find((r) => r.path === '/contato/proximaligacao/41')?.body).toEqual({
        chamada_id: 'c-1',
        duracao: 12,
        duracao_falada: 0,
        status_chamada: 'Ocupado',
        motivo_desconexao: 'Ocupado',
      });

      // 'next' dials the lead already in the queue, without another fetch.
      act(() => phone.current.dispatch({ type: 'next' }));
      expect(sip.dialled).toEqual(['11987654321', '11912345678']);
      expect(sent.filter((r) => r.path === '/webphone/fila')).toHaveLength(1);
    },
  );

  it("a click during a call hangs up the phone ('Cancelada'); 'stop' ends the queue", async () => {
    fakeServer();
    const phone = mountWebphone();
    await expect.poll(() => phones[0]?.connectedWith.length).toBe(1);
    const sip = phones[0]!;
    act(() => sip.emit({ type: 'registered' }));
    act(() => phone.current.dispatch({ type: 'start' }));
    await expect.poll(() => sip.dialled.length).toBe(1);
    act(() => sip.emit({ type: 'dialing', chamadaId: 'c-1' }));
    act(() => phone.current.dispatch({ type: 'click' }));
    expect(sip.hangups).toBe(1);
    act(() =>
      sip.emit({
        type: 'ended',
        result: result({
          sipStatus: 487,
          statusChamada: CALL_STATUS_TEXT.cancelled,
          motivoDesconexao: 'Cancelada pelo atendente',
        }),
      }),
    );
    expect(phone.current.outcome).toBe('Cancelada');
    await expect.poll(() => phone.current.state.statusCall).toBe('ended');
    act(() => phone.current.dispatch({ type: 'stop' }));
    expect([phone.current.state.statusControlaLead, phone.current.state.statusCall]).toEqual(['stopped', 'free']);
  });
});
