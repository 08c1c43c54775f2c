// /anuncios (002 §2.6 the four levels, 'Voltar', the row actions and chips; §4 'Ads catalogue' the status toggle
// updating the row; §5 'Campaign registry', 'Ads CSV'; §8; §9 batches of 1000 rows 500 ms apart): on the
// screen with the kit's fake API.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi, type Answer } from '../../../components/ui/admin-test-kit.tsx';
import { renderWithProviders, sentRequests } from '../../../testing/kit.tsx';
import { AdsCatalogueScreen } from './ads-catalogue-screen.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', () => ({
  useLoadedUnitData: () => ({
    tags: [
      { id: 5, nome: 'Implante', cor: '#1976d2', descricao: null },
      { id: 6, nome: 'Clareamento', cor: '#e91e63', descricao: null },
    ],
    plataformas: [{ id: 1, nome: 'Facebook' }],
  }),
}));
vi.setConfig({ testTimeout: 40_000 });

const stamp = { dataCad: '2026-11-20T13:05:00.000Z', dataAtualizacao: '2026-11-21T14:30:00.000Z' };
const campaign = { id: 1, campaign_id: 'C-100', campaign_name: 'Implante Dentário', ativo: 1, oculto: 1, ...stamp };
const hidden = { id: 2, campaign_id: 'C-200', campaign_name: 'Clareamento', ativo: 0, oculto: 0, ...stamp };
const adSet = { id: 11, adset_id: 'S-1', adset_name: 'Mulheres 40-65', idCampanha: 1, ativo: 1, oculto: 1, ...stamp };
const ad = { id: 21, ad_id: 'A-1', ad_name: 'Implante em 24h', idAdSet: 11, ativo: 1, oculto: 1, ...stamp };
const links = [
  { id: 31, idTag: 5, idAd: 21, ativo: 1, tag: { id: 5, nome: 'Implante', cor: '#1976d2' }, ...stamp },
  { id: 32, idTag: 0, idAd: 21, ativo: 1, tag: null, ...stamp },
];

function api(extra: Record<string, Answer | ((body: unknown) => Answer | Promise<Answer>)> = {}) {
  return stubApi({
    'GET /anuncios/campanhas': { body: { data: [campaign, hidden] } },
    'GET /anuncios/ads-sets/1': { body: { data: [adSet] } },
    'GET /anuncios/ads/11': { body: { data: [ad] } },
    'GET /anuncios/ads-tags/21': { body: { data: links } },
    ...extra,
  });
}

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/anuncios/:idCampanha?/:idAdSet?/:idAd?" element={<AdsCatalogueScreen />} />
    </Routes>,
    undefined,
    path,
  );
}

afterEach(cleanup);

