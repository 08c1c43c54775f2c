// /campanhas 'Gerenciar Campanhas' (002 §2.10; §3 'Campaign cost (admin)'; §5 'Campaign cost dialog': custo
// required ('Obrigatório'), 'Campos obrigatórios não preenchidos' for a select left on -1; §7 'Admin'): on the
// screen with the kit's fake API.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderAdmin, stubApi } from '../../../components/ui/admin-test-kit.tsx';
import { CampaignCostsScreen, currentMonth } from './campaign-costs-screen.tsx';

const user = vi.hoisted(() => ({ permissao: 'ag' as string }));
vi.mock('../../../lib/session.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useCurrentUser: () => ({ idUser: 3, permissao: user.permissao, idUnidade: 1, idEmpresa: 7 }),
}));
vi.mock('../../../lib/unit-data.ts', () => ({
  useLoadedUnitData: () => ({
    plataformas: [
      { id: 1, nome: 'Facebook' },
      { id: 2, nome: 'Google' },
    ],
    tags: [],
  }),
}));
vi.setConfig({ testTimeout: 40_000 });

const row = {
  chave: '1-9-2026-11',
  id: 4,
  idUnidade: 1,
  unidade: 'Paulista',
  idCampanha: 9,
  campaign_id: '120210455501230017',
  campaign_name: 'Implante Dentário',
  adset_id: null,
  adset_name: null,
  ad_id: null,
  ad_name: null,
  custo: 5320.5,
  custo_manual: 5320.5,
  custo_meta: null,
  anuncios: [],
  publico: 1,
  idTipoLead: 1,
  tipoLead: 'Facebook',
  mes: '2026-11',
  periodo_inicio: '2026-11-01',
  periodo_fim: '2026-11-30',
  origem: 'manual',
  dataCadastro: '2026-11-20T10:00:00.000Z',
  dataAtualizacao: '2026-11-20T10:00:00.000Z',
};

// Issue 23 §6: a month only Meta's spend fills, summed from its ads' days.
const metaRow = {
  ...row,
  chave: '1-12-2026-10',
  id: null,
  idCampanha: 12,
  campaign_id: '120210455501239999',
  campaign_name: 'Lentes | Meta',
  adset_id: null,
  adset_name: null,
  ad_id: null,
  ad_name: null,
  custo: 90.3,
  custo_manual: null,
  custo_meta: 90.3,
  anuncios: [
    { adset_id: 'S1', adset_name: 'Mulheres 30-50', ad_id: 'A2', ad_name: 'Carrossel antes e depois', custo: 60, dias: 3 },
    { adset_id: 'S1', adset_name: 'Mulheres 30-50', ad_id: 'A1', ad_name: 'Vídeo depoimento', custo: 30.3, dias: 3 },
  ],
  publico: null,
  idTipoLead: null,
  tipoLead: '',
  mes: '2026-10',
  periodo_inicio: '2026-10-01',
  periodo_fim: '2026-10-31',
  origem: 'meta',
};

function api() {
  return stubApi({
    'GET /cadastros/campanha': { body: { data: [row, metaRow] } },
    'GET /cadastros/unidades': {
      body: {
        data: [
          { id: 1, nome: 'Paulista', idFunil: null, idFunilVenda: null },
          { id: 2, nome: 'Savassi', idFunil: null, idFunilVenda: null },
        ],
      },
    },
    'POST /cadastros/campanha': { status: 201, body: { message: 'Campanha cadastrada com sucesso!', data: { id: 5 } } },
    'PUT /cadastros/campanha_custo': { body: { message: 'Campanha editada com sucesso!', data: { id: 4 } } },
  });
}

const input = (dialog: HTMLElement, name: string) => dialog.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const type = (dialog: HTMLElement, name: string, value: string) => fireEvent.change(input(dialog, name), { target: { value } });
async function choose(dialog: HTMLElement, label: RegExp, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  cleanup();
  user.permissao = 'ag';
});

