// @vitest-environment jsdom
// jsdom, not the project's happy-dom: the print goes through an iframe's own window, which happy-dom does not give.
// 002 §2.10 "Admin screens": the admin list (Portuguese pagination and empty text, search, column
// filter, sorting, CSV and print where asked, row actions) on the one DataTable, and the create/edit
// dialog with 'continue creating/editing'.
import Edit from '@mui/icons-material/Edit';
import { ThemeProvider } from '@mui/material';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { theme } from '../../app/theme.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AdminFormDialog } from './admin-form-dialog.tsx';
import { ADMIN_TABLE_EMPTY, AdminList } from './admin-list.tsx';
import { TABLE_SEARCH_DEBOUNCE_MS } from './data-table-toolbar.tsx';
import type { DataColumn } from './data-table.tsx';
import { FormTextField } from './form-fields.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Row = { id: number; nome: string; ddd: string; datacad: string };
const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  nome: `Unidade ${String(i + 1).padStart(2, '0')}`,
  ddd: i % 2 === 0 ? '11' : '21',
  datacad: `2026-11-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`,
}));
const columns: DataColumn<Row>[] = [
  { header: 'Nome', id: 'nome', value: (row) => row.nome, rowHeader: true },
  { header: 'DDD', id: 'ddd', value: (row) => row.ddd },
  { header: 'Cadastro', id: 'datacad', value: (row) => row.datacad.slice(0, 10), hidden: true },
];

function wrap(node: React.ReactNode) {
  return render(
    <ThemeProvider theme={theme}>
      <SnackbarProvider>{node}</SnackbarProvider>
    </ThemeProvider>,
  );
}

const names = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);
const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

/** Types in the table's search and lets its debounce pass. */
async function search(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Pesquisar…' }), { target: { value: text } });
  await act(() => new Promise((resolve) => setTimeout(resolve, TABLE_SEARCH_DEBOUNCE_MS + 50)));
}

