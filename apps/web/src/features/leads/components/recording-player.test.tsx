// issue 12 "The timeline plays the recording": a call row with url_gravacao offers its recording,
// fetched from our authorised route with the session's token (an <audio src> cannot send it); a
// refusal of the server (a lead the user may not see) is said, and our token never leaves our API.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { describeTimelineEvent } from '@funil/domain/leads/timeline';
import { makeHistoryEvent, makeNegotiationStatuses, makeSaleStatuses } from '@funil/domain/testing/factories';

import { serveApi } from '../../../testing/kit.tsx';
import { TimelineRow } from './timeline-row.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);

const lookups = {
  negotiationStatuses: makeNegotiationStatuses(),
  saleStatuses: makeSaleStatuses(),
  users: [{ id: 3, nome: 'Adriana Moreira' }],
};
const OWN = 'http://127.0.0.1:5173/api/webphone/gravacao/42?arquivo=0123456789abcdef0123456789abcdef.webm';

function renderCall(url: string | null) {
  const event = makeHistoryEvent({
    tipo: 3,
    cli_crm_id: 42,
    url_gravacao: url,
    duracao_falada: 80,
    status_chamada: 'Atendida',
    atendente: 3,
  });
  render(
    <ul>
      <TimelineRow row={describeTimelineEvent(event, lookups)} eventId={event.id} recordingUrl={event.url_gravacao} />
    </ul>,
  );
}

let calls: { url: string; auth: string | null }[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:gravacao-1', revokeObjectURL: () => undefined }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
/** The server answers every request with `body` as `type`; each request's URL and Authorization are kept in `calls`. */
const answer = (status: number, body: BodyInit, type: string) =>
  serveApi((_request, raw) => {
    const url = new URL(raw.url);
    calls.push({ url: url.pathname + url.search, auth: raw.headers.get('authorization') });
    return { status, body, contentType: type };
  });

describe('the recording of a call in the timeline', () => {
  it('is fetched from our route with the token only when asked for, then plays', async () => {
    answer(200, new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), 'audio/webm');
    renderCall(OWN);
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvir gravação' }));
    const audio = (await screen.findByLabelText('Gravação da ligação')) as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe('blob:gravacao-1');
    // The path of our API on this page's origin, whatever origin the URL was stored with.
    expect(calls).toEqual([
      { url: '/api/webphone/gravacao/42?arquivo=0123456789abcdef0123456789abcdef.webm', auth: 'Bearer token-de-teste' },
    ]);
  });

  it('a lead the user may not see: the server’s refusal is shown and nothing plays', async () => {
    answer(403, JSON.stringify({ message: 'Você não tem permissão para esta ação.', status: 403 }), 'application/json');
    renderCall(OWN);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvir gravação' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Você não tem permissão para esta ação.');
    expect(screen.queryByLabelText('Gravação da ligação')).toBeNull();
  });

  it('a recording kept elsewhere is a plain link (our token is never sent there); no recording, no player', () => {
    answer(200, '', 'audio/mpeg');
    renderCall('https://gravacoes.exemplo.com/9.mp3');
    expect(screen.getByRole('link', { name: 'Abrir gravação' }).getAttribute('href')).toBe('https://gravacoes.exemplo.com/9.mp3');
    expect(screen.queryByRole('button', { name: 'Ouvir gravação' })).toBeNull();
    cleanup();
    renderCall('https://evil.example/api/webphone/gravacao/42?arquivo=0123456789abcdef0123456789abcdef.webm&x=1');
    expect(screen.queryByRole('button', { name: 'Ouvir gravação' })).toBeNull();
    cleanup();
    renderCall(null);
    expect(screen.queryByTestId('call-recording')).toBeNull();
    expect(calls).toEqual([]);
  });
});
