// Issue 14: the dashboard follows the unit live. The lead events the shell already receives
// (company-{id}-contact, company-{id}-pipeline) mark the numbers stale; at most once every
// DASHBOARD_LIVE_REFRESH_MS the open dashboard's calls are read again (a busy unit sends events
// every second; each refresh is a handful of calls of the read model).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import type { LeadAction } from '@funil/domain/leads-api/lead-api';
import { contactEvent, pipelineMoveEvent } from '@funil/domain/realtime/events';

import { useSocketEvent } from '../../../lib/socket.ts';
import { dashboardKeys } from './dashboard-api.ts';

/** The least time between two live refreshes of the dashboard. */
export const DASHBOARD_LIVE_REFRESH_MS = 15_000;

/** The lead actions that move a dashboard number (notes, tags, schedules and unread marks do not). */
const COUNTED: ReadonlySet<LeadAction | 'importados'> = new Set([
  'criado',
  'importados',
  'atualizado',
  'status',
  'status-venda',
  'valor-ticket',
  'convertido',
  'apagado',
  'atribuido',
  'desatribuido',
  'transferido',
  'chamada-encerrada',
  'whatsapp',
]);

/**
 * Reads the dashboard again after lead changes of `units` (null: every unit the socket hears),
 * throttled: the first change starts the wait, later ones within it ride along.
 */
export function useDashboardLive(idEmpresa: number, units: readonly number[] | null): void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  const changed = (idUnidade: number) => {
    if (units && !units.includes(idUnidade)) return;
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
    }, DASHBOARD_LIVE_REFRESH_MS);
  };
  useSocketEvent(contactEvent(idEmpresa), (event) => {
    if (COUNTED.has(event.action)) changed(event.idUnidade);
  });
  useSocketEvent(pipelineMoveEvent(idEmpresa), (event) => changed(event.idUnidade));
}
