// /insights (issue 24; 002 §2.5, §5 'Insights', §9): the login prompt, the tabs, the default period (the
// previous calendar month), 5 rows per page, '—' for what Meta did not return, CTR with 2 decimals and %,
// the CRM columns and ROAS, header tooltips, sorting with missing values as the smallest, 'N selecionado',
// selection driving the next tab and every empty text; on the screen with the kit's fake API (MSW).
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { INSIGHTS_MESSAGES, type InsightRow, type InsightsState } from '@funil/domain/insights/insights';

import { stubApi } from '../../../components/ui/admin-test-kit.tsx';
import { renderWithProviders } from '../../../testing/kit.tsx';
import { InsightsView } from './insights-screen.tsx';

vi.setConfig({ testTimeout: 40_000 });
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const connected: InsightsState = {
  connected: true,
  contas: [{ id: 'act_101', nome: 'Clínica Sorriso' }],
  atualizadoEm: '2026-11-28T09:30:00.000Z',
  atualizando: false,
  erro: null,
  quemConecta: ['Ana Gerente'],
};
const row = (id: string, nome: string, extra: Partial<InsightRow> = {}): InsightRow => ({
  id,
  nome,
  campanhaId: id,
  conjuntoId: null,
  objetivo: 'OUTCOME_LEADS',
  impressoes: 10000,
  alcance: 8000,
  cliques: 250,
  ctr: 2.5,
  gastoCentavos: 100000,
  cpmCentavos: 10000,
  leads: 40,
  resultado: 'leads',
  custoPorLeadCentavos: 2500,
  crmLeads: 30,
  conversoes: 3,
  ticketCentavos: 450000,
  custoPorLeadCrmCentavos: 3333.33,
  custoPorVendaCentavos: 33333.33,
  roas: 4.5,
  provisorio: false,
  ...extra,
});
const campaigns = [
  row('1', 'Implante Dentário', { provisorio: true }),
  row('2', 'Clareamento', { gastoCentavos: null, leads: null, cpmCentavos: null, custoPorLeadCentavos: null, roas: null }),
  row('3', 'Ortodontia'),
  row('4', 'Lentes de Contato'),
  row('5', 'Avaliação Gratuita'),
  row('6', 'Prótese'),
];
const adsets = [row('11', 'Mulheres 25-45', { campanhaId: '1' })];
const unknown = { leads: 3, total: 12 };

const render = (canConnect = true) =>
  renderWithProviders(
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br">
      <InsightsView canConnect={canConnect} today="2026-11-28" />
    </LocalizationProvider>,
  );