describe('002 §2.10 admin table', { timeout: 30_000 }, () => {
  it('says Nenhum registro encontrado! when empty and paginates in Portuguese', () => {
    wrap(<AdminList title="Unidades" rows={[]} rowKey={(row) => row.id} columns={columns} />);
    expect(screen.getByText(ADMIN_TABLE_EMPTY)).toBeTruthy();
    expect(screen.getByText('Linhas por página:')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Unidades' })).toBeTruthy();
  });

  it('pages by 10 and lets the user show 25 a page', async () => {
    wrap(<AdminList title="Unidades" rows={rows} rowKey={(row) => row.id} columns={columns} />);
    expect(names()).toHaveLength(10);
    expect(screen.getByText('1–10 de 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(names()).toEqual(['Unidade 11', 'Unidade 12']);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Linhas por página/ }));
    fireEvent.click(await screen.findByRole('option', { name: '25' }));
    expect(names()).toHaveLength(12);
  });

  it('searches every column, accents and case aside, or only the column chosen', async () => {
    const accented = [...rows, { id: 13, nome: 'São José', ddd: '12', datacad: '2026-11-13T10:00:00.000Z' }];
    wrap(<AdminList title="Unidades" rows={accented} rowKey={(row) => row.id} columns={columns} />);
    await search('sao jose');
    expect(names()).toEqual(['São José']);
    await search('21');
    expect(names()).toEqual(['Unidade 02', 'Unidade 04', 'Unidade 06', 'Unidade 08', 'Unidade 10', 'Unidade 12']);
    // The column filter: '21' in the name column only matches no unit.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Pesquisar em' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Nome' }));
    expect(screen.getByText(ADMIN_TABLE_EMPTY)).toBeTruthy();
    await search('unidade 1');
    expect(names()).toEqual(['Unidade 10', 'Unidade 11', 'Unidade 12']);
  });

  it('sorts by a header: ascending, descending, then the rows as they came', () => {
    wrap(<AdminList title="Unidades" rows={rows.slice(0, 4)} rowKey={(row) => row.id} columns={columns} />);
    const ddd = () => screen.getByRole('button', { name: 'DDD' });
    fireEvent.click(ddd());
    expect(names()).toEqual(['Unidade 01', 'Unidade 03', 'Unidade 02', 'Unidade 04']);
    expect(screen.getByRole('columnheader', { name: /DDD/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(ddd());
    expect(names()).toEqual(['Unidade 02', 'Unidade 04', 'Unidade 01', 'Unidade 03']);
    fireEvent.click(ddd());
    expect(names()).toEqual(['Unidade 01', 'Unidade 02', 'Unidade 03', 'Unidade 04']);
  });

  it('shows a column kept hidden from the Colunas menu, and hides another', async () => {
    wrap(<AdminList title="Unidades" rows={rows} rowKey={(row) => row.id} columns={columns} />);
    expect(headers()).toEqual(['Nome', 'DDD']);
    fireEvent.click(screen.getByRole('button', { name: 'Colunas' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Cadastro' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'DDD' }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(headers()).toEqual(['Nome', 'Cadastro']));
  });

  it('offers search and, only when asked, CSV download and print', () => {
    const { unmount } = wrap(<AdminList title="Unidades" rows={rows} rowKey={(row) => row.id} columns={columns} />);
    expect(screen.getByRole('textbox', { name: 'Pesquisar…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Baixar CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).toBeNull();
    unmount();
    wrap(<AdminList title="Unidades" rows={rows} rowKey={(row) => row.id} csvFileName="unidades" print columns={columns} />);
    expect(screen.getByRole('button', { name: 'Baixar CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeTruthy();
  });

  it('prints the rows searched, every page of them, under the title, without the actions', async () => {
    const written: string[] = [];
    const print = vi.fn();
    const append = document.body.appendChild.bind(document.body);
    const spy = vi.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      const added = append(node);
      if (node instanceof HTMLIFrameElement && node.contentWindow) {
        const view = node.contentWindow;
        vi.spyOn(view.document, 'write').mockImplementation((html: string) => void written.push(html));
        Object.assign(view, { print });
      }
      return added;
    });
    wrap(
      <AdminList
        title="Unidades"
        rows={rows}
        rowKey={(row) => row.id}
        print
        actions={[{ label: 'Editar', icon: <Edit />, onClick: () => undefined }]}
        columns={columns}
      />,
    );
    await search('unidade 1');
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    spy.mockRestore();
    expect(print).toHaveBeenCalledTimes(1);
    const page = new DOMParser().parseFromString(written.join(''), 'text/html');
    expect(page.querySelector('h1')?.textContent).toBe('Unidades');
    expect([...page.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Nome', 'DDD']);
    expect([...page.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent)).toEqual([
      'Unidade 10',
      'Unidade 11',
      'Unidade 12',
    ]);
  });

  it("downloads the CSV by the one writer of every export: ';', a BOM, CRLF, the cells as shown (issue 21 item 17)", async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:csv'), revokeObjectURL: () => undefined });
    const fileNames: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileNames.push(this.download);
    });
    type Amount = { id: number; nome: string; valor: number };
    const tableRows: Amount[] = [
      { id: 1, nome: 'Centro; Sul', valor: 1500.5 },
      { id: 2, nome: 'Zona "Norte"', valor: 20 },
    ];
    wrap(
      <AdminList
        title="Unidades"
        rows={tableRows}
        rowKey={(row) => row.id}
        csvFileName="unidades"
        actions={[{ label: 'Editar', icon: <Edit />, onClick: () => undefined }]}
        columns={[
          { header: 'Nome', value: (row) => row.nome },
          { header: 'Valor', value: (row) => row.valor.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }) },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    click.mockRestore();
    expect(fileNames).toEqual(['unidades.csv']);
    const buffer = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blobs[0]!);
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(buffer));
    // A BRL amount's comma is quoted too: the writer quotes every separator-like character.
    expect(text).toBe('\uFEFFNome;Valor\r\n"Centro; Sul";"R$\u00a01.500,50"\r\n"Zona ""Norte""";"R$\u00a020,00"\r\n');
  });

  it('runs a row action with its row, named after the row; a hidden action is not there', () => {
    const onEdit = vi.fn();
    wrap(
      <AdminList
        title="Unidades"
        rows={rows.slice(0, 2)}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.nome}
        actions={[
          { label: 'Editar', icon: <Edit />, onClick: onEdit },
          { label: 'Excluir', icon: <Edit />, color: 'error', onClick: () => undefined, hidden: (row) => row.id === 1 },
        ]}
        create={{ label: 'Cadastrar Unidade', onClick: () => undefined }}
        columns={columns}
      />,
    );
    expect(headers().at(-1)).toBe('Ações');
    fireEvent.click(screen.getByRole('button', { name: 'Editar Unidade 02' }));
    expect(onEdit).toHaveBeenCalledWith(rows[1]);
    expect(screen.queryByRole('button', { name: 'Excluir Unidade 01' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Excluir Unidade 02' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cadastrar Unidade' })).toBeTruthy();
  });

  it("shows the server's error instead of the table", () => {
    wrap(<AdminList title="Unidades" rows={undefined} rowKey={(row) => row.id} columns={columns} error="Sem permissão." />);
    expect(screen.getByRole('alert').textContent).toContain('Sem permissão.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

const schema = z.object({ nome: z.string().trim().min(1, 'Nome é obrigatório') });

function Dialog({
  onSubmit,
  onClose,
  mode = 'create' as const,
  disableUntilValid = false,
}: {
  onSubmit: (v: { nome: string }) => Promise<unknown>;
  onClose: () => void;
  mode?: 'create' | 'edit';
  disableUntilValid?: boolean;
}) {
  return (
    <AdminFormDialog
      open
      mode={mode}
      title="Cadastrar Unidade"
      schema={schema}
      values={{ nome: mode === 'edit' ? 'Centro' : '' }}
      onSubmit={onSubmit}
      onClose={onClose}
      successMessage="Unidade salva com sucesso!"
      invalidMessage="Campos obrigatórios não preenchidos"
      disableUntilValid={disableUntilValid}
    >
      {(form) => <FormTextField control={form.control} name="nome" label="Nome" required />}
    </AdminFormDialog>
  );
}

const nome = () => screen.getByLabelText(/Nome/) as HTMLInputElement;
const salvar = () => screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;

describe("002 §2.10 create/edit dialog with 'continue creating/editing'", { timeout: 30_000 }, () => {
  it('validates with the domain schema and says so in Portuguese', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    wrap(<Dialog onSubmit={onSubmit} onClose={() => undefined} />);
    fireEvent.click(salvar());
    expect(await screen.findByText('Nome é obrigatório')).toBeTruthy();
    expect(await screen.findByText('Campos obrigatórios não preenchidos')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps Salvar disabled until valid when the screen asks (002 §5 Unit)', async () => {
    wrap(<Dialog onSubmit={() => Promise.resolve()} onClose={() => undefined} disableUntilValid />);
    await waitFor(() => expect(salvar().disabled).toBe(true));
    fireEvent.change(nome(), { target: { value: 'Centro' } });
    await waitFor(() => expect(salvar().disabled).toBe(false));
  });

  it('closes after a save without the checkbox', async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn(() => Promise.resolve());
    wrap(<Dialog onSubmit={onSubmit} onClose={onClose} />);
    fireEvent.change(nome(), { target: { value: '  Centro ' } });
    fireEvent.click(salvar());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ nome: 'Centro' });
  });

  it("'Continuar cadastrando' keeps the dialog open with an empty form", async () => {
    const onClose = vi.fn();
    wrap(<Dialog onSubmit={() => Promise.resolve()} onClose={onClose} />);
    fireEvent.click(screen.getByLabelText('Continuar cadastrando'));
    fireEvent.change(nome(), { target: { value: 'Centro' } });
    fireEvent.click(salvar());
    expect(await screen.findByText('Unidade salva com sucesso!')).toBeTruthy();
    await waitFor(() => expect(nome().value).toBe(''));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("'Continuar editando' keeps the saved values", async () => {
    const onClose = vi.fn();
    wrap(<Dialog mode="edit" onSubmit={() => Promise.resolve()} onClose={onClose} />);
    fireEvent.click(screen.getByLabelText('Continuar editando'));
    fireEvent.change(nome(), { target: { value: 'Centro Sul' } });
    fireEvent.click(salvar());
    expect(await screen.findByText('Unidade salva com sucesso!')).toBeTruthy();
    expect(nome().value).toBe('Centro Sul');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's message and field text and stays open on a refusal", async () => {
    const onClose = vi.fn();
    wrap(
      <Dialog
        onSubmit={() => Promise.reject(new ApiError(409, 'Já existe uma unidade com este nome.', { nome: 'Nome já usado' }))}
        onClose={onClose}
      />,
    );
    fireEvent.change(nome(), { target: { value: 'Centro' } });
    fireEvent.click(salvar());
    expect(await screen.findByText('Já existe uma unidade com este nome.')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByText('Nome já usado')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
