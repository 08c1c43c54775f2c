// Issue 23 §2: the Meta runtime belongs to its app. Two apps in one process, each configured with its
// own Meta app (id, secret, token key) and its own emulator: each signs with its own secret and calls
// its own address, whichever was built last. Before, the last built app's runtime was process-wide.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createMetaEmulator, type MetaEmulator } from '@funil/meta-emulator/emulator';
import type { DemoWorld } from '@funil/meta-emulator/world';

import { connectCompanyToPage } from '../../demo/demo-meta.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { metaTokenKey } from './meta-crypto.ts';
import { metaAccessFor } from './meta.service.ts';

type Side = { emu: MetaEmulator; demo: DemoWorld; url: string; t: TestApp; token: string; appId: string };
const sides: Side[] = [];

async function side(appId: string, appSecret: string, key: string, idOffset: bigint): Promise<Side> {
  const emu = createMetaEmulator({ appId, appSecret });
  // Distinct ids in each world: a row synced from the wrong emulator would show.
  emu.state.nextId += idOffset;
  const demo = emu.control.seedDemo({ days: 3 });
  const url = await emu.listen(0, '127.0.0.1');
  const tokenKey = metaTokenKey(key);
  const t = await createTestApp({ meta: { appId, appSecret, graphUrl: url, dialogUrl: url, tokenKey }, metaDailySyncMs: 0 });
  await connectCompanyToPage(t.app.db, emu, demo, {
    appId,
    idEmpresa: t.fixture.companyA,
    idUsuario: null,
    idUnidade: t.fixture.unitA1,
    tokenKey,
  });
  const token = await t.login(t.fixture.users.a.email);
  return { emu, demo, url, t, token, appId };
}

beforeAll(async () => {
  sides.push(await side('111000111000111', 'segredo-do-primeiro-app-meta-0001', 'chave-do-primeiro-app-0123456789abcdef', 0n));
  sides.push(
    await side('222000222000222', 'segredo-do-segundo-app-meta-00002', 'chave-do-segundo-app-0123456789abcdefg', 10n ** 12n),
  );
}, 60_000);

afterAll(async () => {
  for (const s of sides) {
    await s.t.close();
    await s.emu.close();
  }
});

const signedCalls = (s: Side) => s.emu.state.requests.filter((r) => r.query.access_token !== undefined).length;

describe('the Meta runtime per app', () => {
  it('each app keeps the runtime built from its own options', () => {
    const [one, two] = sides as [Side, Side];
    expect(one.t.app.metaRuntime?.options).toMatchObject({ appId: one.appId, graphUrl: one.url });
    expect(two.t.app.metaRuntime?.options).toMatchObject({ appId: two.appId, graphUrl: two.url });
    expect(one.t.app.metaRuntime).not.toBe(two.t.app.metaRuntime);
  });

  it("each app's Graph session opens its own token and is accepted by its own emulator only", async () => {
    const [one, two] = sides as [Side, Side];
    for (const s of sides) {
      const access = await metaAccessFor(s.t.app.db, s.t.fixture.companyA, s.t.app.metaRuntime);
      expect(await access!.graph.get<{ id: string }>('me')).toMatchObject({ id: s.demo.user.id });
    }
    // The other app's key cannot open this app's token: no access, nothing called.
    expect(await metaAccessFor(one.t.app.db, one.t.fixture.companyA, two.t.app.metaRuntime)).toBeNull();
    expect(await metaAccessFor(two.t.app.db, two.t.fixture.companyA, one.t.app.metaRuntime)).toBeNull();
  });

  it("'Sincronizar com o Meta' on each app calls its own emulator, signed with its own secret", async () => {
    for (const [s, other] of [sides, [...sides].reverse()] as [Side, Side][]) {
      const before = [signedCalls(s), signedCalls(other)];
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/meta/sincronizar',
        headers: { authorization: `Bearer ${s.token}` },
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ ok: true });
      expect(res.json().data.ads).toBeGreaterThan(0);
      expect(signedCalls(s)).toBeGreaterThan(before[0]!);
      expect(signedCalls(other)).toBe(before[1]);
    }
  });
});
