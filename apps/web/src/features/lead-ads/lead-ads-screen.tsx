// /leads-meta (issue 23 §2; the company admin ag and the super-admin): the Meta Lead Ads intake of
// the company. The chosen forms with their unit and 'Buscar leads dos últimos 90 dias', and the
// failed-intake log (what arrived, why it failed, attempts) with 'Reprocessar'. The connection
// itself (pages, forms, their units, the default unit) is chosen on the Meta connection screen.
import Refresh from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import { formatDateTime } from '@funil/domain/format/date';
import {
  backfillResultSchema,
  failedIntakeListSchema,
  leadAdsOverviewSchema,
  messageSchema,
  type FailedIntake,
} from '@funil/domain/lead-ads/lead-ads-api';

import { apiRequest, http } from '../../lib/http-client.ts';

const key = ['lead-ads'] as const;

function useOverview() {
  return useQuery({
    queryKey: [...key, 'resumo'],
    queryFn: ({ signal }) => http.get('/lead-ads', leadAdsOverviewSchema.shape.data, signal),
    staleTime: 0,
  });
}

function useFailed() {
  return useQuery({
    queryKey: [...key, 'falhas'],
    queryFn: ({ signal }) => http.get('/lead-ads/falhas', failedIntakeListSchema.shape.data, signal),
    staleTime: 0,
  });
}

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : 'Não foi possível concluir a ação.');

/** What arrived, in one line: the fields a person recognises first. */
function arrivedText(row: FailedIntake): string {
  const parts = [`leadgen_id ${row.leadgenId}`, `página ${row.pageId}`];
  if (row.formNome || row.formId) parts.push(`formulário ${row.formNome ?? row.formId}`);
  if (row.adId) parts.push(`anúncio ${row.adId}`);
  return parts.join(' · ');
}

export function LeadAdsScreen() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const overview = useOverview();
  const failed = useFailed();
  const [busyForm, setBusyForm] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const reprocess = useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/lead-ads/falhas/${id}/reprocessar`, { method: 'POST', body: {}, schema: messageSchema, envelope: true }),
    onSuccess: (answer) => enqueueSnackbar(answer.message, { variant: 'success' }),
    onError: (cause) => enqueueSnackbar(messageOf(cause), { variant: 'error' }),
    onSettled: refresh,
  });
  const backfill = useMutation({
    mutationFn: (formId: string) =>
      apiRequest(`/lead-ads/formularios/${formId}/buscar`, {
        method: 'POST',
        body: {},
        schema: backfillResultSchema,
        envelope: true,
      }),
    onMutate: (formId) => setBusyForm(formId),
    onSuccess: (answer) => enqueueSnackbar(answer.message, { variant: 'success' }),
    onError: (cause) => enqueueSnackbar(messageOf(cause), { variant: 'error' }),
    onSettled: () => {
      setBusyForm(null);
      void refresh();
    },
  });

  const data = overview.data;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Leads do Meta
        </Typography>
        <Tooltip title="Atualizar">
          <IconButton aria-label="Atualizar" onClick={() => void refresh()}>
            <Refresh />
          </IconButton>
        </Tooltip>
      </Stack>
      {(overview.isFetching || failed.isFetching) && <LinearProgress />}
      {overview.isError && <Alert severity="error">{overview.error.message}</Alert>}
      {data && !data.conectada && (
        <Alert severity="info">
          A empresa ainda não conectou uma conta do Meta: os leads do Lead Ads chegam depois da conexão.
        </Alert>
      )}
      {data && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Chip label={`Aguardando processamento: ${data.pendentes}`} />
          <Chip color={data.falhas > 0 ? 'error' : 'default'} label={`Falhas: ${data.falhas}`} />
          <Chip variant="outlined" label={`Unidade padrão: ${data.unidadePadrao ?? 'a primeira unidade ativa'}`} />
        </Stack>
      )}

      <Paper variant="outlined">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
          Formulários
        </Typography>
        <TableContainer>
          <Table size="small" aria-label="Formulários do Lead Ads">
            <TableHead>
              <TableRow>
                <TableCell>Formulário</TableCell>
                <TableCell>Unidade</TableCell>
                <TableCell align="right">Leads recebidos</TableCell>
                <TableCell align="right">Ações</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.formularios.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>Nenhum formulário escolhido.</TableCell>
                </TableRow>
              )}
              {data?.formularios.map((f) => (
                <TableRow key={f.formId}>
                  <TableCell>
                    {f.nome || f.formId}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {f.formId}
                    </Typography>
                  </TableCell>
                  <TableCell>{f.unidade ?? 'Pelo Filtro Facebook das unidades'}</TableCell>
                  <TableCell align="right">{f.leads}</TableCell>
                  <TableCell align="right">
                    <Button size="small" disabled={busyForm !== null} onClick={() => backfill.mutate(f.formId)}>
                      {busyForm === f.formId ? 'Buscando…' : 'Buscar leads dos últimos 90 dias'}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>

      <Paper variant="outlined">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
          Falhas de entrada
        </Typography>
        <TableContainer sx={{ maxHeight: 480 }}>
          <Table size="small" stickyHeader aria-label="Falhas de entrada do Lead Ads">
            <TableHead>
              <TableRow>
                <TableCell>Recebido em</TableCell>
                <TableCell>O que chegou</TableCell>
                <TableCell>Motivo</TableCell>
                <TableCell align="right">Tentativas</TableCell>
                <TableCell align="right">Ações</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {failed.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>Nenhuma falha de entrada.</TableCell>
                </TableRow>
              )}
              {failed.data?.map((row) => (
                <TableRow key={row.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.recebidoEm)}</TableCell>
                  <TableCell>
                    <Box component="span" title={JSON.stringify(row.recebido)}>
                      {arrivedText(row)}
                    </Box>
                  </TableCell>
                  <TableCell>{row.erro ?? '—'}</TableCell>
                  <TableCell align="right">{row.tentativas}</TableCell>
                  <TableCell align="right">
                    <Button size="small" disabled={reprocess.isPending} onClick={() => reprocess.mutate(row.id)}>
                      Reprocessar
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}
