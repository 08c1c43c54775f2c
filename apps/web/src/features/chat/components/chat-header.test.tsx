// 001 §2 "Chat header (selected client)": initials, name cut at 15 (10 narrow) with the full name on
// hover, #id, phone, email cut at 15, red 'Bloqueado', 'Anúncio: ' + ad cut at 10, 'Id Cliente' /
// 'Não Convertido' for company 1 only, the scheduling control's two variants, the attendant section
// only with clienteAtendente.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { makeLead } from '@funil/domain/testing/factories';

import { ChatHeader, type ChatHeaderSettings } from './chat-header.tsx';
import { renderChat } from './chat-test-kit.tsx';

// jsdom lays nothing out: the header reads its width (001 §9 breakpoints) from here.
let headerWidth = 1300;
beforeEach(() => {
  headerWidth = 1300;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({
    width: headerWidth,
    height: 80,
    top: 0,
    left: 0,
    right: headerWidth,
    bottom: 80,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const lead = (over: Partial<CrmContato> = {}): CrmContato =>
  ({
    ...makeLead({
      cli_crm_id: 77,
      cli_nome: 'Maria Aparecida dos Santos',
      cli_telefone: '11987654321',
      cli_email: 'maria.aparecida@exemplo.com.br',
      ad_name: 'Clareamento dental',
      cli_id: 0,
      whatsapp_blocked: 0,
    }),
    tags: [],
    ...over,
  }) as CrmContato;

const settings = (over: Partial<ChatHeaderSettings> = {}): ChatHeaderSettings => ({
  companyId: 1,
  clienteAtendente: true,
  agendarMensagemHeader: false,
  ...over,
});

function renderHeader(l: CrmContato, s: ChatHeaderSettings, narrow = false, canChange = true) {
  return renderChat(
    <ChatHeader lead={l} potentials={[]} settings={s} narrow={narrow} onOpenInfo={() => undefined} onLeave={() => undefined} />,
    {
      StatusSelectors: () => <div>selectors</div>,
      AttendantSection: () => <div>atendente-secao</div>,
      useCanChangeLeads: () => canChange,
    },
  );
}

describe('001 §2 chat header', () => {
  it('shows the identity with the cuts of 001 §2 and §9', () => {
    renderHeader(lead(), settings());
    // issue 21: the whole name, cut only by the header's width (ellipsis, full name on hover).
    const name = screen.getByTestId('chat-header-name');
    expect(name.textContent).toBe('Maria Aparecida dos Santos');
    expect(name.getAttribute('title')).toBe('Maria Aparecida dos Santos');
    expect(getComputedStyle(name).textOverflow).toBe('ellipsis');
    expect(screen.getByText('#77')).toBeTruthy();
    expect(screen.getByText('(11) 98765-4321')).toBeTruthy();
    expect(screen.getByText('maria.aparecida…').getAttribute('title')).toBe('maria.aparecida@exemplo.com.br');
    expect(screen.getByTitle('Clareamento dental').textContent).toBe('Anúncio: Clareament…');
    expect(screen.getByText('Não Convertido')).toBeTruthy();
    expect(screen.queryByText('Bloqueado')).toBeNull();
  });

  it("keeps the whole name on narrow screens; red 'Bloqueado'; the customer id of a converted lead", () => {
    renderHeader(lead({ whatsapp_blocked: 1, cli_id: 5120 }), settings(), true);
    expect(screen.getByTestId('chat-header-name').textContent).toBe('Maria Aparecida dos Santos');
    expect(screen.getByText('Bloqueado')).toBeTruthy();
    expect(screen.getByText('5120')).toBeTruthy();
  });

  it("shows 'Id Cliente' only for company 1 and the 'Atendente' section only with clienteAtendente", () => {
    renderHeader(lead(), settings());
    expect(screen.getByText('selectors')).toBeTruthy();
    expect(screen.getByText('atendente-secao')).toBeTruthy();
    cleanup();
    renderHeader(lead(), settings({ companyId: 7, clienteAtendente: false }));
    expect(screen.getByText('selectors')).toBeTruthy();
    expect(screen.queryByText(/Id Cliente/)).toBeNull();
    expect(screen.queryByText('atendente-secao')).toBeNull();
  });

  it('the scheduling control: a labelled button with agendarMensagemHeaderWhatsapp, an icon without', () => {
    renderHeader(lead({ cli_data_mensagem_agendada: '2026-11-25T17:30:00.000Z' }), settings({ agendarMensagemHeader: true }));
    expect(screen.getByRole('button', { name: /Agendada 25\/11\/2026 14:30/ })).toBeTruthy();
    cleanup();
    renderHeader(lead(), settings({ agendarMensagemHeader: false }));
    expect(screen.getByRole('button', { name: 'Agendar mensagem' }).textContent).toBe('');
  });

  it(
    'issue 21 item 6: a manager reads the header: no status selectors, attendant section or ' +
      'scheduling control; the lead information still opens',
    () => {
      renderHeader(lead(), settings({ agendarMensagemHeader: true }), false, false);
      expect(screen.getByTestId('chat-header-name').textContent).toContain('Maria');
      expect(screen.queryByText('selectors')).toBeNull();
      expect(screen.queryByText('atendente-secao')).toBeNull();
      expect(screen.queryByRole('button', { name: /Agendar mensagem|Agendada/ })).toBeNull();
      expect(screen.getByRole('button', { name: 'Informações do Lead' })).toBeTruthy();
    },
  );

  it('001 §9: below 500 px of header the selectors leave for the side panel', () => {
    headerWidth = 480;
    renderHeader(lead(), settings());
    expect(screen.queryByText('selectors')).toBeNull();
    expect(screen.getByRole('button', { name: 'Informações do Lead' })).toBeTruthy();
  });
});
