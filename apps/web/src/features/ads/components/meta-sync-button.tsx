// 'Sincronizar com o Meta' (issue 23 §5 §6) on the catalogue and the costs: only with a Meta connection.
import Sync from '@mui/icons-material/Sync';
import { Button, CircularProgress } from '@mui/material';
import { useSnackbar } from 'notistack';

import { useMetaSyncNow, useMetaSyncState } from '../api/meta-sync.ts';

export function MetaSyncButton() {
  const state = useMetaSyncState();
  const sync = useMetaSyncNow();
  const { enqueueSnackbar } = useSnackbar();
  if (!state.data?.connected) return null;
  return (
    <Button
      variant="outlined"
      startIcon={sync.isPending ? <CircularProgress size={16} /> : <Sync />}
      disabled={sync.isPending}
      onClick={() =>
        sync.mutate(undefined, {
          onSuccess: (r) => enqueueSnackbar(r.message, { variant: 'success' }),
          onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
        })
      }
    >
      Sincronizar com o Meta
    </Button>
  );
}
