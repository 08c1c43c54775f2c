// 001 §2 v2/legacy chips and 001 §4 "Legacy WhatsApp session": CONNECTED/PAIRING/TIMEOUT are
// 'WhatsApp Conectado' (green); a 'qrcode' session shows its QR in 'Conectar Whatsapp', which
// closes by itself with 'Whatsapp conectado com sucesso!'; any other status asks for a restart once.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { legacySessionKey } from '../api/legacy-session.ts';
import { renderChat, stubFetch } from './chat-test-kit.tsx';
import { ConnectionChips } from './connection-chips.tsx';

let session: { id: number | null; status: string; qrcode: string | null } = { id: 7, status: 'CONNECTED', qrcode: null };
let api: ReturnType<typeof stubFetch>;
beforeEach(() => {
  api = stubFetch({
    'GET /api/whatsapp/sessao': () => ({ body: { data: session } }),
    'PUT /api/whatsappsession/7': () => ({ body: { data: { id: 7, status: 'OPENING', qrcode: null } } }),
  });
});
afterEach(cleanup);

describe('001 §2 v2/legacy connection chips', () => {
  it.each(['CONNECTED', 'PAIRING', 'TIMEOUT'])("%s reads 'WhatsApp Conectado' in green", async (status) => {
    session = { id: 7, status, qrcode: null };
    renderChat(<ConnectionChips />);
    const chip = await screen.findByText('WhatsApp Conectado');
    expect(chip.closest('.MuiChip-root')!.className).toContain('MuiChip-colorSuccess');
    // Without a socket (no session in this test) the server chip is red.
    expect(screen.getByText('Servidor Desconectado').closest('.MuiChip-root')!.className).toContain('MuiChip-colorError');
  });

  it("shows the QR of a 'qrcode' session and closes with 'Whatsapp conectado com sucesso!' once connected", async () => {
    session = { id: 7, status: 'qrcode', qrcode: 'data:image/png;base64,iVBORw0KGgo=' };
    const { client } = renderChat(<ConnectionChips />);
    fireEvent.click(await screen.findByText('WhatsApp Desconectado'));
    const qr = await screen.findByRole('img', { name: 'QR Code do WhatsApp' });
    expect(qr.getAttribute('src')).toBe(session.qrcode);
    session = { id: 7, status: 'CONNECTED', qrcode: null };
    await act(() => client.invalidateQueries({ queryKey: legacySessionKey }));
    await screen.findByText('Whatsapp conectado com sucesso!');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conectar Whatsapp' })).toBeNull());
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('asks the session to restart once when it is neither connected nor showing a QR', async () => {
    session = { id: 7, status: 'DISCONNECTED', qrcode: null };
    const { client } = renderChat(<ConnectionChips />);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT').length).toBe(1));
    await act(() => client.invalidateQueries({ queryKey: legacySessionKey }));
    expect(api.calls.filter((c) => c.method === 'PUT').length).toBe(1);
  });

  it("with the gateway's numbers (002 §2.3 monitor) reads them, not the legacy session: red when none is connected", async () => {
    renderChat(<ConnectionChips whatsapp={{ connected: false }} />);
    const chip = await screen.findByText('WhatsApp Desconectado');
    expect(chip.closest('.MuiChip-root')!.className).toContain('MuiChip-colorError');
    fireEvent.click(chip);
    expect(screen.queryByRole('dialog', { name: 'Conectar Whatsapp' })).toBeNull();
    cleanup();
    renderChat(<ConnectionChips whatsapp={{ connected: true }} />);
    expect((await screen.findByText('WhatsApp Conectado')).closest('.MuiChip-root')!.className).toContain('MuiChip-colorSuccess');
    expect(api.calls.some((c) => c.url.startsWith('/api/whatsapp/sessao'))).toBe(false);
  });
});
