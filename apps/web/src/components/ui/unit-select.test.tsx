// issue 12, 002 §2.1: the company admin's 'Unidades' dropdown on /webphone, placeholder
// 'Selecione a unidade' until a unit is chosen, then the chosen unit's name.
import { ThemeProvider } from '@mui/material';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { theme } from '../../app/theme.ts';
import { UnitSelect } from './unit-select.tsx';

afterEach(cleanup);

const UNITS = [
  { id: 1, nome: 'Unidade Paulista – São Paulo' },
  { id: 2, nome: 'Unidade Savassi – Belo Horizonte' },
];

const renderSelect = (value: number | null, onChange = vi.fn()) => {
  render(
    <ThemeProvider theme={theme}>
      <UnitSelect label="Unidades" placeholder="Selecione a unidade" units={UNITS} value={value} onChange={onChange} />
    </ThemeProvider>,
  );
  return onChange;
};

describe('UnitSelect', () => {
  it('shows the placeholder until a unit is chosen, lists the units and reports the choice', () => {
    const onChange = renderSelect(null);
    const select = screen.getByRole('combobox', { name: 'Unidades' });
    expect(select.textContent).toBe('Selecione a unidade');
    fireEvent.mouseDown(select);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(UNITS.map((u) => u.nome));
    fireEvent.click(options[1]!);
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('shows the chosen unit’s name, and the placeholder for a unit not in the list', () => {
    renderSelect(2);
    expect(screen.getByRole('combobox', { name: 'Unidades' }).textContent).toBe('Unidade Savassi – Belo Horizonte');
    cleanup();
    renderSelect(99);
    expect(screen.getByRole('combobox', { name: 'Unidades' }).textContent).toBe('Selecione a unidade');
  });
});