describe('002 §2.6 the four levels', () => {
  it("CAMPANHAS: the columns, 'Ativo'/'Inativo' and 'Visível'/'Oculto' (oculto=1 is visible), dates DD/MM/YYYY HH:mm", async () => {
    api();
    renderAt('/anuncios');
    const table = await screen.findByRole('table', { name: 'Campanhas' });
    const row = (await within(table).findByRole('rowheader', { name: 'Implante Dentário' })).closest('tr')!;
    expect(within(row).getByText('C-100')).toBeTruthy();
    expect(within(row).getByText('Ativo')).toBeTruthy();
    expect(within(row).getByText('Visível')).toBeTruthy();
    expect(within(row).getByText('20/11/2026 10:05')).toBeTruthy();
    const other = within(table).getByRole('rowheader', { name: 'Clareamento' }).closest('tr')!;
    expect(within(other).getByText('Inativo')).toBeTruthy();
    expect(within(other).getByText('Oculto')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Ativar' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Desativar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Voltar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Inserir CSV' })).toBeTruthy();
  });

  it("follows 'Acompanhar Conjunto de Anúncios' → 'Acompanhar Anúncios' → 'Acompanhar Tags do Anúncio'; 'Voltar' goes up", async () => {
    api();
    renderAt('/anuncios');
    const first = (await screen.findByRole('rowheader', { name: 'Implante Dentário' })).closest('tr')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Acompanhar Conjunto de Anúncios' }));
    const sets = await screen.findByRole('table', { name: 'Conjuntos de Anúncios' });
    await within(sets).findByRole('rowheader', { name: 'Mulheres 40-65' });
    fireEvent.click(within(sets).getByRole('button', { name: 'Acompanhar Anúncios' }));
    const ads = await screen.findByRole('table', { name: 'Anúncios' });
    await within(ads).findByRole('rowheader', { name: 'Implante em 24h' });
    fireEvent.click(within(ads).getByRole('button', { name: 'Acompanhar Tags do Anúncio' }));
    const tags = await screen.findByRole('table', { name: 'Tags do Anúncio' });
    // 002 §2.6: the tag chip with the tag's name, or 'Tag desconhecida'; no name or visibility column.
    expect(await within(tags).findByText('Implante')).toBeTruthy();
    expect(within(tags).getByText('Tag desconhecida')).toBeTruthy();
    expect(within(tags).queryByText('Visibilidade')).toBeNull();
    expect(within(tags).queryByText('Nome')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('table', { name: 'Anúncios' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('table', { name: 'Conjuntos de Anúncios' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('table', { name: 'Campanhas' })).toBeTruthy();
  });

  it("'Desativar' sends {ativo: 0}, says 'Status atualizado com sucesso!'; the row turns 'Inativo', new date (002 §4)", async () => {
    api({
      'PUT /anuncios/ads/21': {
        body: { message: 'Status atualizado com sucesso!', data: { id: 21, dataAtualizacao: '2026-11-25T18:00:00.000Z' } },
      },
    });
    renderAt('/anuncios/1/11');
    const row = (await screen.findByRole('rowheader', { name: 'Implante em 24h' })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Status atualizado com sucesso!')).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('Inativo')).toBeTruthy());
    expect(within(row).getByText('25/11/2026 15:00')).toBeTruthy();
    expect(sentRequests().find((r) => r.method === 'PUT')).toMatchObject({ path: '/anuncios/ads/21', body: { ativo: 0 } });
  });

  it("'Erro ao atualizar status.' when the toggle fails, and the row stays", async () => {
    api({ 'PUT /anuncios/campanhas/1': { status: 500, body: { message: 'Erro interno.', status: 500 } } });
    renderAt('/anuncios');
    const row = (await screen.findByRole('rowheader', { name: 'Implante Dentário' })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Erro ao atualizar status.')).toBeTruthy();
    expect(within(row).getByText('Ativo')).toBeTruthy();
  });
});

describe("002 §5 'Campaign registry'", () => {
  it("'Cadastrar Manualmente': required texts, 'ID da campanha já existe' among the loaded rows, Salvar disabled until valid", async () => {
    const sent = api({
      'POST /anuncios/campanhas': {
        status: 201,
        body: { message: 'Campanha cadastrada com sucesso!', data: { id: 3, dataAtualizacao: stamp.dataAtualizacao } },
      },
    });
    renderAt('/anuncios');
    await screen.findByRole('rowheader', { name: 'Implante Dentário' });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar Manualmente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar Campanha' });
    const save = within(dialog).getByRole('button', { name: 'Salvar' });
    const id = within(dialog).getByRole('textbox', { name: /ID da campanha/ });
    const name = within(dialog).getByRole('textbox', { name: /Nome da campanha/ });
    fireEvent.change(id, { target: { value: 'C-100' } });
    expect(await within(dialog).findByText('ID da campanha já existe')).toBeTruthy();
    fireEvent.change(id, { target: { value: '' } });
    expect(await within(dialog).findByText('ID da campanha é obrigatório')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(id, { target: { value: 'C-300' } });
    fireEvent.change(name, { target: { value: ' ' } });
    expect(await within(dialog).findByText('Nome da campanha é obrigatório')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Lentes de Contato Dental' } });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Campanha cadastrada com sucesso!')).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      campaign_id: 'C-300',
      campaign_name: 'Lentes de Contato Dental',
    });
  });

  it("'Editar Campanha': the id read-only, 'Campo não pode ser vazio', Salvar only once the name changed", async () => {
    const sent = api({
      'PUT /anuncios/campanhas/1': {
        body: { message: 'Campanha editada com sucesso!', data: { id: 1, dataAtualizacao: stamp.dataAtualizacao } },
      },
    });
    renderAt('/anuncios');
    const row = (await screen.findByRole('rowheader', { name: 'Implante Dentário' })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Editar Campanha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Campanha' });
    const save = within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    expect((within(dialog).getByRole('textbox', { name: 'ID da campanha' }) as HTMLInputElement).readOnly).toBe(true);
    expect(save.disabled).toBe(true);
    const name = within(dialog).getByRole('textbox', { name: /Nome da campanha/ });
    fireEvent.change(name, { target: { value: '' } });
    expect(await within(dialog).findByText('Campo não pode ser vazio')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Implante Dentário – Dezembro' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Campanha editada com sucesso!')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ name: 'Implante Dentário – Dezembro' });
  });
});

const HEADER = 'campaign_id,campaign_name,adset_id,adset_name,ad_id,ad_name,tags';
const csvRows = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `C-${i % 3},Campanha ${i % 3},S-${i % 5},Conjunto ${i % 5},A-${i},Anúncio ${i},"Implante;Novo"`,
  );
const csvFile = (text: string, name = 'anuncios.csv', type = 'text/csv') => new File([text], name, { type });

