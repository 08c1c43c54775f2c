// The gateway call behind a confirmation dialog of Instâncias ('Desconectar', 'Remover'): busy while it
// runs, the success notice and close when it answers, the gateway's message when it fails (a 401 is the
// session's end, which the shell already shows).
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { ApiError } from '../../../lib/api-error.ts';

export function useInstanceAction(action: () => Promise<string>, onDone: () => void): { busy: boolean; run: () => void } {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    action().then(
      (message) => {
        enqueueSnackbar(message, { variant: 'success' });
        onDone();
      },
      (error: unknown) => {
        setBusy(false);
        if (!(error instanceof ApiError && error.status === 401)) {
          enqueueSnackbar(error instanceof ApiError ? error.message : WHATSAPP_MESSAGES.gatewayUnavailable, { variant: 'error' });
        }
      },
    );
  };
  return { busy, run };
}
