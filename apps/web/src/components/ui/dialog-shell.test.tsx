// The one dialog shell (issue 23 §5 §6: the catalogue's dialogs, 'Inserir CSV' and the admin forms such as
// 'Cadastrar Campanha' share it): the title names the dialog, Enter in a field saves like the primary
// button, busy shows the loading bar and holds Cancelar, the primary button and Escape, the error line shows.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DialogFrame, DialogShell } from './dialog-shell.tsx';

afterEach(cleanup);

function Harness(props: { busy?: boolean; error?: string | null; onSubmit?: () => void; onClose: () => void; bar?: null }) {
  const [name, setName] = useState('');
  return (
    <DialogShell open onClose={props.onClose} busy={props.busy} titleId="t">
      <DialogFrame
        title="Cadastrar Campanha"
        titleId="t"
        busy={props.busy}
        busyLabel={props.bar}
        error={props.error}
        onSubmit={props.onSubmit}
        primary={props.onSubmit ? { label: 'Salvar', disabled: name === '' } : undefined}
        cancelLabel={props.onSubmit ? 'Cancelar' : 'Fechar'}
        onCancel={props.onClose}
      >
        <input aria-label="Nome" value={name} onChange={(e) => setName(e.target.value)} />
      </DialogFrame>
    </DialogShell>
  );
}

describe('DialogShell and DialogFrame', () => {
  it('is named by its title; Enter in a field and the primary button submit; Cancelar closes', () => {
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    render(<Harness onSubmit={onSubmit} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Cadastrar Campanha' });
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
    const field = screen.getByRole('textbox', { name: 'Nome' });
    fireEvent.change(field, { target: { value: 'Implante' } });
    fireEvent.submit(field.closest('form')!);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(dialog.querySelector('form')).not.toBeNull();
  });

  it('busy: the loading bar, the buttons held, Escape ignored; the error line over the body', () => {
    const onClose = vi.fn();
    render(<Harness busy error="Preencha todos os campos" onSubmit={() => undefined} onClose={onClose} />);
    expect(screen.getByRole('progressbar', { name: 'Salvando' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancelar' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Preencha todos os campos');
  });

  it("without a primary action: 'Fechar' only, no form, and no bar when the body shows its own progress", () => {
    const onClose = vi.fn();
    render(<Harness busy bar={null} onClose={onClose} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Fechar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('dialog').querySelector('form')).toBeNull();
  });
});
