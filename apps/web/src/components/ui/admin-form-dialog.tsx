// The create/edit dialog of the admin screens (002 §2.10): a form validated by the domain schema
// (react-hook-form + zodResolver), Cancelar and Salvar, and the 'continue creating/editing'
// checkbox that keeps the dialog open after a save (emptied for the next record on create, with the
// saved values on edit). The server's Portuguese message shows in a snackbar, and its field
// messages under their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, FormControlLabel, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

import { ApiError } from '../../lib/api-error.ts';
import { DialogFrame, DialogShell } from './dialog-shell.tsx';

export type AdminDialogMode = 'create' | 'edit';

/** 002 §2.10: the checkbox that keeps the dialog open. */
const CONTINUE_LABEL: Record<AdminDialogMode, string> = {
  create: 'Continuar cadastrando',
  edit: 'Continuar editando',
};

type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type AdminForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

export type AdminFormDialogProps<S extends FormSchema> = {
  open: boolean;
  mode: AdminDialogMode;
  /** 'Cadastrar Unidade' / 'Editar Unidade'. */
  title: string;
  schema: S;
  /** The empty form on create, the row's values on edit. */
  values: z.input<S>;
  /** Saves; a rejected ApiError keeps the dialog open with the server's message. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  onClose: () => void;
  children: (form: AdminForm<S>) => ReactNode;
  /** Snackbar after a save. */
  successMessage: string;
  /** Snackbar when Salvar is pressed with invalid fields (002 §5 'User', 'Partner'). */
  invalidMessage?: string;
  /** Alert over the form while it has errors (002 §5 'Partner': 'Preencha todos os campos'). */
  errorsAlert?: string;
  /** 002 §5 'Unit', 'Negotiation status form': Salvar stays disabled until the form is valid. */
  disableUntilValid?: boolean;
  submitLabel?: string;
  maxWidth?: 'xs' | 'sm' | 'md';
};

function messageOf(cause: unknown): string {
  return cause instanceof ApiError ? cause.message : 'Não foi possível salvar. Tente novamente.';
}

export function AdminFormDialog<S extends FormSchema>(props: AdminFormDialogProps<S>) {
  const { open, onClose, maxWidth = 'sm' } = props;
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Each opening starts a fresh form from `values` (another row, or a new record).
  const [prevOpen, setPrevOpen] = useState(open);
  const [opening, setOpening] = useState(0);
  const [busy, setBusy] = useState(false);
  if (open !== prevOpen) {
    setPrevOpen(open);
    if (open) setOpening((n) => n + 1);
  }
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      busy={busy}
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      titleId="admin-dialog-title"
    >
      <AdminFormBody key={opening} {...props} onBusy={setBusy} />
    </DialogShell>
  );
}

function AdminFormBody<S extends FormSchema>({
  mode,
  title,
  schema,
  values,
  onSubmit,
  onClose,
  children,
  successMessage,
  invalidMessage,
  errorsAlert,
  disableUntilValid,
  submitLabel = 'Salvar',
  onBusy,
}: AdminFormDialogProps<S> & { onBusy: (busy: boolean) => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [keepOpen, setKeepOpen] = useState(false);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues: values as never,
    mode: 'onChange',
  });
  const { handleSubmit, reset, setError, formState } = form;

  const submit = handleSubmit(
    async (parsed) => {
      onBusy(true);
      try {
        await onSubmit(parsed);
      } catch (cause) {
        enqueueSnackbar(messageOf(cause), { variant: 'error' });
        if (cause instanceof ApiError) {
          for (const [field, message] of Object.entries(cause.fields))
            setError(field as Path<z.input<S>>, { type: 'server', message });
        }
        return;
      } finally {
        onBusy(false);
      }
      enqueueSnackbar(successMessage, { variant: 'success' });
      if (!keepOpen) onClose();
      // Continue creating: an empty form for the next one; continue editing: the saved values.
      else if (mode === 'create') reset(values);
      else reset(form.getValues());
    },
    () => {
      if (invalidMessage) enqueueSnackbar(invalidMessage, { variant: 'error' });
    },
  );

  const hasErrors = Object.keys(formState.errors).length > 0;
  const busy = formState.isSubmitting;

  return (
    <DialogFrame
      title={title}
      titleId="admin-dialog-title"
      busy={busy}
      error={errorsAlert && hasErrors && formState.isSubmitted ? errorsAlert : null}
      onSubmit={() => void submit()}
      primary={{ label: submitLabel, disabled: disableUntilValid === true && !formState.isValid }}
      onCancel={onClose}
      actionsStart={
        <FormControlLabel
          control={<Checkbox checked={keepOpen} onChange={(event) => setKeepOpen(event.target.checked)} />}
          label={CONTINUE_LABEL[mode]}
        />
      }
    >
      {children(form)}
    </DialogFrame>
  );
}
