// 000 §2 classic CAMPANHAS and LTV: the campaign/ad multi-select, the dates, the best, average and
// worst performance cards, the call cost and ticket cards, a chart and a table (dashboard/campanhas
// and dashboard/ltv, ads joined by '@', '0' for none).
import Balance from '@mui/icons-material/Balance';
import Call from '@mui/icons-material/Call';
import MonetizationOn from '@mui/icons-material/MonetizationOn';
import ThumbDown from '@mui/icons-material/ThumbDown';
import ThumbUp from '@mui/icons-material/ThumbUp';
import { Alert, Card, CardContent, CardHeader, Grid, Typography } from '@mui/material';
import { useState } from 'react';

import { EMPTY_TABLE_TEXTS, type CampaignRow, type LtvRow } from '@funil/domain/dashboard/dashboard-api';
import { formatDate } from '@funil/domain/format/date';

import { ApiError } from '../../../lib/api-error.ts';
import { useDashboard } from '../api/dashboard-api.ts';
import type { ClassicTabProps } from '../lib/dashboard-filters.ts';
import { formatBRL, formatCount, formatDecimal, formatPercent } from '../lib/dashboard-format.ts';
import { CampaignCostsCard } from './campaign-costs-card.tsx';
import { ChartCard } from './chart-card.tsx';
import { ColumnsView } from './charts.tsx';
import { ClassicFilterBar, type AdOption } from './classic-filter-bar.tsx';
import { KpiCard } from './kpi-card.tsx';
import { PagedTable, type TableColumn } from './paged-table.tsx';
import { StackToggle } from './stack-toggle.tsx';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'Não foi possível carregar o dashboard.');
const adLabel = (row: { ad_name: string | null; ad_id: string | null }) => row.ad_name ?? row.ad_id ?? 'Sem anúncio';

/** The ads of the unfiltered answer, grouped by campaign, for the campaign/ad multi-select. */
function adOptionsOf(rows: readonly { cli_campanha_nome: string; ad_id: string | null; ad_name: string | null }[]): AdOption[] {
  const seen = new Map<string, AdOption>();
  for (const row of rows)
    if (row.ad_id && !seen.has(row.ad_id))
      seen.set(row.ad_id, { id: row.ad_id, nome: adLabel(row), campanha: row.cli_campanha_nome });
  return [...seen.values()].sort(
    (a, b) => a.campanha.localeCompare(b.campanha, 'pt-BR') || a.nome.localeCompare(b.nome, 'pt-BR'),
  );
}

const CAMPAIGN_COLUMNS: TableColumn<CampaignRow>[] = [
  { header: 'Campanha', value: (r) => r.cli_campanha_nome, minWidth: 150 },
  { header: 'Anúncio', value: adLabel, minWidth: 150 },
  { header: 'Leads', value: (r) => formatCount(r.leads), align: 'right' },
  { header: 'Atendidos', value: (r) => formatCount(r.atendidos), align: 'right' },
  { header: 'Ligações', value: (r) => formatCount(r.ligacoes), align: 'right' },
  { header: 'Minutos cobrados', wrapHeader: true, value: (r) => formatCount(Math.round(r.minutos_cobrados)), align: 'right' },
  { header: 'Conversões', value: (r) => formatCount(r.conversoes), align: 'right' },
  { header: 'Taxa de conversão', wrapHeader: true, value: (r) => formatPercent(r.taxa_conversao), align: 'right' },
  { header: 'Ticket médio', wrapHeader: true, value: (r) => formatBRL(r.ticket_medio), align: 'right' },
  { header: 'Valor', value: (r) => formatBRL(r.valor), align: 'right' },
];

const LTV_COLUMNS: TableColumn<LtvRow>[] = [
  { header: 'Campanha', value: (r) => r.cli_campanha_nome, minWidth: 150 },
  { header: 'Anúncio', value: adLabel, minWidth: 150 },
  { header: 'Leads', value: (r) => formatCount(r.leads), align: 'right' },
  { header: 'Clientes', value: (r) => formatCount(r.clientes), align: 'right' },
  { header: 'Valor total', wrapHeader: true, value: (r) => formatBRL(r.valor_total), align: 'right' },
  { header: 'LTV', value: (r) => formatBRL(r.ltv), align: 'right' },
  { header: 'Valor por lead', wrapHeader: true, value: (r) => formatBRL(r.valor_por_lead), align: 'right' },
];

