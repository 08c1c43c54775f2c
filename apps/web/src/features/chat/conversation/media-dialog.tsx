// The media-send dialogs (001 §2, §4 "Media sending", §5 "Media pickers"): 'Selecionar arquivo',
// 'Limpar', 'Total:', a preview, 'CANCELAR' and 'Enviar' → 'Enviando' with a spinner; exactly one
// file of the dialog's kind; then the notice ('Enviando imagem......', …) and the dialog closes.
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';

import {
  checkPickedFiles,
  MEDIA_ACCEPT,
  MEDIA_DIALOG_TITLE,
  MEDIA_PICKER_ERRORS,
  MEDIA_SENDING_NOTICE,
  sendMediaTypeOf,
  type MediaDialogKind,
} from '@funil/domain/whatsapp-api/media-picker';

import type { Outgoing } from '../api/messages.ts';
import { formatBytes, readAsDataUrl } from './read-file.ts';

type Props = {
  kind: MediaDialogKind | null;
  /** A file pasted or dropped on the composer, shown already chosen. */
  initialFile?: File | null;
  onClose: () => void;
  onSend: (outgoing: Outgoing) => void;
};

function Preview({ kind, file, url }: { kind: MediaDialogKind; file: File; url: string }) {
  if (kind === 'image' || kind === 'sticker')
    return (
      <Box
        component="img"
        src={url}
        alt={file.name}
        sx={{ maxWidth: '100%', maxHeight: 240, objectFit: 'contain', display: 'block', mx: 'auto' }}
      />
    );
  if (kind === 'video')
    return <Box component="video" src={url} controls sx={{ width: '100%', maxHeight: 240, bgcolor: 'black' }} />;
  if (kind === 'audio') return <audio src={url} controls style={{ width: '100%' }} />;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', bgcolor: 'grey.100', p: 1.5, borderRadius: 1 }}>
      <InsertDriveFileIcon color="action" />
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {file.name}
      </Typography>
    </Stack>
  );
}

export function MediaDialog({ kind, initialFile = null, onClose, onSend }: Props) {
  const open = kind !== null;
  return open ? (
    <MediaDialogBody
      key={`${kind}:${initialFile?.name ?? ''}`}
      kind={kind}
      initialFile={initialFile}
      onClose={onClose}
      onSend={onSend}
    />
  ) : null;
}

function MediaDialogBody({ kind, initialFile, onClose, onSend }: Props & { kind: MediaDialogKind }) {
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const initialError = initialFile ? checkPickedFiles(kind, [initialFile]) : null;
  const [file, setFile] = useState<File | null>(initialFile && !initialError ? initialFile : null);
  const [error, setError] = useState<string | null>(initialError);
  const [caption, setCaption] = useState('');
  const [sending, setSending] = useState(false);
  const [retryable, setRetryable] = useState(false);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return;
    const objectUrl = URL.createObjectURL(file);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the preview URL lives as long as the chosen file
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const choose = (files: File[]) => {
    const problem = checkPickedFiles(kind, files);
    setRetryable(false);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setFile(files[0] ?? null);
  };

  const send = async () => {
    if (sending) return;
    if (!file) {
      setError(MEDIA_PICKER_ERRORS.missing);
      return;
    }
    setSending(true);
    setError(null);
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      setSending(false);
      setError(MEDIA_PICKER_ERRORS.unreadable);
      return;
    }
    try {
      onSend({
        kind: 'media',
        mediatype: sendMediaTypeOf(kind),
        dataUrl,
        mimetype: file.type || 'application/octet-stream',
        fileName: file.name,
        caption: caption.trim() === '' ? undefined : caption,
      });
    } catch {
      setSending(false);
      setRetryable(true);
      setError(MEDIA_PICKER_ERRORS.generic);
      return;
    }
    enqueueSnackbar(MEDIA_SENDING_NOTICE[kind], { variant: 'info' });
    onClose();
  };

  const captionAllowed = kind === 'image' || kind === 'video' || kind === 'document';
  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="media-dialog-title">
      <DialogTitle id="media-dialog-title">{MEDIA_DIALOG_TITLE[kind]}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <input
            ref={input}
            type="file"
            hidden
            accept={MEDIA_ACCEPT[kind]}
            data-testid="media-file-input"
            onChange={(e) => {
              choose([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" onClick={() => input.current?.click()} disabled={sending}>
              Selecionar arquivo
            </Button>
            <Button
              onClick={() => {
                setFile(null);
                setUrl(null);
                setError(null);
              }}
              disabled={sending || (!file && !error)}
            >
              Limpar
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
              Total: {file ? 1 : 0}
            </Typography>
          </Stack>
          <Box
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              choose([...e.dataTransfer.files]);
            }}
            data-testid="media-preview"
            sx={{
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 1,
              p: 1,
              minHeight: 120,
              display: 'grid',
              placeItems: 'center',
            }}
          >
            {file && url ? (
              <Stack spacing={1} sx={{ width: '100%' }}>
                <Preview kind={kind} file={file} url={url} />
                <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {file.name} · {formatBytes(file.size)}
                </Typography>
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                Nenhum arquivo selecionado
              </Typography>
            )}
          </Box>
          {captionAllowed && file && (
            <TextField
              size="small"
              label="Legenda"
              value={caption}
              onChange={(e) => setCaption(e.target.value)}
              multiline
              maxRows={4}
              disabled={sending}
            />
          )}
          {error && (
            <Alert
              severity="error"
              action={
                retryable ? (
                  <Button color="inherit" size="small" onClick={() => void send()}>
                    Tentar novamente
                  </Button>
                ) : undefined
              }
            >
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          CANCELAR
        </Button>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={sending}
          startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {sending ? 'Enviando' : 'Enviar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
