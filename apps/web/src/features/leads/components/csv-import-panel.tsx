// The CSV half of 'Cadastrar Contato' (000 §2, §4, §5, §8): the file input (only .csv), the
// 'CSV de Exemplo' download, the column table, the progress of the import and its report.
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { memo, useRef } from 'react';

import { CSV_IMPORT_MESSAGES, type CsvImportJob } from '@funil/domain/leads-api/csv-import-api';
import { CSV_COLUMNS, CSV_MESSAGES, EXAMPLE_CSV_FILE_NAME, exampleCsv } from '@funil/domain/leads/csv';

import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { isJobRunning } from '../api/csv-import.ts';

/** A CSV read in the browser: its file and how many rows are valid / invalid. */
export type LoadedCsv = { file: File; rows: number; invalid: number };

type CsvImportPanelProps = {
  csv: LoadedCsv | null;
  job: CsvImportJob | null;
  busy: boolean;
  uploading: boolean;
  cancelling: boolean;
  onFile: (file: File | null) => void;
  onCancel: () => void;
  /** Bumped to empty the file input (000 §4 "the file resets"). */
  inputKey: number;
};

function downloadExample(): void {
  // A BOM makes spreadsheet programs read the accents of the example as UTF-8.
  const blob = new Blob(['\uFEFF', exampleCsv()], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = EXAMPLE_CSV_FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

const isDuplicate = (reason: string): boolean =>
  reason.startsWith(CSV_IMPORT_MESSAGES.duplicateInUnit) || reason.startsWith(CSV_IMPORT_MESSAGES.duplicateInFile);

type CsvColumn = (typeof CSV_COLUMNS)[number];
type Failure = CsvImportJob['relatorio']['falhas'][number];

const FRAMED = { border: 1, borderColor: 'divider', borderRadius: 1 } as const;

const COLUMN_COLUMNS: readonly DataColumn<CsvColumn>[] = [
  {
    header: 'Coluna',
    value: (column) => column.column,
    render: (column) => (
      <>
        {column.column}
        {column.required && (
          <Chip
            label="obrigatória"
            size="small"
            color="primary"
            variant="outlined"
            sx={{ ml: 1, height: 20, fontFamily: 'inherit' }}
          />
        )}
      </>
    ),
    nowrap: true,
    sx: { fontFamily: 'monospace', verticalAlign: 'top' },
  },
  { header: 'Descrição', value: (column) => column.description, sx: { color: 'text.secondary' } },
];

const FAILURE_COLUMNS: readonly DataColumn<Failure>[] = [
  { header: 'Linha', value: (failure) => failure.line, sx: { width: 80 } },
  { header: 'Motivo', value: (failure) => failure.reason },
];

const ColumnTable = memo(function ColumnTable() {
  return (
    <DataTable
      label="Colunas do CSV"
      columns={COLUMN_COLUMNS}
      rows={CSV_COLUMNS}
      rowKey={(column) => column.column}
      sx={FRAMED}
    />
  );
});

function ImportReport({ job }: { job: CsvImportJob }) {
  const failures = job.relatorio.falhas;
  const duplicated = failures.filter((failure) => isDuplicate(failure.reason)).length;
  return (
    <Stack spacing={1.5} role="region" aria-label="Relatório da importação">
      {job.status === 'done' && <Alert severity="success">{job.mensagem ?? CSV_MESSAGES.done}</Alert>}
      {job.status === 'cancelled' && <Alert severity="info">{CSV_IMPORT_MESSAGES.cancelled}</Alert>}
      {job.status === 'failed' && <Alert severity="error">{job.mensagem ?? CSV_MESSAGES.rowPostFailed}</Alert>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Chip color="success" variant="outlined" label={`Importados: ${job.relatorio.importados}`} />
        <Chip color="warning" variant="outlined" label={`Duplicados: ${duplicated}`} />
        <Chip color="error" variant="outlined" label={`Com erro: ${failures.length - duplicated}`} />
      </Stack>
      {failures.length > 0 && (
        <DataTable
          label="Linhas não importadas"
          stickyHeader
          columns={FAILURE_COLUMNS}
          rows={failures}
          rowKey={(failure) => failure.line}
          sx={{ ...FRAMED, maxHeight: 220, display: 'flex', flexDirection: 'column' }}
        />
      )}
    </Stack>
  );
}

export function CsvImportPanel({ csv, job, busy, uploading, cancelling, onFile, onCancel, inputKey }: CsvImportPanelProps) {
  const input = useRef<HTMLInputElement>(null);
  const running = job !== null && isJobRunning(job);
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Importar CSV
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<UploadFile />} disabled={busy} onClick={() => input.current?.click()}>
          Selecionar arquivo
        </Button>
        <input
          key={inputKey}
          ref={input}
          type="file"
          accept=".csv"
          aria-label="Arquivo CSV"
          hidden
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
        <Button startIcon={<Download />} onClick={downloadExample}>
          CSV de Exemplo
        </Button>
      </Stack>
      {csv && !running && (
        <Alert severity={csv.rows > 0 ? 'info' : 'warning'} onClose={busy ? undefined : () => onFile(null)}>
          <strong>{csv.file.name}</strong>: {csv.rows} {csv.rows === 1 ? 'contato válido' : 'contatos válidos'}
          {csv.invalid > 0 &&
            `, ${csv.invalid} ${csv.invalid === 1 ? 'linha com erro' : 'linhas com erro'} (listadas no relatório)`}
          .
        </Alert>
      )}
      {uploading && (
        <Box role="status">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Enviando arquivo…
          </Typography>
          <LinearProgress aria-label="Enviando arquivo" />
        </Box>
      )}
      {job && running && (
        <Box role="status" aria-live="polite">
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
            <Typography variant="body2">
              Importando {job.processados} de {job.total}…
            </Typography>
            <Button size="small" color="error" onClick={onCancel} disabled={cancelling}>
              Cancelar importação
            </Button>
          </Stack>
          <LinearProgress variant="determinate" value={job.progresso} aria-label="Progresso da importação" />
        </Box>
      )}
      {job && !running && <ImportReport job={job} />}
      <ColumnTable />
    </Stack>
  );
}
