// 001 §2 "Instâncias screen": chip and button by connectionStatus, and the shell chip
// '{n} de {total} WhatsApps conectados' of 001 §2 "WhatsApp page layout".
import { canManageInstances, type Permission } from '@funil/domain/access/roles';
import { CONNECTION_STATUS_LABEL } from '@funil/domain/whatsapp-api/instances-api';

export type InstanceAction = 'connect' | 'readQr' | 'logout';
export type StatusColor = 'success' | 'error' | 'warning' | 'default';

export type StatusView = {
  label: string;
  color: StatusColor;
  action: InstanceAction | null;
  actionLabel: string | null;
};

const UNKNOWN: StatusView = { label: 'Desconhecido', color: 'default', action: null, actionLabel: null };

const VIEWS: Record<string, StatusView> = {
  open: { label: CONNECTION_STATUS_LABEL.open ?? 'Conectado', color: 'success', action: 'logout', actionLabel: 'Desconectar' },
  close: { label: CONNECTION_STATUS_LABEL.close ?? 'Desconectado', color: 'error', action: 'connect', actionLabel: 'Conectar' },
  connecting: {
    label: CONNECTION_STATUS_LABEL.connecting ?? 'Gerando QRCode',
    color: 'warning',
    action: 'readQr',
    actionLabel: 'Ler QRCode',
  },
};

/** open → Conectado/Desconectar; close → Desconectado/Conectar; connecting → Gerando QRCode/Ler QRCode; other → Desconhecido, no button. */
export function statusView(connectionStatus: string): StatusView {
  return Object.hasOwn(VIEWS, connectionStatus) ? (VIEWS[connectionStatus] ?? UNKNOWN) : UNKNOWN;
}

export type ConnectionSummary = {
  connected: number;
  total: number;
  /** Badge: instances not connected. */
  disconnected: number;
  text: string;
  color: 'success' | 'error';
};

/** Green when at least one instance is open, red otherwise; 'WhatsApp Desabilitado' with no instance. */
export function connectionSummary(instances: readonly { connectionStatus: string }[]): ConnectionSummary {
  const total = instances.length;
  const connected = instances.filter((i) => i.connectionStatus === 'open').length;
  return {
    connected,
    total,
    disconnected: total - connected,
    text: total === 0 ? 'WhatsApp Desabilitado' : `${connected} de ${total} WhatsApps conectados`,
    color: connected > 0 ? 'success' : 'error',
  };
}

/**
 * 001 §4: while a QR is being fetched for one instance, the connect action of the other closed
 * instances is disabled (the one being fetched shows its progress instead).
 */
export function isConnectDisabled(instance: { name: string; connectionStatus: string }, fetching: string | null): boolean {
  if (fetching === null) return false;
  if (fetching === instance.name) return true;
  return instance.connectionStatus === 'close';
}

/** Admins create, connect, disconnect and remove instances: a, ag and the super-admin (issue 7 §5). */
export function canCreateInstance(permission: Permission): boolean {
  return canManageInstances(permission);
}
