// issue 12 "a recording … served only to users who may see the lead": POST and GET
// webphone/gravacao/{id} go through the lead door (leadForSession), so a user who may not see the
// lead gets the door's 403/404 and never the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLeadsKit, type Kit } from '../leads/leads-test-kit.ts';

let k: Kit;
beforeAll(async () => {
  k = await createLeadsKit();
});
afterAll(async () => {
  await k.t.close();
});

// A few bytes with the WebM (EBML) signature: the server stores what the browser recorded.
const AUDIO = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 7)]);
function multipart(content: Buffer, type: string) {
  const boundary = '----funil-gravacao';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="gravacao.webm"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (who: keyof Kit['token'], id: number, type = 'audio/webm') =>
  k.call(who, { method: 'POST', url: `/api/webphone/gravacao/${id}`, ...multipart(AUDIO, type) });

describe('webphone/gravacao/{id}', () => {
  it('the caller uploads the recording; whoever may see the lead plays it back, byte for byte, never cached', async () => {
    const id = await k.lead({ cliNome: 'Gravado', idUsuario: k.t.fixture.users.u.id });
    const res = await upload('u', id);
    expect(res.statusCode, res.body).toBe(200);
    const { caminho } = res.json().data as { arquivo: string; caminho: string };
    expect(caminho).toMatch(new RegExp(`^/api/webphone/gravacao/${id}\\?arquivo=[a-f0-9]{32}\\.webm$`));
    for (const who of ['u', 'a'] as const) {
      const got = await k.call(who, { method: 'GET', url: caminho });
      expect([who, got.statusCode]).toEqual([who, 200]);
      expect(got.headers['content-type']).toBe('audio/webm');
      expect(got.headers['cache-control']).toBe('private, no-store');
      expect(got.rawPayload.equals(AUDIO)).toBe(true);
    }
  });

  it('a user who may not see the lead gets 403/404 and no file: another unit, another company, another attendant’s lead', async () => {
    const id = await k.lead({ cliNome: 'Sigiloso', idUsuario: k.t.fixture.users.a.id });
    // The call was made by an attendant who saw it then (acesso_atribuidos), since only who has the softphone records.
    await k.setUserConfig('u', { acessoAtribuidos: true });
    const uploaded = await upload('u', id);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { caminho } = uploaded.json().data as { caminho: string };
    expect((await k.call('a', { method: 'GET', url: caminho })).statusCode).toBe(200);
    // Only who has the softphone records a call: admins, the company admin (ag) included, have no phone (002 §2.1).
    for (const who of ['a', 'ag'] as const) expect([who, (await upload(who, id)).statusCode]).toEqual([who, 403]);
    // 001 §6: an attendant without acesso_atribuidos does not see another attendant's lead.
    await k.setUserConfig('u', { acessoAtribuidos: false });
    const other = await k.call('u', { method: 'GET', url: caminho });
    expect(other.statusCode).toBe(403);
    expect(other.rawPayload.includes(AUDIO.subarray(0, 64))).toBe(false);
    for (const who of ['uA2', 'uB1', 'aB1'] as const) {
      const res = await k.call(who, { method: 'GET', url: caminho });
      expect([who, [403, 404].includes(res.statusCode)]).toEqual([who, true]);
      expect(res.headers['content-type']).toMatch(/json/);
    }
    // Without a session: 401.
    expect((await k.t.app.inject({ method: 'GET', url: caminho })).statusCode).toBe(401);
  });

  it('a file of another lead cannot be read through a visible lead’s path; unknown and malformed names are refused', async () => {
    const mine = await k.lead({ cliNome: 'Meu', idUsuario: k.t.fixture.users.u.id });
    const theirs = await k.lead({ cliNome: 'Alheio', unit: 'A2' });
    const { arquivo } = (await upload('uA2', theirs)).json().data as { arquivo: string };
    expect((await k.call('u', { method: 'GET', url: `/api/webphone/gravacao/${mine}?arquivo=${arquivo}` })).statusCode).toBe(404);
    const bad = await k.call('u', { method: 'GET', url: `/api/webphone/gravacao/${mine}?arquivo=../../segredo.webm` });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Gravação inválida.']);
    expect((await k.call('u', { method: 'GET', url: `/api/webphone/gravacao/${mine}` })).statusCode).toBe(404);
    const text = await upload('u', mine, 'text/plain');
    expect([text.statusCode, text.json().message]).toEqual([400, 'Formato de gravação não suportado.']);
  });
});
