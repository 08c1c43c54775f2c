// Follows one CSV import job (000 §4): the socket's 'csv-import-progress' moves the bar at once,
// polling the job covers a dropped socket, and the end refreshes the contact list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';

import { CSV_IMPORT_MESSAGES, type CsvImportJob } from '@funil/domain/leads-api/csv-import-api';
import { CSV_MESSAGES } from '@funil/domain/leads/csv';
import { csvImportProgressEvent } from '@funil/domain/realtime/events';

import { ApiError } from '../../../lib/api-error.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { cancelCsvImport, csvImportJobQuery, isJobRunning, uploadCsv } from '../api/csv-import.ts';
import { leadKeys } from '../api/lead-keys.ts';

export type CsvImportState = {
  job: CsvImportJob | null;
  running: boolean;
  uploading: boolean;
  cancelling: boolean;
  start: (file: File) => void;
  cancel: () => void;
  clear: () => void;
};

export function useCsvImport(onFinished: () => void): CsvImportState {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [jobId, setJobId] = useState<number | null>(null);
  const jobQuery = useQuery({ ...csvImportJobQuery(jobId ?? 0), enabled: jobId !== null });
  const job = jobId === null ? null : (jobQuery.data ?? null);

  useSocketEvent(csvImportProgressEvent(), (event) => {
    if (event.id !== jobId) return;
    queryClient.setQueryData<CsvImportJob>(leadKeys.csvImport(event.id), (old) =>
      old
        ? {
            ...old,
            status: event.status,
            total: event.total,
            processados: event.processados,
            progresso: event.progresso,
            mensagem: event.mensagem,
            relatorio: { ...old.relatorio, importados: event.importados },
          }
        : old,
    );
    // The event carries counts only; the finished job has the rows of the report.
    if (!isJobRunning(event)) void queryClient.invalidateQueries({ queryKey: leadKeys.csvImport(event.id) });
  });

  const upload = useMutation({
    mutationFn: uploadCsv,
    onSuccess: (started) => {
      queryClient.setQueryData(leadKeys.csvImport(started.id), started);
      setJobId(started.id);
    },
    onError: (cause) =>
      enqueueSnackbar(cause instanceof ApiError && cause.status < 500 ? cause.message : CSV_MESSAGES.rowPostFailed, {
        variant: 'error',
      }),
  });

  const cancel = useMutation({
    mutationFn: cancelCsvImport,
    onSuccess: (after) => queryClient.setQueryData(leadKeys.csvImport(after.id), after),
    onError: (cause) =>
      enqueueSnackbar(cause instanceof ApiError ? cause.message : CSV_MESSAGES.rowPostFailed, { variant: 'error' }),
  });

  // 000 §4: at the end the contact list refreshes, the file resets and the outcome is said.
  const finishedKey = job && !isJobRunning(job) ? `${job.id}:${job.status}` : null;
  const finishedStatus = job && !isJobRunning(job) ? job.status : null;
  const finishedMessage = job?.mensagem ?? null;
  useEffect(() => {
    if (finishedKey === null) return;
    void queryClient.invalidateQueries({ queryKey: leadKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: leadKeys.campaigns() });
    if (finishedStatus === 'done') enqueueSnackbar(CSV_MESSAGES.done, { variant: 'success' });
    else if (finishedStatus === 'cancelled') enqueueSnackbar(CSV_IMPORT_MESSAGES.cancelled, { variant: 'info' });
    else enqueueSnackbar(finishedMessage ?? CSV_MESSAGES.rowPostFailed, { variant: 'error' });
    onFinished();
    // Only the moment the job finishes matters; the message and callback of that moment are used.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finishedKey]);

  return {
    job,
    running: upload.isPending || (job !== null && isJobRunning(job)),
    uploading: upload.isPending,
    cancelling: cancel.isPending,
    start: (file) => upload.mutate(file),
    cancel: () => {
      if (jobId !== null) cancel.mutate(jobId);
    },
    clear: () => setJobId(null),
  };
}
