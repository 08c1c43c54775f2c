// issue 10: a feature toggle (or another administration change) reaches logged-in users without a
// new login: on the company's unit-data event the unit data is read again, so menus follow.
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { unitDataEvent } from '@funil/domain/realtime/events';

import { emitSocket, ID_EMPRESA, ID_UNIDADE, renderHookWithProviders } from '../testing/kit.tsx';
import { useUnitDataLive } from './use-unit-data-live.ts';

vi.mock('../lib/session.ts', async () => (await import('../testing/kit.tsx')).sessionModule);
vi.mock('../lib/unit-data.ts', async () => (await import('../testing/kit.tsx')).unitDataModule);
vi.mock('../lib/socket.ts', async () => (await import('../testing/kit.tsx')).socketModule);

afterEach(cleanup);

describe('issue 10: a toggle reaches logged-in users without a new login', () => {
  const setup = () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    renderHookWithProviders(() => useUnitDataLive(), client);
    return invalidate;
  };
  const keys = (spy: ReturnType<typeof setup>) => spy.mock.calls.map(([filters]) => filters?.queryKey);

  it('the company-wide unit-data event reads the unit data again (menus follow)', () => {
    const invalidate = setup();
    act(() => emitSocket(unitDataEvent(ID_EMPRESA), { motivo: 'configuracoes-extras', idUnidade: null }));
    expect(keys(invalidate)).toEqual([['unit-data']]);
  });

  it('a change of another unit is ignored; guidance changes also reload the home texts', () => {
    const invalidate = setup();
    act(() => emitSocket(unitDataEvent(ID_EMPRESA), { motivo: 'configuracoes-unidade', idUnidade: ID_UNIDADE + 1 }));
    expect(keys(invalidate)).toEqual([]);
    act(() => emitSocket(unitDataEvent(ID_EMPRESA), { motivo: 'orientacoes', idUnidade: ID_UNIDADE }));
    expect(keys(invalidate)).toEqual([['unit-data'], ['orientacoes']]);
  });
});
