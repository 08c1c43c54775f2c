// /leads-meta (issue 23 §2; the company admin ag and the super-admin): the Meta Lead Ads intake of
// the company. The chosen forms with their unit and 'Buscar leads dos últimos 90 dias', and the
// failed-intake log (what arrived, why it failed, attempts) with 'Reprocessar'. The connection
// itself (pages, forms, their units, the default unit) is chosen on the Meta connection screen.
import CloudDownload from '@mui/icons-material/CloudDownload';
import Refresh from '@mui/icons-material/Refresh';
import Replay from '@mui/icons-material/Replay';
import { Alert, Box, Chip, CircularProgress, IconButton, LinearProgress, Paper, Stack, Tooltip, Typography } from '@mui/material';
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
  type LeadAdsForm,
} from '@funil/domain/lead-ads/lead-ads-api';

import { DataTable, type DataColumn } from '../../components/ui/data-table.tsx';
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

const FORM_COLUMNS: DataColumn<LeadAdsForm>[] = [
  {
    header: 'Formulário',
    value: (f) => f.nome || f.formId,
    minWidth: 160,
    render: (f) => (
      <>
        {f.nome || f.formId}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {f.formId}
        </Typography>
      </>
    ),
  },
  { header: 'Unidade', value: (f) => f.unidade ?? 'Pelo Filtro Facebook das unidades' },
  { header: 'Leads recebidos', value: (f) => f.leads, align: 'right' },
];

const FAILED_COLUMNS: DataColumn<FailedIntake>[] = [
  { header: 'Recebido em', value: (row) => formatDateTime(row.recebidoEm), nowrap: true },
  {
    header: 'O que chegou',
    value: arrivedText,
    render: (row) => (
      <Box component="span" title={JSON.stringify(row.recebido)}>
        {arrivedText(row)}
      </Box>
    ),
  },
  { header: 'Motivo', value: (row) => row.erro ?? '—' },
  { header: 'Tentativas', value: (row) => row.tentativas, align: 'right' },
];

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
    <Stack spacing={2}>
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
        <DataTable
          label="Formulários do Lead Ads"
          rows={data?.formularios ?? []}
          rowKey={(f) => f.formId}
          emptyText="Nenhum formulário escolhido."
          columns={FORM_COLUMNS}
          actions={[
            {
              label: 'Buscar leads dos últimos 90 dias',
              icon: busyForm === null ? <CloudDownload /> : <CircularProgress size={18} aria-label="Buscando…" />,
              color: 'primary',
              disabled: () => busyForm !== null,
              onClick: (f) => backfill.mutate(f.formId),
            },
          ]}
        />
      </Paper>

      <Paper variant="outlined">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
          Falhas de entrada
        </Typography>
        <DataTable
          label="Falhas de entrada do Lead Ads"
          rows={failed.data ?? []}
          rowKey={(row) => row.id}
          emptyText="Nenhuma falha de entrada."
          paging={{ pageSize: 10 }}
          columns={FAILED_COLUMNS}
          actions={[
            {
              label: 'Reprocessar',
              icon: <Replay />,
              color: 'primary',
              disabled: () => reprocess.isPending,
              onClick: (row) => reprocess.mutate(row.id),
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
