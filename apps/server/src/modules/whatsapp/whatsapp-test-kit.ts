// Test kit of the WhatsApp module: the real app on a real database listening on 127.0.0.1:0, the
// gateway emulator over real HTTP, socket.io clients per unit and helpers to read both sides.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';

import { createEmulator, type Emulator } from '@funil/evolution-emulator/emulator';

import type { AppOptions } from '../../app.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { leads } from '../leads/leads.table.ts';
import { phoneKey } from '../leads/phone-key.ts';
import { whatsappMensagens } from './chat/messages.table.ts';
import { instanciasEvolution } from './instances/instances.table.ts';
import { whatsappContextOf } from './whatsapp.routes.ts';

export type Kit = {
  t: TestApp;
  emu: Emulator;
  emuUrl: string;
  appUrl: string;
  tokens: Record<'a' | 'u' | 'uA2' | 'uB1' | 'aB1', string>;
  emu$: (method: string, path: string, body?: unknown) => Promise<{ status: number; json: unknown }>;
  socket(token: string): Promise<{ socket: Socket; events: { name: string; payload: unknown }[] }>;
  addLead(
    unit: number,
    empresa: number,
    nome: string,
    telefone: string,
    extra?: Partial<typeof leads.$inferInsert>,
  ): Promise<number>;
  /** A lead's row as stored (tests read leads here, so only the kit touches the leads table). */
  leadRow(cliCrmId: number): Promise<typeof leads.$inferSelect | undefined>;
  leadsWithPhoneKey(key: string): Promise<(typeof leads.$inferSelect)[]>;
  updateLead(cliCrmId: number, set: Partial<typeof leads.$inferInsert>): Promise<void>;
  messagesOf(cliCrmId: number): Promise<(typeof whatsappMensagens.$inferSelect)[]>;
  instance(name: string): Promise<typeof instanciasEvolution.$inferSelect>;
  settle(): Promise<void>;
  close(): Promise<void>;
};

export async function startKit(
  options: {
    scheduledRetryDelaysMs?: readonly number[];
    extras?: Record<string, unknown>;
    massSend?: AppOptions['massSend'];
    automations?: AppOptions['automations'];
  } = {},
): Promise<Kit> {
  const key = randomBytes(16).toString('hex');
  const emu = createEmulator({
    globalApiKey: key,
    autoAck: false,
    webhookRetry: { maxAttempts: 2, baseDelayMs: 50, maxDelayMs: 100, timeoutMs: 5_000 },
  });
  const emuUrl = await emu.listen(0, '127.0.0.1');
  const mediaDir = await mkdtemp(join(tmpdir(), 'funil-wa-test-'));
  const t = await createTestApp({
    settings: { evolutionHabilitado: true, extras: { whatsapp_v2: true, ...options.extras } },
    evolution: { baseUrl: emuUrl, globalApiKey: key, publicUrl: 'http://127.0.0.1:1' },
    mediaDir,
    // The media sweeper is driven by the tests (retryDueMedia with a chosen time).
    mediaSweepMs: 0,
    ...(options.scheduledRetryDelaysMs ? { scheduledRetryDelaysMs: options.scheduledRetryDelaysMs } : {}),
    ...(options.massSend ? { massSend: options.massSend } : {}),
    ...(options.automations ? { automations: options.automations } : {}),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  whatsappContextOf(t.app).gateway!.publicUrl = appUrl;
  const f = t.fixture;
  const tokens = {
    a: await t.login(f.users.a.email),
    u: await t.login(f.users.u.email),
    uA2: await t.login(f.users.uA2.email),
    uB1: await t.login(f.users.uB1.email),
    aB1: await t.login(f.users.aB1.email),
  };
  const sockets: Socket[] = [];
  const emu$ = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${emuUrl}${path}`, {
      method,
      headers: { ...emu.controlHeaders, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  };
  const settle = async () => {
    await emu.webhooksIdle();
    const ctx = whatsappContextOf(t.app);
    while (ctx.background.size > 0) await Promise.allSettled([...ctx.background]);
    // A lead's announcements come from the lead event stream (issue 22 §2): wait for its consumers.
    await t.app.leadEvents.drain();
    await new Promise((r) => setTimeout(r, 30));
  };
  return {
    t,
    emu,
    emuUrl,
    appUrl,
    tokens,
    emu$,
    async socket(token) {
      const socket = io(appUrl, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
      const events: { name: string; payload: unknown }[] = [];
      socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
      await new Promise<void>((resolve, reject) => {
        socket.once('ready', () => resolve());
        socket.once('connect_error', reject);
      });
      sockets.push(socket);
      return { socket, events };
    },
    async addLead(unit, empresa, nome, telefone, extra = {}) {
      const [row] = await t.database.db
        .insert(leads)
        .values({
          idEmpresa: empresa,
          idUnidade: unit,
          cliNome: nome,
          cliTelefone: telefone,
          telefoneChave: phoneKey(telefone),
          ...extra,
        })
        .returning({ id: leads.cliCrmId });
      return row!.id;
    },
    async leadRow(cliCrmId) {
      const [row] = await t.database.db.select().from(leads).where(eq(leads.cliCrmId, cliCrmId));
      return row;
    },
    leadsWithPhoneKey: (key) => t.database.db.select().from(leads).where(eq(leads.telefoneChave, key)).orderBy(leads.cliCrmId),
    async updateLead(cliCrmId, set) {
      await t.database.db.update(leads).set(set).where(eq(leads.cliCrmId, cliCrmId));
    },
    messagesOf: (cliCrmId) =>
      t.database.db
        .select()
        .from(whatsappMensagens)
        .where(eq(whatsappMensagens.cliCrmId, cliCrmId))
        .orderBy(whatsappMensagens.id),
    async instance(name) {
      const [row] = await t.database.db.select().from(instanciasEvolution).where(eq(instanciasEvolution.name, name));
      return row!;
    },
    settle,
    async close() {
      for (const s of sockets) s.close();
      await t.close();
      await emu.close();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
