// 001 §2 "WhatsApp page layout": the chip '{n} de {total} WhatsApps conectados', its colour, its
// badge of disconnected instances, its menu (name, phone, status dot, action), live by socket, and
// the compact icon below 600 px.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { whatsappSessionEvent } from '@funil/domain/realtime/events';
import type { Instance } from '@funil/domain/whatsapp-api/instances-api';

import { InstancesChip } from './instances-chip.tsx';
import { emitSocket, ID_EMPRESA, shell } from './mock-shell.ts';
import { answerRequests, makeInstance, renderWithProviders } from './test-kit.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('./mock-shell.ts')).sessionModule);
vi.mock('../../../lib/unit-data.ts', async () => (await import('./mock-shell.ts')).unitDataModule);
vi.mock('../../../lib/socket.ts', async () => (await import('./mock-shell.ts')).socketModule);

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => {
  shell.permissao = 'a';
});
afterEach(cleanup);

function renderChip(instances: Instance[], compact = false) {
  answerRequests({ 'GET /instancias': { body: { data: instances } } });
  return renderWithProviders(<InstancesChip compact={compact} />);
}

const badgeOf = (element: HTMLElement) => element.closest('.MuiBadge-root')?.querySelector('.MuiBadge-badge');

describe("001 §2 chip '{n} de {total} WhatsApps conectados'", () => {
  it("reads 'WhatsApp Desabilitado' in red without instances, with no badge", async () => {
    renderChip([]);
    const chip = await screen.findByRole('button', { name: 'WhatsApp Desabilitado' });
    expect(chip.className).toContain('MuiChip-colorError');
    expect(badgeOf(chip)?.className).toContain('MuiBadge-invisible');
  });

  it('is red when none is connected, the badge counting the disconnected', async () => {
    renderChip([makeInstance({ name: 'a' }), makeInstance({ name: 'b', connectionStatus: 'connecting' })]);
    const chip = await screen.findByRole('button', { name: '0 de 2 WhatsApps conectados' });
    expect(chip.className).toContain('MuiChip-colorError');
    expect(badgeOf(chip)?.textContent).toBe('2');
  });

  it('is green when some are connected', async () => {
    renderChip([makeInstance({ name: 'a', connectionStatus: 'open' }), makeInstance({ name: 'b' }), makeInstance({ name: 'c' })]);
    const chip = await screen.findByRole('button', { name: '1 de 3 WhatsApps conectados' });
    expect(chip.className).toContain('MuiChip-colorSuccess');
    expect(badgeOf(chip)?.textContent).toBe('2');
  });

  it('is green with no badge when all are connected', async () => {
    renderChip([makeInstance({ name: 'a', connectionStatus: 'open' }), makeInstance({ name: 'b', connectionStatus: 'open' })]);
    const chip = await screen.findByRole('button', { name: '2 de 2 WhatsApps conectados' });
    expect(chip.className).toContain('MuiChip-colorSuccess');
    expect(badgeOf(chip)?.className).toContain('MuiBadge-invisible');
  });

  it('follows connection.update live', async () => {
    const a = makeInstance({ name: 'a' });
    renderChip([a]);
    await screen.findByRole('button', { name: '0 de 1 WhatsApps conectados' });
    act(() =>
      emitSocket(whatsappSessionEvent(ID_EMPRESA), {
        action: 'update',
        instance: {
          id: a.id,
          name: 'a',
          connectionStatus: 'open',
          ownerJid: '5511987654321@s.whatsapp.net',
          profileName: 'Loja',
          qrcode: null,
        },
      }),
    );
    expect((await screen.findByRole('button', { name: '1 de 1 WhatsApps conectados' })).className).toContain(
      'MuiChip-colorSuccess',
    );
  });

  it('opens a menu listing each instance with name, phone, status dot and action', async () => {
    renderChip([
      makeInstance({
        name: 'recepcao',
        connectionStatus: 'open',
        ownerJid: '5511987654321@s.whatsapp.net',
        telefone: '11987654321',
      }),
      makeInstance({ name: 'vendas' }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: '1 de 2 WhatsApps conectados' }));
    const list = await screen.findByRole('list', { name: 'Instâncias de WhatsApp' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('dois itens esperados');
    expect(within(first).getByText('recepcao')).toBeTruthy();
    expect(within(first).getByText('(11) 98765-4321 · Conectado')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Conectado' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Desconectar recepcao' })).toBeTruthy();
    expect(within(second).getByRole('img', { name: 'Desconectado' })).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Conectar vendas' })).toBeTruthy();
  });

  it('issue 7 §5: lists the instances to an attendant without Conectar or Desconectar', async () => {
    shell.permissao = 'u';
    renderChip([makeInstance({ name: 'recepcao', connectionStatus: 'open' }), makeInstance({ name: 'vendas' })]);
    fireEvent.click(await screen.findByRole('button', { name: '1 de 2 WhatsApps conectados' }));
    const list = await screen.findByRole('list', { name: 'Instâncias de WhatsApp' });
    expect(within(list).getByText('recepcao')).toBeTruthy();
    expect(within(list).queryAllByRole('button')).toEqual([]);
  });

  it('is an icon with the badge and the same label below 600 px', async () => {
    renderChip([makeInstance({ name: 'a', connectionStatus: 'open' }), makeInstance({ name: 'b' })], true);
    const icon = await screen.findByRole('button', { name: '1 de 2 WhatsApps conectados' });
    expect(icon.className).toContain('MuiIconButton-root');
    expect(icon.querySelector('.MuiBadge-badge')?.textContent).toBe('1');
  });
});
