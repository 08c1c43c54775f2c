// 'Remover' asks first (it cannot be undone), then DELETE /api/instance/delete/:instance (issue 7 §5).
import { useQueryClient } from '@tanstack/react-query';

import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { forgetInstance, refreshInstances, removeInstance } from '../api/instances.ts';
import { useInstanceAction } from './use-instance-action.ts';

export function RemoveInstanceDialog({ instance, onClose }: { instance: { id: number; name: string }; onClose: () => void }) {
  const client = useQueryClient();
  const { busy, run } = useInstanceAction(async () => {
    const message = await removeInstance(instance.name);
    forgetInstance(client, instance.id);
    // The menu and the chip count the unit's instances.
    void refreshInstances(client);
    return message;
  }, onClose);

  return (
    <ConfirmDialog
      open
      title="Remover instância"
      confirmLabel="Remover"
      destructive
      busy={busy}
      onConfirm={run}
      onClose={onClose}
    >
      Deseja remover a instância {instance.name}? O número será desconectado e a instância apagada; as conversas continuam nos
      leads. Esta ação não pode ser desfeita.
    </ConfirmDialog>
  );
}
