// The shared rules of the administration forms (002 §5 "Settings", "Negotiation status form",
// "Potential"; 002 §2.9), used by the server and by the browser's forms alike.
import { describe, expect, it } from 'vitest';

import { EXTRAS_TOGGLES, extrasBodySchema } from './extras.ts';
import { POTENTIAL_DEFAULT_LABELS, potentialBodySchema } from './potentials.ts';
import { DEFAULT_UNIT_SETTINGS, normaliseStatusIds, parseStatusIds, unitSettingsBodySchema } from './settings.ts';
import { isStatusPaletteColor, negotiationStatusBodySchema, STATUS_PALETTE, statusInUseMessage } from './statuses.ts';

const settings = { ...DEFAULT_UNIT_SETTINGS };

describe('unit settings (002 §5 "Settings", §9)', () => {
  it('accepts the 002 §9 defaults as they are', () => {
    expect(unitSettingsBodySchema.parse(settings)).toMatchObject({
      ligacao_limite_tentativas: 6,
      ligacao_limite_tentativas_diarias: 3,
      regra_fila_3: '5,3',
    });
  });
  it("refuses daily attempts above the total with 'O número de tentativas diárias é maior que o total de tentativas!'", () => {
    const result = unitSettingsBodySchema.safeParse({
      ...settings,
      ligacao_limite_tentativas: 2,
      ligacao_limite_tentativas_diarias: 3,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: 'O número de tentativas diárias é maior que o total de tentativas!',
      path: ['ligacao_limite_tentativas_diarias'],
    });
    expect(
      unitSettingsBodySchema.safeParse({ ...settings, ligacao_limite_tentativas: 3, ligacao_limite_tentativas_diarias: 3 })
        .success,
    ).toBe(true);
  });
  it('keeps every number at 1 or more', () => {
    const result = unitSettingsBodySchema.safeParse({ ...settings, intervalo_dias_crm: 0 });
    expect(result.error?.issues[0]?.message).toBe('O valor mínimo é 1.');
  });
  it('reads a queue rule as text or as the used side of a transfer list, and answers it as text', () => {
    expect(unitSettingsBodySchema.parse({ ...settings, regra_fila_1: [4, 1, 4] }).regra_fila_1).toBe('4,1');
    expect(unitSettingsBodySchema.parse({ ...settings, regra_fila_1: ' 1, 7 ' }).regra_fila_1).toBe('1,7');
    expect(unitSettingsBodySchema.safeParse({ ...settings, regra_fila_1: '1;7' }).success).toBe(false);
    expect(parseStatusIds('')).toEqual([]);
    expect(normaliseStatusIds([5, 3, 5])).toBe('5,3');
  });
});

describe('negotiation status form (002 §5)', () => {
  it("answers 'Nome é obrigatório' and 'Ordem do funil é obrigatório'", () => {
    expect(negotiationStatusBodySchema.safeParse({ nome: '', idFunil: 2 }).error?.issues[0]?.message).toBe('Nome é obrigatório');
    expect(negotiationStatusBodySchema.safeParse({ nome: 'X' }).error?.issues[0]?.message).toBe('Ordem do funil é obrigatório');
    expect(negotiationStatusBodySchema.parse({ nome: 'X', idFunil: '3' }).idFunil).toBe(3);
  });
  it('offers 12 named colours; black is the default and also allowed', () => {
    expect(STATUS_PALETTE.map((c) => c.nome)).toEqual([
      'Vermelho',
      'Rosa',
      'Roxo',
      'Índigo',
      'Azul',
      'Azul-claro',
      'Ciano',
      'Verde',
      'Lima',
      'Amarelo',
      'Laranja',
      'Cinza',
    ]);
    expect(isStatusPaletteColor('#000000')).toBe(true);
    expect(isStatusPaletteColor('#F44336')).toBe(true);
    expect(isStatusPaletteColor('#123456')).toBe(false);
  });
  it('says how many leads hold a status', () => {
    expect(statusInUseMessage(1)).toBe('Este status está em 1 lead. Escolha para qual status ele vai antes de excluir.');
    expect(statusInUseMessage(3)).toBe('Este status está em 3 leads. Escolha para qual status eles vão antes de excluir.');
  });
});

describe('potential (002 §5: all fields required)', () => {
  it('defaults to Nenhum, Pouco, Pouco+, Médio, Médio+, Muito and requires every field', () => {
    expect(Object.values(POTENTIAL_DEFAULT_LABELS)).toEqual(['Nenhum', 'Pouco', 'Pouco+', 'Médio', 'Médio+', 'Muito']);
    const body = { nome: 'N', descricao: 'D', ...POTENTIAL_DEFAULT_LABELS, ativo: true };
    expect(potentialBodySchema.parse(body).ativo).toBe(1);
    expect(potentialBodySchema.safeParse({ ...body, descricao: '' }).error?.issues[0]?.message).toBe('Obrigatório');
  });
});

describe('feature toggles (002 §2.9)', () => {
  it('labels the five visible toggles as the spec does', () => {
    expect(EXTRAS_TOGGLES.map((t) => t.label)).toEqual([
      'Pipeline',
      'Atribuir cliente à atendete',
      'Assinar mensagem',
      'Agendar mensagem pelo header do WhatsApp',
      'Edição de status do cliente',
    ]);
  });
  it('takes any subset of the known flags and refuses others', () => {
    expect(extrasBodySchema.parse({ pipeline: true })).toEqual({ pipeline: true });
    expect(extrasBodySchema.safeParse({ desconhecido: true }).success).toBe(false);
  });
});
