// 002 §2.9 'Funcionalidades' (/configuracoes-globais, super-admin): the toggles of a company with the
// spec's labels, the hidden ones never shown, a switch saving only its flag.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { EXTRAS_FLAG_KEYS, EXTRAS_MESSAGES, type Extras } from '@funil/domain/admin-api/extras';

import { answerRequests, companiesAnswer, OTHER_EMPRESA, renderWithProviders, shell } from '../../../testing/kit.tsx';
import { FeatureTogglesScreen } from './feature-toggles-screen.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', async () => (await import('../../../testing/kit.tsx')).unitDataModule);

vi.setConfig({ testTimeout: 20_000 });

const extras = (on: Partial<Record<(typeof EXTRAS_FLAG_KEYS)[number], boolean>> = {}): Extras => ({
  ...(Object.fromEntries(EXTRAS_FLAG_KEYS.map((k) => [k, false])) as Record<(typeof EXTRAS_FLAG_KEYS)[number], boolean>),
  configuracoes_envio_em_massa: null,
  ...on,
});

beforeEach(() => {
  shell.permissao = 'sa';
});
afterEach(cleanup);

describe('002 §2.9 Funcionalidades', () => {
  it('lists the five toggles with their exact labels, in order; automation and mass send stay hidden', async () => {
    answerRequests({
      'GET /cadastros/configuracoes-extras': { body: { data: extras({ pipeline: true, automacao: true }) } },
    });
    renderWithProviders(<FeatureTogglesScreen />);
    await screen.findByRole('switch', { name: 'Pipeline' });
    // 002 §6 "Feature toggles are per company": the screen names the company they apply to.
    expect(screen.getByText('Imobiliária Horizonte')).toBeTruthy();
    const labels = screen
      .getAllByRole('switch')
      .map((s) => document.getElementById(s.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(labels).toEqual([
      'Pipeline',
      'Atribuir cliente à atendete',
      'Assinar mensagem',
      'Agendar mensagem pelo header do WhatsApp',
      'Edição de status do cliente',
    ]);
    expect((screen.getByRole('switch', { name: 'Pipeline' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Assinar mensagem' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText(/Automação/)).toBeNull();
    expect(screen.queryByText(/Envio em massa/i)).toBeNull();
  });

  it('a switch sends only its flag to PUT cadastros/configuracoes-extras and says Funcionalidades salvas com sucesso!', async () => {
    const sent = answerRequests({
      'GET /cadastros/configuracoes-extras': { body: { data: extras({ automacao: true }) } },
      'PUT /cadastros/configuracoes-extras': {
        body: { message: EXTRAS_MESSAGES.saved, data: extras({ automacao: true, edicao_status_cliente: true }) },
      },
    });
    renderWithProviders(<FeatureTogglesScreen />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Edição de status do cliente' }));
    expect(await screen.findByText(EXTRAS_MESSAGES.saved)).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ edicao_status_cliente: true });
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Edição de status do cliente' }) as HTMLInputElement).checked).toBe(true),
    );
  });
});

describe('issue 10: the super-admin picks the company whose toggles they set', () => {
  it("reads and writes the picked company's toggles with ?idEmpresa= and names that company", async () => {
    const other = `?idEmpresa=${OTHER_EMPRESA}`;
    const sent = answerRequests({
      ...companiesAnswer,
      'GET /cadastros/configuracoes-extras': { body: { data: extras() } },
      [`GET /cadastros/configuracoes-extras${other}`]: { body: { data: extras({ pipeline: true }) } },
      [`PUT /cadastros/configuracoes-extras${other}`]: {
        body: { message: EXTRAS_MESSAGES.saved, data: extras({ pipeline: true, assinaturaWhatsapp: true }) },
      },
    });
    renderWithProviders(<FeatureTogglesScreen />);
    await screen.findByRole('switch', { name: 'Pipeline' });
    const picker = await screen.findByRole('combobox', { name: 'Empresa' });
    await waitFor(() => expect(picker.textContent).toBe('Imobiliária Horizonte'));
    expect((screen.getByRole('switch', { name: 'Pipeline' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.mouseDown(picker);
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Construtora Sul'));
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Pipeline' }) as HTMLInputElement).checked).toBe(true));
    expect(screen.getByText('Construtora Sul', { selector: 'strong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Assinar mensagem' }));
    expect(await screen.findByText(EXTRAS_MESSAGES.saved)).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')).toMatchObject({
      path: `/cadastros/configuracoes-extras${other}`,
      body: { assinaturaWhatsapp: true },
    });
  });
});
