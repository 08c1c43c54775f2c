// issue 12: the webphone on loopback, Chromium + SIP.js -> Kamailio (WebSocket) -> rtpengine -> SIPp.
// - registration: REGISTER with the digest challenge (two round trips, as SIP.js does), 50 times;
// - call set-up: INVITE sent -> 200 OK (SIPp rings 300 ms), 50 calls placed by the queue in Chromium;
// - next dial: a call's end -> the next INVITE when the attendant goes on at once ('Próximo contato'),
//   which includes saving the outcome (recording upload + proximaligacao) and the next lead's lease.
// The machine is shared: the load average is printed with the figures.
import { loadavg } from 'node:os';

import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';

import { ephemeralCredentials } from '../apps/server/src/integrations/sip/sip-credentials.ts';
import { startSipStack } from '../apps/server/src/integrations/sip/sip-stack.ts';
import { openSipSocket, sipRegister } from '../apps/server/src/integrations/sip/sip-test-client.ts';
import { leads } from '../apps/server/src/modules/leads/leads.table.ts';
import { phoneKey } from '../apps/server/src/modules/leads/phone-key.ts';
import { unidadeConfiguracoes } from '../apps/server/src/modules/tenancy/tenancy.table.ts';
import { usuarios } from '../apps/server/src/modules/users/users.table.ts';
import { DESKTOP, loginAs, startHarness } from '../apps/web/e2e/harness.ts';
import { fmt, report, stats } from './lib.ts';

const CALLS = 50;
const SECRET = 'segredo-do-benchmark-webphone';
const FLAGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
  '--autoplay-policy=no-user-gesture-required',
];

export async function run(): Promise<void> {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const loadBefore = load();
  const stack = await startSipStack({ secret: SECRET, leadPhone: true });
  try {
    // Registration (protocol level, over the same WebSocket and auth_ephemeral check).
    const reg: number[] = [];
    const ws = await openSipSocket(stack.wsUrl);
    for (let i = 0; i < CALLS; i++) {
      const c = ephemeralCredentials(SECRET, 201, 600);
      const t0 = performance.now();
      const status = await sipRegister(ws, { domain: stack.domain, extension: 201, username: c.usuario, password: c.senha });
      reg.push(performance.now() - t0);
      if (status !== 200) throw new Error(`REGISTER ${status}`);
    }
    ws.close();

    const harness = await startHarness({
      sip: { wsUrl: stack.wsUrl, domain: stack.domain, secret: SECRET },
      chromiumArgs: FLAGS,
    });
    try {
      const [user] = await harness.db.select().from(usuarios).where(eq(usuarios.email, 'atendente@demo.com.br'));
      await harness.db.update(leads).set({ desativado: 1 }).where(eq(leads.idUnidade, user!.idUnidade));
      await harness.db
        .update(unidadeConfiguracoes)
        .set({ valorMinimoSegundosChamadaAtendida: 1 })
        .where(eq(unidadeConfiguracoes.idUnidade, user!.idUnidade));
      for (let i = 0; i < CALLS; i++) {
        const telefone = `119${String(7000000 + i * 10).slice(0, 7)}1`;
        await harness.db.insert(leads).values({
          idEmpresa: user!.idEmpresa,
          idUnidade: user!.idUnidade,
          cliNome: `Bench ${i}`,
          cliTelefone: telefone,
          telefoneChave: phoneKey(telefone),
          cliStatusNegociacao: 1,
          cliDataCaptacao: new Date(Date.now() - i * 1000),
        });
      }
      const { page } = await harness.newPage(DESKTOP);
      await loginAs(page, 'atendente@demo.com.br');
      const pageStart = Date.now();
      await page.goto('/webphone');
      await page
        .getByTestId('phone-status')
        .getByText(/Telefone conectado/)
        .waitFor({ timeout: 20_000 });
      const pageToRegistered = Date.now() - pageStart;
      // The phone's own event times, in the page.
      await page.evaluate(() => {
        const g = globalThis as unknown as {
          __funilPhone: { on(l: (e: { type: string }) => void): void };
          __events: [string, number][];
        };
        g.__events = [];
        g.__funilPhone.on((e) => g.__events.push([e.type, performance.now()]));
      });
      await page.getByRole('button', { name: 'Iniciar Fila' }).click();
      for (let i = 0; i < CALLS; i++) {
        await page.getByTestId('call-status').getByText('Em conversa').waitFor({ timeout: 20_000 });
        await page.getByRole('button', { name: 'Desligar' }).click();
        await page.getByTestId('call-status').getByText('Ligação encerrada').waitFor({ timeout: 20_000 });
        if (i < CALLS - 1) await page.getByRole('button', { name: 'Próximo contato' }).click();
      }
      const events = await (page as Page).evaluate(() => (globalThis as unknown as { __events: [string, number][] }).__events);
      const setup: number[] = [];
      const gap: number[] = [];
      let dialAt: number | null = null;
      let endAt: number | null = null;
      for (const [type, at] of events) {
        if (type === 'dialing') {
          if (endAt !== null) gap.push(at - endAt);
          dialAt = at;
          endAt = null;
        } else if (type === 'answered' && dialAt !== null) {
          setup.push(at - dialAt);
        } else if (type === 'ended') {
          endAt = at;
        }
      }
      const r = stats(reg);
      const s = stats(setup);
      const g = stats(gap);
      report(`webphone (loopback; load before ${loadBefore}, after ${load()})`, [
        ['REGISTER + digest, p50 / p95', `${fmt(r.p50)} / ${fmt(r.p95)} (${r.count})`],
        ['page open -> registered', fmt(pageToRegistered)],
        ['INVITE -> 200 OK (300 ms ringing), p50 / p95', `${fmt(s.p50)} / ${fmt(s.p95)} (${s.count} calls)`],
        ['call end -> next INVITE, p50 / p95', `${fmt(g.p50)} / ${fmt(g.p95)} (${g.count})`],
      ]);
    } finally {
      await harness.close();
    }
  } finally {
    await stack.stop();
  }
}
