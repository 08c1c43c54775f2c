import { describe, expect, it } from 'vitest';

import {
  automationInputSchema,
  describeStep,
  STEP_RESULT_LABELS,
  STEP_RESULTS,
  stepResultLabel,
  triggerMatches,
  waitUntil,
  type Trigger,
} from './automations.ts';

// São Paulo is UTC−3: 10:00 there is 13:00Z.
const sp = (iso: string) => new Date(`${iso}-03:00`);

describe('waitUntil (issue 25 "Steps": wait; working hours; never on Sundays)', () => {
  it('counts plain minutes, hours and days, moving a due time that falls on a Sunday to Monday 08:00', () => {
    expect(
      waitUntil(sp('2026-11-26T10:00:00'), { tipo: 'esperar', quantidade: 90, unidade: 'minutos', horarioComercial: false }),
    ).toEqual(sp('2026-11-26T11:30:00'));
    // Thursday + 3 days = Sunday → Monday 08:00.
    expect(
      waitUntil(sp('2026-11-26T10:00:00'), { tipo: 'esperar', quantidade: 3, unidade: 'dias', horarioComercial: false }),
    ).toEqual(sp('2026-11-30T08:00:00'));
  });

  it('in working hours counts only 08:00–18:00, Monday to Saturday', () => {
    // Saturday 17:00 + 2 h: 1 h on Saturday, Sunday skipped, 1 h on Monday.
    expect(
      waitUntil(sp('2026-11-28T17:00:00'), { tipo: 'esperar', quantidade: 2, unidade: 'horas', horarioComercial: true }),
    ).toEqual(sp('2026-11-30T09:00:00'));
    // Before opening: the count starts at 08:00.
    expect(
      waitUntil(sp('2026-11-26T06:00:00'), { tipo: 'esperar', quantidade: 30, unidade: 'minutos', horarioComercial: true }),
    ).toEqual(sp('2026-11-26T08:30:00'));
    // 1 working day from Friday 15:00 is Saturday 15:00.
    expect(
      waitUntil(sp('2026-11-27T15:00:00'), { tipo: 'esperar', quantidade: 1, unidade: 'dias', horarioComercial: true }),
    ).toEqual(sp('2026-11-28T15:00:00'));
  });
});

describe('triggerMatches (issue 25 "Triggers")', () => {
  const entered: Trigger = { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 };
  const left: Trigger = { tipo: 'status-saiu', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 };
  const move = { tipo: 'status' as const, mudancas: { cliStatusNegociacao: { de: 4, para: 9 } }, dados: {} };
  it('fires on entering or leaving a status from any path, by the changed column', () => {
    expect(triggerMatches(entered, { ...move, mudancas: { cliStatusNegociacao: { de: 1, para: 4 } } })).toBe(true);
    expect(triggerMatches(entered, move)).toBe(false);
    expect(triggerMatches(left, move)).toBe(true);
    expect(
      triggerMatches(entered, { tipo: 'status-venda', mudancas: { cliStatusNegociacaoVenda: { de: 1, para: 4 } }, dados: {} }),
    ).toBe(false);
  });
  it('fires on a capture by channel, a message by keyword (accents and case ignored), a call by outcome', () => {
    const created = { tipo: 'criado' as const, mudancas: {}, dados: { toque: { canal: 'lead-ads' } } };
    expect(triggerMatches({ tipo: 'captado', canal: 'lead-ads' }, created)).toBe(true);
    expect(triggerMatches({ tipo: 'captado', canal: 'csv' }, created)).toBe(false);
    expect(triggerMatches({ tipo: 'captado', canal: null }, created)).toBe(true);
    const msg = { tipo: 'mensagem-recebida' as const, mudancas: {}, dados: {} };
    expect(triggerMatches({ tipo: 'mensagem-recebida', palavraChave: 'preço' }, msg, 'Qual o PRECO?')).toBe(true);
    expect(triggerMatches({ tipo: 'mensagem-recebida', palavraChave: 'preço' }, msg, 'Oi')).toBe(false);
    const call = { tipo: 'chamada-encerrada' as const, mudancas: {}, dados: { atendida: false } };
    expect(triggerMatches({ tipo: 'chamada-encerrada', atendida: false }, call)).toBe(true);
    expect(triggerMatches({ tipo: 'chamada-encerrada', atendida: true }, call)).toBe(false);
  });
});

describe('automationInputSchema (issue 25 "Steps")', () => {
  it('refuses a rule without steps and a webhook that is not https, with Portuguese messages', () => {
    const base = { nome: 'X', gatilho: { tipo: 'captado', canal: null }, opcoes: { limiteDiario: 1 }, habilitado: true };
    const empty = automationInputSchema.safeParse({ ...base, passos: [] });
    expect(empty.success ? '' : empty.error.issues[0]?.message).toBe('Adicione pelo menos um passo.');
    const http = automationInputSchema.safeParse({ ...base, passos: [{ tipo: 'webhook', url: 'http://10.0.0.1/x' }] });
    expect(http.success ? '' : http.error.issues[0]?.message).toBe('A URL deve começar com https://.');
  });
});

describe("stepResultLabel (issue 25 'Visualizar Desempenho': the run log of a lead, each step, when, the result)", () => {
  it('reads each stored result in Portuguese, one label per result', () => {
    expect(STEP_RESULTS.map(stepResultLabel)).toEqual([
      'Feito',
      'Parou a execução',
      'Falhou',
      'Pausado pelo atendente',
      'Encerrado',
    ]);
    expect(new Set(Object.values(STEP_RESULT_LABELS)).size).toBe(STEP_RESULTS.length);
    // None is the stored word as it is ('ok', 'parou', …).
    for (const r of STEP_RESULTS) expect(stepResultLabel(r)).not.toBe(r);
  });

  it('shows a word it does not know as it is rather than nothing', () => {
    expect(stepResultLabel('adiado')).toBe('adiado');
  });
});

describe("describeStep (issue 25 'Criar automação': steps a manager reads; the engine's error lines)", () => {
  it('says a condition in words, without the field names of the rule', () => {
    expect(describeStep({ tipo: 'condicao', campo: 'status', valor: 4, negar: false })).toBe(
      'Continuar só se o status do funil for #4',
    );
    expect(describeStep({ tipo: 'condicao', campo: 'tag', valor: 'Quente', negar: true })).toBe(
      'Continuar só se o lead não tiver a tag "Quente"',
    );
    expect(describeStep({ tipo: 'condicao', campo: 'campanha', valor: 'Implante', negar: false })).toBe(
      'Continuar só se a campanha for Implante',
    );
  });
});
