// 000 §4 "Session lifetime": remembered, the session outlives the browser for expiresIn; otherwise it
// ends with the browser (the session cookie is gone at the next start).
import { beforeEach, describe, expect, it } from 'vitest';

import type { CurrentUser } from '@funil/domain/auth/login';

import { queryClient } from './query-client.ts';
import { endSession, getAuth, restoreSession, startSession } from './session.ts';

const user: CurrentUser = {
  idUser: 4,
  name: 'Ana Beatriz Lima',
  permissao: 'u',
  nomePermissao: 'Atendente',
  webphone: false,
  idUnidade: 1,
  idEmpresa: 1,
  habilita_mensagem_whatsapp: true,
  idAtendente: 4,
  dataAtualizacao: '2025-11-20T10:00:00.000Z',
  dataDeslogar: null,
};

// A browser restart drops session cookies (the remembered marker has a max-age and stays).
function closeBrowser(): void {
  document.cookie = 'funil_sessao=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

describe('000 §4 session lifetime', () => {
  beforeEach(() => {
    endSession();
    localStorage.clear();
  });

  it('restores a session across a reload', async () => {
    await startSession({ token: 't-1', expiresIn: 43_200, lembrar: false, currentUser: user });
    expect(getAuth()).toMatchObject({ isLoggedIn: true, token: 't-1' });
    await restoreSession();
    expect(getAuth()).toEqual({ isLoggedIn: true, token: 't-1', currentUser: user });
  });

  it("ends a session without 'remember' when the browser was closed", async () => {
    await startSession({ token: 't-2', expiresIn: 43_200, lembrar: false, currentUser: user });
    expect(document.cookie).toContain('funil_sessao=1');
    closeBrowser();
    await restoreSession();
    expect(getAuth().isLoggedIn).toBe(false);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('funil:'))).toEqual([]);
  });

  it('keeps a remembered session for 12 h and not a second more', async () => {
    const start = Date.now();
    await startSession({ token: 't-3', expiresIn: 43_200, lembrar: true, currentUser: user }, start);
    await restoreSession(start + 43_199_000);
    expect(getAuth().isLoggedIn).toBe(true);
    await restoreSession(start + 43_200_000);
    expect(getAuth().isLoggedIn).toBe(false);
  });

  it("a second end of the same session leaves the login screen's queries alone (socket closed, then the logout answer)", async () => {
    await startSession({ token: 't-4', expiresIn: 43_200, lembrar: false, currentUser: user });
    endSession('Sessão expirada. Faça login novamente.');
    queryClient.setQueryData(['setup'], { needed: false });
    endSession();
    expect(getAuth().isLoggedIn).toBe(false);
    expect(queryClient.getQueryData(['setup'])).toEqual({ needed: false });
  });
});
