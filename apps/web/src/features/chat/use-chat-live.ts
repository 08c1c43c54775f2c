// Live updates of the chat list (001 §4 "Live updates"): a message moves its lead's row to the top
// with the new last message and unread count; a lead the loaded pages do not hold, a new lead, or a
// change of who may see a lead reads the lists again (coalesced).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

import type { CompanyContactAction } from '@funil/domain/leads-api/lead-api';
import { appMessageEvent, contactEvent } from '@funil/domain/realtime/events';

import { useSocketConnect, useSocketEvent } from '../../lib/socket.ts';
import { useLoadedUnitData } from '../../lib/unit-data.ts';
import { applyLeadSummary, chatKeys, clearUnread } from './api/chat-leads.ts';

const MEMBERSHIP_ACTIONS: ReadonlySet<CompanyContactAction> = new Set<CompanyContactAction>([
  'criado',
  'importados',
  'apagado',
  'transferido',
  'atribuido',
  'desatribuido',
]);
/** A burst of events reads the lists once per window. */
export const LIST_REFRESH_DELAY_MS = 1_000;

export function useChatLive(selectedId: number | null): void {
  const unit = useLoadedUnitData();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshSoon = useCallback(() => {
    timer.current ??= setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    }, LIST_REFRESH_DELAY_MS);
  }, [queryClient]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useSocketEvent(appMessageEvent(unit.dados_unidade.idEmpresa), (payload) => {
    if (payload.contact.unidade !== unit.dados_unidade.id) return;
    const found = applyLeadSummary(queryClient, payload.contact, payload.action === 'create');
    if (!found && payload.action === 'create') refreshSoon();
    // The open conversation is being read: its row shows no unread count.
    if (payload.contact.cli_crm_id === selectedId && !payload.message.fromMe) clearUnread(queryClient, selectedId);
  });
  useSocketEvent(contactEvent(unit.dados_unidade.idEmpresa), (event) => {
    if (event.idUnidade !== unit.dados_unidade.id) return;
    if (MEMBERSHIP_ACTIONS.has(event.action) || event.action === 'nao-lida' || event.cli_crm_id === 0) refreshSoon();
  });
  // Whatever a dropped socket missed is read again.
  useSocketConnect(refreshSoon);
}
