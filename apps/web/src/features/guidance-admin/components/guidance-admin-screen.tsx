// /orientacoes 'Orientações' (000 §2 /inicial, 002 §2.10 Início, §3 "Guidance text"): the texts of
// the home screen, company-wide or for one unit, in the order they show; create, edit, reorder, delete.
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useLayoutEffect, useRef, useState } from 'react';

import { GUIDANCE_MESSAGES, type GuidanceRow } from '@funil/domain/admin-api/guidance';

import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SanitizedHtml } from '../../../components/ui/sanitized-html.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useDeleteGuidance, useGuidanceAdmin, useReorderGuidance } from '../api/guidance-admin.ts';
import { GuidanceDialog } from './guidance-dialog.tsx';

const previewSx = {
  color: 'text.secondary',
  fontSize: '0.925rem',
  '& > :first-child': { mt: 0 },
  '& h1, & h2, & h3': { fontSize: '1rem', fontWeight: 600, my: 0.5 },
  '& p, & ul, & ol': { my: 0.5 },
  '& ul, & ol': { pl: 3 },
  '& a': { color: 'primary.main' },
} as const;
// Only a text taller than the preview fades out at the bottom, so a short one reads whole.
const fadeSx = {
  '&::after': {
    content: '""',
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: 0,
    height: 32,
    background: 'linear-gradient(rgba(255,255,255,0), #fff)',
  },
} as const;

function Preview({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    setCut(box !== null && box.scrollHeight > box.clientHeight + 1);
  }, [html]);
  return (
    <Box ref={ref} sx={{ maxHeight: 180, overflow: 'hidden', position: 'relative' }}>
      <SanitizedHtml html={html} sx={{ ...previewSx, ...(cut ? fadeSx : {}) }} />
    </Box>
  );
}

type DialogState = { kind: 'closed' } | { kind: 'edit'; row: GuidanceRow | null } | { kind: 'delete'; row: GuidanceRow };

export function GuidanceAdminScreen() {
  const guidance = useGuidanceAdmin();
  const reorder = useReorderGuidance();
  const remove = useDeleteGuidance();
  const { enqueueSnackbar } = useSnackbar();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });
  const rows = [...(guidance.data ?? [])].sort((a, b) => a.ordem - b.ordem || a.id - b.id);
  const failed = (error: unknown) =>
    enqueueSnackbar(error instanceof ApiError ? error.message : String(error), { variant: 'error' });

  const move = (index: number, delta: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    if (!row) return;
    next.splice(index + delta, 0, row);
    reorder.mutate(next, { onError: failed });
  };
  const confirmDelete = (row: GuidanceRow) =>
    remove.mutate(row.id, {
      onSuccess: () => {
        enqueueSnackbar(GUIDANCE_MESSAGES.deleted, { variant: 'success' });
        setDialog({ kind: 'closed' });
      },
      onError: failed,
    });

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h2" component="h2">
          Orientações
        </Typography>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setDialog({ kind: 'edit', row: null })}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          Nova orientação
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Os textos aparecem na tela inicial nesta ordem: os de todas as unidades e os da unidade de cada usuário.
      </Typography>

      {guidance.isPending ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography>Carregando...</Typography>
        </Stack>
      ) : guidance.isError ? (
        <Alert severity="error">{guidance.error.message}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">Nenhum registro encontrado!</Typography>
      ) : (
        <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Orientações">
          {rows.map((row, index) => (
            <Card
              key={row.id}
              component="li"
              variant="outlined"
              aria-label={row.titulo}
              sx={{ opacity: row.ativo === 1 ? 1 : 0.7 }}
            >
              <CardContent sx={{ pb: 1 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mr: 1 }}>
                    {row.titulo}
                  </Typography>
                  <Chip
                    size="small"
                    label={row.nomeUnidade}
                    color={row.idUnidade === null ? 'primary' : 'default'}
                    variant="outlined"
                  />
                  {row.ativo !== 1 && <Chip size="small" label="Inativa" />}
                </Stack>
                <Preview html={row.textoOrientacao} />
              </CardContent>
              <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
                <Tooltip title="Subir">
                  <span>
                    <IconButton
                      aria-label={`Subir ${row.titulo}`}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Descer">
                  <span>
                    <IconButton
                      aria-label={`Descer ${row.titulo}`}
                      disabled={index === rows.length - 1 || reorder.isPending}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Editar">
                  <IconButton aria-label={`Editar ${row.titulo}`} onClick={() => setDialog({ kind: 'edit', row })}>
                    <Edit fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Excluir">
                  <IconButton aria-label={`Excluir ${row.titulo}`} onClick={() => setDialog({ kind: 'delete', row })}>
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              </CardActions>
            </Card>
          ))}
        </Stack>
      )}

      {dialog.kind === 'edit' && (
        <GuidanceDialog
          editing={dialog.row}
          nextOrder={rows.length === 0 ? 0 : Math.max(...rows.map((r) => r.ordem)) + 1}
          onClose={() => setDialog({ kind: 'closed' })}
        />
      )}
      <ConfirmDialog
        open={dialog.kind === 'delete'}
        title="Excluir orientação"
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onClose={() => setDialog({ kind: 'closed' })}
        onConfirm={() => dialog.kind === 'delete' && confirmDelete(dialog.row)}
      >
        Tem certeza que deseja excluir a orientação “{dialog.kind === 'delete' ? dialog.row.titulo : ''}”? Ela deixa de aparecer
        na tela inicial.
      </ConfirmDialog>
    </Box>
  );
}
