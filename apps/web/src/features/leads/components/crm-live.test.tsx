// issue 7 §3 "One realtime contract": a lead created by a WhatsApp message from an unknown number
// appears live in the CRM list. The real socket module (its parse by the registry) runs over a
// stand-in Socket.IO client; the payload is the one the server sends (webhook.routes.test.ts).
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { contactEvent } from '@funil/domain/realtime/events';

import { startRealtime } from '../../../lib/socket.ts';
import { serveApi } from '../../../testing/kit.tsx';
import { CrmScreen } from './crm-screen.tsx';
import { renderWithProviders, testCrmContato } from './test-lead.tsx';

const server = vi.hoisted(() => {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected: true,
    on(name: string, fn: (...args: unknown[]) => void) {
      const set = handlers.get(name) ?? new Set();
      set.add(fn);
      handlers.set(name, set);
      return socket;
    },
    off(name: string, fn: (...args: unknown[]) => void) {
      handlers.get(name)?.delete(fn);
      return socket;
    },
    disconnect: () => socket,
  };
  return { socket, emit: (name: string, payload: unknown) => handlers.get(name)?.forEach((fn) => fn(payload)) };
});

vi.mock('socket.io-client', () => ({ io: () => server.socket }));
vi.mock('../../../lib/session.ts', () => {
  const currentUser = {
    idUser: 3,
    name: 'Adriana Moreira',
    permissao: 'a',
    nomePermissao: 'Administrador da Unidade',
    webphone: false,
    idUnidade: 1,
    idEmpresa: 1,
    habilita_mensagem_whatsapp: false,
    idAtendente: 3,
    dataAtualizacao: '2025-11-20T10:00:00.000Z',
    dataDeslogar: null,
  };
  return {
    getAuth: () => ({ isLoggedIn: true, token: 'token-de-teste', currentUser }),
    subscribeAuth: () => () => undefined,
    useCurrentUser: () => currentUser,
    endSession: () => undefined,
  };
});
vi.mock('../../../lib/unit-data.ts', async () => {
  const { testUnitData } = await import('./test-unit-data.ts');
  const unit = testUnitData();
  return { useLoadedUnitData: () => unit, unitDataQuery: { queryKey: ['unit-data'] } };
});

let listed: CrmContato[] = [];
const listPage = () => ({
  data: {
    crm_contato: listed,
    crm_contato_total: { total: listed.length },
    pagina: 1,
    por_pagina: 50,
    crm_configuracoes: { intervalo_dias_crm: 62 },
    crm_contato_negociacao_status: [],
    crm_contato_negociacao_status_venda: [],
    crm_contato_negociacao_status_contato: [],
    crm_contato_negociacao_plataforma: [],
    crm_cliente_mensagem_status: [],
  },
});

beforeEach(() => {
  listed = [];
  // The list reads `listed`; every other read of the screen answers an empty list.
  serveApi((request) => ({ body: request.path.startsWith('/contato/crm/') ? listPage() : { data: [] } }));
});
afterEach(cleanup);

const renderCrm = () => {
  const stop = startRealtime();
  const view = renderWithProviders(<CrmScreen />);
  return { ...view, stop };
};

describe('CRM list live (issue 7 §3, 001 §7 company-{id}-contact)', { timeout: 30_000 }, () => {
  it('reads the list again when a lead created by an unknown WhatsApp number is announced', async () => {
    const { stop } = renderCrm();
    await screen.findByText('0 leads');
    listed = [testCrmContato({ cli_crm_id: 77, cli_nome: 'Carla Nova' })];
    server.emit(contactEvent(1), { action: 'criado', cli_crm_id: 77, idUnidade: 1 });
    await screen.findByText('1 lead', {}, { timeout: 5_000 });
    stop();
  });

  it("ignores another unit's lead and a payload outside the contract (the WhatsApp module's former shape)", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { stop } = renderCrm();
    await screen.findByText('0 leads');
    listed = [testCrmContato({ cli_crm_id: 78, cli_nome: 'Outra Unidade' })];
    server.emit(contactEvent(1), { action: 'criado', cli_crm_id: 78, idUnidade: 2 });
    server.emit(contactEvent(1), { action: 'create', contact: { cli_crm_id: 78 } });
    // Longer than the list's refresh delay: nothing was read again.
    await new Promise((r) => setTimeout(r, 1_600));
    await waitFor(() => expect(screen.getByText('0 leads')).toBeTruthy());
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^company-1-contact: /));
    warn.mockRestore();
    stop();
  });
});
