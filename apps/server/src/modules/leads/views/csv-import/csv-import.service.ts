// The contacts CSV import as a durable job (000 §4 "CSV import", §5, §8): the file is read and
// checked once on upload ('Arquivo inválido', 'Erro ao processar o arquivo CSV'), each row becomes
// a job item, and the runner imports CSV_IMPORT_BATCH_SIZE (2,000) rows per transaction. A failing
// row is reported with its line and reason and the rest goes on.
import {
  CSV_IMPORT_BATCH_SIZE,
  CSV_IMPORT_MESSAGES,
  csvImportReportSchema,
  type CsvImportJob,
  type CsvImportProgressEvent,
  type CsvImportReport,
  type JobStatus,
} from '@funil/domain/leads-api/csv-import-api';
import { CSV_MESSAGES, isCsvFileName, parseLeadCsv, type CsvLeadRow } from '@funil/domain/leads/csv';
import { originOf } from '@funil/domain/leads/origin';
import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';
import { contactEvent, csvImportProgressEvent } from '@funil/domain/realtime/events';

import { DomainError } from '../../../../http/domain-error.ts';
import type { UploadedFile } from '../../../../http/form-body.ts';
import type { JobHandler, JobRow, JobRunner } from '../../../../jobs/job-runner.ts';
import type { Session } from '../../../auth/auth.service.ts';
import { appendLeadEvents } from '../../../lead-events/lead-events.service.ts';
import { findOrCreateTagsByName, linkTagsToLeads } from '../../../tags/tags.service.ts';
import {
  createdEvent,
  findLeadsByPhoneKeys,
  insertImportedLeads,
  invalidateLeadCounts,
  lockUnitLeads,
  phoneKey,
  type LeadDeps,
} from '../../leads.service.ts';

export const CSV_IMPORT_KIND = 'csv-import';

/** One row of the file as a job item: the parsed row, or why it cannot be imported. */
type CsvItem = { line: number; row?: CsvLeadRow; reason?: string };

const emptyReport = (): CsvImportReport => ({ importados: 0, falhas: [], tags_criadas: [] });

function readReport(job: JobRow): CsvImportReport {
  const parsed = csvImportReportSchema.safeParse(job.report);
  return parsed.success ? parsed.data : emptyReport();
}

/** UTF-8, or Windows-1252 as spreadsheet programs in Brazil often save. */
function decode(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return new TextDecoder('windows-1252').decode(content);
  }
}

/** Reads the upload and enqueues the job; unreadable files and missing columns are refused at once. */
export async function enqueueCsvImport(jobs: JobRunner, session: Session, file: UploadedFile): Promise<JobRow> {
  if (!isCsvFileName(file.filename)) throw new DomainError('invalid', CSV_IMPORT_MESSAGES.notCsv);
  if (file.content.includes(0)) throw new DomainError('invalid', CSV_MESSAGES.invalidFile);
  const parsed = parseLeadCsv(decode(file.content));
  if (!parsed.ok) throw new DomainError('invalid', parsed.error);
  const items: CsvItem[] = [
    ...parsed.rows.map(({ line, ...row }) => ({ line, row })),
    ...parsed.failures.map((f) => ({ line: f.line, reason: f.reason })),
  ].sort((a, b) => a.line - b.line);
  // A phone repeated in the file: the first row wins, the others are reported (ninth-digit tolerant).
  const firstLine = new Map<string, number>();
  for (const item of items) {
    if (!item.row) continue;
    const key = phoneKey(item.row.cli_telefone);
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, item.line);
    else {
      item.reason = `${CSV_IMPORT_MESSAGES.duplicateInFile} (linha ${first})`;
      delete item.row;
    }
  }
  return jobs.enqueue({
    kind: CSV_IMPORT_KIND,
    idEmpresa: session.empresaId,
    idUnidade: session.unidadeId,
    idUsuario: session.userId,
    params: { nome_arquivo: file.filename.slice(0, 200) },
    report: emptyReport(),
    items,
  });
}