/** A best / average / worst card: the campaign's name and its number. */
function RankCard({
  label,
  name,
  value,
  detail,
  icon,
  accent,
  loading,
}: {
  label: string;
  name: string | null;
  value: string;
  detail: string;
  icon: React.ReactNode;
  accent: string;
  loading: boolean;
}) {
  return (
    <KpiCard
      label={label}
      icon={icon}
      accent={accent}
      loading={loading}
      value={value}
      detail={
        <>
          <Typography
            variant="body2"
            component="span"
            sx={{ fontWeight: 600, color: 'text.primary', display: 'block' }}
            noWrap
            title={name ?? undefined}
          >
            {name ?? '—'}
          </Typography>
          {detail}
        </>
      }
    />
  );
}

export function ClassicCampaignsTab({ filter, onApply, onClear, units }: ClassicTabProps) {
  const query = { unidades: filter.unidades, anuncios: filter.anuncios, data_inicio: filter.inicio, data_fim: filter.fim };
  const result = useDashboard('campanhas', query);
  const all = useDashboard('campanhas', { ...query, anuncios: [] });
  const [stacked, setStacked] = useState(false);
  const data = result.data;
  const loading = result.isPending;
  return (
    <>
      <ClassicFilterBar
        applied={filter}
        units={units}
        ads={adOptionsOf(all.data?.crm_campanhas ?? [])}
        withBase={false}
        onApply={onApply}
        onClear={onClear}
      />
      {result.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(result.error)}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
          <RankCard
            label="Melhor desempenho"
            icon={<ThumbUp />}
            accent="#16a34a"
            loading={loading}
            name={data?.melhor?.nome ?? null}
            value={formatPercent(data?.melhor?.taxa_conversao ?? 0)}
            detail={`${formatCount(data?.melhor?.conversoes)} conversões de ${formatCount(data?.melhor?.leads)} leads`}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
          <RankCard
            label="Desempenho médio"
            icon={<Balance />}
            accent="#1d4ed8"
            loading={loading}
            name="Média das campanhas"
            value={formatPercent(data?.media.taxa_conversao ?? 0)}
            detail={`${formatDecimal(data?.media.conversoes)} conversões de ${formatDecimal(data?.media.leads)} leads`}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
          <RankCard
            label="Pior desempenho"
            icon={<ThumbDown />}
            accent="#db2777"
            loading={loading}
            name={data?.pior?.nome ?? null}
            value={formatPercent(data?.pior?.taxa_conversao ?? 0)}
            detail={`${formatCount(data?.pior?.conversoes)} conversões de ${formatCount(data?.pior?.leads)} leads`}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
          <KpiCard
            label="Custo de ligação por conversão"
            icon={<Call />}
            accent="#64748b"
            loading={loading}
            value={
              data?.minutos_por_conversao === null || data?.minutos_por_conversao === undefined
                ? '—'
                : `${formatDecimal(data.minutos_por_conversao)} min`
            }
            detail="Minutos cobrados por conversão"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 12, lg: 2.4 }}>
          <KpiCard
            label="Ticket médio"
            icon={<MonetizationOn />}
            accent="#f59e0b"
            loading={loading}
            value={formatBRL(data?.ticket_medio ?? 0)}
          />
        </Grid>
        <Grid size={12}>
          <CampaignCostsCard custos={data?.custos} loading={loading} sale="venda" resetKey={JSON.stringify(filter)} />
        </Grid>
        <Grid size={12}>
          <ChartCard
            title="Leads e conversões por dia"
            loading={loading}
            empty={(data?.por_dia ?? []).every((d) => d.leads + d.conversoes === 0)}
            action={<StackToggle chart="Leads e conversões por dia" checked={stacked} onChange={setStacked} />}
          >
            <ColumnsView
              rows={(data?.por_dia ?? []).map((d) => ({ ...d, dia: formatDate(d.dia).slice(0, 5) }))}
              categoryKey="dia"
              stacked={stacked}
              series={[
                { key: 'leads', nome: 'Leads', cor: '#1d4ed8' },
                { key: 'conversoes', nome: 'Conversões', cor: '#16a34a' },
              ]}
            />
          </ChartCard>
        </Grid>
        <Grid size={12}>
          <Card>
            <CardHeader
              title="Campanhas e anúncios"
              slotProps={{ title: { variant: 'h3', component: 'h3', sx: { fontSize: '1rem' } } }}
              sx={{ pb: 0 }}
            />
            <CardContent>
              <PagedTable
                dense
                resetKey={JSON.stringify(filter)}
                title="Campanhas"
                columns={CAMPAIGN_COLUMNS}
                rows={data?.crm_campanhas ?? []}
                rowKey={(r, i) => `${r.cli_campanha_nome}:${r.ad_id ?? i}`}
                emptyText={EMPTY_TABLE_TEXTS.captados}
                loading={result.isFetching}
              />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}

