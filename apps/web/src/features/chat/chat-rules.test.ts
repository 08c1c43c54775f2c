// The chat page's small rules: filter segments (001 §3, §5 "Date filters"), header breakpoints
// (001 §9), list times (001 §9), live row moves and unread clearing (001 §4), alerts (001 §6, §9).
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { NO_QUICK_FILTERS, toggleQuickFilter } from '@funil/domain/leads/quick-filters';
import type { AppMessagePayload, LeadSummary } from '@funil/domain/whatsapp-api/realtime';

import { applyLeadSummary, chatKeys, chatLeadsPath, clearUnread, dropChatLead, type ChatLeadsPage } from './api/chat-leads.ts';
import { chatPath, truncate } from './chat-channel.ts';
import { countChatAdvanced, EMPTY_CHAT_ADVANCED, EMPTY_CHAT_LIST_STATE, toChatListFilter } from './chat-filters.ts';
import { listTimeLabel } from './chat-time.ts';
import { testChatLead } from './components/chat-test-kit.tsx';
import { headerLayout } from './header-layout.ts';
import { isAlertable, notificationsOn } from './notifications.ts';

describe('001 §7 GET whatsapp/clientes segments from the chat filter', () => {
  it('sends -1 for every empty filter', () => {
    expect(chatLeadsPath(toChatListFilter(EMPTY_CHAT_LIST_STATE), 1)).toBe(
      `/whatsapp/clientes/1/${Array(20).fill('-1').join('/')}`,
    );
  });
  it('001 §5: the start date at 00:00:00, the end at 23:59:59; text encoded twice; quick chips as 1', () => {
    const filter = toChatListFilter({
      search: ' José ',
      quick: toggleQuickFilter(NO_QUICK_FILTERS, 'nao_lidos'),
      advanced: {
        ...EMPTY_CHAT_ADVANCED,
        cli_data_inicio: '2026-11-01',
        cli_data_fim: '2026-11-20',
        status_mensagem: 0,
        tag: [1, 4],
      },
    });
    expect(filter.texto_busca).toBe('José');
    expect(filter.cli_data_inicio).toBe('2026-11-01 00:00:00');
    expect(filter.cli_data_fim).toBe('2026-11-20 23:59:59');
    const path = chatLeadsPath(filter, 2).split('/');
    expect(path[3]).toBe('2');
    expect(path[7]).toBe(encodeURIComponent(encodeURIComponent('José')));
    expect(path[11]).toBe(encodeURIComponent('2026-11-01 00:00:00'));
    expect(path[15]).toBe('1,4');
    expect(path[17]).toBe('0');
    expect(path[19]).toBe('1'); // nao_lidos
    expect(countChatAdvanced({ ...EMPTY_CHAT_ADVANCED, status_mensagem: 0, tag: [1] })).toBe(2);
  });
  it('001 §4 exclusive pairs: Não lidos turns Lidos off; Todos clears', () => {
    const lidos = toggleQuickFilter(NO_QUICK_FILTERS, 'lidos');
    const naoLidos = toggleQuickFilter(lidos, 'nao_lidos');
    expect([naoLidos.lidos, naoLidos.nao_lidos]).toEqual([false, true]);
    expect(toggleQuickFilter(naoLidos, 'todos')).toEqual(NO_QUICK_FILTERS);
  });
});

describe('001 §2 names, §9 header breakpoints and times', () => {
  it('cuts with an ellipsis only past the limit', () => {
    expect(truncate('Ana', 10)).toBe('Ana');
    expect(truncate('Clareamento dental', 10)).toBe('Clareament…');
    expect(chatPath('v3', 12)).toBe('/whatsapp-v3/12');
    expect(chatPath('legacy', null)).toBe('/whatsapp');
  });
  it('lays the header out at 500, 1080, 1280 and 1740', () => {
    expect(headerLayout(480)).toEqual({
      showSelectors: false,
      selectorsInline: false,
      attendantInline: false,
      factsInline: false,
    });
    expect(headerLayout(800)).toMatchObject({ showSelectors: true, selectorsInline: false });
    expect(headerLayout(1100)).toMatchObject({ selectorsInline: true, attendantInline: false });
    expect(headerLayout(1300)).toMatchObject({ attendantInline: true, factsInline: false });
    expect(headerLayout(1800).factsInline).toBe(true);
  });
  it('shows the hour today, Ontem yesterday and the date before, in São Paulo time', () => {
    const now = new Date('2026-11-22T15:00:00Z');
    expect(listTimeLabel('2026-11-22T13:05:00Z', now)).toBe('10:05');
    expect(listTimeLabel('2026-11-21T13:05:00Z', now)).toBe('Ontem');
    expect(listTimeLabel('2026-11-10T13:05:00Z', now)).toBe('10/11/2026');
    expect(listTimeLabel(null, now)).toBe('');
  });
});

