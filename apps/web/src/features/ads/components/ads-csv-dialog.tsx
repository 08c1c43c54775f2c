// 'Inserir CSV' (002 §2.6, §4 'CSV import of ads', §5 'Ads CSV', §8, §9): the file is read here, its rows
// sent to POST /anuncios/csv in batches of up to 1000, 500 ms apart, under a progress bar; removing the
// file cancels the run ('Arquivo removido.'). The message box keeps at most 5 lines (002 §9).
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, IconButton, LinearProgress, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';

import {
  ADS_CSV_BATCH,
  ADS_CSV_HEADERS,
  ADS_CSV_MESSAGES,
  ADS_CSV_PAUSE_MS,
  adsCsvBatches,
  isCsvFile,
  parseAdsCsv,
  type AdsCsvRow,
} from '@funil/domain/ads/ads-csv';

import { DialogFrame, DialogShell } from '../../../components/ui/dialog-shell.tsx';
import { sendAdsCsvBatch } from '../api/ads.ts';

/** 002 §9: at most 5 lines in the message box. */
const MESSAGE_LINES = 5;

type Run = { fileName: string; total: number; sent: number; running: boolean };

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The file's text as UTF-8 (FileReader: every browser, and the tests' jsdom). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('arquivo ilegível'));
    reader.readAsText(file, 'utf-8');
  });
}

type Props = { open: boolean; onClose: () => void; onImported: () => void };

export function AdsCsvDialog({ open, onClose, onImported }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const [run, setRun] = useState<Run | null>(null);
  const [messages, setMessages] = useState<string[]>([]);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  // Closing the screen stops a run in progress.
  useEffect(() => () => abort.current?.abort(), []);

  const say = (line: string) => setMessages((lines) => [...lines, line].slice(-MESSAGE_LINES));

  async function send(fileName: string, rows: AdsCsvRow[], controller: AbortController) {
    const batches = adsCsvBatches(rows);
    setRun({ fileName, total: rows.length, sent: 0, running: true });
    let sent = 0;
    for (const [index, batch] of batches.entries()) {
      if (controller.signal.aborted) return;
      if (index > 0) await wait(ADS_CSV_PAUSE_MS, controller.signal);
      if (controller.signal.aborted) return;
      try {
        await sendAdsCsvBatch(batch, controller.signal);
      } catch {
        if (controller.signal.aborted) return;
        enqueueSnackbar(ADS_CSV_MESSAGES.batchFailed, { variant: 'error' });
        say(`${ADS_CSV_MESSAGES.batchFailed} (lote ${index + 1} de ${batches.length}).`);
        setRun((r) => (r ? { ...r, running: false } : r));
        onImported();
        return;
      }
      sent += batch.length;
      setRun((r) => (r ? { ...r, sent } : r));
      say(
        `Lote ${index + 1} de ${batches.length} enviado (${sent.toLocaleString('pt-BR')} de ${rows.length.toLocaleString('pt-BR')}).`,
      );
    }
    setRun((r) => (r ? { ...r, running: false } : r));
    enqueueSnackbar(ADS_CSV_MESSAGES.done, { variant: 'success' });
    onImported();
  }

  async function choose(file: File) {
    abort.current?.abort();
    setMessages([]);
    setRun(null);
    if (!isCsvFile(file)) {
      enqueueSnackbar(ADS_CSV_MESSAGES.invalidFile, { variant: 'error' });
      say(ADS_CSV_MESSAGES.invalidFile);
      return;
    }
    let text: string;
    try {
      text = await readText(file);
    } catch {
      enqueueSnackbar(ADS_CSV_MESSAGES.invalidFile, { variant: 'error' });
      say(ADS_CSV_MESSAGES.invalidFile);
      return;
    }
    const parsed = parseAdsCsv(text);
    if (!parsed.ok) {
      enqueueSnackbar(parsed.message, { variant: 'error' });
      say(parsed.message);
      return;
    }
    if (parsed.skipped > 0)
      say(`${parsed.skipped.toLocaleString('pt-BR')} linha(s) sem todas as colunas obrigatórias foram ignoradas.`);
    const controller = new AbortController();
    abort.current = controller;
    await send(file.name, parsed.rows, controller);
  }

  function remove() {
    const running = run?.running === true;
    abort.current?.abort();
    abort.current = null;
    setRun(null);
    setMessages([]);
    if (input.current) input.current.value = '';
    enqueueSnackbar(ADS_CSV_MESSAGES.cancelled, { variant: running ? 'warning' : 'info' });
  }

  const percent = run && run.total > 0 ? Math.round((run.sent * 100) / run.total) : 0;

  return (
    <DialogShell open={open} onClose={onClose} busy={run?.running === true} maxWidth="sm" titleId="ads-csv-title">
      {/* The run shows its own progress bar; 'Fechar' waits for it. */}
      <DialogFrame
        title="Inserir CSV"
        titleId="ads-csv-title"
        busy={run?.running === true}
        busyLabel={null}
        cancelLabel="Fechar"
        onCancel={onClose}
      >
        <Typography variant="body2" color="text.secondary">
          Colunas obrigatórias: {ADS_CSV_HEADERS.join(', ')}. Separe as tags por ponto e vírgula. O arquivo é enviado em lotes de
          até {ADS_CSV_BATCH.toLocaleString('pt-BR')} linhas.
        </Typography>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label="Arquivo CSV"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void choose(file);
          }}
        />
        {run ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {run.fileName}
            </Typography>
            <Tooltip title="Remover arquivo">
              <IconButton aria-label="Remover arquivo" onClick={remove} color="error">
                <DeleteOutline />
              </IconButton>
            </Tooltip>
          </Stack>
        ) : (
          <Button
            variant="outlined"
            startIcon={<UploadFile />}
            onClick={() => input.current?.click()}
            sx={{ alignSelf: 'flex-start' }}
          >
            Selecionar arquivo
          </Button>
        )}
        {run && (
          <Box>
            <LinearProgress variant="determinate" value={percent} aria-label="Progresso do envio" />
            <Typography variant="caption" color="text.secondary">
              {run.sent.toLocaleString('pt-BR')} de {run.total.toLocaleString('pt-BR')} registros enviados ({percent}%)
            </Typography>
          </Box>
        )}
        <TextField
          label="Mensagens"
          value={messages.join('\n')}
          multiline
          minRows={2}
          maxRows={MESSAGE_LINES}
          size="small"
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </DialogFrame>
    </DialogShell>
  );
}
