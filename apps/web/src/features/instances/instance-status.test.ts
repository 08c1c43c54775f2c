// 001 §2 Instâncias table (chip and button by connectionStatus), the shell chip text and colour, and
// 001 §4 "while a QR is being fetched, the connect action on other closed instances is disabled".
import { describe, expect, it } from 'vitest';

import { canCreateInstance, connectionSummary, isConnectDisabled, statusView } from './instance-status.ts';

describe('001 §2 status → chip and button', () => {
  it.each([
    ['open', 'Conectado', 'Desconectar', 'logout'],
    ['close', 'Desconectado', 'Conectar', 'connect'],
    ['connecting', 'Gerando QRCode', 'Ler QRCode', 'readQr'],
    ['refused', 'Desconhecido', null, null],
    ['', 'Desconhecido', null, null],
    ['toString', 'Desconhecido', null, null],
  ])('%s → %s / %s', (status, label, actionLabel, action) => {
    const view = statusView(status);
    expect(view.label).toBe(label);
    expect(view.actionLabel).toBe(actionLabel);
    expect(view.action).toBe(action);
  });
});

describe("001 §2 chip '{n} de {total} WhatsApps conectados'", () => {
  it("reads 'WhatsApp Desabilitado' in red with no instance and no badge", () => {
    expect(connectionSummary([])).toEqual({
      connected: 0,
      total: 0,
      disconnected: 0,
      text: 'WhatsApp Desabilitado',
      color: 'error',
    });
  });
  it('is red when none is connected, the badge counting all', () => {
    expect(connectionSummary([{ connectionStatus: 'close' }, { connectionStatus: 'connecting' }])).toMatchObject({
      text: '0 de 2 WhatsApps conectados',
      color: 'error',
      disconnected: 2,
    });
  });
  it('is green when some are connected, the badge counting the others', () => {
    expect(
      connectionSummary([{ connectionStatus: 'open' }, { connectionStatus: 'close' }, { connectionStatus: 'refused' }]),
    ).toMatchObject({
      text: '1 de 3 WhatsApps conectados',
      color: 'success',
      disconnected: 2,
    });
  });
  it('is green with no badge when all are connected', () => {
    expect(connectionSummary([{ connectionStatus: 'open' }, { connectionStatus: 'open' }])).toMatchObject({
      text: '2 de 2 WhatsApps conectados',
      color: 'success',
      disconnected: 0,
    });
  });
});

describe('001 §4 connect disabled while a QR is being fetched', () => {
  it('leaves every connect enabled when nothing is being fetched', () => {
    expect(isConnectDisabled({ name: 'a', connectionStatus: 'close' }, null)).toBe(false);
  });
  it('disables the other closed instances and the one being fetched, not the others', () => {
    expect(isConnectDisabled({ name: 'a', connectionStatus: 'close' }, 'a')).toBe(true);
    expect(isConnectDisabled({ name: 'b', connectionStatus: 'close' }, 'a')).toBe(true);
    expect(isConnectDisabled({ name: 'c', connectionStatus: 'connecting' }, 'a')).toBe(false);
  });
});

describe('admins create instances', () => {
  it.each([
    ['a', true],
    ['ag', true],
    ['sa', true],
    ['u', false],
    ['m', false],
    ['mg', false],
  ] as const)('%s → %s', (permission, allowed) => {
    expect(canCreateInstance(permission)).toBe(allowed);
  });
});
