// /integracao-meta (issue 23 §2 §5): the connection's status ('Por favor, faça login no Facebook.'),
// 'Conectar com o Facebook', the expiry DD/MM/YYYY with the warning from 7 days before, the pages and
// forms with checkboxes and a unit per form, the default unit and 'Sincronizar com o Meta'; on the
// screen with the kit's fake API (MSW).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { formatDate } from '@funil/domain/format/date';
import { META_MESSAGES, type MetaStatus } from '@funil/domain/meta/meta-api';

import { stubApi } from '../../../components/ui/admin-test-kit.tsx';
import { renderWithProviders } from '../../../testing/kit.tsx';
import { MetaConnectionScreen, navigateTo } from './meta-connection-screen.tsx';

vi.setConfig({ testTimeout: 40_000 });
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const units = [
  { id: 1, nome: 'Paulista' },
  { id: 2, nome: 'Moema' },
];
const base: MetaStatus = {
  configured: true,
  connected: false,
  tokenKind: null,
  expiresAt: null,
  daysLeft: null,
  warning: null,
  metaUserName: null,
  connectedBy: null,
  adAccountIds: [],
  defaultUnitId: null,
  units,
  pages: [],
  lastSync: null,
};
const expiresAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
const connected: MetaStatus = {
  ...base,
  connected: true,
  tokenKind: 'longo',
  expiresAt,
  daysLeft: 5,
  warning: 'O acesso ao Meta expira em 5 dias. Conecte novamente.',
  metaUserName: 'Helena Magalhães',
  connectedBy: 'Adriana Moreira',
  adAccountIds: ['act_123'],
  defaultUnitId: 1,
};
const pages = {
  data: [
    {
      pageId: '1001',
      nome: 'Clínica Sorriso Paulista',
      chosen: false,
      inscrita: false,
      forms: [
        { formId: '2001', nome: 'Avaliação gratuita', status: 'ACTIVE', chosen: false, idUnidade: null },
        { formId: '2002', nome: 'Clareamento', status: 'ACTIVE', chosen: false, idUnidade: null },
      ],
    },
  ],
  adAccounts: [{ id: 'act_123', nome: 'Anúncios' }],
};
const render = (path = '/integracao-meta') => renderWithProviders(<MetaConnectionScreen />, undefined, path);

describe('issue 23 §2 the Meta connection screen', () => {
  it("not connected: 'Por favor, faça login no Facebook.' and 'Conectar com o Facebook' goes to the dialog the server gave", async () => {
    const go = vi.spyOn(navigateTo, 'go').mockImplementation(() => undefined);
    const sent = stubApi({
      'GET /meta/conexao': { body: base },
      'GET /meta/conectar': { body: { url: 'https://www.facebook.com/v26.0/dialog/oauth?client_id=1&state=abc' } },
    });
    render();
    expect(await screen.findByText(META_MESSAGES.notConnected)).toBeTruthy();
    expect(screen.queryByText('Sincronizar com o Meta')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Conectar com o Facebook' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://www.facebook.com/v26.0/dialog/oauth?client_id=1&state=abc'));
    expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('GET /meta/conectar');
  });

  it('a pasted system-user token is sent to the server', async () => {
    const sent = stubApi({
      'GET /meta/conexao': { body: base },
      'POST /meta/token': { body: { message: META_MESSAGES.systemTokenSaved } },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Usar um token de usuário do sistema' }));
    fireEvent.change(screen.getByLabelText('Token de usuário do sistema'), { target: { value: 'EAABsistema123456789012345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar token' }));
    expect(await screen.findByText(META_MESSAGES.systemTokenSaved)).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ token: 'EAABsistema123456789012345' });
  });

  it('back from Facebook with an error: the message the server sent shows', async () => {
    stubApi({ 'GET /meta/conexao': { body: base } });
    render(`/integracao-meta?meta=erro&mensagem=${encodeURIComponent(META_MESSAGES.stateInvalid)}`);
    expect(await screen.findByText(META_MESSAGES.stateInvalid)).toBeTruthy();
  });

  it('connected: who, the kind of access, the expiry DD/MM/YYYY and the warning from 7 days before', async () => {
    stubApi({ 'GET /meta/conexao': { body: connected }, 'GET /meta/paginas': { body: pages } });
    render();
    expect(await screen.findByText('Conectado como Helena Magalhães (por Adriana Moreira).')).toBeTruthy();
    expect(screen.getByText(`Expira em ${formatDate(expiresAt)}`)).toBeTruthy();
    expect(formatDate(expiresAt)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(screen.getByText('O acesso ao Meta expira em 5 dias. Conecte novamente.')).toBeTruthy();
    expect(screen.getByText('Acesso de longa duração (cerca de 60 dias)')).toBeTruthy();
  });

  it('chooses a page and a form with its unit, and saves the whole choice', async () => {
    const sent = stubApi({
      'GET /meta/conexao': { body: connected },
      'GET /meta/paginas': { body: pages },
      'PUT /meta/paginas': { body: { message: META_MESSAGES.pagesSaved } },
    });
    render();
    const pageBox = await screen.findByRole('checkbox', { name: /Clínica Sorriso Paulista/ });
    const formBox = screen.getByRole('checkbox', { name: 'Avaliação gratuita' });
    expect((formBox as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(pageBox);
    fireEvent.click(formBox);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Unidade do formulário Avaliação gratuita' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Moema' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar páginas e formulários' }));
    expect(await screen.findByText(META_MESSAGES.pagesSaved)).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({
      pages: [{ pageId: '1001', forms: [{ formId: '2001', idUnidade: 2 }] }],
    });
  });

  it("saves the default unit and runs 'Sincronizar com o Meta'", async () => {
    const sent = stubApi({
      'GET /meta/conexao': { body: connected },
      'GET /meta/paginas': { body: pages },
      'PUT /meta/configuracao': { body: { message: META_MESSAGES.settingsSaved } },
      'POST /meta/sincronizar': {
        body: {
          message: META_MESSAGES.syncDone,
          data: { at: new Date().toISOString(), ok: true, campaigns: 3, adSets: 4, ads: 8, costs: 90, skippedManualCosts: 0 },
        },
      },
    });
    render();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Unidade padrão' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Moema' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar unidade padrão' }));
    expect(await screen.findByText(META_MESSAGES.settingsSaved)).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ idUnidadePadrao: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizar com o Meta' }));
    expect(await screen.findByText(META_MESSAGES.syncDone)).toBeTruthy();
  });

  it('a rate-limited sync shows the server message', async () => {
    stubApi({
      'GET /meta/conexao': { body: connected },
      'GET /meta/paginas': { body: pages },
      'POST /meta/sincronizar': {
        status: 429,
        body: { message: 'O Meta limitou as chamadas. Tente novamente em 5 minutos.', status: 429 },
      },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Sincronizar com o Meta' }));
    expect(await screen.findByText('O Meta limitou as chamadas. Tente novamente em 5 minutos.')).toBeTruthy();
  });

  it('without Meta configured on the server, says so', async () => {
    stubApi({ 'GET /meta/conexao': { body: { ...base, configured: false } } });
    render();
    expect(await screen.findByText(META_MESSAGES.notConfigured)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Conectar com o Facebook' })).toBeNull();
  });
});
