// The Lead Ads tests' world (issue 23 §2): the real Meta emulator over HTTP, a real app listening
// (the emulator posts its signed webhooks to it), and company A connected to the emulator's demo
// page the way the meta module stores a connection (tokens encrypted, the chosen forms).
import { createMetaEmulator, type MetaEmulator } from '@funil/meta-emulator/emulator';
import type { DemoWorld } from '@funil/meta-emulator/world';

import type { UnitSettingsInput } from '../../demo/builders.ts';
import { connectCompanyToPage } from '../../demo/demo-meta.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { metaTokenKey } from '../meta/meta-crypto.ts';

export const APP_ID = '1122334455667788';
export const APP_SECRET = 'segredo-do-app-lead-ads-0123456789';
export const VERIFY_TOKEN = 'token-de-verificacao-funil';

export type LeadAdsWorld = {
  t: TestApp;
  meta: MetaEmulator;
  demo: DemoWorld;
  /** Funil's listening address. */
  url: string;
  /** The worker's clock: moved forward to reach a retry's time. */
  clock: { offsetMs: number };
  close(): Promise<void>;
};

/** The emulator, the app and company A's connection to the demo page; its forms chosen (no unit assigned). */
export async function leadAdsWorld(options: { connect?: boolean; settings?: UnitSettingsInput } = {}): Promise<LeadAdsWorld> {
  const meta = createMetaEmulator({
    appId: APP_ID,
    appSecret: APP_SECRET,
    webhookRetry: { baseDelayMs: 10, maxDelayMs: 40, maxAttempts: 3 },
  });
  const demo = meta.control.seedDemo({ days: 1 });
  const metaUrl = await meta.listen(0, '127.0.0.1');
  const tokenKey = metaTokenKey('chave-dos-tokens-de-teste-0123456789abcdef');
  const clock = { offsetMs: 0 };
  const t = await createTestApp({
    meta: { appId: APP_ID, appSecret: APP_SECRET, graphUrl: metaUrl, dialogUrl: metaUrl, tokenKey },
    metaDailySyncMs: 0,
    ...(options.settings ? { settings: options.settings } : {}),
    leadAds: {
      verifyToken: VERIFY_TOKEN,
      worker: { autoStart: false, now: () => new Date(Date.now() + clock.offsetMs) },
    },
  });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The company's chosen forms start unassigned: each test routes them as it needs.
  if (options.connect !== false)
    await connectCompanyToPage(t.app.db, meta, demo, {
      appId: APP_ID,
      idEmpresa: t.fixture.companyA,
      idUsuario: null,
      idUnidade: null,
      tokenKey,
    });
  const hooked = await meta.control.setWebhook({ url: `${url}/api/webhooks/meta`, verifyToken: VERIFY_TOKEN });
  if (!hooked.ok) throw new Error(`handshake do webhook falhou: ${hooked.status}`);
  return {
    t,
    meta,
    demo,
    url,
    clock,
    async close() {
      meta.control.stopLive();
      await meta.close();
      await t.close();
    },
  };
}
