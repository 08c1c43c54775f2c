// The Ação of an instance (001 §2 table): Conectar / Ler QRCode open the QR dialog, Desconectar
// asks for confirmation; none for an unknown status, and none for those who may not manage
// instances (issue 7 §5: attendants and managers). Shared by the table and the chip menu.
import { Button, CircularProgress } from '@mui/material';

import { useCurrentUser } from '../../../lib/session.ts';
import { useFetchingInstance } from '../connect-store.ts';
import { canCreateInstance, isConnectDisabled, statusView, type InstanceAction } from '../instance-status.ts';

type InstanceActionButtonProps = {
  instance: { name: string; connectionStatus: string };
  onAction: (action: InstanceAction, name: string) => void;
  size?: 'small' | 'medium';
};

export function InstanceActionButton({ instance, onAction, size = 'small' }: InstanceActionButtonProps) {
  const fetching = useFetchingInstance();
  const user = useCurrentUser();
  const view = statusView(instance.connectionStatus);
  if (!view.action || !view.actionLabel || !canCreateInstance(user.permissao)) return null;
  const action = view.action;
  const isConnect = action !== 'logout';
  const busy = isConnect && fetching === instance.name;
  return (
    <Button
      size={size}
      variant={action === 'logout' ? 'outlined' : 'contained'}
      color={action === 'logout' ? 'error' : 'primary'}
      disabled={isConnect && isConnectDisabled(instance, fetching)}
      onClick={() => onAction(action, instance.name)}
      startIcon={busy ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
      aria-label={`${view.actionLabel} ${instance.name}`}
      sx={{ whiteSpace: 'nowrap', minWidth: 112 }}
    >
      {view.actionLabel}
    </Button>
  );
}
