// Issue 25 'Steps': every step's change goes through the owning module's door and writes its history
// event with 'Automação: {nome da automação}' as the author (status, assign, tag add/remove, note,
// scheduled call and message); the lead's history (GET /negociacao/{id}) shows that author, and a
// person's change keeps the person's name. The real app on a real database, a fake clock.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { leadRunsResponseSchema } from '@funil/domain/automations/automations';
import { historyResponseSchema } from '@funil/domain/leads-api/lead-api';

import { executeRows } from '../../db/handle.ts';
import { historico } from '../leads/leads.table.ts';
import { startKit, type Kit } from '../whatsapp/whatsapp-test-kit.ts';
import type { AutomationEngine } from './automations.engine.ts';
import { automationEngineOf } from './automations.routes.ts';
import { createRule } from './automations.service.ts';

// Thursday 26/11/2026 10:00 in São Paulo.
const clock = new Date('2026-11-26T13:00:00Z');
let k: Kit;
let engine: AutomationEngine;

const db = () => k.t.database.db;
const f = () => k.t.fixture;

async function work(max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    await k.t.app.leadEvents.drain();
    if (!(await engine.pass())) return;
  }
}

beforeAll(async () => {
  k = await startKit({
    extras: { automacao: true, clienteAtendente: true },
    automations: { autoStart: false, now: () => clock },
  });
  engine = automationEngineOf(k.t.app);
}, 180_000);
afterAll(async () => {
  await k?.close();
});

describe("'Automação: …' as the author of a step's change (issue 25 'Steps')", () => {
  it('signs each step’s history event with the rule’s name; the history answer shows it; a person’s change keeps the person', async () => {
    await db().execute(sql`update automacoes set habilitado = false`);
    await createRule(
      db(),
      { idEmpresa: f().companyA, idUnidade: f().unitA1, idUsuario: f().users.a.id },
      {
        nome: 'Boas-vindas',
        gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 },
        opcoes: { limiteDiario: 5 },
        passos: [
          { tipo: 'status', familia: 'negociacao', idStatus: 9 },
          { tipo: 'atribuir', idUsuario: f().users.u.id },
          { tipo: 'tag', acao: 'adicionar', nome: 'Quente' },
          { tipo: 'tag', acao: 'remover', nome: 'Quente' },
          { tipo: 'anotacao', texto: 'Lead recebido pela automação' },
          { tipo: 'agendar-ligacao', quantidade: 2, unidade: 'horas' },
        ],
        habilitado: true,
      },
    );
    const lead = await k.addLead(f().unitA1, f().companyA, 'Joana Prado', '11987654001');
    const res = await k.t.as(k.tokens.a, {
      method: 'POST',
      url: `/api/negociacao/atualizarstatusnegociacao/${lead}`,
      payload: { status: 4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await work();

    const rows = await db().select().from(historico).where(eq(historico.cliCrmId, lead)).orderBy(historico.id);
    const byPerson = rows.filter((h) => h.autor === null);
    const byRule = rows.filter((h) => h.autor === 'Automação: Boas-vindas');
    // The person's move to 4; the rule's six steps (status, assign, tag +, tag −, note, call scheduled).
    expect(byPerson.map((h) => h.idNovo)).toContain(4);
    expect(byRule.length).toBeGreaterThanOrEqual(6);
    expect(byRule.some((h) => h.idNovo === 9)).toBe(true);
    expect(byRule.some((h) => h.texto === 'Lead recebido pela automação')).toBe(true);

    // The history answer: the rule's events under 'Automação: Boas-vindas', the person's under the person's name.
    const history = await k.t.as(k.tokens.a, { method: 'GET', url: `/api/negociacao/${lead}` });
    expect(history.statusCode, history.body).toBe(200);
    const items = historyResponseSchema.parse(history.json()).data;
    expect(items.find((h) => h.id_novo === 9 && h.tipo === byRule.find((r) => r.idNovo === 9)!.tipo)?.nome_atendente).toBe(
      'Automação: Boas-vindas',
    );
    expect(items.find((h) => h.texto === 'Lead recebido pela automação')?.autor).toBe('Automação: Boas-vindas');
    expect(items.find((h) => h.id === byPerson.find((p) => p.idNovo === 4)!.id)?.nome_atendente).toBe('Usuário a');
    expect(new Set(items.filter((h) => h.autor).map((h) => h.nome_atendente))).toEqual(new Set(['Automação: Boas-vindas']));
  });
});

describe("the run log of a lead in its timeline (issue 25 'Visualizar Desempenho')", () => {
  it('GET /automacoes/lead/{id}: each run with its rule and each step, when and the result; another unit’s lead is not found', async () => {
    const lead = (
      await executeRows<{ id: number }>(db(), sql`select cli_crm_id as id from leads where cli_nome = 'Joana Prado'`)
    )[0]!.id;
    const res = await k.t.as(k.tokens.u, { method: 'GET', url: `/api/automacoes/lead/${lead}` });
    expect(res.statusCode, res.body).toBe(200);
    const runs = leadRunsResponseSchema.parse(res.json()).data;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ automacao: { nome: 'Boas-vindas' }, status: 'concluida', nomeLead: 'Joana Prado' });
    expect(runs[0]!.passos.map((p) => [p.passo, p.resultado])).toEqual([
      [0, 'ok'],
      [1, 'ok'],
      [2, 'ok'],
      [3, 'ok'],
      [4, 'ok'],
      [5, 'ok'],
    ]);
    expect(runs[0]!.passos[4]).toMatchObject({ descricao: expect.stringContaining('anotação'), detalhe: 'Anotação adicionada' });
    // Each step with the unit's names, as the builder reads it: never '#9' or an attendant's id.
    expect(runs[0]!.passos.slice(0, 3).map((p) => p.descricao)).toEqual([
      'Mudar o status de negociação para Whatsapp',
      'Atribuir a Usuário u',
      'Adicionar a tag "Quente"',
    ]);
    expect(runs[0]!.passos.every((p) => p.em === clock.toISOString())).toBe(true);
    // Another unit's user (same company) and another company's: the lead is not theirs.
    for (const token of [k.tokens.uA2, k.tokens.uB1, k.tokens.aB1]) {
      const other = await k.t.as(token, { method: 'GET', url: `/api/automacoes/lead/${lead}` });
      expect([403, 404]).toContain(other.statusCode);
      expect(other.body).not.toContain('Boas-vindas');
    }
    // A lead with no run: an empty log.
    const quiet = await k.addLead(f().unitA1, f().companyA, 'Sem Execução', '11987654002');
    const none = await k.t.as(k.tokens.a, { method: 'GET', url: `/api/automacoes/lead/${quiet}` });
    expect(none.json()).toEqual({ data: [] });
  });
});

