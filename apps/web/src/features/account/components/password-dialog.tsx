// 'Alterar senha': the current password, the new one twice (issue 10; rules of the domain schema).
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';

import { PASSWORD_MESSAGES, passwordChangeSchema, type PasswordChange } from '@funil/domain/admin-api/password';
import { ERROR_CODES } from '@funil/domain/http/errors';

import { FormTextField } from '../../../components/ui/form-fields.tsx';
import { ApiError, isApiErrorCode } from '../../../lib/api-error.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: PasswordChange = { senhaAtual: '', novaSenha: '', confirmacao: '' };

export function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const change = useChangePassword();
  const { control, handleSubmit, reset, setError, formState } = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: EMPTY,
  });
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const submit = handleSubmit((body) =>
    change.mutateAsync(body).then(
      () => {
        enqueueSnackbar(PASSWORD_MESSAGES.changed, { variant: 'success' });
        close();
      },
      (cause: unknown) => {
        const message = cause instanceof ApiError ? cause.message : 'Não foi possível alterar a senha.';
        if (isApiErrorCode(cause, ERROR_CODES.wrongCurrentPassword)) setError('senhaAtual', { message });
        enqueueSnackbar(message, { variant: 'error' });
      },
    ),
  );
  return (
    <Dialog
      open={open}
      onClose={formState.isSubmitting ? undefined : close}
      maxWidth="xs"
      fullWidth
      aria-labelledby="alterar-senha-titulo"
    >
      <DialogTitle id="alterar-senha-titulo">Alterar senha</DialogTitle>
      <DialogContent dividers>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <FormTextField
            control={control}
            name="senhaAtual"
            label="Senha atual"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
          />
          <FormTextField
            control={control}
            name="novaSenha"
            label="Nova senha"
            type="password"
            autoComplete="new-password"
            required
            helperText="No mínimo 8 caracteres."
          />
          <FormTextField
            control={control}
            name="confirmacao"
            label="Confirme a nova senha"
            type="password"
            autoComplete="new-password"
            required
          />
          <button type="submit" hidden tabIndex={-1} aria-hidden />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={close} disabled={formState.isSubmitting}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={formState.isSubmitting}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
