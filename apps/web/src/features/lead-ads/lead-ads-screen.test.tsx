// /leads-meta (issue 23 §2): the forms with 'Buscar leads dos últimos 90 dias' and the failed-intake log
// (what arrived, why it failed, attempts) with 'Reprocessar', on the screen with the kit's fake API.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderAdmin, stubApi } from '../../components/ui/admin-test-kit.tsx';
import { LeadAdsScreen } from './lead-ads-screen.tsx';

vi.setConfig({ testTimeout: 40_000 });

const overview = {
  conectada: true,
  unidadePadrao: 'Paulista',
  formularios: [
    { formId: '0214500000017033', pageId: '214500000016443', nome: 'Implante - Avaliação gratuita', unidade: null, leads: 12 },
  ],
  pendentes: 1,
  falhas: 1,
};
const failed = {
  id: 41,
  leadgenId: '0214500000021743',
  pageId: '214500000016443',
  formId: '0214500000017033',
  formNome: 'Implante - Avaliação gratuita',
  adId: '120210000000001',
  recebido: { leadgen_id: '0214500000021743' },
  erro: 'Não foi possível buscar o lead no Meta: token revogado (código 190/460)',
  tentativas: 1,
  recebidas: 2,
  recebidoEm: '2026-11-27T21:09:00.000Z',
};

function api() {
  return stubApi({
    'GET /lead-ads': { body: { data: overview } },
    'GET /lead-ads/falhas': { body: { data: [failed] } },
    'POST /lead-ads/falhas/41/reprocessar': { body: { message: 'Entrega enviada para reprocessamento.' } },
    'POST /lead-ads/formularios/0214500000017033/buscar': {
      body: {
        message: '5 lead(s) encontrados nos últimos 90 dias; 2 novo(s) enviado(s) para o CRM.',
        data: { encontrados: 5, novos: 2 },
      },
    },
  });
}

afterEach(cleanup);

describe('issue 23 §2 /leads-meta', () => {
  it('lists the forms and the failed intakes with why and how many attempts', async () => {
    api();
    renderAdmin(<LeadAdsScreen />);
    const forms = await screen.findByRole('table', { name: 'Formulários do Lead Ads' });
    expect(await within(forms).findByText('Implante - Avaliação gratuita')).toBeTruthy();
    expect(within(forms).getByText('Pelo Filtro Facebook das unidades')).toBeTruthy();
    const log = screen.getByRole('table', { name: 'Falhas de entrada do Lead Ads' });
    expect(await within(log).findByText(failed.erro)).toBeTruthy();
    expect(within(log).getByText(/leadgen_id 0214500000021743 · página 214500000016443/)).toBeTruthy();
    expect(screen.getByText('Falhas: 1')).toBeTruthy();
  });

  it("'Reprocessar' and 'Buscar leads dos últimos 90 dias' post and say what happened", async () => {
    const sent = api();
    renderAdmin(<LeadAdsScreen />);
    const log = await screen.findByRole('table', { name: 'Falhas de entrada do Lead Ads' });
    fireEvent.click(await within(log).findByRole('button', { name: 'Reprocessar' }));
    expect(await screen.findByText('Entrega enviada para reprocessamento.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buscar leads dos últimos 90 dias' }));
    expect(await screen.findByText('5 lead(s) encontrados nos últimos 90 dias; 2 novo(s) enviado(s) para o CRM.')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/lead-ads/falhas/41/reprocessar',
      '/lead-ads/formularios/0214500000017033/buscar',
    ]);
  });
});
