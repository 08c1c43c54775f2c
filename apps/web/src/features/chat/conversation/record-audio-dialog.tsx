// 'Gravar Audio' (001 §2, §4 "Audio recording", §5 recording errors): INICIAR and PARAR, a player,
// 'Pronto para gravar' when idle, 'Gravando....' while recording with an mm:ss timer counting each
// second; MP3 at 128 kbps; a recording under 10000 bytes is discarded without sending.
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import StopIcon from '@mui/icons-material/Stop';
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
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';

import {
  MEDIA_SENDING_NOTICE,
  MIN_RECORDING_BYTES,
  recordingClock,
  recordingErrorOf,
} from '@funil/domain/whatsapp-api/media-picker';

import type { Outgoing } from '../api/messages.ts';
import { recordingToMp3 } from './mp3-encoder.ts';
import { readAsDataUrl } from './read-file.ts';

export type RecordingState = 'idle' | 'recording' | 'stopping' | 'stopped' | 'error';

export const RECORDING_STATUS: Record<Exclude<RecordingState, 'error'>, string> = {
  idle: 'Pronto para gravar',
  recording: 'Gravando....',
  stopping: 'Finalizando....',
  stopped: 'Gravação pronta',
};

export const RECORDING_TOO_SHORT = 'Gravação muito curta: descartada.';

type Props = {
  open: boolean;
  onClose: () => void;
  onSend: (outgoing: Outgoing) => void;
  onRecordingChange?: (recording: boolean) => void;
};

export function RecordAudioDialog({ open, ...rest }: Props) {
  return open ? <RecordAudioBody {...rest} /> : null;
}

function RecordAudioBody({ onClose, onSend, onRecordingChange }: Omit<Props, 'open'>) {
  const { enqueueSnackbar } = useSnackbar();
  const [state, setState] = useState<RecordingState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [result, setResult] = useState<{ mp3: Blob; url: string; seconds: number } | null>(null);
  const [sending, setSending] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const started = useRef(0);

  const release = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  };
  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== 'inactive') {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      if (timer.current) clearInterval(timer.current);
      stream.current?.getTracks().forEach((t) => t.stop());
      onRecordingChange?.(false);
    },
    [onRecordingChange],
  );
  useEffect(() => {
    if (!result) return;
    return () => URL.revokeObjectURL(result.url);
  }, [result]);

  const fail = (name: string) => {
    release();
    onRecordingChange?.(false);
    setState('error');
    setError(recordingErrorOf(name));
  };

  const start = async () => {
    setError(null);
    setResult(null);
    setSeconds(0);
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      fail('TypeError');
      return;
    }
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      fail(err instanceof DOMException || err instanceof Error ? err.name : '');
      return;
    }
    const chunks: Blob[] = [];
    const rec = new MediaRecorder(stream.current);
    recorder.current = rec;
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onerror = () => fail('AbortError');
    rec.onstop = () => {
      release();
      onRecordingChange?.(false);
      const recorded = new Blob(chunks, { type: rec.mimeType });
      recordingToMp3(recorded)
        .then(({ mp3, seconds: length }) => {
          if (mp3.size < MIN_RECORDING_BYTES) {
            setState('idle');
            setError(RECORDING_TOO_SHORT);
            return;
          }
          setResult({ mp3, url: URL.createObjectURL(mp3), seconds: length });
          setState('stopped');
        })
        .catch(() => fail('AbortError'));
    };
    rec.start(250);
    started.current = Date.now();
    timer.current = setInterval(() => setSeconds(Math.floor((Date.now() - started.current) / 1000)), 1000);
    setState('recording');
    onRecordingChange?.(true);
  };

  const stop = () => {
    if (recorder.current?.state === 'recording') {
      setState('stopping');
      recorder.current.stop();
    }
  };

  const send = async () => {
    if (!result || sending) return;
    setSending(true);
    try {
      const dataUrl = await readAsDataUrl(result.mp3);
      onSend({ kind: 'voice', dataUrl, seconds: Math.round(result.seconds) });
      enqueueSnackbar(MEDIA_SENDING_NOTICE.audio, { variant: 'info' });
      onClose();
    } catch {
      setSending(false);
      setError(recordingErrorOf(''));
    }
  };

  const status = state === 'error' ? (error ?? '') : RECORDING_STATUS[state];
  return (
    <Dialog
      open
      onClose={state === 'recording' || sending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="record-dialog-title"
    >
      <DialogTitle id="record-dialog-title">Gravar Audio</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center', pt: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {state === 'recording' && (
              <FiberManualRecordIcon
                color="error"
                fontSize="small"
                sx={{ animation: 'funil-blink 1s steps(2) infinite', '@keyframes funil-blink': { '50%': { opacity: 0.2 } } }}
              />
            )}
            <Typography variant="body1" data-testid="recording-status" color={state === 'error' ? 'error' : 'text.primary'}>
              {status}
            </Typography>
          </Stack>
          <Typography variant="h4" component="div" data-testid="recording-timer" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {recordingClock(seconds)}
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              color="error"
              startIcon={<FiberManualRecordIcon />}
              onClick={() => void start()}
              disabled={state === 'recording' || state === 'stopping' || sending}
            >
              INICIAR
            </Button>
            <Button
              variant="outlined"
              startIcon={state === 'stopping' ? <CircularProgress size={16} /> : <StopIcon />}
              onClick={stop}
              disabled={state !== 'recording'}
            >
              PARAR
            </Button>
          </Stack>
          {result && (
            <Box sx={{ width: '100%' }}>
              <audio src={result.url} controls style={{ width: '100%' }} data-testid="recording-player" />
            </Box>
          )}
          {error && state !== 'error' && <Alert severity="warning">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={state === 'recording' || sending}>
          CANCELAR
        </Button>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={!result || sending}
          startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {sending ? 'Enviando' : 'Enviar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
