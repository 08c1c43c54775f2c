// Test helpers of the mass-send screens: the shell stand-ins of the admin screen kit (session,
// socket with a recorded emit, fetch by 'METHOD /path'), a unit with the mass-send settings, and
// a kit whose filter panel applies a chosen filter with one click (the real panel is the CRM's,
// tested there). Test doubles only here, for component tests.
import type { ReactNode } from 'react';

import { emptyFilter, MASS_SEND_CLIENTS_LAYOUT, type MassSendClientsFilter } from '@funil/domain/leads/filter-segments';
import type { MassSendCampaign, MassSendLeadRow, MassSendRecipient } from '@funil/domain/mass-send/mass-send-api';
import { makeNegotiationStatuses } from '@funil/domain/testing/factories';

import {
  sessionModule as adminSession,
  socketModule as adminSocket,
  ID_EMPRESA,
  ID_UNIDADE,
  renderWithProviders,
  sentRequests,
  shell,
} from '../../../testing/kit.tsx';
import { MassSendKitProvider, type MassSendKit, type SendingInstance } from '../mass-send-kit.tsx';

export { answerRequests, emitSocket, ID_EMPRESA, sentRequests } from '../../../testing/kit.tsx';
export { shell };

export const unitState = {
  settings: { quantidade_max_leads: 300, tempo_minimo: 15, tempo_maximo: 40 } as Record<string, unknown>,
  evolutionHabilitado: true,
  idCompany: 0,
};

export const unitDataModule = {
  unitDataQuery: { queryKey: ['unit-data'] },
  useLoadedUnitData: () => ({
    crm_configuracoes: {
      habilita_envio_em_massa: false,
      configuracoesExtra: JSON.stringify({ habilita_envio_em_massaV2: true, configuracoes_envio_em_massa: unitState.settings }),
      intervalo_dias_crm: 62,
    },
    crm_contato_negociacao_status: makeNegotiationStatuses(),
    dados_unidade: {
      id: ID_UNIDADE,
      idEmpresa: ID_EMPRESA,
      nome: 'Centro',
      nomeEmpresa: 'Sorriso Perfeito',
      idCompany: unitState.idCompany,
      idWhatsapp: null,
      tokenWhatsappNovo: null,
    },
    evolutionHabilitado: unitState.evolutionHabilitado,
  }),
};

export const sessionModule = {
  ...adminSession,
  useCurrentUser: () => ({ ...adminSession.useCurrentUser(), idEmpresa: ID_EMPRESA }),
};

/** The socket's emits (joinEnvioEmMassa). */
export const emitted: string[] = [];
const fakeSocket = { connected: true, emit: (event: string) => emitted.push(event) };
export const socketModule = { ...adminSocket, useSocket: () => fakeSocket };

/** The filter the stand-in panel applies with 'Aplicar filtro de teste'. */
export const panel: { next: MassSendClientsFilter } = {
  next: { ...emptyFilter(MASS_SEND_CLIENTS_LAYOUT), status_negociacao: 4 },
};

export const instances: SendingInstance[] = [
  { name: 'recepcao', connected: true, label: 'recepcao — (11) 98765-4321' },
  { name: 'vendas', connected: false, label: 'vendas' },
  { name: 'campanhas', connected: true, label: 'campanhas — (11) 91234-5678' },
];

const KIT: MassSendKit = {
  FilterPanel: ({ onApply }) => (
    <button type="button" onClick={() => onApply(panel.next)}>
      Aplicar filtro de teste
    </button>
  ),
  ConnectionChips: () => <span>Chips de conexão</span>,
  useSendingInstances: () => ({ instances, loading: false }),
};

export function renderScreen(ui: ReactNode, path = '/') {
  return renderWithProviders(<MassSendKitProvider value={KIT}>{ui}</MassSendKitProvider>, undefined, path);
}

export function makeFoundLead(id: number, nome: string, overrides: Partial<MassSendLeadRow> = {}): MassSendLeadRow {
  return {
    cli_crm_id: id,
    cli_nome: nome,
    cli_telefone: `119876500${String(id).padStart(2, '0')}`,
    ticketId: null,
    cli_status_negociacao: 4,
    cli_status_negociacao_venda: null,
    cli_contato_status: 1,
    cli_tipo_lead: 1,
    cli_campanha_nome: 'Implante',
    cli_data_captacao: '2026-11-01T13:00:00.000Z',
    whatsapp_blocked: false,
    optout: false,
    ...overrides,
  };
}

export function makeCampaign(overrides: Partial<MassSendCampaign> = {}): MassSendCampaign {
  return {
    id: 1,
    name: 'Retorno de novembro',
    createdAt: '2026-11-23T13:00:00.000Z',
    updatedAt: '2026-11-23T13:05:00.000Z',
    status: 'EM_ANDAMENTO',
    totalClientes: 10,
    clientesEnviados: 3,
    respondidosUltimas24h: 1,
    clientesErro: 1,
    clientesNaoEnviados: 0,
    intervaloMensagem: 20,
    instancia: 'recepcao',
    motivoPausa: null,
    aguardandoAte: null,
    motivoEspera: null,
    idStatusNovo: null,
    usuario: 'Ana Beatriz Lima',
    ...overrides,
  };
}

export function makeRecipient(id: number, overrides: Partial<MassSendRecipient> = {}): MassSendRecipient {
  return {
    id,
    name: `Lead ${id}`,
    number: `119876500${String(id).padStart(2, '0')}`,
    status: 'SENT',
    respondeuUltimas24h: false,
    cli_crm_id: 100 + id,
    motivo: null,
    enviadoEm: '2026-11-23T13:01:00.000Z',
    mensagem: 'Olá!',
    ...overrides,
  };
}

/** The multipart POST the composer sent: its `body` JSON and its `medias` file. */
export function postedCampaign(): { body: Record<string, unknown>; media: File | null } | null {
  for (const { path, method, body } of sentRequests()) {
    // The form as the fake API received it (Node's FormData and File, not jsdom's).
    if (path === '/envio-em-massa' && method === 'POST' && typeof body === 'object' && body !== null && 'get' in body) {
      const form = body as FormData;
      const media = form.get('medias');
      return {
        body: JSON.parse(String(form.get('body'))) as Record<string, unknown>,
        media: typeof media === 'string' ? null : media,
      };
    }
  }
  return null;
}