async function chooseFile(file: File) {
  fireEvent.click(await screen.findByRole('button', { name: 'Inserir CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Inserir CSV' });
  fireEvent.change(within(dialog).getByLabelText('Arquivo CSV'), { target: { files: [file] } });
  return dialog;
}

describe("'Inserir CSV' (002 §4 'CSV import of ads', §5 'Ads CSV', §9)", () => {
  it("sends 1500 rows in two batches (1000, 500; 500 ms apart) with a progress bar, then 'Operação concluída com sucesso.'", async () => {
    const times: number[] = [];
    const sent = api({
      'POST /anuncios/csv': () => {
        times.push(Date.now());
        return {
          body: { message: 'Operação concluída com sucesso.', data: { campanhas: 3, conjuntos: 5, anuncios: 1, tags: 2 } },
        };
      },
    });
    renderAt('/anuncios');
    const dialog = await chooseFile(csvFile([HEADER, ...csvRows(1500)].join('\n')));
    expect(await screen.findByText('Operação concluída com sucesso.')).toBeTruthy();
    const batches = sent.filter((r) => r.path === '/anuncios/csv').map((r) => r.body as { tags: string[] }[]);
    expect(batches.map((b) => b.length)).toEqual([1000, 500]);
    expect(batches[0]![0]).toEqual({
      campaign_id: 'C-0',
      campaign_name: 'Campanha 0',
      adset_id: 'S-0',
      adset_name: 'Conjunto 0',
      ad_id: 'A-0',
      ad_name: 'Anúncio 0',
      tags: ['Implante', 'Novo'],
    });
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(450);
    const progress = within(dialog).getByRole('progressbar', { name: 'Progresso do envio' });
    expect(progress.getAttribute('aria-valuenow')).toBe('100');
    expect(within(dialog).getByText('1.500 de 1.500 registros enviados (100%)')).toBeTruthy();
  });

  it("removing the file during the run cancels it: 'Arquivo removido.' and no further batch", async () => {
    // The first batch's answer is held until the file is removed, so the removal falls inside the run
    // however slow the machine (the pause before the second batch is only 500 ms).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent = api({
      'POST /anuncios/csv': async () => {
        await held;
        return { body: { message: 'ok', data: { campanhas: 0, conjuntos: 0, anuncios: 0, tags: 0 } } };
      },
    });
    renderAt('/anuncios');
    const dialog = await chooseFile(csvFile([HEADER, ...csvRows(2500)].join('\n')));
    await waitFor(() => expect(sent.filter((r) => r.path === '/anuncios/csv')).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover arquivo' }));
    expect(await screen.findByText('Arquivo removido.')).toBeTruthy();
    release();
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(sent.filter((r) => r.path === '/anuncios/csv')).toHaveLength(1);
    expect(screen.queryByText('Operação concluída com sucesso.')).toBeNull();
  });

  it("a failed batch says 'Erro ao enviar dados' and stops", async () => {
    const sent = api({ 'POST /anuncios/csv': { status: 500, body: { message: 'Erro interno.', status: 500 } } });
    renderAt('/anuncios');
    await chooseFile(csvFile([HEADER, ...csvRows(1200)].join('\n')));
    expect((await screen.findAllByText(/Erro ao enviar dados/)).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(sent.filter((r) => r.path === '/anuncios/csv')).toHaveLength(1);
  });

  it.each([
    ['not a CSV', csvFile('x', 'foto.png', 'image/png'), 'Arquivo inválido'],
    ['empty', csvFile('   \n'), 'O arquivo CSV está vazio.'],
    ['without a header', csvFile('C-1,Campanha,S-1,Conjunto,A-1,Anúncio,Implante'), 'O arquivo CSV não possui cabeçalho.'],
    [
      'missing headers',
      csvFile('campaign_id,campaign_name,adset_id,ad_id\nC,c,S,A'),
      'Cabeçalhos obrigatórios ausentes: adset_name, ad_name, tags',
    ],
    [
      'no valid row',
      csvFile(`${HEADER}\nC-1,Campanha,S-1,Conjunto,A-1,,Implante`),
      'Nenhum registro válido encontrado. Verifique se as colunas obrigatórias estão preenchidas.',
    ],
  ])('%s: the spec message, nothing sent', async (_case, file, message) => {
    const sent = api();
    renderAt('/anuncios');
    const dialog = await chooseFile(file);
    expect((await within(dialog).findByRole('textbox', { name: 'Mensagens' })) as HTMLTextAreaElement).toBeTruthy();
    await waitFor(() =>
      expect((within(dialog).getByRole('textbox', { name: 'Mensagens' }) as HTMLTextAreaElement).value).toBe(message),
    );
    expect(sent.filter((r) => r.path === '/anuncios/csv')).toHaveLength(0);
  });
});