async function importBatch({ tx, job, items }: Parameters<JobHandler['processBatch']>[0]): Promise<CsvImportReport> {
  const report = readReport(job);
  const rows: { line: number; row: CsvLeadRow }[] = [];
  for (const { payload } of items) {
    const item = payload as CsvItem;
    if (item.row) rows.push({ line: item.line, row: item.row });
    else report.falhas.push({ line: item.line, reason: item.reason ?? CSV_MESSAGES.rowPostFailed });
  }
  await lockUnitLeads(tx, job.idUnidade);
  const existing = await findLeadsByPhoneKeys(tx, job.idUnidade, [...new Set(rows.map((r) => phoneKey(r.row.cli_telefone)))]);
  const byKey = new Map(existing.map((e) => [e.telefoneChave, e]));
  const fresh = rows.filter(({ line, row }) => {
    const found = byKey.get(phoneKey(row.cli_telefone));
    if (found)
      report.falhas.push({ line, reason: `${CSV_IMPORT_MESSAGES.duplicateInUnit}: ${found.cliNome} (#${found.cliCrmId})` });
    return !found;
  });
  const { tags, created } = await findOrCreateTagsByName(
    tx,
    job.idUnidade,
    fresh.flatMap((r) => r.row.cli_tags),
  );
  const tagByName = new Map(tags.map((t) => [t.nome.toLowerCase(), t]));
  const fileName = typeof job.params.nome_arquivo === 'string' ? job.params.nome_arquivo : 'arquivo';
  const tagIdsOf = (names: readonly string[]) => [
    ...new Set(names.flatMap((name) => tagByName.get(name.toLowerCase())?.id ?? [])),
  ];
  // Leads and history events of the batch in one statement (set-based, from JSON), then their tag links.
  const importedAt = new Date();
  const originOfLine = new Map(
    fresh.map(({ line, row }) => [line, originOf({ canal: 'csv', ad_id: row.ad_id, ad_name: row.ad_name }, importedAt)]),
  );
  const ids = await insertImportedLeads(
    tx,
    { empresaId: job.idEmpresa, unidadeId: job.idUnidade, atendente: job.idUsuario, tipo: TIMELINE_EVENT_TYPE.usuario },
    fresh.map(({ line, row }) => ({
      line,
      nome: row.cli_nome,
      telefone: row.cli_telefone,
      chave: phoneKey(row.cli_telefone),
      email: row.cli_email ?? null,
      adName: row.ad_name ?? null,
      adId: row.ad_id ?? null,
      descricao: `Lead importado por CSV (${fileName}, linha ${line})`,
      texto: row.cli_tags.length ? `Tags: ${row.cli_tags.join(', ')}` : null,
      origem: originOfLine.get(line)!,
    })),
  );
  const tagsOfLine = new Map(fresh.map(({ line, row }) => [line, tagIdsOf(row.cli_tags)]));
  await linkTagsToLeads(
    tx,
    ids.flatMap(({ line, id }) => (tagsOfLine.get(line) ?? []).map((idTag) => ({ cliCrmId: id, idTag }))),
  );
  // One lead event per imported lead (issue 22 §2), announced as a whole by the job's 'importados'.
  await appendLeadEvents(
    tx,
    ids.map(({ line, id }) =>
      createdEvent({ cliCrmId: id, idEmpresa: job.idEmpresa, idUnidade: job.idUnidade, idUsuario: null }, job.idUsuario, {
        origem: 'csv',
        descricao: `Lead importado por CSV (${fileName}, linha ${line})`,
        tags: tagsOfLine.get(line) ?? [],
        lote: 'importacao-csv',
        ...(originOfLine.has(line) ? { toque: originOfLine.get(line)! } : {}),
      }),
    ),
  );
  report.importados += ids.length;
  report.tags_criadas.push(...created);
  report.falhas.sort((a, b) => a.line - b.line);
  return report;
}

function messageOf(job: JobRow): string | null {
  switch (job.status as JobStatus) {
    case 'done':
      return CSV_MESSAGES.done;
    case 'cancelled':
      return CSV_IMPORT_MESSAGES.cancelled;
    case 'failed':
      return job.error ?? CSV_MESSAGES.missingColumns;
    default:
      return null;
  }
}

export function toCsvImportJob(job: JobRow): CsvImportJob {
  return {
    id: job.id,
    status: job.status as JobStatus,
    nome_arquivo: typeof job.params.nome_arquivo === 'string' ? job.params.nome_arquivo : null,
    total: job.total,
    processados: job.cursor,
    progresso: job.progress,
    relatorio: readReport(job),
    mensagem: messageOf(job),
    criado_em: job.createdAt.toISOString(),
    atualizado_em: job.updatedAt.toISOString(),
  };
}

export function csvImportHandler(deps: LeadDeps): JobHandler {
  return {
    kind: CSV_IMPORT_KIND,
    batchSize: CSV_IMPORT_BATCH_SIZE,
    processBatch: importBatch,
    failureMessage: CSV_MESSAGES.missingColumns,
    onProgress(job) {
      // Called after each committed batch: the unit's cached list totals are out of date.
      invalidateLeadCounts(deps.db, [job.idUnidade]);
      const view = toCsvImportJob(job);
      const event: CsvImportProgressEvent = {
        id: view.id,
        status: view.status,
        total: view.total,
        processados: view.processados,
        progresso: view.progresso,
        mensagem: view.mensagem,
        importados: view.relatorio.importados,
        falhas: view.relatorio.falhas.length,
      };
      deps.realtime.toUnit(job.idUnidade, csvImportProgressEvent(), event);
      if (view.status === 'done' && view.relatorio.importados > 0) {
        // Names no lead; the imported leads are unassigned (newLeadValues), so every user of the unit sees them.
        deps.realtime.toUsersWhoSee({ idUnidade: job.idUnidade, idUsuario: null }, contactEvent(job.idEmpresa), {
          action: 'importados',
          cli_crm_id: 0,
          idUnidade: job.idUnidade,
        });
      }
    },
  };
}
