// 001 §7 Tags: the unit's tags and a lead's tags, with mensagemTag events (000 §4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TAG_COLORS } from '@funil/domain/leads/negotiation';

import { createLeadsKit, type Kit } from '../leads/leads-test-kit.ts';

let k: Kit;
beforeAll(async () => {
  k = await createLeadsKit();
});
afterAll(async () => {
  await k.t.close();
});

const createTag = async (who: keyof Kit['token'], body: Record<string, unknown>) =>
  k.call(who, { method: 'POST', url: '/api/tags', payload: body });

describe('GET/POST tags', () => {
  it('creates a tag with only a name and a random palette colour; answers data.id', async () => {
    const res = await createTag('u', { nome: 'Quente' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Tag criada com sucesso');
    expect(TAG_COLORS.map((c) => c.hex)).toContain(res.json().data.cor);
    expect(typeof res.json().data.id).toBe('number');
  });

  it('accepts any #rrggbb, refuses a bad colour, a blank name and a duplicate name', async () => {
    expect((await createTag('u', { nome: 'Custom', cor: '#12AB34', descricao: 'minha' })).json().data).toMatchObject({
      cor: '#12ab34',
      descricao: 'minha',
    });
    expect((await createTag('u', { nome: 'Ruim', cor: 'vermelho' })).statusCode).toBe(400);
    expect((await createTag('u', { nome: ' ' })).json().message).toBe('Nome da tag é obrigatório');
    const dup = await createTag('u', { nome: 'quente' });
    expect([dup.statusCode, dup.json().message]).toEqual([409, 'Já existe uma tag com este nome.']);
  });

  it("lists only the unit's tags", async () => {
    await createTag('uB1', { nome: 'Só na B1' });
    const names = (await k.call('u', { method: 'GET', url: '/api/tags' })).json().data.map((t: { nome: string }) => t.nome);
    expect(names).toContain('Quente');
    expect(names).not.toContain('Só na B1');
  });
});

describe('tagsClientes', () => {
  it("assigns tags with one tipo 11 event each (id_novo = tag) and removes one (id_novo 0): 'Tags atribuídas com sucesso'", async () => {
    const id = await k.lead({});
    const t1 = (await createTag('u', { nome: 'Retornar' })).json().data.id as number;
    const t2 = (await createTag('u', { nome: 'VIP' })).json().data.id as number;
    const res = await k.call('u', {
      method: 'POST',
      url: `/api/tagsClientes/${id}`,
      payload: { tags: [{ id_tag: t1 }, { id_tag: String(t2) }] },
    });
    expect(res.json().message).toBe('Tags atribuídas com sucesso');
    expect(
      res
        .json()
        .data.map((t: { id_tag: number }) => t.id_tag)
        .sort(),
    ).toEqual([t1, t2].sort());
    const list = await k.call('u', { method: 'GET', url: `/api/tagsClientes/cliente/${id}` });
    expect(list.json().data.map((t: { nome: string }) => t.nome)).toEqual(['Retornar', 'VIP']);
    const del = await k.call('u', { method: 'DELETE', url: `/api/tagsClientes/${id}/${t1}` });
    expect([del.json().message, del.json().data.map((t: { nome: string }) => t.nome)]).toEqual([
      'Tag removida com sucesso',
      ['VIP'],
    ]);
    expect((await k.history(id)).map((h) => [h.tipo, h.idAntigo, h.idNovo, h.descricao])).toEqual([
      [11, null, t1, 'Retornar'],
      [11, null, t2, 'VIP'],
      [11, t1, 0, 'Retornar'],
    ]);
    // The list shows the tags on the lead.
    const full = await k.call('u', { method: 'GET', url: `/api/contato/completo/${id}` });
    expect(full.json().data.crm_contato_completo.tags.map((t: { nome: string }) => t.nome)).toEqual(['VIP']);
  });

  it("refuses another unit's tag and an unlinked tag; bad body shapes are 400", async () => {
    const id = await k.lead({});
    const foreign = (await createTag('uA2', { nome: 'Da A2' })).json().data.id as number;
    const res = await k.call('u', { method: 'POST', url: `/api/tagsClientes/${id}`, payload: { tags: [{ id_tag: foreign }] } });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Tag não encontrada.']);
    expect((await k.call('u', { method: 'DELETE', url: `/api/tagsClientes/${id}/${foreign}` })).statusCode).toBe(404);
    expect((await k.call('u', { method: 'POST', url: `/api/tagsClientes/${id}`, payload: { tags: 'VIP' } })).statusCode).toBe(
      400,
    );
    expect((await k.call('u', { method: 'POST', url: `/api/tagsClientes/${id}`, payload: { tags: [] } })).statusCode).toBe(400);
    expect(await k.history(id)).toEqual([]);
  });
});