const summary = (over: Partial<LeadSummary>): LeadSummary => ({
  cli_crm_id: 2,
  cli_nome: 'B',
  cli_telefone: '11911112222',
  unidade: 1,
  idUsuario: null,
  idTicket: null,
  idInstanciaEvolution: 1,
  whatsapp_blocked: 0,
  marcado_nao_lida: 0,
  whatsapp_ultima_mensagem_texto: 'Oi de novo',
  whatsapp_ultima_mensagem_data_geral: '2026-11-22T15:00:00Z',
  whatsapp_ultima_mensagem_data_enviada: null,
  whatsapp_ultima_mensagem_data_recebida: '2026-11-22T15:00:00Z',
  whatsapp_ultima_mensagem_nao_lidas: 4,
  whatsapp_ultima_mensagem_from_me: 0,
  whatsapp_ultima_mensagem_tipo: 'chat',
  whatsapp_ultima_mensagem_status: null,
  ...over,
});

function cached() {
  const client = new QueryClient();
  const filter = toChatListFilter(EMPTY_CHAT_LIST_STATE);
  const page = (n: number, ids: number[]): ChatLeadsPage => ({
    clientes: ids.map((id) => testChatLead({ cli_crm_id: id, cli_nome: String(id) })),
    total: 3,
    pagina: n,
    por_pagina: 50,
  });
  client.setQueryData<InfiniteData<ChatLeadsPage>>(chatKeys.list(filter), {
    pages: [page(1, [1, 3]), page(2, [2])],
    pageParams: [1, 2],
  });
  const ids = () =>
    client
      .getQueryData<InfiniteData<ChatLeadsPage>>(chatKeys.list(filter))!
      .pages.flatMap((p) => p.clientes.map((c) => c.cli_crm_id));
  const row = (id: number) =>
    client
      .getQueryData<InfiniteData<ChatLeadsPage>>(chatKeys.list(filter))!
      .pages.flatMap((p) => p.clientes)
      .find((c) => c.cli_crm_id === id)!;
  return { client, ids, row };
}

describe('001 §4 live updates of the loaded list', () => {
  it('moves the lead of a new message to the top with its new last message and unread count', () => {
    const { client, ids, row } = cached();
    expect(applyLeadSummary(client, summary({}), true)).toBe(true);
    expect(ids()).toEqual([2, 1, 3]);
    expect(row(2).whatsapp_ultima_mensagem_texto).toBe('Oi de novo');
    expect(row(2).whatsapp_ultima_mensagem_nao_lidas).toBe(4);
  });
  it('an update (ack, edit) patches the row in place; an unknown lead asks for a reload', () => {
    const { client, ids, row } = cached();
    expect(
      applyLeadSummary(
        client,
        summary({ cli_crm_id: 3, whatsapp_ultima_mensagem_status: 3, whatsapp_ultima_mensagem_from_me: 1 }),
        false,
      ),
    ).toBe(true);
    expect(ids()).toEqual([1, 3, 2]);
    expect(row(3).whatsapp_ultima_mensagem_status).toBe(3);
    expect(applyLeadSummary(client, summary({ cli_crm_id: 99 }), true)).toBe(false);
  });
  it('opening a lead clears its unread count and marker; a lead gone leaves the list', () => {
    const { client, ids, row } = cached();
    applyLeadSummary(client, summary({ marcado_nao_lida: 1 }), true);
    clearUnread(client, 2);
    expect([row(2).whatsapp_ultima_mensagem_nao_lidas, row(2).marcado_nao_lida]).toEqual([0, 0]);
    dropChatLead(client, 2);
    expect(ids()).toEqual([1, 3]);
  });
});

describe('001 §6, §9 new-message alerts', () => {
  const payload = (over: Partial<AppMessagePayload['message']>, action: 'create' | 'update' = 'create') =>
    ({
      action,
      message: { fromMe: false, mediaType: 'chat', body: 'Oi', ...over },
      ticket: null,
      contact: summary({}),
    }) as AppMessagePayload;
  it('rings for a new incoming message only', () => {
    expect(isAlertable(payload({}))).toBe(true);
    expect(isAlertable(payload({ fromMe: true }))).toBe(false);
    expect(isAlertable(payload({}, 'update'))).toBe(false);
    expect(isAlertable(payload({ mediaType: 'reaction' }))).toBe(false);
  });
  it('follows the user setting, on unless disabled', () => {
    expect(notificationsOn('{}')).toBe(true);
    expect(notificationsOn('{"notificacoes":false}')).toBe(false);
    expect(notificationsOn('não é json')).toBe(true);
  });
});
