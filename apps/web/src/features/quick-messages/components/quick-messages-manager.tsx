// The templates of the three levels (001 §3 "Quick-message model": empresa, unidade, atendente),
// grouped by level and category, searchable by title or text; edit and delete where the user may
// change that level (the API enforces the same rule), 'Nova mensagem' at the user's own level. Used
// by the 'Modelos' screen and the chat's 'Modelos de mensagem' dialog (which also picks one).
import { Add, Delete, Edit, Search } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';

import {
  foldForSearch,
  QUICK_MESSAGE_TEXTS,
  type QuickMessageScope,
  type ScopedQuickMessage,
} from '@funil/domain/whatsapp-api/quick-messages-api';

import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useDeleteQuickMessage, useQuickMessages } from '../api/quick-messages.ts';
import { failureText, QuickMessageFormDialog } from './quick-message-form-dialog.tsx';

const SCOPE_LABEL: Record<QuickMessageScope, string> = { empresa: 'Empresa', unidade: 'Unidade', atendente: 'Minhas mensagens' };

type Props = {
  /** Given in the chat: a click on a template hands it to the composer. */
  onPick?: ((template: ScopedQuickMessage) => void) | undefined;
  /** Height of the scrolling list. */
  listMaxHeight?: number | string;
};

export function QuickMessagesManager({ onPick, listMaxHeight = '60vh' }: Props) {
  const { data, templates, isLoading, isError } = useQuickMessages();
  const remove = useDeleteQuickMessage();
  const { enqueueSnackbar } = useSnackbar();
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<{ editing: ScopedQuickMessage | null } | null>(null);
  const [deleting, setDeleting] = useState<ScopedQuickMessage | null>(null);

  const groups = useMemo(() => {
    const query = foldForSearch(search.trim());
    const hits = (templates ?? []).filter(
      (t) => query === '' || foldForSearch(t.tituloMensagem).includes(query) || foldForSearch(t.mensagem).includes(query),
    );
    const byKey = new Map<string, { scope: QuickMessageScope; category: string; items: ScopedQuickMessage[] }>();
    for (const t of hits) {
      const key = `${t.escopo}:${t.idCategoria}`;
      if (!byKey.has(key)) byKey.set(key, { scope: t.escopo, category: t.nomeCategoria, items: [] });
      byKey.get(key)!.items.push(t);
    }
    return [...byKey.values()];
  }, [templates, search]);

  if (isLoading) return <CircularProgress aria-label="Carregando modelos" sx={{ m: 3 }} />;
  if (isError || !data) return <Alert severity="error">Erro ao carregar os modelos de mensagem.</Alert>;

  const editable = new Set(data.escopos_editaveis);
  const categoriesOf = (scope: QuickMessageScope) =>
    scope === 'empresa' ? data.categorias_empresa : scope === 'unidade' ? data.categorias_unidade : data.categorias_atendente;
  const flags = { isAdm: data.escopo_criacao === 'unidade', isAdmg: data.escopo_criacao === 'empresa' };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.idModelo, {
      onSuccess: () => (enqueueSnackbar(QUICK_MESSAGE_TEXTS.deleted, { variant: 'success' }), setDeleting(null)),
      onError: (e) => (enqueueSnackbar(failureText(QUICK_MESSAGE_TEXTS.notDeleted, e), { variant: 'error' }), setDeleting(null)),
    });
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          placeholder="Buscar por título ou texto"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': 'Buscar modelos' },
          }}
        />
        <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ editing: null })}>
          Nova mensagem
        </Button>
      </Stack>
      {groups.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {templates && templates.length > 0 ? 'Nenhum modelo encontrado.' : 'Nenhum modelo de mensagem cadastrado.'}
        </Typography>
      ) : (
        <List
          dense
          disablePadding
          sx={{ maxHeight: listMaxHeight, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {groups.map((g) => (
            <li key={`${g.scope}:${g.category}`}>
              <ul style={{ padding: 0 }}>
                <ListSubheader sx={{ display: 'flex', alignItems: 'center', gap: 1, lineHeight: '36px', bgcolor: 'grey.100' }}>
                  <Chip
                    size="small"
                    label={SCOPE_LABEL[g.scope]}
                    color={g.scope === 'empresa' ? 'primary' : g.scope === 'unidade' ? 'secondary' : 'default'}
                    variant="outlined"
                  />
                  <Typography variant="subtitle2" component="span">
                    {g.category}
                  </Typography>
                </ListSubheader>
                {g.items.map((t) => {
                  const text = (
                    <ListItemText
                      primary={t.tituloMensagem}
                      secondary={t.mensagem}
                      slotProps={{
                        primary: { sx: { fontWeight: 600 } },
                        secondary: {
                          sx: {
                            whiteSpace: 'pre-line',
                            display: '-webkit-box',
                            WebkitLineClamp: 2,
                            WebkitBoxOrient: 'vertical',
                            overflow: 'hidden',
                          },
                        },
                      }}
                    />
                  );
                  const actions = editable.has(t.escopo) ? (
                    <Box sx={{ display: 'flex', flexShrink: 0 }}>
                      <Tooltip title="Editar">
                        <IconButton
                          size="small"
                          aria-label={`Editar ${t.tituloMensagem}`}
                          onClick={() => setForm({ editing: t })}
                        >
                          <Edit fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Excluir">
                        <IconButton size="small" aria-label={`Excluir ${t.tituloMensagem}`} onClick={() => setDeleting(t)}>
                          <Delete fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  ) : null;
                  return (
                    <ListItem key={t.idModelo} disablePadding divider secondaryAction={actions} sx={{ pr: actions ? 11 : 0 }}>
                      {onPick ? (
                        <ListItemButton onClick={() => onPick(t)} aria-label={`Usar ${t.tituloMensagem}`}>
                          {text}
                        </ListItemButton>
                      ) : (
                        <Box sx={{ px: 2, py: 0.75, width: '100%' }}>{text}</Box>
                      )}
                    </ListItem>
                  );
                })}
              </ul>
            </li>
          ))}
        </List>
      )}
      {form && (
        <QuickMessageFormDialog
          editing={form.editing}
          categories={categoriesOf(form.editing?.escopo ?? data.escopo_criacao)}
          flags={flags}
          onClose={() => setForm(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir mensagem"
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {QUICK_MESSAGE_TEXTS.confirmDelete}
      </ConfirmDialog>
    </Stack>
  );
}
