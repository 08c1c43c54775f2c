// The v2/legacy chips of 001 §2: 'WhatsApp Conectado'/'WhatsApp Desconectado' (the legacy session,
// 001 §4) and 'Servidor Conectado'/'Servidor Desconectado' (the socket), green or red. Clicking the
// server chip reconnects the socket; clicking a disconnected WhatsApp chip opens 'Conectar Whatsapp'.
// The v3 chat shows the shell's '{n} de {total} WhatsApps conectados' instead. A screen of a
// gateway unit that shows these chips (the mass-send monitor, 002 §2.3) passes `whatsapp`: the
// WhatsApp chip then reads its numbers (connected when one is) and the legacy session is not read.
import Dns from '@mui/icons-material/Dns';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { Chip, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';

import { LEGACY_SESSION_MESSAGES, legacySessionStep } from '@funil/domain/whatsapp-api/legacy-session-api';

import { useLegacySession, useRestartLegacySession } from '../api/legacy-session.ts';
import { useSocketStatus } from '../use-socket-status.ts';
import { LegacyQrDialog } from './legacy-qr-dialog.tsx';

export function ConnectionChips({ whatsapp }: { whatsapp?: { connected: boolean } } = {}) {
  const { enqueueSnackbar } = useSnackbar();
  const socket = useSocketStatus();
  const session = useLegacySession(!whatsapp);
  const restart = useRestartLegacySession();
  const state = session.data ? legacySessionStep(session.data.status) : null;
  const sessionId = session.data?.id ?? null;
  const connected = whatsapp ? whatsapp.connected : state === 'connected';
  const [qrRequested, setQrRequested] = useState(false);
  const [connectedNotices, setConnectedNotices] = useState(0);
  // The dialog closes by itself once connected, with 001 §4's text (state adjusted while rendering).
  if (qrRequested && connected) {
    setQrRequested(false);
    setConnectedNotices((n) => n + 1);
  }
  useEffect(() => {
    if (connectedNotices > 0) enqueueSnackbar(LEGACY_SESSION_MESSAGES.connected, { variant: 'success' });
  }, [connectedNotices, enqueueSnackbar]);

  // 001 §4: a session neither connected nor showing a QR is asked to reconnect, once per such state.
  const { mutate: restartSession } = restart;
  const asked = useRef(false);
  useEffect(() => {
    if (state === 'reconnect' && sessionId !== null && !asked.current) {
      asked.current = true;
      restartSession(sessionId);
    }
    if (state !== 'reconnect') asked.current = false;
  }, [state, sessionId, restartSession]);

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        icon={<WhatsApp />}
        label={connected ? 'WhatsApp Conectado' : 'WhatsApp Desconectado'}
        color={connected ? 'success' : 'error'}
        onClick={connected || whatsapp ? undefined : () => setQrRequested(true)}
        sx={{ fontWeight: 600 }}
      />
      <Chip
        icon={<Dns />}
        label={socket.connected ? 'Servidor Conectado' : 'Servidor Desconectado'}
        color={socket.connected ? 'success' : 'error'}
        onClick={socket.reconnect}
        sx={{ fontWeight: 600 }}
      />
      {qrRequested && (
        <LegacyQrDialog
          qrcode={state === 'qrcode' ? (session.data?.qrcode ?? null) : null}
          onClose={() => setQrRequested(false)}
        />
      )}
    </Stack>
  );
}
