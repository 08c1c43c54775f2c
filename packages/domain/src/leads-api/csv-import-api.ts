// The server-side contacts CSV import (000 §4 "CSV import", §5, §8): one upload, a durable job.
import { z } from 'zod';

/** Largest CSV file accepted. */
export const CSV_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows committed per transaction; a cancel is honoured between batches, so it waits for the running one (docs/api.md). */
export const CSV_IMPORT_BATCH_SIZE = 2000;
/** Realtime event pushed to the unit after each batch. */
export const CSV_IMPORT_PROGRESS_EVENT = 'csv-import-progress' as const;

export const JOB_STATUSES = ['queued', 'running', 'done', 'cancelled', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const CSV_IMPORT_MESSAGES = {
  queued: 'Importação iniciada.',
  cancelled: 'Importação cancelada.',
  alreadyFinished: 'A importação já terminou.',
  notFound: 'Importação não encontrada.',
  noFile: 'Envie um arquivo .csv.',
  notCsv: 'Somente arquivos .csv são aceitos.',
  duplicateInUnit: 'Telefone já cadastrado na unidade',
  duplicateInFile: 'Telefone repetido no arquivo',
} as const;

export const csvImportFailureSchema = z.object({ line: z.number().int(), reason: z.string() });

/** The report of an import, final once status is done / cancelled / failed. */
export const csvImportReportSchema = z.object({
  importados: z.number().int(),
  falhas: z.array(csvImportFailureSchema),
  tags_criadas: z.array(z.string()),
});
export type CsvImportReport = z.infer<typeof csvImportReportSchema>;

export const csvImportJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(JOB_STATUSES),
  nome_arquivo: z.string().nullable(),
  /** Rows of the file (header excluded). */
  total: z.number().int(),
  /** Rows handled so far, imported or failed. */
  processados: z.number().int(),
  /** 0..100. */
  progresso: z.number(),
  relatorio: csvImportReportSchema,
  /** 'Operação concluída com sucesso.' when done, the failure when failed. */
  mensagem: z.string().nullable(),
  criado_em: z.string(),
  atualizado_em: z.string(),
});
export type CsvImportJob = z.infer<typeof csvImportJobSchema>;
export const csvImportJobResponseSchema = z.object({ message: z.string().optional(), data: csvImportJobSchema });
export const csvImportJobsResponseSchema = z.object({ data: z.array(csvImportJobSchema) });

/** Payload of the `csv-import-progress` event. */
export const csvImportProgressEventSchema = csvImportJobSchema
  .pick({ id: true, status: true, total: true, processados: true, progresso: true, mensagem: true })
  .extend({ importados: z.number().int(), falhas: z.number().int() });
export type CsvImportProgressEvent = z.infer<typeof csvImportProgressEventSchema>;
