// 'Desconectar' asks first, then DELETE /api/instance/logout/:instance (001 §7).
import { useState } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import { ApiError } from '../../../lib/api-error.ts';
import { logoutInstance, storeInstance } from '../api/instances.ts';

export function LogoutConfirmDialog({ instanceName, onClose }: { instanceName: string; onClose: () => void }) {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      storeInstance(client, await logoutInstance(instanceName));
      enqueueSnackbar(WHATSAPP_MESSAGES.instanceLoggedOut, { variant: 'success' });
      onClose();
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError && error.status === 401)) {
        enqueueSnackbar(error instanceof ApiError ? error.message : WHATSAPP_MESSAGES.gatewayUnavailable, { variant: 'error' });
      }
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="desconectar-titulo" aria-describedby="desconectar-texto">
      <DialogTitle id="desconectar-titulo">Desconectar WhatsApp</DialogTitle>
      <DialogContent>
        <DialogContentText id="desconectar-texto">
          Deseja desconectar a instância {instanceName}? Para conectar de novo será preciso ler um novo QRCode.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Desconectar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