const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

export function ClassicLtvTab({ filter, onApply, onClear, units }: ClassicTabProps) {
  const query = { unidades: filter.unidades, anuncios: filter.anuncios, data_inicio: filter.inicio, data_fim: filter.fim };
  const result = useDashboard('ltv', query);
  const all = useDashboard('ltv', { ...query, anuncios: [] });
  const data = result.data;
  const loading = result.isPending;
  return (
    <>
      <ClassicFilterBar
        applied={filter}
        units={units}
        ads={adOptionsOf(all.data?.crm_valores ?? [])}
        withBase={false}
        onApply={onApply}
        onClear={onClear}
      />
      {result.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(result.error)}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
          <RankCard
            label="Melhor desempenho"
            icon={<ThumbUp />}
            accent="#16a34a"
            loading={loading}
            name={data?.melhor?.nome ?? null}
            value={formatBRL(data?.melhor?.ltv ?? 0)}
            detail={`LTV de ${formatCount(data?.melhor?.clientes)} clientes`}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
          <RankCard
            label="Desempenho médio"
            icon={<Balance />}
            accent="#1d4ed8"
            loading={loading}
            name="Média das campanhas"
            value={formatBRL(data?.media.ltv ?? 0)}
            detail={`${formatDecimal(data?.media.clientes)} clientes por campanha`}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
          <RankCard
            label="Pior desempenho"
            icon={<ThumbDown />}
            accent="#db2777"
            loading={loading}
            name={data?.pior?.nome ?? null}
            value={formatBRL(data?.pior?.ltv ?? 0)}
            detail={`LTV de ${formatCount(data?.pior?.clientes)} clientes`}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
          <KpiCard
            label="Custo de ligação por cliente"
            icon={<Call />}
            accent="#64748b"
            loading={loading}
            value={
              data?.minutos_por_cliente === null || data?.minutos_por_cliente === undefined
                ? '—'
                : `${formatDecimal(data.minutos_por_cliente)} min`
            }
            detail="Minutos cobrados por cliente"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 12, lg: 2.4 }}>
          <KpiCard
            label="Ticket médio"
            icon={<MonetizationOn />}
            accent="#f59e0b"
            loading={loading}
            value={formatBRL(data?.ticket_medio ?? 0)}
          />
        </Grid>
        <Grid size={12}>
          <CampaignCostsCard custos={data?.custos} loading={loading} sale="cliente" resetKey={JSON.stringify(filter)} />
        </Grid>
        <Grid size={12}>
          <ChartCard
            title="Valor dos clientes por mês de captação"
            loading={loading}
            empty={(data?.por_mes ?? []).every((m) => m.valor === 0)}
          >
            <ColumnsView
              rows={(data?.por_mes ?? []).map((m) => ({ ...m, mes: monthLabel(m.mes) }))}
              categoryKey="mes"
              stacked={false}
              kind="brl"
              series={[{ key: 'valor', nome: 'Valor', cor: '#16a34a' }]}
            />
          </ChartCard>
        </Grid>
        <Grid size={12}>
          <Card>
            <CardHeader
              title="LTV por campanha e anúncio"
              slotProps={{ title: { variant: 'h3', component: 'h3', sx: { fontSize: '1rem' } } }}
              sx={{ pb: 0 }}
            />
            <CardContent>
              <PagedTable
                resetKey={JSON.stringify(filter)}
                title="LTV"
                columns={LTV_COLUMNS}
                rows={data?.crm_valores ?? []}
                rowKey={(r, i) => `${r.cli_campanha_nome}:${r.ad_id ?? i}`}
                emptyText={EMPTY_TABLE_TEXTS.captados}
                loading={result.isFetching}
              />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
