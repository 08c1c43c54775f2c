// 001 §2 "Instâncias screen" and §4 "Gateway instance connection", on the screen with the QR dialog:
// chips and buttons per connectionStatus, the phone format, the disabled-while-fetching rule, the
// dialog closing by itself on 'open', the failed fetch, the expired QR, admins adding instances.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { whatsappSessionEvent } from '@funil/domain/realtime/events';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { ConnectQrDialog } from './connect-qr-dialog.tsx';
import { InstancesScreen } from './instances-screen.tsx';
import { emitSocket, ID_EMPRESA, shell } from './mock-shell.ts';
import { answerRequests, makeInstance, renderWithProviders, sentRequests } from './test-kit.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('./mock-shell.ts')).sessionModule);
vi.mock('../../../lib/unit-data.ts', async () => (await import('./mock-shell.ts')).unitDataModule);
vi.mock('../../../lib/socket.ts', async () => (await import('./mock-shell.ts')).socketModule);

const QR = 'data:image/png;base64,iVBORw0KGgo=';
const open = makeInstance({
  name: 'recepcao',
  connectionStatus: 'open',
  ownerJid: '551187654321@s.whatsapp.net',
  telefone: '1187654321',
});
const closedB = makeInstance({ name: 'vendas', connectionStatus: 'close' });
const closedC = makeInstance({ name: 'pos-venda', connectionStatus: 'close' });
const connecting = makeInstance({ name: 'financeiro', connectionStatus: 'connecting' });
const refused = makeInstance({ name: 'antigo', connectionStatus: 'refused' });
const all = [open, closedB, closedC, connecting, refused];

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;
const event = (instance: { id: number; name: string }, connectionStatus: string, qrcode?: string | null) =>
  act(() =>
    emitSocket(whatsappSessionEvent(ID_EMPRESA), {
      action: 'update',
      instance: {
        id: instance.id,
        name: instance.name,
        connectionStatus,
        ownerJid: null,
        profileName: null,
        ...(qrcode !== undefined ? { qrcode } : {}),
      },
    }),
  );

// MUI tables and dialogs render slowly under jsdom.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  shell.permissao = 'a';
});
afterEach(cleanup);

