// 'Adicionar instância' (admins): POST /api/instancias with the name; the answer already carries the
// first QR, which the caller shows. The list and the unit data (menu, chip) are reloaded.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { createInstanceBodySchema, type ConnectResponse } from '@funil/domain/whatsapp-api/instances-api';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { ApiError } from '../../../lib/api-error.ts';
import { createInstance, refreshInstances, storeInstance } from '../api/instances.ts';

const INSTANCE_NAME_REQUIRED = 'Informe o nome da instância.';

const formSchema = z.object({
  name: z.string().trim().min(1, INSTANCE_NAME_REQUIRED).pipe(createInstanceBodySchema.shape.name),
});
type Form = z.input<typeof formSchema>;
type Body = z.output<typeof formSchema>;

export function AddInstanceDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (answer: ConnectResponse) => void }) {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { register, handleSubmit, setError, formState } = useForm<Form, unknown, Body>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '' },
  });
  const busy = formState.isSubmitting;

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await createInstance(body);
      storeInstance(client, answer.instance);
      enqueueSnackbar(WHATSAPP_MESSAGES.instanceCreated, { variant: 'success' });
      void refreshInstances(client);
      onCreated(answer);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) return;
      const field = error.fields.name;
      if (error.status === 409 || field) setError('name', { message: field ?? error.message });
      else enqueueSnackbar(error.message, { variant: 'error' });
    }
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="adicionar-instancia-titulo" fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="adicionar-instancia-titulo">Adicionar instância</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Dê um nome para identificar este WhatsApp. Depois de criada, leia o QRCode com o celular.
          </DialogContentText>
          <TextField
            {...register('name')}
            label="Nome da instância"
            autoFocus
            required
            error={Boolean(formState.errors.name)}
            helperText={formState.errors.name?.message ?? 'De 3 a 60 letras, números, hífens ou sublinhados.'}
            slotProps={{ htmlInput: { maxLength: 60, autoComplete: 'off', spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            Adicionar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
