// The scheduling steps on a fake clock (issue 25 'Steps'): 'agendar-ligacao' sets the lead's next
// call and 'agendar-mensagem' its scheduled WhatsApp message through the leads module's doors
// (001 §5 "Schedule contact or call", "Schedule message"), with their history events and, for the
// message, the durable job that sends it when due.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { automationInputSchema, type AutomationInput } from '@funil/domain/automations/automations';

import { jobs } from '../../jobs/jobs.table.ts';
import { historico } from '../leads/leads.table.ts';
import { SCHEDULED_MESSAGE_JOB } from '../leads/scheduled-message.service.ts';
import { startKit, type Kit } from '../whatsapp/whatsapp-test-kit.ts';
import type { AutomationEngine } from './automations.engine.ts';
import { automationEngineOf } from './automations.routes.ts';
import { createRule } from './automations.service.ts';
import { automacoesExecucoes, automacoesPassos } from './automations.table.ts';

// Thursday 26/11/2026 10:00 in São Paulo.
const THURSDAY_10H = new Date('2026-11-26T13:00:00Z');
let clock = THURSDAY_10H;
let k: Kit;
let engine: AutomationEngine;
let phoneSeq = 0;

const db = () => k.t.database.db;
const f = () => k.t.fixture;
const newLead = (nome: string) =>
  k.addLead(f().unitA1, f().companyA, nome, `11987${String(500000 + ++phoneSeq).padStart(6, '0')}`);
const rule = (nome: string, passos: AutomationInput['passos']) =>
  createRule(
    db(),
    { idEmpresa: f().companyA, idUnidade: f().unitA1, idUsuario: f().users.a.id },
    {
      nome,
      gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 },
      opcoes: { limiteDiario: 5 },
      passos,
      habilitado: true,
    },
  );
const moveTo = async (lead: number, status: number) => {
  const res = await k.t.as(k.tokens.a, {
    method: 'POST',
    url: `/api/negociacao/atualizarstatusnegociacao/${lead}`,
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
};
async function work(max = 20): Promise<void> {
  for (let i = 0; i < max; i++) {
    await k.t.app.leadEvents.drain();
    if (!(await engine.pass())) return;
  }
}

beforeAll(async () => {
  k = await startKit({ automations: { autoStart: false, now: () => clock } });
  engine = automationEngineOf(k.t.app);
}, 180_000);
afterAll(async () => {
  await k?.close();
});

describe('scheduling steps (issue 25 "Steps"; 002 §2.7)', () => {
  it('the schema takes both steps and refuses a negative time with a Portuguese message', () => {
    const base = { nome: 'x', gatilho: { tipo: 'captado', canal: null }, opcoes: { limiteDiario: 1 }, habilitado: true };
    expect(
      automationInputSchema.safeParse({ ...base, passos: [{ tipo: 'agendar-ligacao', quantidade: 2, unidade: 'horas' }] })
        .success,
    ).toBe(true);
    const bad = automationInputSchema.safeParse({
      ...base,
      passos: [{ tipo: 'agendar-mensagem', texto: 'Oi', quantidade: -1, unidade: 'dias' }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('O prazo não pode ser negativo.');
  });

  it('schedules the next call and a WhatsApp message through the leads doors, with history and the send job', async () => {
    clock = THURSDAY_10H;
    const r = await rule('Retorno', [
      { tipo: 'agendar-ligacao', quantidade: 2, unidade: 'horas' },
      { tipo: 'agendar-mensagem', texto: 'Olá [nome_cliente]! Tudo certo com a proposta?', quantidade: 1, unidade: 'dias' },
    ]);
    const lead = await newLead('Paula Reis');
    await moveTo(lead, 4);
    await work();
    const [run] = await db().select().from(automacoesExecucoes).where(eq(automacoesExecucoes.idAutomacao, r.id));
    expect(run).toMatchObject({ status: 'concluida', passo: 2 });
    const row = await k.leadRow(lead);
    expect(row?.cliContatoAgendado?.toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(row?.cliMensagemAgendada).toBe('Olá Paula! Tudo certo com a proposta?');
    expect(row?.cliDataMensagemAgendada?.toISOString()).toBe('2026-11-27T13:00:00.000Z');
    expect(row?.cliMensagemAgendadaStatus).toBe('pendente');
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, SCHEDULED_MESSAGE_JOB), eq(jobs.idUnidade, f().unitA1)));
    expect(job?.notBefore?.toISOString()).toBe('2026-11-27T13:00:00.000Z');
    const steps = await db().select().from(automacoesPassos).where(eq(automacoesPassos.idExecucao, run!.id));
    expect(steps.map((s) => s.detalhe)).toEqual([
      'Ligação agendada para 26/11/2026 12:00',
      'Mensagem agendada para 27/11/2026 10:00',
    ]);
    const history = await db().select().from(historico).where(eq(historico.cliCrmId, lead));
    expect(history.some((h) => h.texto === '2026-11-26 12:00:00')).toBe(true);
    expect(history.some((h) => h.texto === 'Olá Paula! Tudo certo com a proposta?')).toBe(true);
  });
});
