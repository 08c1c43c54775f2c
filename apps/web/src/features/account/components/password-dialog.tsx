// 'Alterar senha': the current password, the new one twice (issue 10; rules of the domain schema).
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';

import { PASSWORD_MESSAGES, passwordChangeSchema, type PasswordChange } from '@funil/domain/admin-api/password';
import { ERROR_CODES } from '@funil/domain/http/errors';

import { DialogFrame, DialogShell } from '../../../components/ui/dialog-shell.tsx';
import { FormTextField } from '../../../components/ui/form-fields.tsx';
import { ApiError, isApiErrorCode } from '../../../lib/api-error.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: PasswordChange = { senhaAtual: '', novaSenha: '', confirmacao: '' };
const TITLE_ID = 'alterar-senha-titulo';

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
    <DialogShell open={open} onClose={close} busy={formState.isSubmitting} titleId={TITLE_ID} maxWidth="xs">
      <DialogFrame
        title="Alterar senha"
        titleId={TITLE_ID}
        busy={formState.isSubmitting}
        busyLabel={null}
        onSubmit={() => void submit()}
        primary={{ label: 'Salvar' }}
        onCancel={close}
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
      </DialogFrame>
    </DialogShell>
  );
}
