// What the /automacao web tests share: 'Criar automação' opened from the screen, its steps added from
// 'Adicionar passo', and the steps table read as a manager reads it.
import { fireEvent, screen, within } from '@testing-library/react';

/**
 * Waits for the rules table (its row `listedRule`), opens 'Criar automação' and types its Nome; `add`
 * picks a step kind from 'Adicionar passo'.
 */
export async function openBuilder(
  listedRule: string,
  name: string,
): Promise<{ dialog: HTMLElement; add: (label: string) => Promise<void> }> {
  await screen.findByRole('rowheader', { name: listedRule });
  fireEvent.click(screen.getByRole('button', { name: 'Criar automação' }));
  const dialog = await screen.findByRole('dialog', { name: 'Criar automação' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nome' }), { target: { value: name } });
  const add = async (label: string) => {
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Adicionar passo' }));
    fireEvent.click(await screen.findByRole('option', { name: label }));
  };
  return { dialog, add };
}

/** The builder's steps as the manager reads them: "1 | Passo | O que faz" per row of 'Passos da automação'. */
export const stepRows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Passos da automação' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      Array.from(row.querySelectorAll('td, th'))
        .slice(0, 3)
        .map((cell) => cell.textContent)
        .join(' | '),
    );
