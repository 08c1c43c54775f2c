// issue 12: GET webphone/credenciais issues auth_ephemeral credentials (username expiry:extension,
// password base64(HMAC-SHA1(secret, username))) for the session user's idRamal only; /webphone is
// for users and the super-admin (000 §6); no extension or no SIP server answer in Portuguese.
import { createHmac } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { usuarios } from '../users/users.table.ts';

const SECRET = 'segredo-compartilhado-de-teste';
let t: TestApp;
let down: TestApp;
const token: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ sip: { wsUrl: 'wss://sip.exemplo.com.br:8443', domain: 'sip.exemplo.com.br', secret: SECRET } });
  for (const key of ['u', 'a', 'ag', 'm', 'mg', 'sa', 'uB1'] as const) token[key] = await t.login(t.fixture.users[key].email);
  down = await createTestApp({ sip: { unavailable: 'servidor SIP não instalado (faltam: kamailio)' } });
});
afterAll(async () => {
  await t.close();
  await down.close();
});

const get = (app: TestApp, tk: string) => app.as(tk, { method: 'GET', url: '/api/webphone/credenciais' });

describe('GET webphone/credenciais', () => {
  it('gives the attendant short-lived credentials for their own extension, signed with the shared secret', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await get(t, token.u!);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      usuario: string;
      senha: string;
      ramal: number;
      ws_url: string;
      dominio: string;
      expira_em: string;
    };
    expect(data).toMatchObject({ ramal: 201, ws_url: 'wss://sip.exemplo.com.br:8443', dominio: 'sip.exemplo.com.br' });
    const [expiry, ramal] = data.usuario.split(':');
    expect(ramal).toBe('201');
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 7200);
    expect(Number(expiry)).toBeLessThanOrEqual(before + 7200 + 5);
    expect(data.senha).toBe(createHmac('sha1', SECRET).update(data.usuario).digest('base64'));
    expect(new Date(data.expira_em).getTime()).toBe(Number(expiry) * 1000);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('000 §6: only users and the super-admin get the softphone (ag opens /webphone for its unit dropdown, without a phone)', async () => {
    for (const role of ['a', 'ag', 'm', 'mg'] as const) expect((await get(t, token[role]!)).statusCode, role).toBe(403);
  });

  it('a user without an extension gets a clear message and no credentials', async () => {
    const sa = await get(t, token.sa!);
    expect(sa.statusCode).toBe(409);
    expect(sa.json().message).toBe('Seu usuário não tem ramal cadastrado. Peça ao administrador para informar o ramal.');
    await t.database.db.update(usuarios).set({ idRamal: 0 }).where(eq(usuarios.id, t.fixture.users.uB1.id));
    // The user changed: the session ends (000 §4); a new login sees no extension.
    const again = await t.login(t.fixture.users.uB1.email);
    const res = await get(t, again);
    expect(res.statusCode).toBe(409);
    expect(res.body).not.toContain('senha');
  });

  it("without a SIP server: 'Telefone desconectado' with the reason", async () => {
    const res = await get(down, await down.login(down.fixture.users.u.email));
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Telefone desconectado: servidor SIP não instalado (faltam: kamailio)');
  });
});
