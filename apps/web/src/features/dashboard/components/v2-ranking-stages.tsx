// Beyond the spec (issue 14): the attendant ranking (calls, talk minutes, leads reached, first
// response, conversions, BRL) and the stage-to-stage conversion with the time spent in each stage,
// for the same filter as the rest of the dashboard.
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, Card, CardContent, CardHeader, Grid, LinearProgress, Stack, Typography } from '@mui/material';

import type { DashboardV2Filter, RankingRow, StagesResponse } from '@funil/domain/dashboard/dashboard-api';

import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import type { CsvColumn } from '../../../lib/download.ts';
import { useDashboard } from '../api/dashboard-api.ts';
import { formatBRL, formatCount, formatDuration, formatPercent } from '../lib/dashboard-format.ts';
import { downloadCsv } from '../lib/export.ts';
import { EMPTY_CHART_TEXT } from './chart-card.tsx';
import { PagedTable, type TableColumn } from './paged-table.tsx';

type Ranked = RankingRow & { posicao: number; posicao_anterior: number | null };

const MEDALS = ['#d4a017', '#9ca3af', '#b45309'];

const RANKING_COLUMNS: TableColumn<Ranked>[] = [
  {
    header: '#',
    value: (r) => r.posicao,
    render: (r) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {r.posicao <= 3 ? <EmojiEvents sx={{ fontSize: 18, color: MEDALS[r.posicao - 1] }} aria-hidden /> : null}
        <span>{r.posicao}º</span>
        {r.posicao_anterior !== null && r.posicao_anterior !== r.posicao ? (
          <Typography
            component="span"
            variant="caption"
            sx={{ color: r.posicao_anterior > r.posicao ? 'success.main' : 'error.main', fontWeight: 700 }}
          >
            {r.posicao_anterior > r.posicao ? `▲${r.posicao_anterior - r.posicao}` : `▼${r.posicao - r.posicao_anterior}`}
          </Typography>
        ) : null}
      </Stack>
    ),
  },
  { header: 'Atendente', value: (r) => r.nome },
  { header: 'Ligações', value: (r) => `${formatCount(r.ligacoes)} (${formatCount(r.ligacoes_atendidas)} atendidas)` },
  { header: 'Minutos falados', value: (r) => formatCount(Math.round(r.minutos_falados)), align: 'right' },
  { header: 'Mensagens', value: (r) => formatCount(r.mensagens_enviadas), align: 'right' },
  { header: 'Leads contatados', value: (r) => formatCount(r.leads_contatados), align: 'right' },
  { header: '1ª resposta (média)', value: (r) => formatDuration(r.tempo_medio_primeira_resposta), align: 'right' },
  { header: 'Conversões', value: (r) => formatCount(r.conversoes), align: 'right' },
  { header: 'Valor', value: (r) => formatBRL(r.valor_conversoes), align: 'right' },
];

/** The ranking with each attendant's place in the previous period (the arrow beside the place). */
function rankWithPrevious(current: RankingRow[], previous: RankingRow[]): Ranked[] {
  const before = new Map(previous.map((row, i) => [row.id_usuario, i + 1]));
  return current.map((row, i) => ({ ...row, posicao: i + 1, posicao_anterior: before.get(row.id_usuario) ?? null }));
}

type Stage = StagesResponse['data']['etapas'][number];
const STAGE_CSV: CsvColumn<Stage>[] = [
  { header: 'Etapa', value: (s) => s.nome },
  { header: 'Entraram', value: (s) => s.entraram },
  { header: 'Avançaram', value: (s) => s.avancaram },
  { header: 'Taxa de avanço', value: (s) => formatPercent(s.taxa_avanco) },
  { header: 'Tempo médio na etapa', value: (s) => formatDuration(s.tempo_medio_na_etapa) },
];

/** The table shows the advance as a bar with its rate; the CSV has the numbers (STAGE_CSV). */
const STAGE_COLUMNS: DataColumn<Stage>[] = [
  {
    header: 'Etapa',
    value: (s) => s.nome,
    render: (s) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: s.cor, flexShrink: 0 }} />
        <span>{s.nome}</span>
      </Stack>
    ),
  },
  { header: 'Entraram', value: (s) => formatCount(s.entraram), align: 'right' },
  {
    header: 'Avanço',
    value: (s) => `${formatPercent(s.taxa_avanco)} (${formatCount(s.avancaram)})`,
    minWidth: 130,
    render: (s) => (
      <Stack spacing={0.25}>
        <Typography variant="caption">
          {formatPercent(s.taxa_avanco)} ({formatCount(s.avancaram)})
        </Typography>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, Math.max(0, s.taxa_avanco))}
          sx={{ height: 6, borderRadius: 3 }}
          aria-label={`Avanço de ${s.nome}`}
        />
      </Stack>
    ),
  },
  { header: 'Tempo na etapa', value: (s) => formatDuration(s.tempo_medio_na_etapa), align: 'right' },
];

export function RankingAndStages({ filter }: { filter: DashboardV2Filter }) {
  const ranking = useDashboard('ranking', filter);
  const stages = useDashboard('etapas', filter);
  const rows = rankWithPrevious(ranking.data?.ranking ?? [], ranking.data?.ranking_anterior ?? []);
  const etapas = stages.data?.etapas ?? [];
  return (
    <>
      <Grid size={12}>
        <Card sx={{ height: '100%' }} role="region" aria-label="Ranking de atendentes">
          <CardHeader
            title="Ranking de atendentes"
            subheader="Por valor convertido, depois conversões e leads contatados"
            slotProps={{ title: { variant: 'h3', component: 'h3', sx: { fontSize: '1rem' } } }}
            sx={{ pb: 0 }}
          />
          <CardContent>
            <PagedTable
              resetKey={JSON.stringify(filter)}
              title="Ranking de atendentes"
              columns={RANKING_COLUMNS}
              rows={rows}
              rowKey={(r) => r.id_usuario}
              emptyText={EMPTY_CHART_TEXT}
              loading={ranking.isPending}
            />
          </CardContent>
        </Card>
      </Grid>
      <Grid size={12}>
        <Card sx={{ height: '100%' }} role="region" aria-label="Conversão por etapa">
          <CardHeader
            title="Conversão por etapa"
            subheader="Quantos leads passaram de cada etapa à seguinte e quanto tempo ficaram nela"
            slotProps={{ title: { variant: 'h3', component: 'h3', sx: { fontSize: '1rem' } } }}
            sx={{ pb: 0 }}
            action={
              <Button
                size="small"
                startIcon={<FileDownloadOutlined />}
                onClick={() => downloadCsv('Conversão por etapa', STAGE_CSV, etapas)}
                disabled={etapas.length === 0}
              >
                Exportar CSV
              </Button>
            }
          />
          <CardContent>
            <DataTable
              label="Conversão por etapa"
              columns={STAGE_COLUMNS}
              rows={etapas}
              rowKey={(s) => s.id_funil}
              emptyText={EMPTY_CHART_TEXT}
              loading={stages.isPending}
              loadingLabel="Carregando etapas"
            />
          </CardContent>
        </Card>
      </Grid>
    </>
  );
}