const table = () => screen.getByRole('table');
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('Insights (002 §2.5)', () => {
  it("without a connection: 'Por favor, faça login no Facebook.' and the login button (or who to ask)", async () => {
    stubApi({ 'GET /insights/estado': { body: { ...connected, connected: false, contas: [] } } });
    render();
    expect(await screen.findByText(INSIGHTS_MESSAGES.notConnected)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrar com o Facebook' })).toBeTruthy();
    cleanup();
    stubApi({
      'GET /insights/estado': {
        body: { ...connected, connected: false, contas: [], quemConecta: ['Ana Gerente', 'Bruno Sócio'] },
      },
    });
    render(false);
    expect(await screen.findByText(/Por favor faça login com Facebook\./)).toBeTruthy();
    // Issue 24 'Who connects': the unit admin reads who may connect, by name.
    expect(
      screen.getByText(/Somente o administrador geral da empresa pode conectar o Facebook\. Peça a Ana Gerente ou Bruno Sócio\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Entrar com o Facebook' })).toBeNull();
    cleanup();
    stubApi({ 'GET /insights/estado': { body: { ...connected, connected: false, contas: [], quemConecta: [] } } });
    render(false);
    expect(await screen.findByText(/a empresa ainda não tem um\. Fale com o suporte do Funil\./)).toBeTruthy();
  });

  it('campaigns of the previous month, 5 per page, — for missing metrics, CTR 2 decimals %, CRM columns and ROAS', async () => {
    const sent = stubApi({
      'GET /insights/estado': { body: connected },
      'GET /insights/campaign': { body: { data: campaigns, anuncioDesconhecido: unknown } },
    });
    render();
    await screen.findByText('Implante Dentário');
    const call = sent.find((s) => s.path.startsWith('/insights/campaign'))!;
    expect(call.path).toContain('conta=act_101');
    expect(call.path).toContain('inicio=2026-10-01');
    expect(call.path).toContain('fim=2026-10-31');
    expect(screen.getByText('Período: 01/10/2026 a 31/10/2026')).toBeTruthy();
    for (const name of ['Campanhas', 'Conjunto de Anuncios', 'Anuncios']) expect(screen.getByRole('tab', { name })).toBeTruthy();
    expect(screen.getByLabelText('Conta de anúncios')).toBeTruthy();
    expect(bodyRows()).toHaveLength(5);
    for (const h of [
      'Nome da Campanha',
      'Impressões',
      'Alcance',
      'Cliques',
      'Ticket',
      'Conversões',
      'CTR',
      'Leads',
      'Custo por Lead',
      'Gasto',
      'CPM',
    ])
      expect(within(table()).getByRole('columnheader', { name: h })).toBeTruthy();
    const first = bodyRows()[0]!;
    expect(within(first).getByText('2,50%')).toBeTruthy();
    expect(within(first).getByText('R$ 1.000,00')).toBeTruthy();
    expect(within(first).getByText('4,50x')).toBeTruthy();
    expect(within(first).getByText('R$ 4.500,00')).toBeTruthy();
    expect(within(first).getByText('provisório')).toBeTruthy();
    expect(within(bodyRows()[1]!).getAllByText('—').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByTestId('insights-toolbar').textContent).toBe('Campanhas');
    expect(screen.getByTestId('insights-desconhecidos').textContent).toContain('3 de 12 leads');
    expect(screen.getByTestId('insights-atualizado').textContent).toMatch(/Atualizado em 28\/11\/2026/);
  });

  it('002 §5: sorting by Gasto puts the missing value first ascending, last descending', async () => {
    stubApi({
      'GET /insights/estado': { body: connected },
      'GET /insights/campaign': { body: { data: campaigns.slice(0, 3), anuncioDesconhecido: unknown } },
    });
    render();
    await screen.findByText('Clareamento');
    const gasto = within(table()).getByRole('button', { name: 'Gasto' });
    fireEvent.click(gasto);
    await waitFor(() => expect(within(bodyRows()[0]!).queryByText('Clareamento')).toBeTruthy());
    fireEvent.click(gasto);
    await waitFor(() => expect(within(bodyRows()[2]!).queryByText('Clareamento')).toBeTruthy());
  });

  it('selecting a campaign drives the ad-set tab; no selection shows the empty texts', async () => {
    const sent = stubApi({
      'GET /insights/estado': { body: connected },
      'GET /insights/campaign': { body: { data: campaigns, anuncioDesconhecido: unknown } },
      'GET /insights/adset': { body: { data: adsets, anuncioDesconhecido: unknown } },
      'GET /insights/ad': { body: { data: [], anuncioDesconhecido: unknown } },
      'GET /insights/serie': { body: { data: [] } },
    });
    render();
    await screen.findByText('Implante Dentário');
    fireEvent.click(screen.getByRole('tab', { name: 'Anuncios' }));
    expect(await screen.findByText(INSIGHTS_MESSAGES.selectAdSet)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Conjunto de Anuncios' }));
    expect(await screen.findByText(INSIGHTS_MESSAGES.selectCampaign)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Campanhas' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Selecionar Implante Dentário' }));
    expect(screen.getByTestId('insights-toolbar').textContent).toBe('1 selecionado');
    expect(await screen.findByRole('figure', { name: 'Evolução diária dos selecionados' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Conjunto de Anuncios' }));
    expect(await screen.findByText('Mulheres 25-45')).toBeTruthy();
    expect(sent.some((s) => s.path.startsWith('/insights/adset') && s.path.includes('pais=1'))).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Mulheres 25-45' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Anuncios' }));
    expect(await screen.findByText(INSIGHTS_MESSAGES.noAds)).toBeTruthy();
    expect(sent.some((s) => s.path.startsWith('/insights/ad?') && s.path.includes('pais=11'))).toBe(true);
  });

  it("'Nenhuma campanha encontrada…' for an account without rows; the refresh's stop reason and 'Atualizar agora'", async () => {
    const sent = stubApi({
      'GET /insights/estado': { body: { ...connected, erro: INSIGHTS_MESSAGES.tokenStopped } },
      'GET /insights/campaign': { body: { data: [], anuncioDesconhecido: { leads: 0, total: 0 } } },
      'POST /insights/atualizar': { body: { message: INSIGHTS_MESSAGES.refreshQueued } },
    });
    render();
    expect(await screen.findByText(INSIGHTS_MESSAGES.noCampaigns)).toBeTruthy();
    expect(screen.getByText(`${INSIGHTS_MESSAGES.notAuthorized} ${INSIGHTS_MESSAGES.tokenStopped}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar agora' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST' && s.path === '/insights/atualizar')).toBe(true));
  });
});
