// Issue 10 "every write is recorded (who, when, what changed) in an audit trail an admin can read":
// the audit view lists who changed what, filters by entity and pages on the server.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderAdmin, stubApi } from '../../../components/ui/admin-test-kit.tsx';
import { AuditScreen, describeChanges } from './audit-screen.tsx';

const record = {
  id: 1,
  idEmpresa: 2,
  idUnidade: 3,
  idUsuario: 4,
  nomeUsuario: 'Gestora Sorriso',
  entidade: 'unidade',
  idEntidade: 10,
  acao: 'update' as const,
  alteracoes: { nome: { antes: 'Centro', depois: 'Centro Sul' }, ativo: { antes: 1, depois: 0 } },
  datacad: '2026-11-20T13:00:00.000Z',
};

afterEach(cleanup);

describe('issue 10 audit trail view', { timeout: 30_000 }, () => {
  it('says who changed which record and each field before → after', async () => {
    stubApi({ 'GET /cadastros/auditoria': { body: { data: [record], pagina: 1, total: 1, porPagina: 50 } } });
    renderAdmin(<AuditScreen />);
    expect(await screen.findByRole('cell', { name: 'Gestora Sorriso' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Unidade' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Alteração' })).toBeTruthy();
    expect(screen.getByText('nome: Centro → Centro Sul; ativo: 1 → 0')).toBeTruthy();
  });

  it('asks the server for one entity from page 1', async () => {
    const sent = stubApi({ 'GET /cadastros/auditoria': { body: { data: [], pagina: 1, total: 0, porPagina: 50 } } });
    renderAdmin(<AuditScreen />);
    expect(await screen.findByText('Nenhum registro encontrado!')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Cadastro' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Usuário' }));
    await waitFor(() => expect(sent.at(-1)?.path).toBe('/cadastros/auditoria?pagina=1&entidade=usuario'));
  });

  it('describes a creation by its new values and a deletion by its old ones', () => {
    expect(describeChanges({ acao: 'create', alteracoes: { nome: { antes: null, depois: 'Ana' } } })).toBe('nome: Ana');
    expect(describeChanges({ acao: 'delete', alteracoes: { nome: { antes: 'Ana', depois: null } } })).toBe('nome: Ana');
  });
});
