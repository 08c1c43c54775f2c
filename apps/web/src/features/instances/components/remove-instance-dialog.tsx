// 'Remover' asks first (it cannot be undone), then DELETE /api/instance/delete/:instance (issue 7 §5).
import { useState } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import { ApiError } from '../../../lib/api-error.ts';
import { forgetInstance, refreshInstances, removeInstance } from '../api/instances.ts';

export function RemoveInstanceDialog({ instance, onClose }: { instance: { id: number; name: string }; onClose: () => void }) {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const message = await removeInstance(instance.name);
      forgetInstance(client, instance.id);
      // The menu and the chip count the unit's instances.
      void refreshInstances(client);
      enqueueSnackbar(message, { variant: 'success' });
      onClose();
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError && error.status === 401)) {
        enqueueSnackbar(error instanceof ApiError ? error.message : WHATSAPP_MESSAGES.gatewayUnavailable, { variant: 'error' });
      }
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="remover-instancia-titulo" aria-describedby="remover-instancia-texto">
      <DialogTitle id="remover-instancia-titulo">Remover instância</DialogTitle>
      <DialogContent>
        <DialogContentText id="remover-instancia-texto">
          Deseja remover a instância {instance.name}? O número será desconectado e a instância apagada; as conversas continuam nos leads. Esta ação não
          pode ser desfeita.
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
          Remover
        </Button>
      </DialogActions>
    </Dialog>
  );
}
