// One place for the dialogs an instance action opens (QR or logout confirmation), used by the
// Instâncias screen and by the chip menu, each with its own dialogs.
import { useState, type ReactNode } from 'react';

import type { ConnectResponse } from '@funil/domain/whatsapp-api/instances-api';

import type { InstanceAction } from '../instance-status.ts';
import { ConnectQrDialog } from './connect-qr-dialog.tsx';
import { LogoutConfirmDialog } from './logout-confirm-dialog.tsx';

type Open =
  { kind: 'qr'; name: string; initial?: ConnectResponse; seq: number } | { kind: 'logout'; name: string; seq: number } | null;

export function useInstanceDialogs(): {
  runAction: (action: InstanceAction, name: string) => void;
  showQr: (name: string, initial?: ConnectResponse) => void;
  dialogs: ReactNode;
} {
  const [open, setOpen] = useState<Open>(null);
  const [seq, setSeq] = useState(0);
  const next = () => {
    setSeq((n) => n + 1);
    return seq + 1;
  };
  const showQr = (name: string, initial?: ConnectResponse) =>
    setOpen({ kind: 'qr', name, seq: next(), ...(initial ? { initial } : {}) });
  const runAction = (action: InstanceAction, name: string) => {
    if (action === 'logout') setOpen({ kind: 'logout', name, seq: next() });
    else showQr(name);
  };
  const close = () => setOpen(null);
  const dialogs =
    open?.kind === 'qr' ? (
      <ConnectQrDialog key={open.seq} instanceName={open.name} initial={open.initial} onClose={close} />
    ) : open?.kind === 'logout' ? (
      <LogoutConfirmDialog key={open.seq} instanceName={open.name} onClose={close} />
    ) : null;
  return { runAction, showQr, dialogs };
}
