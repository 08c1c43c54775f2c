// Test helpers of the conversation: stand-ins for the shell modules (session, unit data, socket) whose
// socket events the test emits, mocked per test file, and the web test kit's fake API and providers.
import type { CurrentUser } from '@funil/domain/auth/login';
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { makeCrmContato } from '@funil/domain/testing/factories';

import { socketModule as adminSocketModule, ID_EMPRESA, makeCurrentUser } from '../../../testing/kit.tsx';

export const shell = {
  permissao: 'u' as CurrentUser['permissao'],
  extras: '{}',
  instances: [{ id: 1, name: 'loja-1', connectionStatus: 'open', ownerJid: null, profileName: null }] as {
    id: number;
    name: string;
    connectionStatus: string;
    ownerJid: string | null;
    profileName: string | null;
  }[],
};

/** The kit's user (Adriana, company 7), an attendant unless the test sets `shell.permissao`. */
export function currentUser(): CurrentUser {
  return makeCurrentUser({ permissao: shell.permissao, nomePermissao: 'Atendente', dataAtualizacao: '2026-03-10T10:00:00.000Z' });
}

export const sessionModule = {
  useCurrentUser: currentUser,
  getAuth: () => ({ isLoggedIn: true as const, token: 'token-de-teste', currentUser: currentUser() }),
  endSession: () => undefined,
};

export const unitDataModule = {
  unitDataQuery: { queryKey: ['unit-data'] },
  useLoadedUnitData: () => ({
    evolutionHabilitado: true,
    dados_unidade: { idEmpresa: ID_EMPRESA },
    instancias_evolution: shell.instances,
    crm_configuracoes: { configuracoesExtra: shell.extras },
  }),
};

const fakeSocket = { connected: true, on: () => undefined, off: () => undefined };
// The admin kit's socket stand-in (events parsed by the realtime contract), plus the socket object the composer reads.
export const socketModule = { ...adminSocketModule, useSocket: () => fakeSocket };

export {
  answerRequests,
  emitSocket,
  ID_EMPRESA,
  renderWithProviders,
  sentRequests,
  type ApiAnswer,
} from '../../../testing/kit.tsx';

/** A complete crm_contato lead for GET contato/completo (what the conversation reads of its lead). */
export function testContact(overrides: Partial<CrmContato> = {}): {
  crm_contato_completo: CrmContato;
  crm_potencial_negociacao: [];
} {
  return {
    crm_contato_completo: makeCrmContato({
      cli_crm_id: 10,
      cli_nome: 'Paulo Lima',
      cli_telefone: '11987650000',
      idEmpresa: ID_EMPRESA,
      whatsapp_blocked: 0,
      idTicket: null,
      idInstanciaEvolution: 1,
      dataAtualizacao: '2026-03-10T10:00:00.000Z',
      ...overrides,
    }),
    crm_potencial_negociacao: [],
  };
}
