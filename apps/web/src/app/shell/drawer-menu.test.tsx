// 000 §2 "Side drawer" and §6 "Menu": the full menu of a unit administrator with every flag on, with
// its groups, icons, the active entry, the user's name and permission name and the version.
import { ThemeProvider } from '@mui/material';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { menuFor, type AccessContext } from '@funil/domain/access/routes';
import type { CurrentUser } from '@funil/domain/auth/login';

import { theme } from '../theme.ts';
import { DrawerContent } from './app-drawer.tsx';

const admin: CurrentUser = {
  idUser: 3,
  name: 'Adriana Moreira',
  permissao: 'a',
  nomePermissao: 'Administrador da Unidade',
  webphone: false,
  idUnidade: 1,
  idEmpresa: 1,
  habilita_mensagem_whatsapp: false,
  idAtendente: 3,
  dataAtualizacao: '2025-11-20T10:00:00.000Z',
  dataDeslogar: null,
};

const everyFlag: AccessContext = {
  permission: 'a',
  idRamal: 0,
  habilitaMensagemWhatsapp: false,
  extras: { whatsapp_v2: true, pipeline: true, automacao: true, metaInsights: true, habilita_envio_em_massaV2: true },
  evolutionHabilitado: true,
  gatewayInstances: 1,
};

function renderDrawer(path: string) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <DrawerContent user={admin} entries={menuFor(everyFlag, () => true)} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

/** The menu as the user reads it: links and group buttons in order, a group's children as "Grupo > Filho". */
function readMenu(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Menu principal' });
  return Array.from(nav.querySelectorAll('a, button[aria-expanded]'), (element) => {
    const label = (element.textContent ?? '').trim();
    const group = element.closest('[role="group"]');
    return group ? `${group.getAttribute('aria-label') ?? ''} > ${label}` : label;
  });
}

afterEach(cleanup);

describe('000 §6 drawer menu', () => {
  it("shows an administrator's full menu with the 'Envio Em Massa' and 'Cadastros' groups", () => {
    renderDrawer('/inicial');
    expect(readMenu()).toEqual([
      'Início',
      'Dashboard',
      'CRM',
      'Pipeline',
      'WhatsApp v3',
      'Instâncias',
      'Meta Insights',
      'Automação',
      'Anúncios',
      'Envio Em Massa',
      'Envio Em Massa > Listar Envios',
      'Cadastros',
      'Cadastros > Campanhas',
      'Cadastros > Usuários',
      'Cadastros > Parceiros',
      'Cadastros > Configurações',
      'Cadastros > Orientações',
      'Cadastros > Modelos',
      'Cadastros > Auditoria',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    // Every entry has its icon.
    for (const entry of nav.querySelectorAll('a, button[aria-expanded]')) expect(entry.querySelector('svg')).not.toBeNull();
    expect(within(nav).getByRole('link', { name: 'Modelos' }).getAttribute('href')).toBe('/configuracoes-whatsapp');
  });

  it('highlights the entry of the open screen, also inside a group', () => {
    renderDrawer('/usuarios');
    expect(screen.getByRole('link', { name: 'Usuários' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Usuários' }).className).toContain('Mui-selected');
    expect(screen.getByRole('link', { name: 'Início' }).getAttribute('aria-current')).toBeNull();
  });

  it('collapses and expands a group', () => {
    renderDrawer('/inicial');
    const toggle = screen.getByRole('button', { name: 'Cadastros' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it("shows the user's name, permission name and the version", () => {
    renderDrawer('/inicial');
    const user = screen.getByRole('group', { name: 'Usuário logado' });
    expect(within(user).getByText('Adriana Moreira')).toBeTruthy();
    expect(within(user).getByText('Administrador da Unidade')).toBeTruthy();
    expect(screen.getByText('v2.72.2')).toBeTruthy();
  });
});
