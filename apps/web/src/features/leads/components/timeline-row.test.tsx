// 000 §2 §4 timeline rows: title, DD/MM/YYYY HH:mm:ss in São Paulo, 'ERR' for an unknown user,
// old → new statuses ('Desconhecido' when unknown), tags added/removed, and the row actions.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { describeTimelineEvent, type TimelineLookups } from '@funil/domain/leads/timeline';
import { makeHistoryEvent, makeNegotiationStatuses, makeSaleStatuses } from '@funil/domain/testing/factories';

import { TimelineRow } from './timeline-row.tsx';

const lookups: TimelineLookups = {
  negotiationStatuses: makeNegotiationStatuses(),
  saleStatuses: makeSaleStatuses(),
  users: [{ id: 3, nome: 'Adriana Moreira' }],
  tags: [{ id: 1, nome: 'Quente' }],
  potentials: [
    {
      id: 2,
      nome: 'Interesse no tratamento',
      status: 'Nenhum',
      status1: 'Pouco',
      status2: 'Pouco+',
      status3: 'Médio',
      status4: 'Médio+',
      status5: 'Muito',
    },
  ],
};

function renderEvent(
  overrides: Parameters<typeof makeHistoryEvent>[0],
  actions: { onRemove?: (id: number) => void; onEditTicket?: (id: number) => void } = {},
) {
  const event = makeHistoryEvent({ datacad: '2025-11-20T13:05:09.000Z', data_comentario: null, atendente: 3, ...overrides });
  render(
    <ul>
      <TimelineRow row={describeTimelineEvent(event, lookups)} eventId={event.id} {...actions} />
    </ul>,
  );
  return event;
}

afterEach(cleanup);

describe('000 §2 §4 timeline row', () => {
  it('shows the negotiation change old → new, the São Paulo date with seconds and the attendant', () => {
    renderEvent({ tipo: 5, id_antigo: 1, id_novo: 4, texto: null });
    const row = screen.getByRole('listitem', { name: 'Status da negociação alterado' });
    expect(row.textContent).toContain('Novo → Em negociação');
    expect(row.textContent).toContain('20/11/2025 10:05:09 · Adriana Moreira');
  });

  it("shows 'Automação: {nome}' as the author of a change an automation made (issue 25)", () => {
    renderEvent({ tipo: 5, id_antigo: 4, id_novo: 9, texto: null, autor: 'Automação: Tabela de preços' });
    const row = screen.getByRole('listitem', { name: 'Status da negociação alterado' });
    expect(row.textContent).toContain('20/11/2025 10:05:09 · Automação: Tabela de preços');
    expect(row.textContent).not.toContain('Adriana Moreira');
  });

  it("shows 'Desconhecido' for an unknown status and 'ERR' for an unresolved user", () => {
    renderEvent({ tipo: 8, id_antigo: 99, id_novo: 2, atendente: 404, texto: null });
    const row = screen.getByRole('listitem', { name: 'Status do cliente alterado' });
    expect(row.textContent).toContain('Desconhecido → Convertido');
    expect(row.textContent).toContain('· ERR');
  });

  it('tells a tag added from a tag removed by id_novo', () => {
    renderEvent({ tipo: 11, id_novo: 1, id_antigo: null });
    renderEvent({ tipo: 11, id_novo: 0, id_antigo: 1 });
    expect(screen.getByRole('listitem', { name: 'Tag adicionada' }).textContent).toContain('Quente');
    expect(screen.getByRole('listitem', { name: 'Tag removida' }).textContent).toContain('Quente');
  });

  it('offers removal on a note and the ticket edit only when given, with the event id', () => {
    const onRemove = vi.fn();
    const onEditTicket = vi.fn();
    const note = renderEvent({ tipo: 2, texto: 'Ligar amanhã' }, { onRemove });
    expect(screen.queryByRole('button', { name: 'Editar valor do ticket' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remover anotação' }));
    expect(onRemove).toHaveBeenCalledWith(note.id);
    cleanup();
    const change = renderEvent({ tipo: 5, id_antigo: 4, id_novo: 5 }, { onEditTicket });
    fireEvent.click(screen.getByRole('button', { name: 'Editar valor do ticket' }));
    expect(onEditTicket).toHaveBeenCalledWith(change.id);
  });
});

describe('issue 7 §6 rows of the lead record', () => {
  it("shows a potential change as its star level labels (001 §3), never 'Interesse no tratamento → Interesse no tratamento'", () => {
    renderEvent({ tipo: 7, id_antigo: 2, id_novo: 2, valor_antigo: '1', valor_novo: '4' });
    const row = screen.getByRole('listitem', { name: 'Potencial alterado' });
    expect(row.textContent).toContain('Pouco → Médio+');
    expect(row.textContent).toContain('Potencial: Interesse no tratamento');
    expect(row.textContent).not.toContain('Interesse no tratamento → Interesse no tratamento');
  });

  it('shows a ticket change as a ticket change in BRL, not a status change to the same status', () => {
    renderEvent({
      tipo: 5,
      id_antigo: 4,
      id_novo: 4,
      valor_antigo: '0.00',
      valor_novo: '1234.50',
      descricao: 'Valor do ticket alterado',
      texto: 'Valor do ticket: R$ 0,00 → R$ 1.234,50',
    });
    expect(screen.queryByRole('listitem', { name: 'Status da negociação alterado' })).toBeNull();
    const row = screen.getByRole('listitem', { name: 'Valor do ticket alterado' });
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('R$ 0,00 → R$ 1.234,50');
    expect(row.textContent).not.toContain('Em negociação → Em negociação');
  });

  it('shows a contact edit as field: old → new with the phone formatted, one line per field, no pipes', () => {
    renderEvent({
      tipo: 9,
      descricao: 'Dados do contato alterados: nome, telefone',
      texto_antigo: JSON.stringify({ nome: 'Ana', telefone: '11987654321' }),
      texto: JSON.stringify({ nome: 'Ana Souza', telefone: '11912345678' }),
    });
    const row = screen.getByRole('listitem', { name: 'Dados do contato alterados' });
    expect(screen.getByText('Nome: Ana → Ana Souza')).toBeTruthy();
    expect(screen.getByText('Telefone: (11) 98765-4321 → (11) 91234-5678')).toBeTruthy();
    expect(row.textContent).not.toContain('|');
    expect(row.textContent).not.toContain('11912345678');
  });
});
