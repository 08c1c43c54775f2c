// 'Conectar Whatsapp' (001 §2 Dialogs, §4 "Gateway instance connection", §9 QR size 250): fetches the
// QR, follows qrcode.updated and connection.update for the instance, closes by itself on 'open',
// closes with a snackbar when the fetch fails, and turns into 'QRCode expirado' when the gateway
// refuses the QR or no new QR and no scan arrive within the QR's life.
import Close from '@mui/icons-material/Close';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';

import type { ConnectResponse } from '@funil/domain/whatsapp-api/instances-api';
import type { InstanceEventPayload } from '@funil/domain/whatsapp-api/realtime';

import { ApiError } from '../../../lib/api-error.ts';
import { connectInstance, storeInstance, useInstanceEvents } from '../api/instances.ts';
import { clearFetchingInstance, setFetchingInstance } from '../connect-store.ts';

/** 001 §9: the QR is drawn at 250 px. */
export const QR_SIZE = 250;
// The gateway renews a QR about every 20 s and the first one lives 60 s (Baileys); without a new
// qrcode.updated nor a scan for this long, the QR on screen is no longer valid.
const QR_LIFETIME_MS = 60_000;
// 001 §4 "Legacy WhatsApp session": the spec's text when the dialog closes because it connected.
const CONNECTED_MESSAGE = 'Whatsapp conectado com sucesso!';

type Phase = { kind: 'fetching' } | { kind: 'qr'; base64: string } | { kind: 'expired' };

type ConnectQrDialogProps = {
  instanceName: string;
  /** An answer already in hand (the create answer carries the first QR); otherwise the dialog fetches. */
  initial?: ConnectResponse | undefined;
  onClose: () => void;
  qrLifetimeMs?: number;
};

export function ConnectQrDialog({ instanceName, initial, onClose, qrLifetimeMs = QR_LIFETIME_MS }: ConnectQrDialogProps) {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [phase, setPhase] = useState<Phase>(() =>
    initial?.status === 'qr' && initial.base64 ? { kind: 'qr', base64: initial.base64 } : { kind: 'fetching' },
  );
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const closed = useRef(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  const stopTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const expire = useCallback(() => {
    stopTimer();
    clearFetchingInstance(instanceName);
    setPhase({ kind: 'expired' });
  }, [instanceName, stopTimer]);

  const armTimer = useCallback(() => {
    stopTimer();
    timer.current = setTimeout(expire, qrLifetimeMs);
  }, [expire, qrLifetimeMs, stopTimer]);

  const close = useCallback(() => {
    if (closed.current) return;
    closed.current = true;
    stopTimer();
    clearFetchingInstance(instanceName);
    onCloseRef.current();
  }, [instanceName, stopTimer]);

  const connected = useCallback(() => {
    enqueueSnackbar(CONNECTED_MESSAGE, { variant: 'success' });
    close();
  }, [close, enqueueSnackbar]);

  const showQr = useCallback(
    (base64: string) => {
      clearFetchingInstance(instanceName);
      setPhase({ kind: 'qr', base64 });
      armTimer();
    },
    [armTimer, instanceName],
  );

  const apply = useCallback(
    (answer: ConnectResponse) => {
      storeInstance(client, answer.instance);
      if (answer.status === 'open') connected();
      else if (answer.status === 'qr' && answer.base64) showQr(answer.base64);
      // 'pending': the gateway has no QR yet; it arrives as qrcode.updated.
      else armTimer();
    },
    [armTimer, client, connected, showQr],
  );

  const fetchQr = useCallback(() => {
    setFetchingInstance(instanceName);
    inFlight.current = true;
    connectInstance(instanceName).then(
      (answer) => {
        inFlight.current = false;
        if (!closed.current) apply(answer);
      },
      (error: unknown) => {
        inFlight.current = false;
        // 001 §4, §8: a failed QR fetch closes the dialog.
        if (!(error instanceof ApiError && error.status === 401)) {
          enqueueSnackbar(error instanceof ApiError ? error.message : 'Não foi possível gerar o QRCode.', { variant: 'error' });
        }
        close();
      },
    );
  }, [apply, close, enqueueSnackbar, instanceName]);

  useEffect(() => {
    closed.current = false;
    if (!initial) fetchQr();
    else if (initial.status === 'open') connected();
    else {
      // The QR of the answer is already on screen (initial phase); a pending one arrives by socket.
      if (initial.status === 'pending') setFetchingInstance(instanceName);
      armTimer();
    }
    return () => {
      closed.current = true;
      stopTimer();
      clearFetchingInstance(instanceName);
    };
    // Once per dialog: the parent mounts one dialog per connect attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useInstanceEvents((payload: InstanceEventPayload) => {
    const event = payload.instance;
    if (event.name !== instanceName || closed.current) return;
    if (event.connectionStatus === 'open') connected();
    else if (typeof event.qrcode === 'string' && event.qrcode !== '') showQr(event.qrcode);
    // The gateway gave up on this QR (QR limit: 'refused'; or closed) while we waited for a scan.
    else if (
      !inFlight.current &&
      (event.connectionStatus === 'refused' || event.connectionStatus === 'close') &&
      phase.kind !== 'expired'
    )
      expire();
  });

  if (phase.kind === 'expired') {
    return (
      <Dialog open onClose={close} aria-labelledby="qr-expirado-titulo" aria-describedby="qr-expirado-texto">
        <DialogTitle id="qr-expirado-titulo">QRCode expirado</DialogTitle>
        <DialogContent>
          <DialogContentText id="qr-expirado-texto">Deseja gerar um novo QRCode?</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancelar</Button>
          <Button
            variant="contained"
            onClick={() => {
              setPhase({ kind: 'fetching' });
              fetchQr();
            }}
          >
            Gerar novo QRCode
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={close} aria-labelledby="conectar-whatsapp-titulo">
      <DialogTitle id="conectar-whatsapp-titulo" sx={{ pr: 6 }}>
        Conectar Whatsapp
        <IconButton aria-label="Fechar" onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center', width: { xs: 'auto', sm: 340 } }}>
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'stretch' }}>
            Instância <strong>{instanceName}</strong>
          </Typography>
          <Box
            sx={{
              width: QR_SIZE,
              height: QR_SIZE,
              boxSizing: 'content-box',
              p: 1,
              display: 'grid',
              placeItems: 'center',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: '#fff',
            }}
          >
            {phase.kind === 'qr' ? (
              <img
                src={phase.base64}
                width={QR_SIZE}
                height={QR_SIZE}
                alt={`QRCode da instância ${instanceName}`}
                style={{ display: 'block', imageRendering: 'pixelated' }}
              />
            ) : (
              <Stack spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }} role="status">
                <CircularProgress size={32} aria-hidden />
                <Typography variant="body2">Gerando QRCode...</Typography>
              </Stack>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'stretch' }}>
            No celular, abra o WhatsApp, toque em Aparelhos conectados e depois em Conectar um aparelho para ler o QRCode.
          </Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
