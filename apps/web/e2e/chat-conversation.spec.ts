// The conversation end to end (issue 9; 001 §2 "Message area", composer, media dialogs, 'Gravar
// Audio'; 001 §4 "Message ack", "Reading"; 001 §5 media pickers): the real server, the gateway
// emulator and Chromium with its fake microphone. A lead writes through the emulator; the attendant
// answers with text, a quoted reply, an image and a recorded audio, and sees the acks rise as the
// emulator reports them.
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import { findMessagesResponseSchema } from '@funil/domain/whatsapp-api/gateway-api';

import {
  DESKTOP,
  loginAs,
  SCREENSHOTS_DIR,
  SCREENSHOTS_WANTED,
  startHarnessWithGateway,
  type GatewayHarness,
} from './harness.ts';
import { CHROMIUM_PATH } from './shared-browser.ts';

const INSTANCE = 'paulista-conversa';
const PHONE = '11987651234';
const PNG_16 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAJ0lEQVR42mP8z8Dwn4EIwDiqkL4KGRgYGP4TAxhHFdJXIQMDAwMAxHcQB2p1s3YAAAAASUVORK5CYII=',
  'base64',
);
/** The bitrate of the first MPEG audio frame of a file (after an ID3 tag, if any). */
function mp3Kbps(file: Buffer): number | null {
  const MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const MPEG2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  for (let i = 0; i + 2 < file.length; i += 1) {
    if (file[i] === 0xff && ((file[i + 1] ?? 0) & 0xe6) === 0xe2) {
      const version = ((file[i + 1] ?? 0) >> 3) & 0x03;
      const index = ((file[i + 2] ?? 0) >> 4) & 0x0f;
      return (version === 3 ? MPEG1 : MPEG2)[index] ?? null;
    }
  }
  return null;
}
let harness: GatewayHarness;
let micBrowser: Browser;
let adminToken: string;
let leadId: number;

