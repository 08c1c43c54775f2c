// 002 §2.10 "Admin screens": the shared table (Portuguese pagination and empty text, search, CSV and
// print where asked, row actions) and the create/edit dialog with 'continue creating/editing'.
import Edit from '@mui/icons-material/Edit';
import { ThemeProvider } from '@mui/material';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { theme } from '../../app/theme.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AdminFormDialog } from './admin-form-dialog.tsx';
import { ADMIN_TABLE_EMPTY, AdminTable } from './admin-table.tsx';
import { FormTextField } from './form-fields.tsx';

afterEach(cleanup);

type Row = { id: number; nome: string };
const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, nome: `Unidade ${String(i + 1).padStart(2, '0')}` }));

function wrap(node: React.ReactNode) {
  return render(
    <ThemeProvider theme={theme}>
      <SnackbarProvider>{node}</SnackbarProvider>
    </ThemeProvider>,
  );
}

describe('002 §2.10 admin table', { timeout: 30_000 }, () => {
  it('says Nenhum registro encontrado! when empty and paginates in Portuguese', () => {
    wrap(<AdminTable title="Unidades" rows={[]} columns={[{ field: 'nome', headerName: 'Nome', flex: 1 }]} />);
    expect(screen.getByText(ADMIN_TABLE_EMPTY)).toBeTruthy();
    expect(screen.getByText('Linhas por página:')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Unidades' })).toBeTruthy();
  });

  it('offers search and, only when asked, CSV download and print', () => {
    const { unmount } = wrap(
      <AdminTable title="Unidades" rows={rows} columns={[{ field: 'nome', headerName: 'Nome', flex: 1 }]} />,
    );
    expect(screen.getByPlaceholderText('Pesquisar…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Exportar/ })).toBeNull();
    unmount();
    wrap(
      <AdminTable
        title="Unidades"
        rows={rows}
        csvFileName="unidades"
        print
        columns={[{ field: 'nome', headerName: 'Nome', flex: 1 }]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Baixar CSV' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Exportar/ }));
    expect(screen.getByRole('menuitem', { name: 'Imprimir' })).toBeTruthy();
    // The grid's own CSV writer is not offered: one writer for every export (issue 21 item 17).
    expect(screen.queryByRole('menuitem', { name: 'Baixar como CSV' })).toBeNull();
  });

  it("downloads the CSV by the one writer of every export: ';', a BOM, CRLF, the cells as shown (issue 21 item 17)", async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:csv'), revokeObjectURL: () => undefined });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const tableRows = [
      { id: 1, nome: 'Centro; Sul', valor: 1500.5 },
      { id: 2, nome: 'Zona "Norte"', valor: 20 },
    ];
    wrap(
      <AdminTable
        title="Unidades"
        rows={tableRows}
        csvFileName="unidades"
        actions={[{ label: 'Editar', icon: <Edit />, onClick: () => undefined }]}
        columns={[
          { field: 'nome', headerName: 'Nome', flex: 1 },
          {
            field: 'valor',
            headerName: 'Valor',
            valueFormatter: (value: number) => value.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }),
          },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    click.mockRestore();
    expect(names).toEqual(['unidades.csv']);
    const buffer = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blobs[0]!);
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(buffer));
    // A BRL amount's comma is quoted too: the writer quotes every separator-like character.
    expect(text).toBe('\uFEFFNome;Valor\r\n"Centro; Sul";"R$\u00a01.500,50"\r\n"Zona ""Norte""";"R$\u00a020,00"\r\n');
  });

  it('runs a row action with its row, named after the row', () => {
    const onEdit = vi.fn();
    wrap(
      <AdminTable
        title="Unidades"
        rows={rows.slice(0, 2)}
        rowLabel={(row) => row.nome}
        actions={[{ label: 'Editar', icon: <Edit />, onClick: onEdit }]}
        create={{ label: 'Cadastrar Unidade', onClick: () => undefined }}
        columns={[{ field: 'nome', headerName: 'Nome', flex: 1 }]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Editar Unidade 02' }));
    expect(onEdit).toHaveBeenCalledWith(rows[1]);
    expect(screen.getByRole('button', { name: 'Cadastrar Unidade' })).toBeTruthy();
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
