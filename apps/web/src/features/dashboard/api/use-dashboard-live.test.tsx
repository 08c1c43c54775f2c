// Issue 14: the dashboard follows the unit live: counted lead changes of the shown units read the
// dashboard calls again, at most once every DASHBOARD_LIVE_REFRESH_MS; other changes and other
// units leave it alone.
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { contactEvent, pipelineMoveEvent } from '@funil/domain/realtime/events';

import { emitSocket, ID_EMPRESA, ID_UNIDADE, renderHookWithProviders } from '../../../testing/kit.tsx';
import { DASHBOARD_LIVE_REFRESH_MS, useDashboardLive } from './use-dashboard-live.ts';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.mock('../../../lib/socket.ts', async () => (await import('../../../testing/kit.tsx')).socketModule);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(units: number[] | null = [ID_UNIDADE]) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const hook = renderHookWithProviders(() => useDashboardLive(ID_EMPRESA, units), client);
  const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { keys, hook };
}
const contact = (action: string, idUnidade = ID_UNIDADE) =>
  act(() => emitSocket(contactEvent(ID_EMPRESA), { action, cli_crm_id: 42, idUnidade }));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('live dashboard (issue 14)', () => {
  it('a burst of lead changes reads the dashboard again once, after the wait', () => {
    const { keys } = setup();
    contact('status');
    contact('chamada-encerrada');
    contact('whatsapp');
    wait(DASHBOARD_LIVE_REFRESH_MS - 1);
    expect(keys()).toEqual([]);
    wait(1);
    expect(keys()).toEqual([['dashboard']]);
    // The next change starts a new wait.
    contact('criado');
    wait(DASHBOARD_LIVE_REFRESH_MS);
    expect(keys()).toEqual([['dashboard'], ['dashboard']]);
  });

  it('a pipeline move of the unit counts too', () => {
    const { keys } = setup();
    act(() =>
      emitSocket(pipelineMoveEvent(ID_EMPRESA), {
        cli_crm_id: 42,
        idUnidade: ID_UNIDADE,
        familia: 'negociacao',
        de: 1,
        para: 4,
        posicao: 0,
        idUsuario: 3,
      }),
    );
    wait(DASHBOARD_LIVE_REFRESH_MS);
    expect(keys()).toEqual([['dashboard']]);
  });

  it('ignores notes, tags and unread marks, and the units not shown', () => {
    const { keys } = setup();
    contact('anotacao');
    contact('tags');
    contact('nao-lida');
    contact('status', ID_UNIDADE + 1);
    wait(DASHBOARD_LIVE_REFRESH_MS * 2);
    expect(keys()).toEqual([]);
  });

  it('leaves no timer behind when the dashboard closes', () => {
    const { keys, hook } = setup(null);
    contact('status', ID_UNIDADE + 1);
    hook.unmount();
    wait(DASHBOARD_LIVE_REFRESH_MS);
    expect(keys()).toEqual([]);
  });
});
