// 000 §2 §4 timeline rows: title, DD/MM/YYYY HH:mm:ss in São Paulo, 'ERR' for an unknown user,
// old → new statuses ('Desconhecido' when unknown), tags added/removed, and the row actions.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { describeTimelineEvent, type TimelineLookups } from '@funil/domain/leads/timeline';
import { makeHistoryEvent, makeNegotiationStatuses, makeSaleStatuses } from '@funil/domain/testing/factories';
import { TimelineRow } from './timeline-row.tsx';

const lookups: TimelineLookups = {
  negotiationStatuses: makeNegotiationStatuses(),
  saleStatuses: makeSaleStatuses(),
  users: [{ id: 3, nome: 'Adriana Moreira' }],
  tags: [{ id: 1, nome: 'Quente' }],
};

function renderEvent(overrides: Parameters<typeof makeHistoryEvent>[0], actions: { onRemove?: (id: number) => void; onEditTicket?: (id: number) => void } = {}) {
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
