// 001 §3 "Appointment history": GET contato/busca_agendamentos_cliente/{id} as a table (DD/MM/YYYY,
// HH:mm, procedure, BRL values, the 001 §3 status labels) and 000 §8 'Nenhum registro encontrado!'.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { APPOINTMENT_STATUS_LABELS } from '@funil/domain/leads-api/lead-api';

import { AppointmentsTable, formatAppointmentDate } from './appointments-table.tsx';
import { renderWithProviders, stubApi } from './test-lead.tsx';

const appointment = (id: number, atend_status: number) => ({
  id,
  atend_data: '2025-11-03',
  atend_hora: '14:30:00',
  atend_valor: 1234.5,
  proced_nome: `Procedimento ${id}`,
  proced_valor: 980,
  atend_status,
  atend_status_texto: 'texto do servidor',
});

afterEach(cleanup);

describe('001 §3 appointment history of the lead', { timeout: 20_000 }, () => {
  it('lists date, time, procedure, values in BRL and a chip with each of the six status labels', async () => {
    stubApi({
      'GET /api/contato/busca_agendamentos_cliente/41': () => ({
        body: { data: [0, 1, 2, 3, 4, 5].map((status) => appointment(status + 1, status)) },
      }),
    });
    renderWithProviders(<AppointmentsTable leadId={41} />);
    const table = await screen.findByRole('table', { name: 'Consultas do cliente' });
    // The table shows a loading row first ('Carregando consultas'): wait for the appointments.
    await within(table).findByText('Procedimento 1');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      )[0],
    ).toEqual(['03/11/2025', '14:30', 'Procedimento 1', 'R$ 980,00', 'R$ 1.234,50', 'Aguardando Confirmação']);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual([...APPOINTMENT_STATUS_LABELS]);
    expect(APPOINTMENT_STATUS_LABELS).toEqual([
      'Aguardando Confirmação',
      'Compareceu',
      'Cancelado',
      'Não Compareceu',
      'Reagendado',
      'Confirmado',
    ]);
  });

  it("says 'Nenhum registro encontrado!' when the lead has no appointment", async () => {
    stubApi({ 'GET /api/contato/busca_agendamentos_cliente/41': () => ({ body: { data: [] } }) });
    renderWithProviders(<AppointmentsTable leadId={41} />);
    expect(await screen.findByText('Nenhum registro encontrado!')).toBeTruthy();
  });

  it('reads the calendar day as written, without a time-zone shift', () => {
    expect(formatAppointmentDate('2025-01-01')).toBe('01/01/2025');
  });
});
