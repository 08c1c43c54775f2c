// 000 §2 'Dashboard screen' variant 1, §9: a unit with url_dashboard shows it in a full-width frame
// of the window's height minus 140; without it, dash_v2 picks v2 and otherwise the classic tabs.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { sessionModule } from '../../../testing/kit.tsx';
import { dashboardAnswers, dashboardUnitData, renderDashboard, stubDashboardApi } from '../testing/dashboard-test-kit.tsx';
import { DashboardScreen } from './dashboard-screen.tsx';

const unit = { url_dashboard: null as string | null, dash_v2: true };
vi.mock('../../../lib/session.ts', () => sessionModule);
vi.mock('../../../lib/unit-data.ts', () => ({ useLoadedUnitData: () => dashboardUnitData(unit) }));

beforeEach(() => {
  stubDashboardApi(dashboardAnswers());
});
afterEach(cleanup);

describe('which dashboard /dashboard shows (000 §2)', { timeout: 30_000 }, () => {
  it('frames the external dashboard at the window height minus 140, following a resize', () => {
    unit.url_dashboard = 'https://bi.exemplo.com.br/painel/centro';
    window.innerHeight = 900;
    renderDashboard(<DashboardScreen />);
    const frame = screen.getByTitle('Dashboard de Centro') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://bi.exemplo.com.br/painel/centro');
    expect(getComputedStyle(frame).height).toBe('760px');
    expect(getComputedStyle(frame).width).toBe('100%');
    act(() => {
      window.innerHeight = 700;
      window.dispatchEvent(new Event('resize'));
    });
    expect(getComputedStyle(frame).height).toBe('560px');
  });

  it('shows v2 with dash_v2 and the classic tabs without it', async () => {
    unit.url_dashboard = null;
    unit.dash_v2 = true;
    renderDashboard(<DashboardScreen />);
    expect(await screen.findByRole('heading', { name: 'Performance de Captação' })).toBeTruthy();
    cleanup();
    unit.dash_v2 = false;
    renderDashboard(<DashboardScreen />);
    expect(await screen.findByRole('tab', { name: 'ATENDIMENTOS' })).toBeTruthy();
  });
});
