// 'Sincronizar com o Meta' on /anuncios and /campanhas (issue 23 §5 §6): only when the company is
// connected; the sync runs on the server and its answer shows.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderAdmin, stubApi } from '../../../components/ui/admin-test-kit.tsx';
import { MetaSyncButton } from './meta-sync-button.tsx';

vi.setConfig({ testTimeout: 40_000 });
afterEach(cleanup);

describe("issue 23 §5 'Sincronizar com o Meta'", () => {
  it('is hidden without a Meta connection', async () => {
    const sent = stubApi({ 'GET /meta/estado': { body: { connected: false, lastSync: null } } });
    renderAdmin(<MetaSyncButton />);
    await waitFor(() => expect(sent.some((r) => r.path === '/meta/estado')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Sincronizar com o Meta' })).toBeNull();
  });

  it('with one, syncs and says so', async () => {
    const sent = stubApi({
      'GET /meta/estado': { body: { connected: true, lastSync: null } },
      'POST /meta/sincronizar': {
        body: {
          message: 'Sincronização com o Meta concluída.',
          data: { at: '2026-11-27T10:00:00.000Z', ok: true, campaigns: 3, adSets: 4, ads: 8, costs: 90, skippedManualCosts: 0 },
        },
      },
    });
    renderAdmin(<MetaSyncButton />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sincronizar com o Meta' }));
    expect(await screen.findByText('Sincronização com o Meta concluída.')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST' && r.path === '/meta/sincronizar')).toBe(true);
  });
});
