// Create or edit one quick message (001 §5 "Quick-message creation", §8): a category (one of the
// level's own, or a new one; never named 'Criar categoria'), a title with its n/100 counter and the
// message. Enter without Shift submits; invalid input says 'Dados inválidos!'.
import { useState, type KeyboardEvent } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import {
  QUICK_MESSAGE_TEXTS,
  QUICK_MESSAGE_TITLE_MAX,
  QUICK_MESSAGE_CATEGORY_MAX,
  quickMessageCreateBodySchema,
  quickMessageEditBodySchema,
  quickMessageErrorCode,
  type QuickMessageCategory,
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
  const [categoria, setCategoria] = useState<string>(editing ? String(editing.idCategoria) : categories.length > 0 ? String(categories[0]!.idCategoria) : NEW_CATEGORY);
  const [nomeCategoria, setNomeCategoria] = useState('');
  const [titulo, setTitulo] = useState(editing?.tituloMensagem ?? '');
  const [mensagem, setMensagem] = useState(editing?.mensagem ?? '');
  const [touched, setTouched] = useState(false);

  const novaCategoria = categoria === NEW_CATEGORY;
  const category = novaCategoria ? { novaCategoria: true, nomeCategoria, idCategoria: null } : { novaCategoria: false, idCategoria: Number(categoria) };
  const parsed = editing
    ? quickMessageEditBodySchema.safeParse({ idModelo: editing.idModelo, tituloMensagem: titulo, mensagem, ...category })
    : quickMessageCreateBodySchema.safeParse({ ...category, tituloMensagem: titulo, mensagem, ...flags });
  const invalid = (field: string) => touched && !parsed.success && parsed.error.issues.some((i) => i.path[0] === field);

  const submit = () => {
    if (busy) return;
    setTouched(true);
    if (!parsed.success) {
      enqueueSnackbar(QUICK_MESSAGE_TEXTS.invalid, { variant: 'error' });
      return;
    }
    const done = { onSuccess: () => (enqueueSnackbar(editing ? QUICK_MESSAGE_TEXTS.edited : QUICK_MESSAGE_TEXTS.created, { variant: 'success' }), onClose()) };
    if (editing) edit.mutate({ idModelo: editing.idModelo, tituloMensagem: titulo, mensagem, ...category }, { ...done, onError: (e) => enqueueSnackbar(failureText(QUICK_MESSAGE_TEXTS.notEdited, e), { variant: 'error' }) });
    else create.mutate({ ...category, tituloMensagem: titulo, mensagem, ...flags }, { ...done, onError: (e) => enqueueSnackbar(failureText(QUICK_MESSAGE_TEXTS.notCreated, e), { variant: 'error' }) });
  };

  // 001 §5: Enter without Shift submits (Shift+Enter breaks the line in the message).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="quick-message-form-title">
      <DialogTitle id="quick-message-form-title">{editing ? 'Editar mensagem' : 'Nova mensagem'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} onKeyDown={onKeyDown}>
          <TextField select label="Categoria" required value={categoria} onChange={(e) => setCategoria(e.target.value)} error={invalid('idCategoria')}>
            {categories.map((c) => (
              <MenuItem key={c.idCategoria} value={String(c.idCategoria)}>
                {c.nomeCategoria}
              </MenuItem>
            ))}
            <MenuItem value={NEW_CATEGORY} sx={{ fontStyle: 'italic' }}>
              {QUICK_MESSAGE_TEXTS.createCategory}
            </MenuItem>
          </TextField>
          {novaCategoria && (
            <TextField
              label="Nome da categoria"
              required
              autoFocus
              value={nomeCategoria}
              onChange={(e) => setNomeCategoria(e.target.value)}
              error={invalid('nomeCategoria')}
              helperText={`${nomeCategoria.length}/${QUICK_MESSAGE_CATEGORY_MAX}`}
              slotProps={{ htmlInput: { maxLength: QUICK_MESSAGE_CATEGORY_MAX } }}
            />
          )}
          <TextField
            label="Título"
            required
            autoFocus={!novaCategoria}
            value={titulo}
            onChange={(e) => setTitulo(e.target.value)}
            error={invalid('tituloMensagem')}
            helperText={`${titulo.length}/${QUICK_MESSAGE_TITLE_MAX}`}
            slotProps={{ htmlInput: { maxLength: QUICK_MESSAGE_TITLE_MAX }, formHelperText: { sx: { textAlign: 'right' } } }}
          />
          <TextField
            label="Mensagem"
            required
            multiline
            minRows={4}
            maxRows={12}
            value={mensagem}
            onChange={(e) => setMensagem(e.target.value)}
            error={invalid('mensagem')}
            helperText="Use [nome_cliente], [data_atual] ou [data_atual+N]. Shift+Enter quebra a linha."
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
