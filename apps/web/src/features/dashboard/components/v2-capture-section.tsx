// 000 §2 'Performance de Captação': the cards (Leads Captados; Impactados split by message and call;
// Responderam split; Conversões as BRL; Valor em Conversões as a count, as the spec labels them),
// the funnel, the donut 'Leads Captados Por Plataforma' and the stacked columns 'Leads Por Campanha
// e Status de Negociação' (names over 20 characters cut to 15); issue 23 §6: cost per lead, per sale, ROAS.
import Campaign from '@mui/icons-material/Campaign';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Forum from '@mui/icons-material/Forum';
import MonetizationOn from '@mui/icons-material/MonetizationOn';
import TaskAlt from '@mui/icons-material/TaskAlt';
import { Grid } from '@mui/material';

import { campaignChartLabel, dashboardTabsFor, type CaptureResponse } from '@funil/domain/dashboard/dashboard-api';

import { useCurrentUser } from '../../../lib/session.ts';
import { formatBRL, formatCount } from '../lib/dashboard-format.ts';
import { CampaignCostsCard } from './campaign-costs-card.tsx';
import { ChartCard } from './chart-card.tsx';
import { ColumnsView, DonutView, FunnelView, type Series } from './charts.tsx';
import { KpiCard } from './kpi-card.tsx';

type Data = CaptureResponse['data'];

/** 000 §3 grafico_column_captacao rows (campaign × status) as one column per campaign, one stack per status. */
function campaignColumns(rows: Data['grafico_column_captacao']): { rows: Record<string, string | number>[]; series: Series[] } {
  const byCampaign = new Map<string, Record<string, string | number>>();
  const series = new Map<string, Series>();
  for (const row of rows) {
    const key = `s${row.id_funil}`;
    if (!series.has(key)) series.set(key, { key, nome: row.nome, cor: row.cor });
    const column = byCampaign.get(row.cli_campanha_nome) ?? { campanha: row.cli_campanha_nome };
    column[key] = Number(column[key] ?? 0) + row['Leads Captados'];
    byCampaign.set(row.cli_campanha_nome, column);
  }
  return { rows: [...byCampaign.values()], series: [...series.values()] };
}

export function CaptureSection({ data, loading }: { data: Data | undefined; loading: boolean }) {
  const cards = data?.cards_captacao;
  const before = data?.cards_captacao_anterior;
  const columns = campaignColumns(data?.grafico_column_captacao ?? []);
  const card = (key: keyof NonNullable<typeof cards>) => ({ current: cards?.[key] ?? 0, previous: before?.[key] });
  // 000 §6: the roles without the CAMPANHAS tab (the attendant) see no campaign costs.
  const seesCosts = dashboardTabsFor(useCurrentUser().permissao).includes('CAMPANHAS');
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
        <KpiCard
          label="Leads Captados"
          icon={<Campaign />}
          loading={loading}
          value={formatCount(cards?.['Leads Captados'])}
          {...card('Leads Captados')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
        <KpiCard
          label="Impactados"
          icon={<ChatOutlined />}
          accent="#0d9488"
          loading={loading}
          value={formatCount(cards?.Impactados)}
          detail={`Mensagem ${formatCount(cards?.Mensagens)} · Ligação ${formatCount(cards?.Ligacao)}`}
          {...card('Impactados')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
        <KpiCard
          label="Responderam"
          icon={<Forum />}
          accent="#7c3aed"
          loading={loading}
          value={formatCount(cards?.Responderam)}
          detail={`Mensagem ${formatCount(cards?.['Respondeu Wpp'])} · Ligação ${formatCount(cards?.Atendeu)}`}
          {...card('Responderam')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
        <KpiCard
          label="Conversões"
          icon={<MonetizationOn />}
          accent="#16a34a"
          loading={loading}
          value={formatBRL(cards?.Valor ?? 0)}
          {...card('Valor')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 12, lg: 2.4 }}>
        <KpiCard
          label="Valor em Conversões"
          icon={<TaskAlt />}
          accent="#f59e0b"
          loading={loading}
          value={formatCount(cards?.Conversao)}
          {...card('Conversao')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard
          title="Funil de Captação"
          loading={loading}
          empty={(data?.grafico_funil_captacao ?? []).every((s) => s.valor === 0)}
        >
          <FunnelView steps={data?.grafico_funil_captacao ?? []} />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard
          title="Leads Captados Por Plataforma"
          loading={loading}
          empty={(data?.grafico_donut_captacao ?? []).every((s) => s.valor === 0)}
        >
          <DonutView slices={data?.grafico_donut_captacao ?? []} />
        </ChartCard>
      </Grid>
      <Grid size={12}>
        <ChartCard
          title="Leads Por Campanha e Status de Negociação"
          loading={loading}
          empty={columns.rows.length === 0}
          height={340}
        >
          <ColumnsView
            rows={columns.rows}
            series={columns.series}
            categoryKey="campanha"
            stacked
            tickFormatter={campaignChartLabel}
          />
        </ChartCard>
      </Grid>
      {seesCosts ? (
        <Grid size={12}>
          <CampaignCostsCard
            custos={data?.custos ?? undefined}
            loading={loading}
            sale="venda"
            resetKey={`${data?.periodo.inicio ?? ''}${data?.periodo.fim ?? ''}`}
          />
        </Grid>
      ) : null}
    </Grid>
  );
}
