// Deleting a status (issue 10, 002 §2.8): a status no lead holds goes at once after a confirmation;
// one in use is refused by the server with how many leads hold it, and the admin chooses the status
// those leads move to before it goes.
import { Alert, Box, MenuItem, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import { STATUS_MESSAGES } from '@funil/domain/admin-api/statuses';
import { ERROR_CODES } from '@funil/domain/http/errors';

import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError, isApiErrorCode } from '../../../lib/api-error.ts';
import { useDeleteStatus, type StatusKind, type StatusRow } from '../api/statuses.ts';

type DeleteStatusDialogProps = {
  kind: StatusKind;
  idEmpresa: number | null;
  row: StatusRow;
  rows: readonly StatusRow[];
  onClose: () => void;
};

export function DeleteStatusDialog({ kind, idEmpresa, row, rows, onClose }: DeleteStatusDialogProps) {
  const remove = useDeleteStatus(kind, idEmpresa);
  const { enqueueSnackbar } = useSnackbar();
  const [inUse, setInUse] = useState<string | null>(null);
  const [destino, setDestino] = useState<number | ''>('');
  const others = rows.filter((r) => r.ordem !== row.ordem);

  const submit = () =>
    remove.mutate(
      { ordem: row.ordem, destino: inUse !== null && destino !== '' ? destino : null },
      {
        onSuccess: (answer) => {
          enqueueSnackbar(answer.message || STATUS_MESSAGES.deleted, { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          // STATUS_EM_USO: leads hold the status (the server's text says how many); the dialog asks where they go.
          if (isApiErrorCode(error, ERROR_CODES.statusInUse)) setInUse(error.message);
          else enqueueSnackbar(error instanceof ApiError ? error.message : String(error), { variant: 'error' });
        },
      },
    );

  return (
    <ConfirmDialog
      open
      title="Excluir status"
      confirmLabel={inUse !== null ? 'Mover e excluir' : 'Excluir'}
      destructive
      busy={remove.isPending}
      confirmDisabled={inUse !== null && destino === ''}
      onConfirm={submit}
      onClose={onClose}
    >
      <Box sx={{ mb: inUse ? 2 : 0 }}>
        Tem certeza que deseja excluir o status “{row.nome}” (ordem {row.ordem})?
      </Box>
      {inUse !== null && (
        <Stack spacing={2}>
          <Alert severity="warning">{inUse}</Alert>
          <TextField
            select
            label="Mover os leads para"
            value={destino}
            onChange={(event) => setDestino(Number(event.target.value))}
            size="small"
            fullWidth
          >
            {others.map((other) => (
              <MenuItem key={other.ordem} value={other.ordem}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: other.cor }} />
                  <span>
                    {other.ordem} · {other.nome}
                  </span>
                </Stack>
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
    </ConfirmDialog>
  );
}