describe('001 §2 table', () => {
  it('shows each connectionStatus with its chip and button, the phone formatted, and no Gerar Instancias', async () => {
    answerRequests({ 'GET /instancias': { body: { data: all } } });
    renderWithProviders(<InstancesScreen />);
    await screen.findByRole('rowheader', { name: /^recepcao/ });
    expect(screen.getByRole('heading', { name: 'Conexões de WhatsApp' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Instância', 'Telefone', 'Status', 'Ação']);
    expect(within(rowOf('recepcao')).getByText('(11) 98765-4321')).toBeTruthy();
    const expected: [string, string, string | null][] = [
      ['recepcao', 'Conectado', 'Desconectar'],
      ['vendas', 'Desconectado', 'Conectar'],
      ['financeiro', 'Gerando QRCode', 'Ler QRCode'],
      ['antigo', 'Desconhecido', null],
    ];
    for (const [name, chip, button] of expected) {
      const row = within(rowOf(name));
      expect(row.getByText(chip)).toBeTruthy();
      expect(row.queryAllByRole('button').map((b) => b.textContent)).toEqual([...(button ? [button] : []), 'Remover']);
    }
    expect(screen.queryByText(/Gerar Instancias/i)).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Adicionar instância' })).toBeTruthy();
  });

  it('pages by 10', async () => {
    answerRequests({
      'GET /instancias': {
        body: { data: Array.from({ length: 12 }, (_, i) => makeInstance({ name: `inst-${String(i + 1).padStart(2, '0')}` })) },
      },
    });
    renderWithProviders(<InstancesScreen />);
    await screen.findByRole('rowheader', { name: 'inst-01' });
    expect(screen.getAllByRole('rowheader')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: /próxima página/i }));
    expect(screen.getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['inst-11', 'inst-12']);
  });

  it("hides 'Adicionar instância' from an attendant", async () => {
    shell.permissao = 'u';
    answerRequests({ 'GET /instancias': { body: { data: all } } });
    renderWithProviders(<InstancesScreen />);
    await screen.findByRole('rowheader', { name: /^recepcao/ });
    expect(screen.queryByRole('button', { name: 'Adicionar instância' })).toBeNull();
  });
});

describe('issue 7 §5: only admins manage instances', () => {
  it.each(['u', 'm'] as const)(
    'shows %s the instances and their status, without Conectar, Desconectar or Remover',
    async (permissao) => {
      shell.permissao = permissao;
      answerRequests({ 'GET /instancias': { body: { data: all } } });
      renderWithProviders(<InstancesScreen />);
      await screen.findByRole('rowheader', { name: /^recepcao/ });
      for (const name of ['recepcao', 'vendas', 'financeiro', 'antigo'])
        expect(within(rowOf(name)).queryAllByRole('button')).toEqual([]);
      expect(within(rowOf('recepcao')).getByText('Conectado')).toBeTruthy();
    },
  );

  it("lets an admin remove an instance after confirming, and 'Cancelar' removes nothing", async () => {
    let removed = false;
    answerRequests({
      // The server's list, without the instance once it is removed.
      'GET /instancias': () => ({ body: { data: removed ? all.filter((i) => i.name !== 'vendas') : all } }),
      'DELETE /instance/delete/vendas': () => {
        removed = true;
        return { body: { message: WHATSAPP_MESSAGES.instanceRemoved } };
      },
    });
    renderWithProviders(<InstancesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remover vendas' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remover instância' });
    expect(within(dialog).getByText(/Deseja remover a instância vendas\?.*não pode ser desfeita/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentRequests().some((r) => r.path.includes('/instance/delete/'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remover vendas' }));
    dialog = await screen.findByRole('dialog', { name: 'Remover instância' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText(WHATSAPP_MESSAGES.instanceRemoved)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^vendas/ })).toBeNull());
    const removal = sentRequests().find((r) => r.path.includes('/instance/delete/'));
    expect(removal?.path).toBe('/instance/delete/vendas');
    expect(removal?.method).toBe('DELETE');
    expect(screen.getByRole('rowheader', { name: /^recepcao/ })).toBeTruthy();
  });

  it("drops an instance another admin removed (socket 'delete')", async () => {
    answerRequests({ 'GET /instancias': { body: { data: all } } });
    renderWithProviders(<InstancesScreen />);
    await screen.findByRole('rowheader', { name: /^vendas/ });
    act(() =>
      emitSocket(whatsappSessionEvent(ID_EMPRESA), {
        action: 'delete',
        instance: { id: closedB.id, name: closedB.name, connectionStatus: 'close', ownerJid: null, profileName: null },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^vendas/ })).toBeNull());
  });
});

describe('001 §4 connecting', () => {
  it('disables the Conectar of the other closed instances while a QR is being fetched', async () => {
    answerRequests({
      'GET /instancias': { body: { data: all } },
      'GET /instance/connect/vendas': () => new Promise(() => undefined),
    });
    renderWithProviders(<InstancesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Conectar vendas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conectar Whatsapp' });
    expect(within(dialog).getByText('Gerando QRCode...')).toBeTruthy();
    const button = (name: string) => screen.getByRole('button', { name, hidden: true }) as HTMLButtonElement;
    expect(button('Conectar vendas').disabled).toBe(true);
    expect(button('Conectar pos-venda').disabled).toBe(true);
    expect(button('Ler QRCode financeiro').disabled).toBe(false);
    expect(button('Desconectar recepcao').disabled).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(button('Conectar pos-venda').disabled).toBe(false));
  });

  it('shows the QR at 250 px, follows qrcode.updated and closes by itself on open', async () => {
    answerRequests({
      'GET /instancias': { body: { data: all } },
      'GET /instance/connect/vendas': {
        body: { status: 'qr', base64: QR, pairingCode: null, instance: { ...closedB, connectionStatus: 'connecting' } },
      },
    });
    renderWithProviders(<InstancesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Conectar vendas' }));
    const img = (await screen.findByRole('img', { name: 'QRCode da instância vendas' })) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(QR);
    expect(img.width).toBe(250);
    expect(img.height).toBe(250);
    await event(closedB, 'connecting', `${QR}AA`);
    expect(screen.getByRole('img', { name: 'QRCode da instância vendas' }).getAttribute('src')).toBe(`${QR}AA`);
    await event(closedB, 'open', null);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conectar Whatsapp' })).toBeNull());
    expect(await screen.findByText('Whatsapp conectado com sucesso!')).toBeTruthy();
    expect(within(rowOf('vendas')).getByText('Conectado')).toBeTruthy();
  });

  it('closes the dialog with a snackbar when the QR fetch fails', async () => {
    answerRequests({
      'GET /instancias': { body: { data: all } },
      'GET /instance/connect/vendas': { status: 502, body: { message: WHATSAPP_MESSAGES.gatewayUnavailable, status: 502 } },
    });
    renderWithProviders(<InstancesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Conectar vendas' }));
    expect(await screen.findByText(WHATSAPP_MESSAGES.gatewayUnavailable)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conectar Whatsapp' })).toBeNull());
  });

  it("turns into 'QRCode expirado' when the gateway refuses the QR, and 'Gerar novo QRCode' fetches again", async () => {
    answerRequests({
      'GET /instancias': { body: { data: all } },
      'GET /instance/connect/vendas': {
        body: { status: 'qr', base64: QR, pairingCode: null, instance: { ...closedB, connectionStatus: 'connecting' } },
      },
    });
    renderWithProviders(<InstancesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Conectar vendas' }));
    await screen.findByRole('img', { name: 'QRCode da instância vendas' });
    await event(closedB, 'refused', null);
    const expired = await screen.findByRole('dialog', { name: 'QRCode expirado' });
    expect(within(expired).getByText('Deseja gerar um novo QRCode?')).toBeTruthy();
    expect(within(expired).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    fireEvent.click(within(expired).getByRole('button', { name: 'Gerar novo QRCode' }));
    await screen.findByRole('img', { name: 'QRCode da instância vendas' });
    expect(sentRequests().filter((r) => r.path.endsWith('/instance/connect/vendas'))).toHaveLength(2);
  });

  it("turns into 'QRCode expirado' when no scan nor new QR comes within the QR's life", async () => {
    answerRequests({
      'GET /instance/connect/vendas': {
        body: { status: 'qr', base64: QR, pairingCode: null, instance: { ...closedB, connectionStatus: 'connecting' } },
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<ConnectQrDialog instanceName="vendas" onClose={onClose} qrLifetimeMs={60} />);
    await screen.findByRole('img', { name: 'QRCode da instância vendas' });
    await screen.findByRole('dialog', { name: 'QRCode expirado' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('admins add instances', () => {
  it('validates the name in Portuguese, creates it and shows its first QR', async () => {
    const created = makeInstance({ name: 'nova-loja', connectionStatus: 'connecting' });
    answerRequests({
      'GET /instancias': { body: { data: [] } },
      'POST /instancias': {
        status: 201,
        body: { status: 'qr', base64: QR, pairingCode: null, instance: created, message: WHATSAPP_MESSAGES.instanceCreated },
      },
    });
    renderWithProviders(<InstancesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar instância' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar instância' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(await within(dialog).findByText('Informe o nome da instância.')).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText(/Nome da instância/), { target: { value: 'a b' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(await within(dialog).findByText(WHATSAPP_MESSAGES.instanceNameInvalid)).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText(/Nome da instância/), { target: { value: 'nova-loja' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('img', { name: 'QRCode da instância nova-loja' })).toBeTruthy();
    expect(await screen.findByText(WHATSAPP_MESSAGES.instanceCreated)).toBeTruthy();
  });
});
