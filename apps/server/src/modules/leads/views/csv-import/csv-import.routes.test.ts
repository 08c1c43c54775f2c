// 000 §4 "CSV import" as a durable job: one upload, CSV_IMPORT_BATCH_SIZE rows per transaction, a
// per-line report, live progress, cancel between batches, and resume after a restart without duplicates.
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CSV_IMPORT_BATCH_SIZE as B } from '@funil/domain/leads-api/csv-import-api';

import { buildApp } from '../../../../app.ts';
import { jobs } from '../../../../jobs/jobs.table.ts';
import { createLeadsKit, type Kit } from '../../leads-test-kit.ts';
import { leads } from '../../leads.table.ts';

let k: Kit;
const progress: { unit: number; payload: { status: string; processados: number } }[] = [];
beforeAll(async () => {
  k = await createLeadsKit();
  const original = k.t.app.realtime.toUnit;
  k.t.app.realtime.toUnit = (unit, event, payload) => {
    if (event === 'csv-import-progress') progress.push({ unit, payload: payload as { status: string; processados: number } });
    original(unit, event, payload);
  };
});
afterAll(async () => {
  await k.t.close();
});

function upload(csv: string | Buffer, filename = 'contatos.csv') {
  const boundary = '----csv';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return k.call('u', {
    method: 'POST',
    url: '/api/contato/importarcsv',
    payload: Buffer.concat([head, Buffer.isBuffer(csv) ? csv : Buffer.from(csv), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const phone = (prefix: string, i: number) => `119${prefix}${String(i).padStart(7, '0')}`;
const rows = (prefix: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Contato ${prefix}-${i},${phone(prefix, i)},c${i}@exemplo.com,Anúncio ${prefix},,${i % 2 === 0 ? 'Importado; Lote ' + prefix : ''}`,
  );
const HEADER = 'cli_nome,cli_telefone,cli_email,ad_name,ad_id,cli_tags';

async function waitFor(id: number, statuses: string[]) {
  for (let i = 0; i < 200; i += 1) {
    const res = await k.call('u', { method: 'GET', url: `/api/contato/importarcsv/${id}` });
    if (statuses.includes(res.json().data.status)) return res.json().data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('importação não terminou');
}

const countLeads = async (prefix: string) =>
  (
    await k.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(and(like(leads.cliNome, `Contato ${prefix}-%`), eq(leads.idUnidade, k.unitId('A1'))))
  )[0]!.n;

describe('000 §4 CSV import job: POST contato/importarcsv', () => {
  it(
    'imports two batches of rows; the report lists exactly the 3 bad lines and the duplicates; ' +
      'progress is pushed live after each batch',
    async () => {
      const existing = await k.lead({ cliNome: 'Já na Unidade', cliTelefone: '11988887777' });
      const lines = rows('1', 2 * B);
      lines[10] = `,${phone('1', 10)},,,,`; // line 12: no name
      lines[500] = `Telefone Ruim,12345,,,,`; // line 502: invalid phone
      lines[700] = `"Aspas ""boas""",${phone('1', 701).slice(0, 9)},,,,`; // line 702: invalid phone
      // line 2B+2: same as line 5 without the ninth digit
      lines.push(`Repetido no Arquivo,${phone('1', 3).slice(0, 2)}${phone('1', 3).slice(3)},,,,`);
      lines.push('Repetido na Unidade,(11) 98888-7777,,,,'); // line 2B+3
      const res = await upload([HEADER, ...lines].join('\r\n'));
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toMatchObject({
        message: 'Importação iniciada.',
        data: { total: 2 * B + 2, status: 'queued', nome_arquivo: 'contatos.csv' },
      });
      const job = await waitFor(res.json().data.id, ['done', 'failed']);
      expect(job.status).toBe('done');
      expect(job.mensagem).toBe('Operação concluída com sucesso.');
      expect(job.relatorio.falhas).toEqual([
        { line: 12, reason: 'Nome é obrigatório' },
        { line: 502, reason: 'Celular inválido' },
        { line: 702, reason: 'Celular inválido' },
        { line: 2 * B + 2, reason: 'Telefone repetido no arquivo (linha 5)' },
        { line: 2 * B + 3, reason: `Telefone já cadastrado na unidade: Já na Unidade (#${existing})` },
      ]);
      expect(job.relatorio.importados).toBe(2 * B - 3);
      expect(job.relatorio.tags_criadas.sort()).toEqual(['Importado', 'Lote 1']);
      expect([job.processados, job.progresso]).toEqual([2 * B + 2, 100]);
      expect(await countLeads('1')).toBe(2 * B - 3);
      const statuses = progress.filter((p) => p.unit === k.unitId('A1')).map((p) => [p.payload.status, p.payload.processados]);
      expect(statuses).toEqual([
        ['running', B],
        ['running', 2 * B],
        ['done', 2 * B + 2],
      ]);
      // The imported leads carry their tags and their creation event.
      const [lead] = await k.t.database.db.select().from(leads).where(eq(leads.cliNome, 'Contato 1-0'));
      expect(
        (await k.call('u', { method: 'GET', url: `/api/tagsClientes/cliente/${lead!.cliCrmId}` }))
          .json()
          .data.map((t: { nome: string }) => t.nome),
      ).toEqual(['Importado', 'Lote 1']);
      expect((await k.history(lead!.cliCrmId))[0]).toMatchObject({
        tipo: 9,
        descricao: 'Lead importado por CSV (contatos.csv, linha 2)',
        atendente: k.t.fixture.users.u.id,
      });
      // Another unit never sees the job.
      expect((await k.call('uA2', { method: 'GET', url: `/api/contato/importarcsv/${job.id}` })).statusCode).toBe(404);
    },
  );

  it(
    "refuses at once a file without the required columns ('Erro ao processar o arquivo CSV'), an " +
      "unreadable one ('Arquivo inválido'), a non-.csv name and a request without file",
    async () => {
      const before = (await k.t.database.db.select({ n: sql<number>`count(*)::int` }).from(jobs))[0]!.n;
      const noColumns = await upload('nome,telefone\r\nAna,11987654321\r\n');
      expect([noColumns.statusCode, noColumns.json().message]).toEqual([400, 'Erro ao processar o arquivo CSV']);
      const unreadable = await upload('cli_nome,cli_telefone\r\n"Ana,11987654321\r\n');
      expect([unreadable.statusCode, unreadable.json().message]).toEqual([400, 'Arquivo inválido']);
      const binary = await upload(Buffer.from([0, 1, 2, 3, 0]));
      expect([binary.statusCode, binary.json().message]).toEqual([400, 'Arquivo inválido']);
      const notCsv = await upload(`${HEADER}\r\n`, 'contatos.xlsx');
      expect([notCsv.statusCode, notCsv.json().message]).toEqual([400, 'Somente arquivos .csv são aceitos.']);
      const json = await k.call('u', { method: 'POST', url: '/api/contato/importarcsv', payload: { cli_nome: 'x' } });
      expect([json.statusCode, json.json().message]).toEqual([400, 'Envie um arquivo .csv.']);
      expect((await k.t.database.db.select({ n: sql<number>`count(*)::int` }).from(jobs))[0]!.n).toBe(before);
    },
  );

  it('reads a Windows-1252 file with ";" separators', async () => {
    const res = await upload(Buffer.from(`cli_nome;cli_telefone\r\nConceição Latin;${phone('4', 1)}\r\n`, 'latin1'));
    const job = await waitFor(res.json().data.id, ['done']);
    expect(job.relatorio.importados).toBe(1);
    expect(
      await k.t.database.db.select({ id: leads.cliCrmId }).from(leads).where(eq(leads.cliNome, 'Conceição Latin')),
    ).toHaveLength(1);
  });

  it('cancel is honoured between batches: the committed batch stays, the rest is not imported', async () => {
    await k.t.app.jobs.stop();
    const res = await upload([HEADER, ...rows('2', B + 700)].join('\n'));
    const id = res.json().data.id as number;
    expect(await k.t.app.jobs.runOnce()).toBe(true);
    expect((await waitFor(id, ['running'])).processados).toBe(B);
    const cancel = await k.call('u', { method: 'POST', url: `/api/contato/importarcsv/${id}/cancelar` });
    expect(cancel.json().message).toBe('Importação cancelada.');
    expect(await k.t.app.jobs.runOnce()).toBe(true);
    const job = await waitFor(id, ['cancelled']);
    expect([job.status, job.processados, job.mensagem]).toEqual(['cancelled', B, 'Importação cancelada.']);
    expect(await countLeads('2')).toBe(B);
    expect(await k.t.app.jobs.runOnce()).toBe(false);
    const late = await k.call('u', { method: 'POST', url: `/api/contato/importarcsv/${id}/cancelar` });
    expect(late.json().data.status).toBe('cancelled');
  });

  it(
    'resumes after a crash: a new app on the same database finishes the job from the last committed ' +
      'batch, without duplicates',
    async () => {
      const res = await upload([HEADER, ...rows('3', B + 700)].join('\n'));
      const id = res.json().data.id as number;
      expect(await k.t.app.jobs.runOnce()).toBe(true);
      expect(await countLeads('3')).toBe(B);
      // The old process dies holding the lease; the lease then expires.
      await k.t.database.db
        .update(jobs)
        .set({ lockedBy: 'processo-morto', lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, id));
      const restarted = await buildApp({ database: k.t.database, webDist: '/nonexistent' });
      await restarted.ready();
      try {
        const job = await waitFor(id, ['done', 'failed']);
        expect([job.status, job.processados, job.relatorio.importados, job.relatorio.falhas]).toEqual([
          'done',
          B + 700,
          B + 700,
          [],
        ]);
        expect(await countLeads('3')).toBe(B + 700);
        const dup = await k.t.database.db
          .select({ chave: leads.telefoneChave })
          .from(leads)
          .where(like(leads.cliNome, 'Contato 3-%'))
          .groupBy(leads.telefoneChave)
          .having(sql`count(*) > 1`);
        expect(dup).toEqual([]);
      } finally {
        await restarted.close();
      }
    },
  );

  it('lists the unit imports, newest first', async () => {
    const res = await k.call('u', { method: 'GET', url: '/api/contato/importarcsv' });
    const list = res.json().data as { id: number; status: string }[];
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.map((j) => j.id)).toEqual([...list.map((j) => j.id)].sort((a, b) => b - a));
  });
});
