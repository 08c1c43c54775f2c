// issue 12, the webphone end to end on the real SIP stack: Chromium with fake media devices and
// SIP.js, Kamailio (WebSocket, auth_ephemeral), rtpengine (WebRTC <-> RTP) and SIPp as the lead's
// phone (numbers ending 8 busy, 7 never answer), all on random 127.0.0.1 ports started here.
// Audio is proven by getStats (inbound packets > 0), never by the SIP state alone.
import { appendFileSync } from 'node:fs';

import { and, eq, ne } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sipStackMissing, startSipStack, type SipStack } from '../../server/src/integrations/sip/sip-stack.ts';
import { historico, leads } from '../../server/src/modules/leads/leads.table.ts';
import { phoneKey } from '../../server/src/modules/leads/phone-key.ts';
import { unidadeConfiguracoes } from '../../server/src/modules/tenancy/tenancy.table.ts';
import { usuarios } from '../../server/src/modules/users/users.table.ts';
import { DESKTOP, loginAs, SCREENSHOTS_DIR, startHarness, type Harness } from './harness.ts';

const missing = sipStackMissing(true);
if (missing) {
  console.warn(
    `\n${'!'.repeat(100)}\n!!! TESTES DE NAVEGADOR DO WEBPHONE PULADOS: ${missing}.\n!!! Instale: apt-get install kamailio ` +
      `kamailio-websocket-modules kamailio-autheph-modules rtpengine-daemon sip-tester (o .ci/run instala)\n${'!'.repeat(100)}\n`,
  );
}

// shared/reference/webphone-sip.md: without these flags the call is "Established" with no RTP.
const WEBRTC_FLAGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
  '--autoplay-policy=no-user-gesture-required',
];
const SECRET = 'segredo-do-teste-e2e-webphone';
const ATTENDANT = 'atendente@demo.com.br';

let stack: SipStack;
let harness: Harness;
let unitId: number;
let userId: number;
beforeAll(async () => {
  if (missing) return;
  // Kamailio ends an unanswered INVITE after 4 s (408): the no-answer case without a long wait.
  stack = await startSipStack({
    secret: SECRET,
    leadPhone: true,
    ringTimeoutSeconds: 4,
    ...(process.env.SIP_LOG ? { log: (l: string) => appendFileSync(process.env.SIP_LOG!, `${l}\n`) } : {}),
  });
  harness = await startHarness({ sip: { wsUrl: stack.wsUrl, domain: stack.domain, secret: SECRET }, chromiumArgs: WEBRTC_FLAGS });
  const [user] = await harness.db.select().from(usuarios).where(eq(usuarios.email, ATTENDANT));
  unitId = user!.idUnidade;
  userId = user!.id;
  // Short test calls count as answered (valor_minimo_segundos_chamada_atendida).
  await harness.db
    .update(unidadeConfiguracoes)
    .set({ valorMinimoSegundosChamadaAtendida: 1 })
    .where(eq(unidadeConfiguracoes.idUnidade, unitId));
  // The demo seed of the harness takes over a minute on a busy shared machine.
}, 180_000);
afterAll(async () => {
  await harness?.close();
  await stack?.stop();
});

let seq = 0;
async function lead(nome: string, lastDigit: string, values: Partial<typeof leads.$inferInsert> = {}): Promise<number> {
  seq += 1;
  const telefone = `119${String(8000000 + seq * 10).slice(0, 7)}${lastDigit}`;
  const [user] = await harness.db.select().from(usuarios).where(eq(usuarios.id, userId));
  const [row] = await harness.db
    .insert(leads)
    .values({
      idEmpresa: user!.idEmpresa,
      idUnidade: unitId,
      cliNome: nome,
      cliTelefone: telefone,
      telefoneChave: phoneKey(telefone),
      cliStatusNegociacao: 1,
      ...values,
    })
    .returning({ id: leads.cliCrmId });
  return row!.id;
}
const row = async (id: number) => (await harness.db.select().from(leads).where(eq(leads.cliCrmId, id)))[0]!;
const events = (id: number) => harness.db.select().from(historico).where(eq(historico.cliCrmId, id)).orderBy(historico.id);

