import { describe, expect, it } from 'vitest';

import {
  creationScopeOf,
  editableScopesOf,
  QUICK_MESSAGE_TEXTS,
  quickMessageCreateBodySchema,
  quickMessageEditBodySchema,
  quickMessageErrorCode,
  quickMessageSuggestions,
} from './quick-messages-api.ts';

describe('quick-message create body (001 §5 "Quick-message creation")', () => {
  const base = { idCategoria: 3, tituloMensagem: 'Saudação', mensagem: 'Olá [nome_cliente]!' };
  it('accepts a chosen category, trims the title', () => {
    const body = quickMessageCreateBodySchema.parse({ ...base, tituloMensagem: '  Saudação  ' });
    expect(body.tituloMensagem).toBe('Saudação');
    expect(body.novaCategoria).toBe(false);
  });
  it('"A category must be selected"', () => {
    const r = quickMessageCreateBodySchema.safeParse({ ...base, idCategoria: null });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Dados inválidos!');
  });
  it('title non-empty after trimming and at most 100 characters', () => {
    expect(quickMessageCreateBodySchema.safeParse({ ...base, tituloMensagem: '   ' }).success).toBe(false);
    expect(quickMessageCreateBodySchema.safeParse({ ...base, tituloMensagem: 'x'.repeat(101) }).success).toBe(false);
    expect(quickMessageCreateBodySchema.safeParse({ ...base, tituloMensagem: 'x'.repeat(100) }).success).toBe(true);
  });
  it('message non-empty after trimming, kept as typed', () => {
    expect(quickMessageCreateBodySchema.safeParse({ ...base, mensagem: ' \n ' }).success).toBe(false);
    expect(quickMessageCreateBodySchema.parse({ ...base, mensagem: 'a\nb ' }).mensagem).toBe('a\nb ');
  });
  it("a new category: trimmed 1..100, not literally 'Criar categoria'", () => {
    const n = (nomeCategoria: string) =>
      quickMessageCreateBodySchema.safeParse({ ...base, idCategoria: null, novaCategoria: true, nomeCategoria }).success;
    expect(n('Vendas')).toBe(true);
    expect(n('  ')).toBe(false);
    expect(n('y'.repeat(101))).toBe(false);
    expect(n(QUICK_MESSAGE_TEXTS.createCategory)).toBe(false);
    expect(n(' Criar categoria ')).toBe(false);
  });
  it('editing applies the same title and message rules', () => {
    expect(quickMessageEditBodySchema.safeParse({ idModelo: 1, tituloMensagem: '', mensagem: 'a' }).success).toBe(false);
    expect(quickMessageEditBodySchema.safeParse({ idModelo: 1, tituloMensagem: 'a', mensagem: '  ' }).success).toBe(false);
    expect(quickMessageEditBodySchema.safeParse({ idModelo: 1, tituloMensagem: 'a', mensagem: 'b' }).success).toBe(true);
  });
});

describe('scopes by permission (001 §6)', () => {
  it('ag company, a unit, u attendant', () => {
    expect(creationScopeOf('ag')).toBe('empresa');
    expect(creationScopeOf('a')).toBe('unidade');
    expect(creationScopeOf('u')).toBe('atendente');
  });
  it('only ag (and the super-admin) change company templates', () => {
    expect(editableScopesOf('ag')).toContain('empresa');
    expect(editableScopesOf('a')).not.toContain('empresa');
    expect(editableScopesOf('u')).toEqual(['atendente']);
  });
});

describe("'Código do erro: {status}-{data.status}' (001 §8)", () => {
  it('defaults the HTTP status to 500', () => {
    expect(quickMessageErrorCode(400, 400)).toBe('Código do erro: 400-400');
    expect(quickMessageErrorCode(undefined, undefined)).toBe('Código do erro: 500-');
  });
});

describe("'/' suggestions filtered by title (001 §5 Composer)", () => {
  const t = [{ tituloMensagem: 'Boas-vindas' }, { tituloMensagem: 'Promoção' }, { tituloMensagem: 'Última promoção' }];
  it('only when the text starts with /', () => {
    expect(quickMessageSuggestions('oi', t)).toBeNull();
    expect(quickMessageSuggestions('/', t)).toHaveLength(3);
  });
  it('accent- and case-free, titles starting with the query first', () => {
    expect(quickMessageSuggestions('/PROMO', t)?.map((x) => x.tituloMensagem)).toEqual(['Promoção', 'Última promoção']);
    expect(quickMessageSuggestions('/ultima', t)?.map((x) => x.tituloMensagem)).toEqual(['Última promoção']);
  });
});
