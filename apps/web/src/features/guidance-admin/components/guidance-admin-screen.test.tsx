// @vitest-environment jsdom
// jsdom, not the project's happy-dom: DOMPurify (the sanitiser under test) declines to run on happy-dom and returns the HTML as is.
// Orientações: the home-screen guidance texts (000 §2 /inicial, 002 §3 "Guidance text"), company-wide
// or per unit, in order; edited with the rich-text editor and its toolbar; reorder and delete.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { GUIDANCE_MESSAGES, type GuidanceRow } from '@funil/domain/admin-api/guidance';

import { safeHref } from '../../../components/ui/rich-text-editor.tsx';
import { answerRequests, renderWithProviders } from '../../../testing/kit.tsx';
import { GuidanceAdminScreen } from './guidance-admin-screen.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', async () => (await import('../../../testing/kit.tsx')).unitDataModule);

vi.setConfig({ testTimeout: 20_000 });

const row = (id: number, titulo: string, ordem: number, overrides: Partial<GuidanceRow> = {}): GuidanceRow => ({
  id,
  titulo,
  textoOrientacao: `<p>Texto de ${titulo}</p>`,
  idUnidade: null,
  nomeUnidade: 'Todas as unidades',
  ordem,
  ativo: 1,
  dataCad: '2025-11-01T10:00:00.000Z',
  ...overrides,
});
const rows = [
  row(2, 'Metas do mês', 1, { idUnidade: 1, nomeUnidade: 'Centro' }),
  row(1, 'Boas-vindas', 0),
  row(3, 'Plantão antigo', 2, { ativo: 0 }),
];
const units = { data: [{ id: 1, nome: 'Centro', idFunil: null, idFunilVenda: null }] };
const titles = () =>
  within(screen.getByRole('list', { name: 'Orientações' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

// jsdom has no layout: ProseMirror's scroll-into-view asks ranges for rectangles.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
(Text.prototype as unknown as { getClientRects?: () => DOMRectList }).getClientRects ??= noRects;
document.elementFromPoint ??= () => null;

beforeEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

describe('Orientações (000 §2 guidance texts)', () => {
  it('lists the texts in their home-screen order with where they show and the inactive ones marked', async () => {
    answerRequests({ 'GET /cadastros/orientacoes': { body: { data: rows } } });
    renderWithProviders(<GuidanceAdminScreen />);
    await screen.findByText('Boas-vindas');
    expect(titles()).toEqual(['Boas-vindas', 'Metas do mês', 'Plantão antigo']);
    const metas = within(screen.getByRole('listitem', { name: 'Metas do mês' }));
    expect(metas.getByText('Centro')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Boas-vindas' })).getByText('Todas as unidades')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Plantão antigo' })).getByText('Inativa')).toBeTruthy();
  });

  it('shows the HTML sanitised: a script or an event handler never runs', async () => {
    answerRequests({
      'GET /cadastros/orientacoes': {
        body: {
          data: [row(1, 'Perigo', 0, { textoOrientacao: '<p>oi</p><img src=x onerror="alert(1)"><script>alert(2)</script>' })],
        },
      },
    });
    renderWithProviders(<GuidanceAdminScreen />);
    const card = await screen.findByRole('listitem', { name: 'Perigo' });
    expect(card.querySelector('script')).toBeNull();
    expect(card.querySelector('[onerror]')).toBeNull();
  });

  it('Subir sends the new order to PUT cadastros/orientacoes/ordem', async () => {
    const sent = answerRequests({
      'GET /cadastros/orientacoes': { body: { data: rows } },
      'PUT /cadastros/orientacoes/ordem': { body: { message: 'ok' } },
    });
    renderWithProviders(<GuidanceAdminScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Subir Metas do mês' }));
    await waitFor(() => expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ ids: [2, 1, 3] }));
    expect((screen.getByRole('button', { name: 'Subir Boas-vindas' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a new text needs a title and a text: Salvar says so and sends nothing', async () => {
    const sent = answerRequests({
      'GET /cadastros/orientacoes': { body: { data: rows } },
      'GET /cadastros/unidades': { body: units },
    });
    renderWithProviders(<GuidanceAdminScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nova orientação' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nova orientação' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText(GUIDANCE_MESSAGES.titleRequired)).toBeTruthy();
    expect(dialog.getByText(GUIDANCE_MESSAGES.textRequired)).toBeTruthy();
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('editing keeps the text, applies the toolbar (a bulleted list), moves it to one unit and PUTs it', async () => {
    const sent = answerRequests({
      'GET /cadastros/orientacoes': { body: { data: rows } },
      'GET /cadastros/unidades': { body: units },
      'PUT /cadastros/orientacoes/1': (body) => ({
        body: { message: GUIDANCE_MESSAGES.updated, data: { ...row(1, 'Boas-vindas', 0), ...(body as object) } },
      }),
    });
    renderWithProviders(<GuidanceAdminScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Boas-vindas' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar orientação' }));
    const editor = await dialog.findByRole('textbox', { name: 'Texto da orientação' });
    expect(editor.innerHTML).toContain('Texto de Boas-vindas');
    fireEvent.click(dialog.getByRole('button', { name: 'Lista com marcadores' }));
    await waitFor(() => expect(editor.querySelector('ul')).not.toBeNull());
    fireEvent.change(dialog.getByRole('textbox', { name: 'Título' }), { target: { value: 'Boas-vindas ao time' } });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Mostrar para' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Centro'));
    fireEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(GUIDANCE_MESSAGES.updated)).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ titulo: 'Boas-vindas ao time', idUnidade: 1, ordem: 0, ativo: 1 });
    expect((put?.body as { textoOrientacao: string }).textoOrientacao).toBe('<ul><li><p>Texto de Boas-vindas</p></li></ul>');
  });

  it('Excluir asks first, then deletes and says so', async () => {
    const sent = answerRequests({
      'GET /cadastros/orientacoes': { body: { data: rows } },
      'DELETE /cadastros/orientacoes/3': { body: { message: GUIDANCE_MESSAGES.deleted } },
    });
    renderWithProviders(<GuidanceAdminScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Plantão antigo' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Excluir orientação' }));
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(GUIDANCE_MESSAGES.deleted)).toBeTruthy();
    expect(sent.some((r) => r.method === 'DELETE' && r.path === '/cadastros/orientacoes/3')).toBe(true);
  });
});

describe('the editor’s links', () => {
  it('accept web and mail addresses and never a javascript: one', () => {
    expect(safeHref('exemplo.com.br')).toBe('https://exemplo.com.br');
    expect(safeHref('mailto:time@exemplo.com')).toBe('mailto:time@exemplo.com');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('  ')).toBeNull();
  });
});
