// 001 §5 "Edit contact" (001 §2 side panel): the contact block shows the lead, offers Cancelar and
// Salvar once something changed, says the schema's message under a wrong field and sends nothing,
// and POSTs contato/atualizarcontato/{id} with the phone's digits and the CEP without its hyphen.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import { CONTACT_MESSAGES } from '@funil/domain/leads/contact';

import { LeadContactForm } from './lead-contact-form.tsx';
import { renderWithProviders, stubApi, testCrmContato } from './test-lead.tsx';

afterEach(cleanup);

const lead = testCrmContato({
  cli_crm_id: 41,
  cli_nome: 'Maria Oliveira',
  cli_telefone: '11987654321',
  cli_email: 'maria@exemplo.com',
  informacoesExtra: { cep: '01310100' },
});
/** The lead as the caches hand it down; `liveUpdate` plays a pushed change of it. */
const live: { update: (next: CrmContato) => void } = { update: () => undefined };
function LiveLead({ initial }: { initial: CrmContato }) {
  const [current, setCurrent] = useState(initial);
  useEffect(() => {
    live.update = setCurrent;
  }, []);
  return <LeadContactForm lead={current} withCep={false} />;
}
const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe('001 §5 Edit contact', () => {
  it('shows the lead masked; Cancelar and Salvar only after a change, Cancelar puts the lead back', async () => {
    renderWithProviders(<LeadContactForm lead={lead} withCep />);
    expect(field('Nome').value).toBe('Maria Oliveira');
    expect(field('Celular').value).toBe('(11) 98765-4321');
    expect(field('CEP').value).toBe('01310-100');
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    fireEvent.change(field('Nome'), { target: { value: 'Maria O.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(field('Nome').value).toBe('Maria Oliveira'));
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
  });

  it('001 §2: untouched fields follow a live update of the lead; a field being edited keeps what was typed', async () => {
    renderWithProviders(<LiveLead initial={lead} />);
    act(() => live.update({ ...lead, cli_email: 'maria@novo.com' }));
    await waitFor(() => expect(field('Email').value).toBe('maria@novo.com'));
    fireEvent.change(field('Nome'), { target: { value: 'Maria O.' } });
    act(() => live.update({ ...lead, cli_nome: 'Maria Oliveira Santos', cli_email: 'maria@outro.com' }));
    await waitFor(() => expect(field('Email').value).toBe('maria@outro.com'));
    expect(field('Nome').value).toBe('Maria O.');
  });

  it('a wrong email says the schema message and sends nothing; Salvar waits for Nome and Celular', async () => {
    const api = stubApi({});
    renderWithProviders(<LeadContactForm lead={lead} withCep={false} />);
    fireEvent.change(field('Email'), { target: { value: 'maria@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(CONTACT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(api.calls).toEqual([]);
    fireEvent.change(field('Nome'), { target: { value: '  ' } });
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the digits of the phone and the CEP without its hyphen in informacoesExtra', async () => {
    const api = stubApi({
      'POST /api/contato/atualizarcontato/41': (call) => ({
        body: { message: 'ok', data: { ...lead, ...(call.body as object) } },
      }),
    });
    renderWithProviders(<LeadContactForm lead={lead} withCep />);
    fireEvent.change(field('Celular'), { target: { value: '11912345678' } });
    expect(field('Celular').value).toBe('(11) 91234-5678');
    fireEvent.change(field('CEP'), { target: { value: '04538133' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(LEAD_API_MESSAGES.updated)).toBeTruthy();
    expect(api.calls[0]!.body).toEqual({
      cli_nome: 'Maria Oliveira',
      cli_telefone: '11912345678',
      cli_email: 'maria@exemplo.com',
      informacoesExtra: { cep: '04538133' },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull());
  });
});
