// 002 §5 'Unit', 'User', 'Partner' texts and the permission levels of issue 10.
import { describe, expect, it } from 'vitest';

import { partnerCreateSchema } from './partners.ts';
import { passwordChangeSchema } from './password.ts';
import { unitCreateSchema, unitSystemFieldIssues } from './units.ts';
import { assignablePermissions, canAssignPermission, userCreateSchema } from './users.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('unit form (002 §5 Unit)', () => {
  it('answers the spec texts for nome and ddd', () => {
    expect(firstMessage(unitCreateSchema.safeParse({ nome: ' ', ddd: '11' }))).toBe('Nome é obrigatório');
    expect(firstMessage(unitCreateSchema.safeParse({ nome: 'X', ddd: '' }))).toBe('DDD é obrigatório');
  });
  it('requires idSistema and filtro except for company 1', () => {
    expect(unitSystemFieldIssues({}, 2)).toEqual({
      idSistema: 'id do sistema é obrigatório',
      filtro: 'Filtro Facebook é obrigatório',
    });
    expect(unitSystemFieldIssues({}, 1)).toEqual({});
  });
});

describe('user form (002 §5 User) and levels (issue 10)', () => {
  it('answers Digite um email válido, and Obrigatório for the -1 placeholders', () => {
    const base = { nome: 'Ana', email: 'ana@x.com', senha: 'segura123', idUnidade: 1, permissao: 'u' };
    expect(userCreateSchema.safeParse(base).success).toBe(true);
    expect(firstMessage(userCreateSchema.safeParse({ ...base, email: 'ana' }))).toBe('Digite um email válido');
    expect(firstMessage(userCreateSchema.safeParse({ ...base, email: '' }))).toBe('Obrigatório');
    expect(firstMessage(userCreateSchema.safeParse({ ...base, idUnidade: -1 }))).toBe('Obrigatório');
    expect(firstMessage(userCreateSchema.safeParse({ ...base, permissao: -1 }))).toBe('Obrigatório');
  });
  it('nobody gives a permission above their own', () => {
    expect(assignablePermissions('a')).toEqual(['u', 'a', 'm']);
    expect(assignablePermissions('ag')).not.toContain('sa');
    expect(assignablePermissions('u')).toEqual([]);
    expect(canAssignPermission('a', 'ag')).toBe(false);
    expect(canAssignPermission('sa', 'sa')).toBe(true);
  });
});

describe('partner form (002 §5 Partner)', () => {
  const base = {
    nome: 'P',
    email: 'p@x.com',
    senha: 'segura123',
    descricao: 'd',
    conta: 'c',
    administrador: 0,
    idUnidade: 1,
    ativo: true,
    valor_operacao_1: 'R$ 1.234,50',
    valor_operacao_2: 10,
    valor_operacao_3: '0',
  };
  it('reads BRL amounts and answers Campos obrigatórios não preenchidos for -1', () => {
    const parsed = partnerCreateSchema.parse(base);
    expect(parsed.valor_operacao_1).toBe(1234.5);
    expect(firstMessage(partnerCreateSchema.safeParse({ ...base, idUnidade: -1 }))).toBe('Campos obrigatórios não preenchidos');
    expect(firstMessage(partnerCreateSchema.safeParse({ ...base, administrador: -1 }))).toBe(
      'Campos obrigatórios não preenchidos',
    );
  });
});

describe('own password', () => {
  it('refuses a confirmation that differs', () => {
    expect(
      firstMessage(passwordChangeSchema.safeParse({ senhaAtual: 'a', novaSenha: 'novasenha1', confirmacao: 'novasenha2' })),
    ).toBe('As senhas não conferem.');
  });
});
