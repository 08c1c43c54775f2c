// Create or edit one quick message (001 §5 "Quick-message creation", §8): a category (one of the
// level's own, or a new one; never named 'Criar categoria'), a title with its n/100 counter and the
// message. Enter without Shift submits; invalid input says 'Dados inválidos!'.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import type { KeyboardEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

import {
  QUICK_MESSAGE_CATEGORY_MAX,
  QUICK_MESSAGE_TEXTS,
  QUICK_MESSAGE_TITLE_MAX,
  quickMessageCreateBodySchema,
  quickMessageEditBodySchema,
  quickMessageErrorCode,
  type QuickMessageCategory,
  type QuickMessageCreateBody,
  type QuickMessageEditBody,
  type ScopedQuickMessage,
} from '@funil/domain/whatsapp-api/quick-messages-api';

import { ApiError } from '../../../lib/api-error.ts';
import { useCreateQuickMessage, useEditQuickMessage } from '../api/quick-messages.ts';

/** The select's value of the 'Criar categoria' choice. */
const NEW_CATEGORY = 'nova';

type Props = {
  /** The template being edited; null to create one. */
  editing: ScopedQuickMessage | null;
  /** The categories of the level the template lives in (the user's creation level for a new one). */
  categories: QuickMessageCategory[];
  /** isAdm / isAdmg of the create payload (001 §7): the level the user creates at. */
  flags: { isAdm: boolean; isAdmg: boolean };
  onClose: () => void;
};

/** What the dialog edits: the category select's value (an id, or NEW_CATEGORY), the new category's name, the title and the message. */
type QuickMessageForm = { idCategoria: string; nomeCategoria: string; tituloMensagem: string; mensagem: string };

/** The form as the body of POST adicionarModelo / editarModelo (001 §7), checked by the domain's schema of that route. */
function formSchema(editing: ScopedQuickMessage | null, flags: Props['flags']) {
  const form = z.object({ idCategoria: z.string(), nomeCategoria: z.string(), tituloMensagem: z.string(), mensagem: z.string() });
  const categoryOf = (values: QuickMessageForm) =>
    values.idCategoria === NEW_CATEGORY
      ? { novaCategoria: true, nomeCategoria: values.nomeCategoria, idCategoria: null }
      : { novaCategoria: false, idCategoria: Number(values.idCategoria) };
  return editing
    ? form
        .transform((values): QuickMessageEditBody => ({
          idModelo: editing.idModelo,
          tituloMensagem: values.tituloMensagem,
          mensagem: values.mensagem,
          ...categoryOf(values),
        }))
        .pipe(quickMessageEditBodySchema)
    : form
        .transform((values): QuickMessageCreateBody => ({
          ...categoryOf(values),
          tituloMensagem: values.tituloMensagem,
          mensagem: values.mensagem,
          ...flags,
        }))
        .pipe(quickMessageCreateBodySchema);
}

/** 'Mensagem não adicionada!' followed by 'Código do erro: {status}-{data.status}' (001 §8). */
export function failureText(prefix: string, error: unknown): string {
  const status = error instanceof ApiError && error.status > 0 ? error.status : undefined;
  return `${prefix} ${quickMessageErrorCode(status, status)}`;
}

export function QuickMessageFormDialog({ editing, categories, flags, onClose }: Props) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateQuickMessage();
  const edit = useEditQuickMessage();
  const busy = create.isPending || edit.isPending;
  const { control, handleSubmit, formState } = useForm<QuickMessageForm, unknown, QuickMessageCreateBody | QuickMessageEditBody>({
    resolver: zodResolver(formSchema(editing, flags)),
    defaultValues: {
      idCategoria: editing
        ? String(editing.idCategoria)
        : categories.length > 0
          ? String(categories[0]!.idCategoria)
          : NEW_CATEGORY,
      nomeCategoria: '',
      tituloMensagem: editing?.tituloMensagem ?? '',
      mensagem: editing?.mensagem ?? '',
    },
    // The fields turn red once Salvar was pressed, then follow the typing.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [categoria, nomeCategoria, titulo] = useWatch({ control, name: ['idCategoria', 'nomeCategoria', 'tituloMensagem'] });
  const novaCategoria = categoria === NEW_CATEGORY;
  const invalid = (field: keyof QuickMessageForm) => formState.errors[field] !== undefined;

  const save = handleSubmit(
    (body) => {
      const done = {
        onSuccess: () => (
          enqueueSnackbar(editing ? QUICK_MESSAGE_TEXTS.edited : QUICK_MESSAGE_TEXTS.created, { variant: 'success' }),
          onClose()
        ),
      };
      if (editing)
        edit.mutate(body as QuickMessageEditBody, {
          ...done,
          onError: (e) => enqueueSnackbar(failureText(QUICK_MESSAGE_TEXTS.notEdited, e), { variant: 'error' }),
        });
      else
        create.mutate(body as QuickMessageCreateBody, {
          ...done,
          onError: (e) => enqueueSnackbar(failureText(QUICK_MESSAGE_TEXTS.notCreated, e), { variant: 'error' }),
        });
    },
    () => enqueueSnackbar(QUICK_MESSAGE_TEXTS.invalid, { variant: 'error' }),
  );
  const submit = () => {
    if (!busy) void save();
  };

  // 001 §5: Enter without Shift submits (Shift+Enter breaks the line in the message).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="quick-message-form-title"
    >
      <DialogTitle id="quick-message-form-title">{editing ? 'Editar mensagem' : 'Nova mensagem'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} onKeyDown={onKeyDown}>
          <Controller
            name="idCategoria"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label="Categoria"
                required
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                value={field.value}
                onChange={field.onChange}
                error={invalid('idCategoria')}
              >
                {categories.map((c) => (
                  <MenuItem key={c.idCategoria} value={String(c.idCategoria)}>
                    {c.nomeCategoria}
                  </MenuItem>
                ))}
                <MenuItem value={NEW_CATEGORY} sx={{ fontStyle: 'italic' }}>
                  {QUICK_MESSAGE_TEXTS.createCategory}
                </MenuItem>
              </TextField>
            )}
          />
          {novaCategoria && (
            <Controller
              name="nomeCategoria"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label="Nome da categoria"
                  required
                  autoFocus
                  error={invalid('nomeCategoria')}
                  helperText={`${nomeCategoria.length}/${QUICK_MESSAGE_CATEGORY_MAX}`}
                  slotProps={{ htmlInput: { maxLength: QUICK_MESSAGE_CATEGORY_MAX } }}
                />
              )}
            />
          )}
          <Controller
            name="tituloMensagem"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                label="Título"
                required
                autoFocus={!novaCategoria}
                error={invalid('tituloMensagem')}
                helperText={`${titulo.length}/${QUICK_MESSAGE_TITLE_MAX}`}
                slotProps={{ htmlInput: { maxLength: QUICK_MESSAGE_TITLE_MAX }, formHelperText: { sx: { textAlign: 'right' } } }}
              />
            )}
          />
          <Controller
            name="mensagem"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                label="Mensagem"
                required
                multiline
                minRows={4}
                maxRows={12}
                error={invalid('mensagem')}
                helperText="Use [nome_cliente], [data_atual] ou [data_atual+N]. Shift+Enter quebra a linha."
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
