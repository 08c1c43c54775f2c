// Issue 25 'The demo': the first unit's 'Requalificação após 3 dias sem movimento' really starts a
// Typebot flow through the gateway emulator: the demo seed's rules and Typebot settings, pointed at
// the running emulator's stand-in as `npm start` does (pointDemoTypebotAt), a lead 4 days quiet in
// 'Não Atendido', the engine's passes on a fake clock.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TYPEBOT_STANDIN_PREFIX } from '@funil/evolution-emulator/emulator';

import { DEMO_TYPEBOT_FLOW, pointDemoTypebotAt, seedDemoAutomations } from '../../demo/demo-automations.ts';
import { typebotSessionsOfLead } from '../whatsapp/typebot/typebot.service.ts';
import { startKit, type Kit } from '../whatsapp/whatsapp-test-kit.ts';
import { automationEngineOf } from './automations.routes.ts';
import { automacoes, automacoesExecucoes } from './automations.table.ts';
import { typebotSettingsOf } from './typebot-settings.ts';

let k: Kit;
// A Thursday 10:00 in São Paulo after the seed: inside the allowed hours, and the lead's 4 quiet days are past 3.
let clock = new Date('2026-12-03T13:00:00Z');
const INST = 'demo-tb';

beforeAll(async () => {
  k = await startKit({ extras: { automacao: true }, automations: { autoStart: false, now: () => clock } });
  expect((await k.t.as(k.tokens.a, { method: 'POST', url: '/api/instancias', payload: { name: INST } })).statusCode).toBe(201);
  expect(
    (await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000096', profileName: 'Loja' })).status,
  ).toBe(200);
  await k.settle();
}, 180_000);
afterAll(async () => {
  await k?.close();
});

describe("the demo's Typebot re-qualification (issue 25 'The demo')", () => {
  it('starts the flow through the emulator for a lead 3 days without movement in Não Atendido', async () => {
    const f = k.t.fixture;
    const db = k.t.database.db;
    const quiet = await k.addLead(f.unitA1, f.companyA, 'Lívia Campos', '11987111222', {
      cliStatusNegociacao: 3,
      dataAtualizacao: new Date(clock.getTime() - 4 * 86_400_000),
    });
    clock = new Date(Math.max(clock.getTime(), Date.now() + 86_400_000));
    await seedDemoAutomations(db, { idEmpresa: f.companyA, idUnidade: f.unitA1, idAdmin: f.users.a.id, now: new Date() });
    await k.updateLead(quiet, { dataAtualizacao: new Date(clock.getTime() - 4 * 86_400_000) });
    await pointDemoTypebotAt(db, `${k.emuUrl}${TYPEBOT_STANDIN_PREFIX}`);
    expect(await typebotSettingsOf(db, f.unitA1)).toEqual({
      url: `${k.emuUrl}${TYPEBOT_STANDIN_PREFIX}`,
      fluxos: [{ ...DEMO_TYPEBOT_FLOW }],
    });
    const [rule] = await db.select().from(automacoes).where(eq(automacoes.nome, 'Requalificação após 3 dias sem movimento'));
    const engine = automationEngineOf(k.t.app);
    for (let i = 0; i < 20 && (await engine.pass()); i++) await k.settle();
    await k.settle();
    // The seed's history (small negative event ids) may name this lead too; the sweep's run is keyed by the quiet period.
    const runs = (await db.select().from(automacoesExecucoes).where(eq(automacoesExecucoes.cliCrmId, quiet))).filter(
      (r) => r.idEvento < -1_000_000,
    );
    expect(runs.map((r) => [r.idAutomacao, r.status, r.passo])).toEqual([[rule!.id, 'ativa', 2]]);
    const start = k.emu.state.requests.find((r) => r.url === `/typebot/start/${INST}`);
    expect(start?.body).toMatchObject({ typebot: DEMO_TYPEBOT_FLOW.idPublico, startSession: true });
    expect((await k.messagesOf(quiet)).filter((m) => m.fromMe).map((m) => m.body)[0]).toBe(
      'Oi, Lívia! Aqui é o assistente virtual. Você ainda tem interesse no nosso atendimento?',
    );
    expect((await typebotSessionsOfLead(db, quiet))[0]?.status).toBe('aberta');
  });
});
