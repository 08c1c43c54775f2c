// Issue 23 §6 in the classic CAMPANHAS and LTV tabs and the v2 dashboard: the period's cost (prorated
// from 'Gerenciar Campanhas' and the Meta spend), cost per lead, cost per sale and ROAS per campaign
// and in total; a campaign without a cost shows '—', never R$ 0,00. Beside the ROAS, how many leads
// of the period came from an ad nobody identified (issue 23 §3), so nobody trusts a ROAS built on guesses.
import Paid from '@mui/icons-material/Paid';
import PersonAdd from '@mui/icons-material/PersonAdd';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import TrendingUp from '@mui/icons-material/TrendingUp';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { Box, Card, CardContent, CardHeader, Grid, Stack } from '@mui/material';

import { formatCost, formatRoas, type CampaignCostRow, type CampaignCosts } from '@funil/domain/dashboard/campaign-costs';
import { unknownAdText } from '@funil/domain/leads/unknown-ad';

import { formatBRL, formatCount } from '../lib/dashboard-format.ts';
import { KpiCard } from './kpi-card.tsx';
import { PagedTable, type TableColumn } from './paged-table.tsx';

/** What the screen calls a sale: a conversion (CAMPANHAS, v2) or a customer (LTV). */
export type SaleWord = 'venda' | 'cliente';

const LABELS: Record<SaleWord, { per: string; many: string; value: string }> = {
  venda: { per: 'Custo por venda', many: 'Vendas', value: 'Valor das vendas' },
  cliente: { per: 'Custo por cliente', many: 'Clientes', value: 'Valor dos clientes' },
};

function columnsOf(sale: SaleWord, manyUnits: boolean): TableColumn<CampaignCostRow>[] {
  const l = LABELS[sale];
  return [
    {
      header: 'Campanha',
      value: (r) => (manyUnits ? `${r.campanha} · ${r.unidade}` : r.campanha),
      minWidth: 180,
      rowHeader: true,
    },
    { header: 'Custo', value: (r) => formatCost(r.custo), align: 'right' },
    { header: 'Leads', value: (r) => formatCount(r.leads), align: 'right' },
    { header: 'Custo por lead', wrapHeader: true, value: (r) => formatCost(r.custo_por_lead), align: 'right' },
    { header: l.many, value: (r) => formatCount(r.vendas), align: 'right' },
    { header: l.per, wrapHeader: true, value: (r) => formatCost(r.custo_por_venda), align: 'right' },
    { header: l.value, wrapHeader: true, value: (r) => formatBRL(r.valor), align: 'right' },
    { header: 'ROAS', value: (r) => formatRoas(r.roas), align: 'right' },
  ];
}

/** The 'N leads sem anúncio identificado no período' line, in the warning colour when there are some. */
export function UnknownAdNote({ count }: { count: number }) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      component="span"
      sx={{ alignItems: 'center', color: count > 0 ? 'warning.dark' : 'text.secondary' }}
      data-testid="leads-sem-anuncio"
    >
      {count > 0 ? <WarningAmber sx={{ fontSize: 16 }} /> : null}
      <span>{unknownAdText(count)}</span>
    </Stack>
  );
}

const campaignsWithCost = (custos: CampaignCosts | undefined) => {
  const n = (custos?.campanhas ?? []).filter((c) => c.custo !== null).length;
  return n === 1 ? '1 campanha com custo' : `${formatCount(n)} campanhas com custo`;
};

export function CampaignCostsCard({
  custos,
  loading,
  sale,
  resetKey,
}: {
  custos: CampaignCosts | undefined;
  loading: boolean;
  sale: SaleWord;
  resetKey: string;
}) {
  const total = custos?.total;
  const manyUnits = new Set((custos?.campanhas ?? []).map((c) => c.id_unidade)).size > 1;
  const l = LABELS[sale];
  return (
    <Card>
      <CardHeader
        title="Custos e retorno por campanha"
        subheader="Custo do período proporcional aos dias de cada custo cadastrado em Gerenciar Campanhas. Totais das campanhas com custo."
        slotProps={{
          title: { variant: 'h3', component: 'h3', sx: { fontSize: '1rem' } },
          subheader: { variant: 'caption' },
        }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <KpiCard
              label="Custo em anúncios"
              icon={<Paid />}
              accent="#64748b"
              loading={loading}
              value={formatCost(total?.custo ?? null)}
              detail={total?.custo === null ? 'Nenhum custo cadastrado no período' : campaignsWithCost(custos)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <KpiCard
              label="Custo por lead"
              icon={<PersonAdd />}
              accent="#1d4ed8"
              loading={loading}
              value={formatCost(total?.custo_por_lead ?? null)}
              detail={`${formatCount(total?.leads)} leads`}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <KpiCard
              label={l.per}
              icon={<ShoppingCart />}
              accent="#db2777"
              loading={loading}
              value={formatCost(total?.custo_por_venda ?? null)}
              detail={`${formatCount(total?.vendas)} ${l.many.toLowerCase()}`}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <KpiCard
              label="ROAS"
              icon={<TrendingUp />}
              accent="#16a34a"
              loading={loading}
              value={formatRoas(total?.roas ?? null)}
              detail={
                <Box component="span" sx={{ display: 'block' }}>
                  <span>{`${l.value} ÷ custo`}</span>
                  <UnknownAdNote count={custos?.leads_sem_anuncio ?? 0} />
                </Box>
              }
            />
          </Grid>
        </Grid>
        <PagedTable
          dense
          resetKey={resetKey}
          title="Custos por campanha"
          columns={columnsOf(sale, manyUnits)}
          rows={custos?.campanhas ?? []}
          rowKey={(r) => r.id_campanha}
          emptyText="Nenhuma campanha do catálogo com leads ou custo no período."
          loading={loading}
        />
      </CardContent>
    </Card>
  );
}
