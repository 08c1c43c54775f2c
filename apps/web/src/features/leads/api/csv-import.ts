// The contacts CSV import job (000 §4; docs/api.md): upload once, follow the job by the socket
// event 'csv-import-progress' and, as a fallback, by polling it; cancel on demand.
import { queryOptions } from '@tanstack/react-query';

import { csvImportJobSchema, type CsvImportJob } from '@funil/domain/leads-api/csv-import-api';

import { apiRequest, http } from '../../../lib/http-client.ts';
import { leadKeys } from './lead-keys.ts';

/** POST /api/contato/importarcsv, multipart with the file, through the shared client (000 §4). */
export function uploadCsv(file: File): Promise<CsvImportJob> {
  const form = new FormData();
  form.append('arquivo', file, file.name);
  return http.upload('/contato/importarcsv', form, csvImportJobSchema);
}

export const isJobRunning = (job: Pick<CsvImportJob, 'status'>): boolean => job.status === 'queued' || job.status === 'running';

/** GET /api/contato/importarcsv/{id}; polled every 2 s while the job runs, in case the socket is down. */
export function csvImportJobQuery(id: number) {
  return queryOptions({
    queryKey: leadKeys.csvImport(id),
    queryFn: ({ signal }) => http.get(`/contato/importarcsv/${id}`, csvImportJobSchema, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !isJobRunning(query.state.data) ? false : 2_000),
  });
}

/** POST /api/contato/importarcsv/{id}/cancelar: honoured before the next batch. */
export function cancelCsvImport(id: number) {
  return apiRequest(`/contato/importarcsv/${id}/cancelar`, { method: 'POST', schema: csvImportJobSchema });
}
