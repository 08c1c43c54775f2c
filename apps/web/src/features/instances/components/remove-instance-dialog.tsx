// 'Remover' asks first (it cannot be undone), then DELETE /api/instance/delete/:instance (issue 7 §5).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import { ApiError } from '../../../lib/api-error.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
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
    <ConfirmDialog open title="Remover instância" confirmLabel="Remover" destructive busy={busy} onConfirm={() => void confirm()} onClose={onClose}>
      Deseja remover a instância {instance.name}? O número será desconectado e a instância apagada; as conversas continuam nos leads. Esta ação não pode ser
      desfeita.
    </ConfirmDialog>
  );
}
