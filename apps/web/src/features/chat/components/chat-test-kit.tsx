// Providers, a chat list lead, a unit and the fake API for the chat page's component tests.
import type { ReactNode } from 'react';

import { createFactories, makeUnitData } from '@funil/domain/testing/factories';
import type { UnitData } from '@funil/domain/unit/unit-data';

import { answerCalls, renderWithProviders, type FetchCall } from '../../../testing/kit.tsx';
import type { ChatLead } from '../api/chat-leads.ts';
import { ChatLeadKitProvider, type ChatLeadKit } from '../chat-kit.tsx';

export function testChatLead(overrides: Partial<ChatLead> = {}): ChatLead {
  return createFactories(1).makeLeadListItem({
    cli_crm_id: 41,
    cli_nome: 'Maria Oliveira',
    cli_telefone: '11987654321',
    unidade: 1,
    idUsuario: null,
    nome_atendimento: null,
    cli_url_foto: null,
    marcado_nao_lida: 0,
    whatsapp_ultima_mensagem_nao_lidas: 0,
    ...overrides,
  });
}

export function testChatUnit(extras: Record<string, unknown> = {}, over: Partial<UnitData> = {}): UnitData {
  // The chat's tests run on a gateway unit whose user sees only their own leads (001 §6).
  return makeUnitData(extras, {
    evolutionHabilitado: true,
    ...over,
    dados_usuario: { ...makeUnitData().dados_usuario, acesso_atribuidos: 0, ...over.dados_usuario },
  });
}

const NOOP_KIT: ChatLeadKit = {
  useLead: () => {
    throw new Error('not used');
  },
  StatusSelectors: () => null,
  AttendantSection: () => null,
  ScheduleForm: () => null,
  SidePanelContent: () => null,
  openNewClient: () => undefined,
  useCanChangeLeads: () => true,
};

/** Renders with the web test kit's providers (theme, router, query client without retries, snackbar) and a chat lead kit. */
export function renderChat(node: ReactNode, kit: Partial<ChatLeadKit> = {}) {
  return renderWithProviders(<ChatLeadKitProvider value={{ ...NOOP_KIT, ...kit }}>{node}</ChatLeadKitProvider>);
}

export type { FetchCall } from '../../../testing/kit.tsx';

/** The fake API (the web test kit's MSW server) answering by `METHOD /api/path-prefix` (the longest match); records every call. */
export function stubFetch(routes: Record<string, (call: FetchCall) => { status?: number; body: unknown }>) {
  return answerCalls(routes, 'prefix');
}
