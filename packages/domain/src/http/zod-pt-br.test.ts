// Issue 21 item 12: zod's messages in plain Brazilian Portuguese (002 §5 'Obrigatório', 'O valor deve
// ser no mínimo N'), never zod's English nor its European-Portuguese locale ('Demasiado pequeno: …').
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { partnerCreateSchema } from '../admin-api/partners.ts';
import { configureZodPtBr, ZOD_PT_BR } from './zod-pt-br.ts';

/** zod's own wordings, English and European Portuguese, that a user must never read. */
const ZOD_WORDING =
  /Demasiado|esperava|recebeu|Entrada inválida|Expected|Invalid|Required|Too (small|big)|ficheiro|registo|tuplo|[<>]=?\s*\d/;

beforeAll(() => configureZodPtBr());

const messageOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('esperava uma falha');
  return parsed.error.issues[0]!.message;
};

describe('zod in Brazilian Portuguese (issue 21 item 12)', () => {
  it("an empty required text reads 002 §5's 'Obrigatório'; the partner's empty amount too", () => {
    expect(messageOf(z.string().min(1), '')).toBe('Obrigatório');
    expect(messageOf(z.string().trim().min(1), '   ')).toBe('Obrigatório');
    const partner = partnerCreateSchema.safeParse({
      nome: 'P',
      email: 'p@x.com.br',
      senha: 'senha-123',
      descricao: 'd',
      conta: 'c',
      administrador: 0,
      idUnidade: 1,
      ativo: true,
      valor_operacao_1: '',
      valor_operacao_2: 1,
      valor_operacao_3: 1,
    });
    expect(partner.success ? [] : partner.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['valor_operacao_1', 'Obrigatório'],
    ]);
  });

  it("numbers out of range read 002 §5's 'O valor deve ser no mínimo N' / 'no máximo N', with pt-BR digits", () => {
    expect(messageOf(z.number().min(1), 0)).toBe('O valor deve ser no mínimo 1');
    expect(messageOf(z.number().max(1500), 2000)).toBe('O valor deve ser no máximo 1.500');
    expect(messageOf(z.number().positive(), 0)).toBe('O valor deve ser maior que 0');
  });

  it('every other check answers plain Portuguese without zod’s wording', () => {
    const cases: [z.ZodType, unknown][] = [
      [z.string(), 5],
      [z.string(), undefined],
      [z.number(), 'x'],
      [z.number().int(), 1.5],
      [z.boolean(), 'x'],
      [z.array(z.string()), 'x'],
      [z.array(z.string()).min(1), []],
      [z.array(z.string()).max(2), ['a', 'b', 'c']],
      [z.string().max(10), 'x'.repeat(11)],
      [z.string().min(8), 'abc'],
      [z.email(), 'x'],
      [z.url(), 'x'],
      [z.iso.date(), 'x'],
      [z.iso.datetime(), 'x'],
      [z.string().regex(/^\d+$/), 'x'],
      [z.enum(['a', 'b']), 'c'],
      [z.literal('a'), 'b'],
      [z.number().multipleOf(5), 3],
      [z.strictObject({ a: z.string() }), { a: 'x', b: 1 }],
      [z.union([z.number(), z.boolean()]), 'x'],
      [z.date().min(new Date('2026-01-01')), new Date('2025-01-01')],
    ];
    for (const [schema, value] of cases) {
      const message = messageOf(schema, value);
      expect(message, String(value)).not.toMatch(ZOD_WORDING);
      expect(message.length, String(value)).toBeGreaterThan(0);
    }
    expect(messageOf(z.email(), 'x')).toBe(ZOD_PT_BR.email);
    expect(messageOf(z.string(), undefined)).toBe('Campo obrigatório.');
  });
});