async function openWebphone(path = '/webphone'): Promise<Page> {
  const { page } = await harness.newPage(DESKTOP);
  await loginAs(page, ATTENDANT);
  await page.goto(path);
  await page
    .getByTestId('phone-status')
    .getByText(/Telefone conectado/)
    .waitFor({ timeout: 15_000 });
  return page;
}
const callStatus = (page: Page) => page.getByTestId('call-status');
/** Inbound RTP packets of the call, from the page's RTCPeerConnection. */
const packetsReceived = (page: Page) =>
  page.evaluate(async () => {
    const phone = (globalThis as { __funilPhone?: { readStats(): Promise<{ packetsReceived: number } | null> } }).__funilPhone;
    return (await phone?.readStats())?.packetsReceived ?? 0;
  });
async function waitForPackets(page: Page, above: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  let n = 0;
  while (Date.now() < deadline) {
    n = await packetsReceived(page);
    if (n > above) return n;
    await page.waitForTimeout(200);
  }
  return n;
}
async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    v = await read();
  }
  return v;
}

describe.skipIf(missing)('webphone on Kamailio + rtpengine + SIPp (issue 12)', () => {
  it('registers the extension with short-lived credentials (no stored SIP password)', async () => {
    const page = await openWebphone();
    await expect(page.getByTestId('phone-status').textContent()).resolves.toMatch(/Telefone conectado · ramal 20\d/);
    await page.getByText('Selecione um contato no menu ao lado.').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}webphone-idle.png` });
    // Nothing SIP-related is stored in the browser.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toMatch(/senha|ws:\/\//);
    await page.context().close();
  }, 60_000);

  it('Ligar Agora: SIPp answers, audio flows (packetsReceived > 0), DTMF, hang-up records the call with its recording', async () => {
    const id = await lead('Cliente Atende Ligação', '1');
    const page = await openWebphone(`/webphone?ligar=${id}`);
    await callStatus(page).getByText('Em conversa').waitFor({ timeout: 15_000 });
    const first = await waitForPackets(page, 0);
    expect(first).toBeGreaterThan(0);
    await page.getByTestId('signal').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}webphone-in-call.png` });

    // Audio keeps flowing through the call.
    expect(await waitForPackets(page, first + 10)).toBeGreaterThan(first + 10);

    // DTMF as RTP telephone-events: the sender takes the tones.
    await page.getByRole('button', { name: 'Teclado' }).click();
    for (const k of ['1', '2', '#']) await page.getByRole('button', { name: `Tecla ${k}` }).click();
    await expect(page.getByTestId('dtmf-typed').textContent()).resolves.toBe('12#');
    const dtmfCapable = await page.evaluate(() => {
      const pc = (globalThis as { __funilPhone?: { peerConnection: RTCPeerConnection | null } }).__funilPhone?.peerConnection;
      return pc?.getSenders().some((s) => s.dtmf?.canInsertDTMF === true) ?? false;
    });
    expect(dtmfCapable).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1500);

    await page.getByRole('button', { name: 'Desligar' }).click();
    const done = await waitFor(
      () => events(id),
      (e) => e.some((x) => x.tipo === 3),
    );
    const answered = done.find((x) => x.tipo === 3)!;
    expect(answered).toMatchObject({
      statusChamada: 'Atendida',
      motivoDesconexao: 'Desligada pelo atendente',
      atendente: userId,
    });
    expect(answered.duracaoFalada).toBeGreaterThanOrEqual(2);
    expect(answered.urlGravacao).toMatch(/\/api\/webphone\/gravacao\/\d+\?arquivo=[a-f0-9]{32}\.webm$/);
    expect(done.some((x) => x.tipo === 12)).toBe(true);
    expect(await row(id)).toMatchObject({
      cliTentativas: 1,
      cliContatoStatus: 3,
      cliDataProximaTentativa: null,
      filaReservadoPor: null,
    });

    // The recording plays: fetched with the session's token, decoded by Chromium.
    const { token } = await harness.apiLogin(ATTENDANT);
    const url = new URL(answered.urlGravacao!);
    const played = await page.evaluate(
      async ({ path, token }) => {
        const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) return { ok: false, status: res.status, duration: 0 };
        const blob = await res.blob();
        const audio = new Audio(URL.createObjectURL(blob));
        audio.muted = true;
        const duration = await new Promise<number>((resolve) => {
          audio.onloadedmetadata = () => resolve(audio.duration);
          audio.onerror = () => resolve(-1);
        });
        await audio.play();
        await new Promise((r) => setTimeout(r, 300));
        return { ok: true, status: res.status, duration, time: audio.currentTime, size: blob.size };
      },
      { path: url.pathname + url.search, token },
    );
    expect(played).toMatchObject({ ok: true, status: 200 });
    expect((played as { size: number }).size).toBeGreaterThan(1000);
    expect((played as { time: number }).time).toBeGreaterThan(0);

    // The lead's timeline on the right plays it: the answered call's row has the player.
    await page.goto(`/webphone?lead=${id}`);
    const callRow = page.getByRole('listitem').filter({ has: page.getByTestId('call-recording') });
    await callRow.getByRole('button', { name: 'Ouvir gravação' }).click();
    const player = callRow.getByLabel('Gravação da ligação');
    await player.waitFor();
    const progress = await waitFor(
      () =>
        player.evaluate((a: HTMLAudioElement) => ({ time: a.currentTime, duration: a.duration, error: a.error?.code ?? null })),
      (v) => v.time > 0 || v.error !== null,
      10_000,
    );
    expect(progress).toMatchObject({ error: null });
    expect(progress.time).toBeGreaterThan(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}webphone-timeline-recording.png` });
    await page.context().close();
  }, 90_000);

  it('hold: re-INVITE sendonly answered recvonly, then resumed with audio flowing again', async () => {
    const id = await lead('Cliente Pausa Na Linha', '1');
    const page = await openWebphone(`/webphone?ligar=${id}`);
    await callStatus(page).getByText('Em conversa').waitFor({ timeout: 15_000 });
    const first = await waitForPackets(page, 0);
    expect(first).toBeGreaterThan(0);
    /** The negotiated direction of the call's audio (the SDP offer/answer, not our button). */
    const direction = () =>
      page.evaluate(() => {
        const pc = (globalThis as { __funilPhone?: { peerConnection: RTCPeerConnection | null } }).__funilPhone?.peerConnection;
        return pc?.getTransceivers()[0]?.currentDirection ?? null;
      });
    await page.getByRole('button', { name: 'Em espera', exact: true }).click();
    await page.getByRole('button', { name: 'Retomar', exact: true }).waitFor({ timeout: 10_000 });
    await expect(callStatus(page).textContent()).resolves.toMatch(/Em espera/);
    expect(await direction()).toBe('sendonly');
    await page.getByRole('button', { name: 'Retomar', exact: true }).click();
    await page.getByRole('button', { name: 'Em espera', exact: true }).waitFor({ timeout: 10_000 });
    expect(await direction()).toBe('sendrecv');
    // Audio flows again after the resume (SIPp's echo comes back through rtpengine).
    const resumed = await packetsReceived(page);
    expect(await waitForPackets(page, resumed + 10)).toBeGreaterThan(resumed + 10);
    // Still one call: hold is no hang-up.
    await expect(callStatus(page).textContent()).resolves.toMatch(/Em conversa/);
    await page.getByRole('button', { name: 'Desligar' }).click();
    const done = await waitFor(
      () => events(id),
      (e) => e.some((x) => x.tipo === 3),
    );
    expect(done.filter((x) => x.tipo === 3)).toHaveLength(1);
    await page.context().close();
  }, 60_000);

  it(
    "issue 21 item 14: 'Ligar Agora' on the contact selected on /webphone calls it; a busy (486) and " +
      'an unanswered (408) call say so in the bar and are recorded in pt-BR',
    async () => {
      const busy = await lead('Cliente Ocupado', '8');
      let page = await openWebphone(`/webphone?lead=${busy}`);
      const actions = page.getByRole('toolbar', { name: 'Ações do lead' });
      await actions.getByRole('button', { name: 'Ligar Agora' }).click();
      await callStatus(page).getByText('Ligação encerrada: Ocupado').waitFor({ timeout: 15_000 });
      let e = await waitFor(
        () => events(busy),
        (x) => x.some((r) => r.tipo === 4),
      );
      expect(e.find((r) => r.tipo === 4)).toMatchObject({
        statusChamada: 'Ocupado',
        motivoDesconexao: 'Linha ocupada',
        duracaoFalada: 0,
      });
      let r = await row(busy);
      expect(r).toMatchObject({ cliTentativas: 1, cliContatoStatus: 2 });
      // A busy line is retried on its own delay (ligacao_intervalo_ocupado, 15 min by default).
      expect(r.cliDataProximaTentativa!.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
      expect(r.cliDataProximaTentativa!.getTime()).toBeLessThan(Date.now() + 16 * 60_000);
      // The next attempt reads whole in the webphone's detail (issue 21: it was cut by an ellipsis).
      const next = page.locator('[data-field="Próxima tentativa"]');
      await next.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).waitFor({ timeout: 10_000 });
      const box = await next.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        const own = el.getBoundingClientRect();
        return {
          cut: el.scrollWidth > el.clientWidth || text.right > own.right + 1,
          overflow: getComputedStyle(el).textOverflow,
        };
      });
      expect(box).toEqual({ cut: false, overflow: 'clip' });
      // The call is over: 'Ligar Agora' calls again from the same detail.
      expect(await actions.getByRole('button', { name: 'Ligar Agora' }).isEnabled()).toBe(true);
      await page.context().close();

      const silent = await lead('Cliente Não Atende', '7');
      page = await openWebphone(`/webphone?lead=${silent}`);
      await page.getByRole('toolbar', { name: 'Ações do lead' }).getByRole('button', { name: 'Ligar Agora' }).click();
      await callStatus(page).getByText('Tocando').waitFor({ timeout: 10_000 });
      // While it rings, a second 'Ligar Agora' is not offered.
      expect(
        await page.getByRole('toolbar', { name: 'Ações do lead' }).getByRole('button', { name: 'Ligar Agora' }).isDisabled(),
      ).toBe(true);
      await callStatus(page).getByText('Ligação encerrada: Não atendida').waitFor({ timeout: 20_000 });
      e = await waitFor(
        () => events(silent),
        (x) => x.some((r) => r.tipo === 4),
        20_000,
      );
      expect(e.find((r) => r.tipo === 4)).toMatchObject({ statusChamada: 'Não atendida', duracaoFalada: 0 });
      expect(e.find((r) => r.tipo === 4)!.motivoDesconexao).not.toMatch(/[A-Za-z]+ [A-Z][a-z]+$|^\d{3}/);
      r = await row(silent);
      expect(r).toMatchObject({ cliTentativas: 1, cliContatoStatus: 2 });
      await page.context().close();
    },
    90_000,
  );

  it(
    "issue 21 items 12, 13: a pick-up under the unit's minimum is 'Não atendida' everywhere, with the " +
      'rule; older English outcomes read in pt-BR (call history)',
    async () => {
      await harness.db
        .update(unidadeConfiguracoes)
        .set({ valorMinimoSegundosChamadaAtendida: 20 })
        .where(eq(unidadeConfiguracoes.idUnidade, unitId));
      try {
        const id = await lead('Cliente Fala Pouco', '1');
        // Calls an older dialer recorded, in its own words.
        const old = (minutes: number) => new Date(Date.now() - minutes * 60_000);
        await harness.db.insert(historico).values([
          {
            cliCrmId: id,
            idUnidade: unitId,
            atendente: userId,
            tipo: 4,
            datacad: old(300),
            dataComentario: old(300),
            duracao: 31,
            duracaoFalada: 0,
            statusChamada: 'NO ANSWER',
            tentativas: 1,
          },
          {
            cliCrmId: id,
            idUnidade: unitId,
            atendente: userId,
            tipo: 4,
            datacad: old(200),
            dataComentario: old(200),
            duracao: 4,
            duracaoFalada: 0,
            statusChamada: 'BUSY',
            motivoDesconexao: '486 Busy Here',
            tentativas: 2,
          },
          {
            cliCrmId: id,
            idUnidade: unitId,
            atendente: userId,
            tipo: 3,
            datacad: old(100),
            dataComentario: old(100),
            duracao: 95,
            duracaoFalada: 80,
            statusChamada: 'ANSWERED',
            tentativas: 3,
          },
        ]);
        const page = await openWebphone(`/webphone?lead=${id}`);
        await page.getByRole('toolbar', { name: 'Ações do lead' }).getByRole('button', { name: 'Ligar Agora' }).click();
        await callStatus(page).getByText('Em conversa').waitFor({ timeout: 15_000 });
        await page.waitForTimeout(2_500);
        await page.getByRole('button', { name: 'Desligar' }).click();
        // The bar says what the history says: picked up, but it does not count.
        await callStatus(page)
          .getByText('Ligação encerrada: Atendida (curta demais: conta como não atendida)')
          .waitFor({ timeout: 15_000 });
        const e = await waitFor(
          () => events(id),
          (x) => x.some((r) => r.tipo === 4 && r.duracaoFalada !== 0),
        );
        expect(e.at(-1)).toMatchObject({ tipo: 4, statusChamada: 'Atendida (menos de 20 s: conta como não atendida)' });
        expect(await row(id)).toMatchObject({ cliContatoStatus: 2 });
        const rows = page
          .getByRole('list', { name: 'Linha do tempo' })
          .getByRole('listitem')
          .filter({ hasText: /Chamada (não )?atendida/ });
        await rows.nth(3).waitFor({ timeout: 10_000 });
        await expect(rows.count()).resolves.toBe(4);
        const texts = (await rows.allTextContents()).join(' | ');
        expect(texts).toContain('Status: Atendida (menos de 20 s: conta como não atendida)');
        expect(texts).toContain('Status: Não atendida');
        expect(texts).toContain('Status: Ocupado');
        expect(texts).toContain('Motivo: Linha ocupada');
        expect(texts).toContain('Status: Atendida');
        expect(texts).not.toMatch(/ANSWER|BUSY|Busy Here|\b486\b/);
        // Tall enough for the whole call history in the detail.
        await page.setViewportSize({ width: DESKTOP.width, height: 1400 });
        await rows.nth(3).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOTS_DIR}webphone-historico-chamadas.png` });
        await page.context().close();
      } finally {
        await harness.db
          .update(unidadeConfiguracoes)
          .set({ valorMinimoSegundosChamadaAtendida: 1 })
          .where(eq(unidadeConfiguracoes.idUnidade, unitId));
      }
    },
    90_000,
  );

  it("call hours: on the unit's holiday the queue dials nobody and says until when it waits", async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await harness.db
      .update(unidadeConfiguracoes)
      .set({ feriados: [today] })
      .where(eq(unidadeConfiguracoes.idUnidade, unitId));
    try {
      const id = await lead('Cliente No Feriado', '1', { cliDataCaptacao: new Date() });
      const page = await openWebphone();
      await page.getByRole('button', { name: 'Iniciar Fila' }).click();
      const wait = page.getByTestId('call-hours-wait');
      await wait.waitFor({ timeout: 15_000 });
      // Tomorrow at 00:00, São Paulo time.
      const tomorrow = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(
        new Date(Date.now() + 86_400_000),
      );
      await expect(wait.textContent()).resolves.toBe(`Fora do horário de ligações da unidade. Aguardando até ${tomorrow} 00:00.`);
      await expect(page.getByTestId('queue-status').textContent()).resolves.toMatch(/Aguardando contatos/);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}webphone-fora-do-horario.png` });
      // Nobody was dialled or leased.
      expect(await events(id)).toEqual([]);
      expect(await row(id)).toMatchObject({ cliTentativas: 0, filaReservadoPor: null });
      await page.getByRole('button', { name: 'Stop Fila' }).click();
      await page.context().close();
    } finally {
      await harness.db.update(unidadeConfiguracoes).set({ feriados: [] }).where(eq(unidadeConfiguracoes.idUnidade, unitId));
    }
  }, 60_000);

  it(
    'the queue over three leads: answered, busy, no answer; attempts, statuses, next attempts and ' +
      'timeline rows follow (002 §4, §8, §9)',
    async () => {
      // Only these three are due in the unit.
      await harness.db
        .update(leads)
        .set({ desativado: 1 })
        .where(and(eq(leads.idUnidade, unitId), ne(leads.cliNome, '')));
      const a = await lead('Fila Um Atende', '1', { cliDataCaptacao: new Date(Date.now() - 1000) });
      const b = await lead('Fila Dois Ocupado', '8', { cliDataCaptacao: new Date(Date.now() - 2000) });
      const c = await lead('Fila Três Sem Resposta', '7', { cliDataCaptacao: new Date(Date.now() - 3000) });
      const page = await openWebphone();
      await page.getByRole('button', { name: 'Iniciar Fila' }).click();
      // Lead a: answered, audio flows, the attendant hangs up and goes on at once.
      await page.getByTestId('current-contact').getByText('Fila Um Atende').waitFor({ timeout: 15_000 });
      await callStatus(page).getByText('Em conversa').waitFor({ timeout: 15_000 });
      expect(await waitForPackets(page, 0)).toBeGreaterThan(0);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}webphone-queue.png` });
      // Talk past the unit's minimum answered seconds (1 s here, counted in whole seconds) before hanging up.
      await page.waitForTimeout(2_500);
      await page.getByRole('button', { name: 'Desligar' }).click();
      await callStatus(page).getByText('Ligação encerrada').waitFor({ timeout: 15_000 });
      await expect(page.getByTestId('counter').textContent()).resolves.toMatch(/1[12]\d s/);
      await page.getByRole('button', { name: 'Próximo contato' }).click();
      // Lead b: busy, and the bar says so (issue 21 item 14).
      await page.getByTestId('current-contact').getByText('Fila Dois Ocupado').waitFor({ timeout: 15_000 });
      await callStatus(page).getByText('Ligação encerrada: Ocupado').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Próximo contato' }).click();
      // Lead c: rings until Kamailio gives up.
      await page.getByTestId('current-contact').getByText('Fila Três Sem Resposta').waitFor({ timeout: 15_000 });
      await callStatus(page).getByText('Tocando').waitFor({ timeout: 10_000 });
      await callStatus(page).getByText('Ligação encerrada').waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Próximo contato' }).click();
      // Nothing left: waiting with the 60 s counter.
      await page.getByTestId('queue-status').getByText('Aguardando contatos').waitFor({ timeout: 15_000 });

      const [ra, rb, rc] = [await row(a), await row(b), await row(c)];
      expect(ra).toMatchObject({ cliTentativas: 1, cliContatoStatus: 3, cliDataProximaTentativa: null, filaReservadoPor: null });
      for (const r of [rb, rc]) expect(r).toMatchObject({ cliTentativas: 1, cliContatoStatus: 2, filaReservadoPor: null });
      // Busy and no answer on their own delays (15 min and 60 min by default).
      expect(rb.cliDataProximaTentativa!.getTime()).toBeLessThan(Date.now() + 16 * 60_000);
      expect(rc.cliDataProximaTentativa!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
      expect((await events(a)).map((e) => e.tipo)).toEqual([12, 3]);
      expect((await events(b)).map((e) => [e.tipo, e.statusChamada])).toEqual([
        [12, null],
        [4, 'Ocupado'],
      ]);
      expect((await events(c)).map((e) => [e.tipo, e.statusChamada])).toEqual([
        [12, null],
        [4, 'Não atendida'],
      ]);
      // The timeline of the lead on the right shows the call.
      await page.getByRole('button', { name: 'Stop Fila' }).click();
      await page.getByTestId('queue-status').getByText('Fila parada').waitFor();
      await page.context().close();
    },
    150_000,
  );
});
