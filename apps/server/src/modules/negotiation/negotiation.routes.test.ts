// 000 §7 "Negotiation (form-data POSTs)": statuses, potential and notes, each with its event.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { potenciais, statusNegociacaoPermitidos } from '../catalog/catalog.table.ts';
import { createLeadsKit, type Kit } from '../leads/leads-test-kit.ts';

let k: Kit;
let potentialA: number;
let potentialB: number;
beforeAll(async () => {
  k = await createLeadsKit();
  const db = k.t.database.db;
  [{ id: potentialA }] = (await db
    .insert(potenciais)
    .values({ idEmpresa: k.t.fixture.companyA, nome: 'Implante' })
    .returning({ id: potenciais.id })) as [{ id: number }];
  [{ id: potentialB }] = (await db
    .insert(potenciais)
    .values({ idEmpresa: k.t.fixture.companyB, nome: 'Da B' })
    .returning({ id: potenciais.id })) as [{ id: number }];
});
afterAll(async () => {
  await k.t.close();
});

const form = (fields: Record<string, string>) => {
  const boundary = '----neg';
  const parts = Object.entries(fields).flatMap(([name, value]) => [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${name}"`,
    '',
    value,
  ]);
  return {
    payload: [...parts, `--${boundary}--`, ''].join('\r\n'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

describe('negociacao/atualizarstatusnegociacao/{id} (001 §4, 000 §3 allowed transitions)', () => {
  it('changes the status from a form-data body with a tipo 5 event id_antigo → id_novo', async () => {
    const id = await k.lead({});
    const res = await k.call('u', {
      method: 'POST',
      url: `/api/negociacao/atualizarstatusnegociacao/${id}`,
      ...form({ status: '4' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Status da negociação atualizado com sucesso.',
      data: { cli_status_negociacao: 4 },
    });
    expect((await k.history(id)).map((h) => [h.tipo, h.idAntigo, h.idNovo, h.atendente])).toEqual([
      [5, 1, 4, k.t.fixture.users.u.id],
    ]);
  });

  it("enforces the unit's allowed transitions: 'Transição de status não permitida.'", async () => {
    const db = k.t.database.db;
    await db.insert(statusNegociacaoPermitidos).values([{ idUnidade: k.unitId('A1'), de: 1, para: 2 }]);
    try {
      const id = await k.lead({});
      const refused = await k.call('u', {
        method: 'POST',
        url: `/api/negociacao/atualizarstatusnegociacao/${id}`,
        payload: { status: 5 },
      });
      expect([refused.statusCode, refused.json().message]).toEqual([400, 'Transição de status não permitida.']);
      expect(await k.history(id)).toEqual([]);
      const allowed = await k.call('u', {
        method: 'POST',
        url: `/api/negociacao/atualizarstatusnegociacao/${id}`,
        payload: { status: 2 },
      });
      expect(allowed.statusCode).toBe(200);
    } finally {
      await db.delete(statusNegociacaoPermitidos).where(eq(statusNegociacaoPermitidos.idUnidade, k.unitId('A1')));
    }
  });

  it('refuses an unknown status id or a wrong type and changes nothing', async () => {
    const id = await k.lead({});
    const unknown = await k.call('u', {
      method: 'POST',
      url: `/api/negociacao/atualizarstatusnegociacao/${id}`,
      payload: { status: 77 },
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Status de negociação inválido.']);
    for (const status of ['quatro', true, { id: 4 }, 4.5]) {
      expect(
        (await k.call('u', { method: 'POST', url: `/api/negociacao/atualizarstatusnegociacao/${id}`, payload: { status } }))
          .statusCode,
      ).toBe(400);
    }
    expect((await k.leadRow(id)).cliStatusNegociacao).toBe(1);
  });
});

describe('negociacao/atualizarstatusnegociacaovenda/{id} (001 §6 edicao_status_cliente)', () => {
  it('changes the sale status with a tipo 8 event', async () => {
    const id = await k.lead({});
    const res = await k.call('u', {
      method: 'POST',
      url: `/api/negociacao/atualizarstatusnegociacaovenda/${id}`,
      payload: { status: 3 },
    });
    expect(res.json()).toMatchObject({
      message: 'Status do cliente atualizado com sucesso.',
      data: { cli_status_negociacao_venda: 3 },
    });
    expect((await k.history(id)).map((h) => [h.tipo, h.idAntigo, h.idNovo])).toEqual([[8, 1, 3]]);
  });

  it('is refused without edicao_status_cliente', async () => {
    const id = await k.lead({});
    await k.setExtras('A1', { clienteAtendente: true });
    try {
      const res = await k.call('u', {
        method: 'POST',
        url: `/api/negociacao/atualizarstatusnegociacaovenda/${id}`,
        payload: { status: 3 },
      });
      expect([res.statusCode, res.json().message]).toEqual([400, 'Você não tem permissão para alterar o status do cliente.']);
      expect((await k.leadRow(id)).cliStatusNegociacaoVenda).toBe(1);
    } finally {
      await k.setExtras('A1', { clienteAtendente: true, edicao_status_cliente: true, cadastrarCEP: true });
    }
  });
});

describe('negociacao/atualizarpotencial/{id} (001 §3 potential 0 to 5)', () => {
  it('rates the lead with a tipo 7 event', async () => {
    const id = await k.lead({});
    const res = await k.call('u', {
      method: 'POST',
      url: `/api/negociacao/atualizarpotencial/${id}`,
      ...form({ idPotencial: String(potentialA), valor: '4' }),
    });
    expect(res.json()).toMatchObject({ data: { id_potencial: potentialA, valor_potencial: 4 } });
    expect((await k.history(id)).map((h) => [h.tipo, h.idNovo, h.valorAntigo, h.valorNovo])).toEqual([
      [7, potentialA, '0.00', '4.00'],
    ]);
  });

  it("refuses a rating outside 0..5 and another company's potential", async () => {
    const id = await k.lead({});
    expect(
      (
        await k.call('u', {
          method: 'POST',
          url: `/api/negociacao/atualizarpotencial/${id}`,
          payload: { idPotencial: potentialA, valor: 6 },
        })
      ).statusCode,
    ).toBe(400);
    const other = await k.call('u', {
      method: 'POST',
      url: `/api/negociacao/atualizarpotencial/${id}`,
      payload: { idPotencial: potentialB, valor: 2 },
    });
    expect([other.statusCode, other.json().message]).toEqual([400, 'Potencial de negociação não encontrado.']);
    expect(await k.history(id)).toEqual([]);
  });
});

describe('notes: negociacao/adicionaritem, removeritem, removercomentario', () => {
  it('adds a note (tipo 2), removes it with a trace, and refuses an empty text', async () => {
    const id = await k.lead({});
    const added = await k.call('u', {
      method: 'POST',
      url: `/api/negociacao/adicionaritem/${id}`,
      ...form({ tipo: '2', texto: 'Cliente pediu retorno' }),
    });
    expect(added.json().message).toBe('Anotação adicionada com sucesso.');
    const itemId = added.json().data.id as number;
    expect(await k.history(id)).toMatchObject([{ id: itemId, tipo: 2, texto: 'Cliente pediu retorno' }]);
    const removed = await k.call('u', { method: 'POST', url: `/api/negociacao/removeritem/${itemId}` });
    expect(removed.json().message).toBe('Anotação removida com sucesso.');
    expect((await k.history(id)).map((h) => [h.tipo, h.texto])).toEqual([[2, 'Anotação removida: Cliente pediu retorno']]);
    const empty = await k.call('u', {
      method: 'POST',
      url: `/api/negociacao/adicionaritem/${id}`,
      payload: { tipo: 2, texto: '   ' },
    });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Texto da anotação é obrigatório.']);
  });

  it('clears the comment of a history item; an item of another unit is not found', async () => {
    const id = await k.lead({});
    const added = await k.call('u', {
      method: 'POST',
      url: `/api/negociacao/adicionaritem/${id}`,
      payload: { tipo: 2, texto: 'Com comentário' },
    });
    const itemId = added.json().data.id as number;
    await k.t.database.db.execute(`update historico set comentario = 'ligar à tarde' where id = ${itemId}`);
    const res = await k.call('u', {
      method: 'POST',
      url: `/api/negociacao/removercomentario/${itemId}`,
      payload: { comentario: '' },
    });
    expect(res.json().message).toBe('Comentário removido com sucesso.');
    expect((await k.history(id)).find((h) => h.id === itemId)?.comentario).toBeNull();
    const foreign = await k.call('uB1', { method: 'POST', url: `/api/negociacao/removeritem/${itemId}` });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Item do histórico não encontrado.']);
  });
});
