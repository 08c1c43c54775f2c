// The contacts CSV import (000 §4) through the real job: the CSV is POSTed to /api/contato/importarcsv
// on the app listening on 127.0.0.1, the job status is polled until it ends, and the imported rows
// are counted in the database. Imports into the 200,000-lead unit of the bench database (so the
// duplicate check runs against real data), then removes what it imported.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- csv-import
//   (without DATABASE_URL: PGlite in memory, 20,000 rows)
//
// Options (environment): BENCH_RUNS (default 3; medians are printed), BENCH_CSV_ROWS (default
// 100,000 on PostgreSQL, 20,000 on PGlite).
import { performance } from 'node:perf_hooks';

import { CSV_IMPORT_BATCH_SIZE, type CsvImportJob } from '@funil/domain/leads-api/csv-import-api';

import { FIRST_NAMES, machineLine, openLeadsBench, removeImported, serve, SURNAMES, type LeadsBench } from './leads-fixture.ts';
import { median } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const POLL_MS = 100;
const TIMEOUT_MS = 10 * 60_000;

type Csv = { text: string; rows: number; duplicates: number; invalid: number };

/**
 * A spreadsheet-like file: Brazilian names with accents, e-mails on 40%, an ad name, tags on 30%;
 * 1% phones already in the unit (either ninth-digit form) and 0.2% invalid phones, which the job
 * reports by line. New phones use an 8-digit range the generated leads do not (1xxxxxxx).
 */
async function buildCsv(bench: LeadsBench, rows: number, run: number): Promise<Csv> {
  const unit = bench.fixture.target;
  const duplicates = Math.floor(rows / 100);
  const { rows: existing } = await bench.raw.query(
    `SELECT cli_telefone FROM leads WHERE id_unidade = $1 ORDER BY cli_crm_id DESC LIMIT $2`,
    [unit.id, duplicates],
  );
  const taken = existing.map((r) => String(r.cli_telefone));
  const lines = ['cli_nome,cli_telefone,cli_email,ad_name,ad_id,cli_tags'];
  let invalid = 0;
  let dup = 0;
  for (let i = 0; i < rows; i += 1) {
    const first = FIRST_NAMES[(i * 7 + run) % FIRST_NAMES.length] ?? 'Maria';
    const last = SURNAMES[(i * 13 + run) % SURNAMES.length] ?? 'Silva';
    const nome = i % 3 === 0 ? `${first} ${last} ${SURNAMES[(i * 5) % SURNAMES.length] ?? ''}`.trim() : `${first} ${last}`;
    let phone = `${unit.ddd}9${String(10_000_000 + i).padStart(8, '0')}`;
    if (i % 100 === 50 && dup < taken.length) {
      const other = taken[dup] ?? phone;
      dup += 1;
      // Half of the duplicates without the ninth digit, as old spreadsheets have them.
      phone = dup % 2 === 0 && other.length === 11 ? `${other.slice(0, 2)}${other.slice(3)}` : other;
    } else if (i % 500 === 333) {
      phone = `${unit.ddd}12345`;
      invalid += 1;
    }
    const email =
      i % 5 < 2
        ? `${first}.${last}.${i}@exemplo.com.br`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
        : '';
    const tags = i % 10 < 3 ? (i % 2 === 0 ? '"VIP;Importado Bench"' : 'Retornar') : '';
    lines.push(`${nome},${phone},${email},Clareamento Verão - Planilha,1202300000000${String(i % 97).padStart(5, '0')},${tags}`);
  }
  return { text: `${lines.join('\r\n')}\r\n`, rows, duplicates: dup, invalid };
}

async function countUnit(bench: LeadsBench): Promise<number> {
  const { rows } = await bench.raw.query('SELECT count(*)::int AS n FROM leads WHERE id_unidade = $1 AND desativado = 0', [
    bench.fixture.target.id,
  ]);
  return Number(rows[0]?.n ?? 0);
}

type Outcome = { uploadMs: number; processMs: number; totalMs: number; imported: number };