describe("002 §2.10 'Gerenciar Campanhas'", () => {
  it('lists the cost in R$, the month, the audience and the platform', async () => {
    api();
    renderAdmin(<CampaignCostsScreen />);
    expect(await screen.findByRole('cell', { name: 'R$ 5.320,50' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '11/2026' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Frio' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Facebook' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeTruthy();
  });

  it("'Cadastrar Campanha': custo 'Obrigatório', 'Campos obrigatórios não preenchidos' for -1, then the cost as a number", async () => {
    const sent = api();
    renderAdmin(<CampaignCostsScreen />);
    await screen.findByRole('rowheader', { name: 'Implante Dentário' });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar Campanha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar Campanha' });
    expect(input(dialog, 'mes').value).toBe(currentMonth());
    type(dialog, 'nome', 'Clareamento Black Friday');
    type(dialog, 'campaign_id', '120210455501230018');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Campos obrigatórios não preenchidos', { selector: '#notistack-snackbar, #notistack-snackbar *' }),
    ).toBeTruthy();
    expect(within(dialog).getByText('Obrigatório')).toBeTruthy();
    expect(within(dialog).getAllByText('Campos obrigatórios não preenchidos').length).toBe(3);
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);

    await choose(dialog, /Público/, 'Quente (remarketing)');
    await choose(dialog, /Plataforma/, 'Facebook');
    await choose(dialog, /Unidade/, 'Savassi');
    type(dialog, 'custo', '365090');
    expect(input(dialog, 'custo').value).toBe('R$ 3.650,90');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campanha cadastrada com sucesso!')).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      nome: 'Clareamento Black Friday',
      campaign_id: '120210455501230018',
      publico: 3,
      idTipoLead: 1,
      idUnidade: 2,
      custo: 3650.9,
      mes: currentMonth(),
    });
  });

  it('a unit admin picks only their unit', async () => {
    user.permissao = 'a';
    api();
    renderAdmin(<CampaignCostsScreen />);
    await screen.findByRole('rowheader', { name: 'Implante Dentário' });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar Campanha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar Campanha' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Unidade/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Selecione', 'Paulista']);
  });

  it("the table's 'Unidade' column is shown to the roles that see several units, hidden (but available) to one unit's", async () => {
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    user.permissao = 'a';
    api();
    const { unmount } = renderAdmin(<CampaignCostsScreen />);
    await screen.findByRole('rowheader', { name: 'Implante Dentário' });
    expect(headers().some((h) => h.includes('Unidade'))).toBe(false);
    expect(headers().some((h) => h.includes('Campanha'))).toBe(true);
    unmount();
    user.permissao = 'mg';
    api();
    renderAdmin(<CampaignCostsScreen />);
    await screen.findByRole('rowheader', { name: 'Implante Dentário' });
    expect(headers().some((h) => h.includes('Unidade'))).toBe(true);
  });

  it("'Editar Campanha' sends PUT cadastros/campanha_custo with the row's id, campaign_id, the name and the cost", async () => {
    const sent = api();
    renderAdmin(<CampaignCostsScreen />);
    await screen.findByRole('rowheader', { name: 'Implante Dentário' });
    fireEvent.click(screen.getByRole('button', { name: 'Editar Campanha Implante Dentário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Campanha' });
    expect(input(dialog, 'campaign_id').disabled).toBe(true);
    expect(input(dialog, 'custo').value).toBe('R$ 5.320,50');
    type(dialog, 'custo', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy();
    type(dialog, 'custo', '600000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campanha editada com sucesso!')).toBeTruthy();
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({
        id: 4,
        campaign_id: '120210455501230017',
        campaign_name: 'Implante Dentário',
        custo: 6000,
        publico: 1,
        idTipoLead: 1,
      }),
    );
  });

  it("issue 23 §6: a Meta month is one row marked 'Meta'; 'Editar Campanha' shows its ads and types the month's cost", async () => {
    const sent = api();
    renderAdmin(<CampaignCostsScreen />);
    const metaLine = (await screen.findByRole('rowheader', { name: 'Lentes | Meta' })).closest('tr')!;
    expect(within(metaLine).getByRole('cell', { name: 'R$ 90,30' })).toBeTruthy();
    expect(within(metaLine).getByText('Meta')).toBeTruthy();
    // The Origem cell: the chip and how many ads spent in the month.
    expect(within(metaLine).getByRole('cell', { name: 'Meta 2 anúncios' })).toBeTruthy();
    const typedLine = screen.getByRole('rowheader', { name: 'Implante Dentário' }).closest('tr')!;
    expect(within(typedLine).getByText('Manual')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Editar Campanha Lentes | Meta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Campanha' });
    const ads = within(dialog).getByRole('table', { name: /Gasto do Meta em 10\/2026: R\$ 90,30/ });
    expect(
      within(ads)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Carrossel antes e depois', 'Vídeo depoimento']);
    expect(input(dialog, 'custo').value).toBe('R$ 90,30');
    // The audience is the manager's to say; the platform starts on Meta's own.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Campos obrigatórios não preenchidos', { selector: '#notistack-snackbar, #notistack-snackbar *' }),
    ).toBeTruthy();
    await choose(dialog, /Público/, 'Frio');
    type(dialog, 'custo', '15000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campanha editada com sucesso!')).toBeTruthy();
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({
        idUnidade: 1,
        mes: '2026-10',
        campaign_id: '120210455501239999',
        campaign_name: 'Lentes | Meta',
        custo: 150,
        publico: 1,
        idTipoLead: 1,
      }),
    );
  });
});
