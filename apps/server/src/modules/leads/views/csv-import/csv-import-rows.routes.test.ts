// 000 §4 "CSV import": what one imported row becomes, now that a batch is inserted set-based from
// JSON (leads, tag links and history in one statement): the same values as a lead registered from
// a CSV row, ids in line order, the job items written in order, and the list total up to date.
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildContactListPath, CONTACT_LIST_LAYOUT, emptyFilter } from '@funil/domain/leads/filter-segments';

import { jobItems } from '../../../../jobs/jobs.table.ts';
import { createLeadsKit, type Kit } from '../../leads-test-kit.ts';
import { historico, leads } from '../../leads.table.ts';

let k: Kit;
beforeAll(async () => {
  k = await createLeadsKit();
});
afterAll(async () => {
  await k.t.close();
});

function upload(csv: string) {
  const boundary = '----csv';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="linhas.csv"\r\nContent-Type: ` +
    `text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return k.call('a', {
    method: 'POST',
    url: '/api/contato/importarcsv',
    payload: Buffer.from(body),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function waitDone(id: number) {
  for (let i = 0; i < 200; i += 1) {
    const res = await k.call('a', { method: 'GET', url: `/api/contato/importarcsv/${id}` });
    if (['done', 'failed', 'cancelled'].includes(res.json().data.status)) return res.json().data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('importação não terminou');
}

const total = async () => {
  const res = await k.call('a', {
    method: 'GET',
    url: `/api/${buildContactListPath('lista', { ...emptyFilter(CONTACT_LIST_LAYOUT), cli_campanha_nome: 'Anúncio Linhas' })}`,
  });
  return res.json().data.crm_contato_total.total as number;
};

describe('000 §4 CSV import: the rows as written', () => {
  it('fills the columns of the file, defaults the rest, links the tags and writes one event per lead, in line order', async () => {
    expect(await total()).toBe(0);
    const lines = [
      'cli_nome,cli_telefone,cli_email,ad_name,ad_id,cli_tags',
      'Linha Ção 1,(21) 98765-0001,um@exemplo.com.br,Anúncio Linhas,AD-1,"Quente; Fria ;Fria"',
      'Linha 2,21987650002,,Anúncio Linhas,,',
      'Linha 3,2187650003,,Anúncio Linhas,,Fria',
    ];
    const res = await upload(lines.join('\r\n'));
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as number;
    const items = await k.t.database.db
      .select({ seq: jobItems.seq })
      .from(jobItems)
      .where(eq(jobItems.jobId, id))
      .orderBy(asc(jobItems.seq));
    expect(items.map((i) => i.seq)).toEqual([0, 1, 2]);
    const job = await waitDone(id);
    expect([job.status, job.relatorio.importados, job.relatorio.falhas]).toEqual(['done', 3, []]);
    const rows = await k.t.database.db.select().from(leads).where(like(leads.cliNome, 'Linha %')).orderBy(asc(leads.cliCrmId));
    expect(rows.map((r) => r.cliNome)).toEqual(['Linha Ção 1', 'Linha 2', 'Linha 3']);
    expect(rows[0]).toMatchObject({
      idEmpresa: k.t.fixture.companyA,
      idUnidade: k.unitId('A1'),
      cliTelefone: '21987650001',
      telefoneChave: '2187650001',
      cliEmail: 'um@exemplo.com.br',
      adName: 'Anúncio Linhas',
      adId: 'AD-1',
      cliCampanhaNome: 'Anúncio Linhas',
      informacoesExtra: {},
      cliStatusNegociacao: 1,
      cliContatoStatus: 1,
      cliId: 0,
      desativado: 0,
      idUsuario: null,
      valorTicket: '0.00',
    });
    expect(rows[1]).toMatchObject({ cliEmail: null, adId: null });
    const tagsOf = async (leadId: number) =>
      (await k.call('a', { method: 'GET', url: `/api/tagsClientes/cliente/${leadId}` }))
        .json()
        .data.map((t: { nome: string }) => t.nome);
    expect(await tagsOf(rows[0]!.cliCrmId)).toEqual(['Fria', 'Quente']);
    expect(await tagsOf(rows[1]!.cliCrmId)).toEqual([]);
    expect(await tagsOf(rows[2]!.cliCrmId)).toEqual(['Fria']);
    const events = await k.t.database.db.select().from(historico).where(eq(historico.cliCrmId, rows[0]!.cliCrmId));
    expect(events.map((e) => [e.tipo, e.idUnidade, e.atendente, e.descricao, e.texto])).toEqual([
      [9, k.unitId('A1'), k.t.fixture.users.a.id, 'Lead importado por CSV (linhas.csv, linha 2)', 'Tags: Quente, Fria, Fria'],
    ]);
    expect((await k.history(rows[1]!.cliCrmId)).map((e) => e.texto)).toEqual([null]);
    // Each committed batch drops the unit's cached list totals.
    expect(await total()).toBe(3);
  });
});
