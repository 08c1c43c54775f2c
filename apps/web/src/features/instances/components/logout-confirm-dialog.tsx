// 'Desconectar' asks first, then DELETE /api/instance/logout/:instance (001 §7).
import { useQueryClient } from '@tanstack/react-query';

import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { logoutInstance, storeInstance } from '../api/instances.ts';
import { useInstanceAction } from './use-instance-action.ts';

export function LogoutConfirmDialog({ instanceName, onClose }: { instanceName: string; onClose: () => void }) {
  const client = useQueryClient();
  const { busy, run } = useInstanceAction(async () => {
    storeInstance(client, await logoutInstance(instanceName));
    return WHATSAPP_MESSAGES.instanceLoggedOut;
  }, onClose);

  return (
    <ConfirmDialog
      open
      title="Desconectar WhatsApp"
      confirmLabel="Desconectar"
      destructive
      busy={busy}
      onConfirm={run}
      onClose={onClose}
    >
      Deseja desconectar a instância {instanceName}? Para conectar de novo será preciso ler um novo QRCode.
    </ConfirmDialog>
  );
}
