// The /automacao API (issue 25; 002 §2.7; 000 §6): admin and user with the unit's `automacao` flag;
// only the admin changes rules, the user sees them and retries a run (docs/decisions.md
// "Automations"); no unit reads or changes another's.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AUTOMATION_API_MESSAGES, type RuleView } from '@funil/domain/automations/automations';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { unidadeConfiguracoes } from '../tenancy/tenancy.table.ts';

let t: TestApp;
const tokens = { a: '', u: '', m: '', uA2: '', aB1: '' };
const body = {
  nome: 'Tabela de preços',
  gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 },
  opcoes: { limiteDiario: 1 },
  passos: [
    { tipo: 'mensagem', texto: 'Olá [nome_cliente], segue a tabela.' },
    { tipo: 'esperar', quantidade: 3, unidade: 'dias', horarioComercial: true },
    { tipo: 'status', familia: 'negociacao', idStatus: 9 },
  ],
  habilitado: true,
};

beforeAll(async () => {
  t = await createTestApp({ settings: { extras: { automacao: true } }, automations: { autoStart: false } });
  const f = t.fixture;
  // Unit A2 has the flag off.
  await t.database.db
    .update(unidadeConfiguracoes)
    .set({ configuracoesExtra: '{}' })
    .where(eq(unidadeConfiguracoes.idUnidade, f.unitA2));
  tokens.a = await t.login(f.users.a.email);
  tokens.u = await t.login(f.users.u.email);
  tokens.m = await t.login(f.users.m.email);
  tokens.uA2 = await t.login(f.users.uA2.email);
  tokens.aB1 = await t.login(f.users.aB1.email);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('/api/automacoes (issue 25, 002 §2.7)', () => {
  it('the admin creates, edits, disables and enables; the user of the unit sees it and its performance', async () => {
    const created = await t.as(tokens.a, { method: 'POST', url: '/api/automacoes', payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const rule = (created.json() as { message: string; data: RuleView }).data;
    expect(created.json()).toMatchObject({
      message: AUTOMATION_API_MESSAGES.created,
      data: { nome: 'Tabela de preços', habilitado: true },
    });
    const edited = await t.as(tokens.a, {
      method: 'PUT',
      url: `/api/automacoes/${rule.id}`,
      payload: { ...body, nome: 'Preços' },
    });
    expect(edited.json()).toMatchObject({ data: { nome: 'Preços' } });
    const off = await t.as(tokens.a, { method: 'PUT', url: `/api/automacoes/${rule.id}/status`, payload: { habilitado: false } });
    expect(off.json()).toMatchObject({ message: AUTOMATION_API_MESSAGES.disabled, data: { habilitado: false } });
    const list = await t.as(tokens.u, { method: 'GET', url: '/api/automacoes' });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: RuleView[] }).data.map((r) => [r.nome, r.habilitado])).toEqual([['Preços', false]]);
    const perf = await t.as(tokens.u, { method: 'GET', url: `/api/automacoes/${rule.id}/desempenho` });
    expect(perf.statusCode, perf.body).toBe(200);
    expect(perf.json()).toMatchObject({ data: { figuras: { iniciadas: 0, concluidas: 0 }, execucoes: [] } });
  });

  it('only the admin changes rules; a user without the flag, another role and another unit or company get nothing', async () => {
    const created = await t.as(tokens.a, { method: 'POST', url: '/api/automacoes', payload: { ...body, nome: 'Outra' } });
    const id = (created.json() as { data: RuleView }).data.id;
    const byUser = await t.as(tokens.u, { method: 'POST', url: '/api/automacoes', payload: body });
    expect(byUser.json()).toMatchObject({ status: 403, message: AUTOMATION_API_MESSAGES.adminOnly });
    const editByUser = await t.as(tokens.u, {
      method: 'PUT',
      url: `/api/automacoes/${id}/status`,
      payload: { habilitado: false },
    });
    expect(editByUser.statusCode).toBe(403);
    // A manager (000 §6: not a role of /automacao) and a user of a unit without the flag: 403.
    expect((await t.as(tokens.m, { method: 'GET', url: '/api/automacoes' })).statusCode).toBe(403);
    expect((await t.as(tokens.uA2, { method: 'GET', url: '/api/automacoes' })).statusCode).toBe(403);
    // Another company's admin never sees nor changes unit A1's rule.
    expect(((await t.as(tokens.aB1, { method: 'GET', url: '/api/automacoes' })).json() as { data: unknown[] }).data).toEqual([]);
    const foreign = await t.as(tokens.aB1, { method: 'PUT', url: `/api/automacoes/${id}`, payload: body });
    expect(foreign.json()).toMatchObject({ status: 404, message: AUTOMATION_API_MESSAGES.notFound });
    expect((await t.as(tokens.aB1, { method: 'GET', url: `/api/automacoes/${id}/desempenho` })).statusCode).toBe(404);
    const after = await t.as(tokens.a, { method: 'GET', url: `/api/automacoes/${id}/desempenho` });
    expect(after.json()).toMatchObject({ data: { automacao: { nome: 'Outra', habilitado: true } } });
  });

  it('a bad rule is refused in Portuguese and stores nothing', async () => {
    const before = ((await t.as(tokens.a, { method: 'GET', url: '/api/automacoes' })).json() as { data: unknown[] }).data.length;
    const empty = await t.as(tokens.a, { method: 'POST', url: '/api/automacoes', payload: { ...body, passos: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Adicione pelo menos um passo.');
    const http = await t.as(tokens.a, {
      method: 'POST',
      url: '/api/automacoes',
      payload: { ...body, passos: [{ tipo: 'webhook', url: 'http://169.254.169.254/' }] },
    });
    expect(http.body).toContain('A URL deve começar com https://.');
    const retry = await t.as(tokens.u, {
      method: 'POST',
      url: '/api/automacoes/999999/execucoes/1/repetir',
      payload: { passo: 1 },
    });
    expect(retry.json()).toMatchObject({ status: 404, message: AUTOMATION_API_MESSAGES.notFound });
    const after = ((await t.as(tokens.a, { method: 'GET', url: '/api/automacoes' })).json() as { data: unknown[] }).data.length;
    expect(after).toBe(before);
  });
});