async function api(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${harness.baseURL}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The lead's stored messages as the API answers them, newest first. */
async function storedMessages(): Promise<ChatMessage[]> {
  const res = await api(`/chat/findMessages/${INSTANCE}`, { method: 'POST', body: { where: { key: { remoteJid: PHONE } } } });
  return findMessagesResponseSchema.parse(await res.json()).messages.records;
}

const fromLead = (body: Record<string, unknown>) =>
  harness.emulatorControl(`/_emulator/instances/${INSTANCE}/messages`, { from: `55${PHONE}`, pushName: 'Paulo Lima', ...body });
const ack = (messageId: string, status: 'DELIVERY_ACK' | 'READ' | 'PLAYED') =>
  harness.emulatorControl(`/_emulator/instances/${INSTANCE}/messages/${messageId}/ack`, { status });

beforeAll(async () => {
  harness = await startHarnessWithGateway();
  adminToken = (await harness.apiLogin('admin@demo.com.br')).token;
  expect((await api('/instancias', { method: 'POST', body: { name: INSTANCE } })).status).toBe(201);
  expect(
    await harness.emulatorControl(`/_emulator/instances/${INSTANCE}/scan`, {
      number: '5511900001111',
      profileName: 'Recepção Paulista',
    }),
  ).toBe(200);
  // A unit template (the admin's level, 001 §6) for the '/' suggestions.
  const template = await api('/whatsapp/adicionarModelo', {
    method: 'POST',
    body: {
      novaCategoria: true,
      nomeCategoria: 'Agenda',
      tituloMensagem: 'Retorno da avaliação',
      mensagem: 'Olá [nome_cliente]! Seu retorno está marcado para [data_atual+1].',
      isAdm: true,
    },
  });
  expect(template.status).toBe(201);
  const contact = await api('/contacts', { method: 'POST', body: { number: PHONE, name: 'Paulo Lima' } });
  leadId = ((await contact.json()) as { id: number }).id;
  // Chromium's fake microphone (a beep) answers getUserMedia without a prompt (issue 9 'Gravar Audio').
  micBrowser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}, 90_000);
afterAll(async () => {
  await micBrowser?.close();
  await harness?.close();
});

async function openPage(): Promise<Page> {
  const context = await micBrowser.newContext({
    baseURL: harness.baseURL,
    viewport: DESKTOP,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  await context.grantPermissions(['microphone']);
  const page = await context.newPage();
  await loginAs(page, 'admin@demo.com.br');
  return page;
}

const conversation = (page: Page) => page.getByTestId('chat-conversation');
const bubble = (page: Page, text: string) => conversation(page).getByTestId('message').filter({ hasText: text }).last();
const ackOf = (page: Page, text: string) => bubble(page, text).locator('[data-ack]').getAttribute('data-ack');
const composer = (page: Page) => conversation(page).getByRole('textbox', { name: 'Mensagem' });

/** This spec's own Chromium (a fake microphone) is not the harness's: the same rule, on request only. */
async function screenshot(page: Page, file: string): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  for (const close of await page.getByRole('button', { name: 'Fechar aviso', includeHidden: true }).all())
    await close.click().catch(() => undefined);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}${file}` });
}

async function waitForAck(page: Page, text: string, expected: string): Promise<void> {
  await expect.poll(() => ackOf(page, text)).toBe(expected);
}

async function lastOwn(predicate: (m: ChatMessage) => boolean): Promise<ChatMessage> {
  let found: ChatMessage | undefined;
  await expect
    .poll(async () => {
      found = (await storedMessages()).find(
        (m) => m.fromMe && m.messageId !== null && !m.messageId.startsWith('temp_') && predicate(m),
      );
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

describe('issue 9: an attendant reads and answers a lead in the conversation', () => {
  it('receives live, replies with text, a quoted reply, an image and a recorded audio, and sees the acks rise', async () => {
    expect(await fromLead({ type: 'text', text: 'Oi! Vocês atendem no sábado?' })).toBe(201);
    const page = await openPage();
    await page.goto(`/whatsapp-v3/${leadId}`);
    await bubble(page, 'Oi! Vocês atendem no sábado?').waitFor();
    // 001 §4 "Reading": opening the conversation marked the incoming message read on the gateway, once.
    await expect
      .poll(async () => (await storedMessages()).find((m) => m.body === 'Oi! Vocês atendem no sábado?') !== undefined)
      .toBe(true);

    // A message arrives live while the conversation is open.
    expect(await fromLead({ type: 'text', text: 'Queria marcar uma *avaliação*.' })).toBe(201);
    const live = bubble(page, 'Queria marcar uma avaliação.');
    await live.waitFor();
    expect(await live.locator('strong').textContent()).toBe('avaliação');

    // Text: Enter sends; the bubble is there at once and its acks rise with the gateway's reports.
    await composer(page).fill('Atendemos sim, das 9h às 13h.');
    await composer(page).press('Enter');
    await bubble(page, 'Atendemos sim, das 9h às 13h.').waitFor();
    const text = await lastOwn((m) => m.body === 'Atendemos sim, das 9h às 13h.');
    await waitForAck(page, 'Atendemos sim, das 9h às 13h.', 'sent');
    expect(await ack(text.messageId!, 'DELIVERY_ACK')).toBe(200);
    await waitForAck(page, 'Atendemos sim, das 9h às 13h.', 'delivered');
    expect(await ack(text.messageId!, 'READ')).toBe(200);
    await waitForAck(page, 'Atendemos sim, das 9h às 13h.', 'read');

    // A quoted reply: 'Responder' on the lead's message quotes it in the composer and in the bubble.
    const question = bubble(page, 'Queria marcar uma avaliação.');
    await question.hover();
    await question.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Responder' }).click();
    await conversation(page).getByTestId('reply-preview').getByText('Queria marcar uma avaliação.').waitFor();
    await composer(page).fill('Claro! Qual horário fica melhor?');
    await composer(page).press('Enter');
    const reply = bubble(page, 'Claro! Qual horário fica melhor?');
    await reply.getByTestId('quoted').getByText('Queria marcar uma avaliação.').waitFor();
    const quoted = await lastOwn((m) => m.body === 'Claro! Qual horário fica melhor?');
    expect(quoted.quotedMsg?.body).toBe('Queria marcar uma *avaliação*.');

    // A template through '/': suggestions filtered by title, Enter puts it with its placeholders filled, Enter sends.
    await composer(page).fill('/retorno da');
    const suggestions = page.getByRole('listbox', { name: 'Mensagens rápidas' });
    await suggestions.getByRole('option', { name: /Retorno da avaliação/ }).waitFor();
    await screenshot(page, 'chat-conversation-quick-messages.png');
    await composer(page).press('Enter');
    await expect
      .poll(() => composer(page).inputValue())
      .toMatch(/^Olá Paulo! Seu retorno está marcado para \d{2}\/\d{2}\/\d{4}\.$/);
    await composer(page).press('Enter');
    await bubble(page, 'Seu retorno está marcado para').waitFor();
    const templated = await lastOwn((m) => m.body.startsWith('Olá Paulo! Seu retorno está marcado'));
    expect(templated.body).not.toContain('[');

    // The emoji picker (16 per line) puts the emoji at the cursor.
    await composer(page).fill('Até amanhã ');
    await conversation(page).getByRole('button', { name: 'Emojis' }).click();
    const picker = page.getByTestId('emoji-picker').locator('em-emoji-picker');
    await picker.waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, 'chat-conversation-emoji.png');
    await picker.locator('button[aria-label="😀"]').first().click();
    await page.locator('.MuiPopover-root .MuiBackdrop-root').click({ position: { x: 5, y: 5 } });
    await page.getByTestId('emoji-picker').waitFor({ state: 'detached' });
    expect(await composer(page).inputValue()).toBe('Até amanhã 😀');
    await composer(page).fill('');
    await screenshot(page, 'chat-conversation.png');

    // An image through its dialog: 'Selecionar arquivo', the preview and 'Total: 1', then 'Enviar'.
    await conversation(page).getByRole('button', { name: 'Anexar' }).click();
    await page.getByRole('menuitem', { name: 'Imagem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Arquivo de Imagem' });
    await dialog.getByText('Total: 0').waitFor();
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await dialog.getByText('Faltam arquivos').waitFor();
    await dialog.getByTestId('media-file-input').setInputFiles({ name: 'sorriso.png', mimeType: 'image/png', buffer: PNG_16 });
    await dialog.getByText('Total: 1').waitFor();
    await dialog.getByRole('img', { name: 'sorriso.png' }).waitFor();
    await dialog.getByLabel('Legenda').fill('Nosso consultório');
    await screenshot(page, 'chat-conversation-image-dialog.png');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Enviando imagem......').waitFor();
    const imageBubble = bubble(page, 'Nosso consultório');
    await imageBubble.locator('img').waitFor();
    // The image viewer.
    await imageBubble.locator('img').click();
    const viewer = page.getByRole('dialog', { name: 'Visualizar imagem' });
    await viewer.getByRole('button', { name: 'Fechar' }).waitFor();
    await screenshot(page, 'chat-conversation-image-viewer.png');
    await viewer.getByRole('button', { name: 'Fechar' }).click();
    await viewer.waitFor({ state: 'detached' });
    const image = await lastOwn((m) => m.mediaType === 'image');
    expect(image.body).toBe('Nosso consultório');
    expect(await ack(image.messageId!, 'DELIVERY_ACK')).toBe(200);
    await waitForAck(page, 'Nosso consultório', 'delivered');

    // 'Gravar Audio' with the fake microphone: INICIAR, the timer counts, PARAR, the player, Enviar.
    await conversation(page).getByRole('button', { name: 'Gravar Audio' }).click();
    const recorder = page.getByRole('dialog', { name: 'Gravar Audio' });
    await recorder.getByText('Pronto para gravar').waitFor();
    await recorder.getByRole('button', { name: 'INICIAR' }).click();
    await recorder.getByText('Gravando....').waitFor();
    await expect.poll(() => recorder.getByTestId('recording-timer').textContent(), { timeout: 10_000 }).toBe('00:02');
    await screenshot(page, 'chat-conversation-recording.png');
    await expect.poll(() => recorder.getByTestId('recording-timer').textContent(), { timeout: 10_000 }).toBe('00:03');
    await recorder.getByRole('button', { name: 'PARAR' }).click();
    await recorder.getByTestId('recording-player').waitFor({ timeout: 20_000 });
    await recorder.getByRole('button', { name: 'Enviar' }).click();
    await recorder.waitFor({ state: 'detached' });
    const audio = await lastOwn((m) => m.mediaType === 'audio');
    // What was sent is an MP3 at 128 kbps (001 §4), of at least 10000 bytes (001 §9).
    const file = Buffer.from(await (await api(`/whatsapp/midia/${audio.id}`)).arrayBuffer());
    expect(file.length).toBeGreaterThanOrEqual(10_000);
    expect(mp3Kbps(file)).toBe(128);
    const audioBubble = conversation(page)
      .getByTestId('message')
      .filter({ has: page.getByTestId('audio-player') })
      .last();
    await audioBubble.waitFor();
    await expect
      .poll(() => audioBubble.getByTestId('audio-player').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('paused');
    expect(await ack(audio.messageId!, 'DELIVERY_ACK')).toBe(200);
    expect(await ack(audio.messageId!, 'READ')).toBe(200);
    expect(await ack(audio.messageId!, 'PLAYED')).toBe(200);
    await expect.poll(() => audioBubble.locator('[data-ack]').getAttribute('data-ack')).toBe('read');
    await page.context().close();
  });
});