describe("the 'Status do contato' trigger (002 §3 tipo_status STATUS_CONTATO; issue 25 'Triggers')", () => {
  it('enrols a lead entering Atendido and one leaving Novo from a call outcome; a busy call fires no "Atendido" run', async () => {
    await db().execute(sql`update automacoes set habilitado = false`);
    const actor = { idEmpresa: f().companyA, idUnidade: f().unitA1, idUsuario: f().users.a.id };
    const entered = await createRule(db(), actor, {
      nome: 'Atendeu',
      gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_CONTATO', idStatus: 3 },
      opcoes: { limiteDiario: 5 },
      passos: [{ tipo: 'anotacao', texto: 'Atendeu a ligação' }],
      habilitado: true,
    });
    const left = await createRule(db(), actor, {
      nome: 'Saiu de Novo',
      gatilho: { tipo: 'status-saiu', tipoStatus: 'STATUS_CONTATO', idStatus: 1 },
      opcoes: { limiteDiario: 5 },
      passos: [{ tipo: 'tag', acao: 'adicionar', nome: 'Contatado' }],
      habilitado: true,
    });
    const answered = await k.addLead(f().unitA1, f().companyA, 'Rita Atendida', '11987654003');
    const busy = await k.addLead(f().unitA1, f().companyA, 'Caio Ocupado', '11987654004');
    const hangUp = async (lead: number, falada: number) => {
      const res = await k.t.as(k.tokens.a, {
        method: 'POST',
        url: `/api/contato/proximaligacao/${lead}`,
        payload: { duracao: falada + 5, duracao_falada: falada, status_chamada: falada > 0 ? 'Atendida' : 'Ocupado' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await hangUp(answered, 120);
    await hangUp(busy, 0);
    await work();
    expect((await k.leadRow(answered))?.cliContatoStatus).toBe(3);
    expect((await k.leadRow(busy))?.cliContatoStatus).toBe(2);
    const runs = await executeRows<{ regra: number; lead: number; status: string }>(
      db(),
      sql`select id_automacao as regra, cli_crm_id as lead, status from automacoes_execucoes
          where id_automacao in (${entered.id}, ${left.id}) order by id_automacao, cli_crm_id`,
    );
    expect(runs.map((r) => [Number(r.regra), Number(r.lead), r.status])).toEqual([
      [entered.id, answered, 'concluida'],
      [left.id, answered, 'concluida'],
      [left.id, busy, 'concluida'],
    ]);
    const notes = await db().select().from(historico).where(eq(historico.autor, 'Automação: Atendeu'));
    expect(notes.map((h) => [h.cliCrmId, h.texto])).toEqual([[answered, 'Atendeu a ligação']]);
  });

  it('refuses a contact status that does not exist, in Portuguese, and names the kind "Status do contato" in the API', async () => {
    const res = await k.t.as(k.tokens.a, {
      method: 'POST',
      url: '/api/automacoes',
      payload: {
        nome: 'Inválido',
        gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_CONTATO', idStatus: 9 },
        opcoes: { limiteDiario: 1 },
        passos: [{ tipo: 'anotacao', texto: 'x' }],
        habilitado: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Status do contato inválido.');
  });
});