export async function run(): Promise<void> {
  const bench = await openLeadsBench();
  const served = await serve(bench).catch(async (error: unknown) => {
    await bench.close();
    throw error;
  });
  const rowsPerRun = Number(process.env.BENCH_CSV_ROWS ?? bench.csvRows);
  const outcomes: Outcome[] = [];
  try {
    console.log(`  ${bench.describe()}`);
    console.log(
      `  ${machineLine()}; ${rowsPerRun.toLocaleString('pt-BR')} linhas por importação em lotes de ${CSV_IMPORT_BATCH_SIZE}, ` +
        `${RUNS} execuções`,
    );
    const token = await served.login(bench.fixture.admin.email);
    const headers = { authorization: `Bearer ${token}` };
    for (let runIndex = 1; runIndex <= RUNS; runIndex += 1) {
      const csv = await buildCsv(bench, rowsPerRun, runIndex);
      const expected = csv.rows - csv.duplicates - csv.invalid;
      const before = await countUnit(bench);
      const form = new FormData();
      form.append('arquivo', new Blob([csv.text], { type: 'text/csv' }), `bench-${runIndex}.csv`);
      const t0 = performance.now();
      const res = await fetch(`${served.base}/api/contato/importarcsv`, { method: 'POST', headers, body: form });
      const posted = (await res.json()) as { data?: CsvImportJob; message?: string };
      const uploadMs = performance.now() - t0;
      if (res.status !== 202 || !posted.data)
        throw new Error(`importação recusada: ${res.status} ${JSON.stringify(posted).slice(0, 300)}`);
      let job: CsvImportJob = posted.data;
      while (job.status === 'queued' || job.status === 'running') {
        if (performance.now() - t0 > TIMEOUT_MS)
          throw new Error(`importação não terminou em ${TIMEOUT_MS / 1000} s (${job.processados}/${job.total})`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const poll = await fetch(`${served.base}/api/contato/importarcsv/${job.id}`, { headers });
        job = ((await poll.json()) as { data: CsvImportJob }).data;
      }
      const totalMs = performance.now() - t0;
      const after = await countUnit(bench);
      const problems = [
        job.status !== 'done' ? `status ${job.status} (${job.mensagem ?? ''})` : '',
        job.relatorio.importados !== expected ? `importados ${job.relatorio.importados} ≠ ${expected}` : '',
        after - before !== expected ? `leads na unidade +${after - before} ≠ ${expected}` : '',
        job.relatorio.falhas.length !== csv.duplicates + csv.invalid
          ? `falhas ${job.relatorio.falhas.length} ≠ ${csv.duplicates + csv.invalid}`
          : '',
      ].filter(Boolean);
      const outcome: Outcome = { uploadMs, processMs: totalMs - uploadMs, totalMs, imported: job.relatorio.importados };
      outcomes.push(outcome);
      console.log(
        `\n## Importação ${runIndex}/${RUNS}: ${csv.rows.toLocaleString('pt-BR')} linhas ` +
          `(${(csv.text.length / 2 ** 20).toFixed(1)} MiB; ${csv.duplicates} já na unidade, ${csv.invalid} inválidas)`,
      );
      console.log(`  envio + leitura + enfileiramento (POST 202)  ${(uploadMs / 1000).toFixed(2)} s`);
      console.log(
        `  job (lotes de ${String(CSV_IMPORT_BATCH_SIZE).padEnd(5)} até 'done')              ${(outcome.processMs / 1000).toFixed(2)} s`,
      );
      console.log(
        `  total                                        ${(totalMs / 1000).toFixed(2)} s  ` +
          `(${((csv.rows / totalMs) * 1000).toFixed(0)} linhas/s)`,
      );
      console.log(
        `  verificação                                  ` +
          (problems.length === 0
            ? `ok: ${expected.toLocaleString('pt-BR')} leads novos na unidade, ${job.relatorio.falhas.length} falhas por linha`
            : `FALHOU: ${problems.join('; ')}`),
      );
      const removed = await removeImported(bench.raw, bench.fixture);
      console.log(`  limpeza                                      ${removed.toLocaleString('pt-BR')} leads importados removidos`);
      if (problems.length > 0) throw new Error(`importação ${runIndex}: ${problems.join('; ')}`);
    }
    const total = median(outcomes.map((o) => o.totalMs));
    console.log(`\n## Medianas de ${RUNS} execuções (${bench.engine}${bench.engine === 'pglite' ? ', escala reduzida' : ''})`);
    console.log('| linhas | POST (envio + enfileiramento) | job | total | linhas/s |');
    console.log('| ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| ${rowsPerRun.toLocaleString('pt-BR')} | ${(median(outcomes.map((o) => o.uploadMs)) / 1000).toFixed(2)} s | ` +
        `${(median(outcomes.map((o) => o.processMs)) / 1000).toFixed(2)} s | ${(total / 1000).toFixed(2)} s | ` +
        `${((rowsPerRun / total) * 1000).toFixed(0)} |`,
    );
  } finally {
    await removeImported(bench.raw, bench.fixture).catch(() => 0);
    await served.close();
    await bench.close();
  }
}
