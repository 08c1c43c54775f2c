// /insights (issue 24; 002 §2.5, §5 'Insights', §8, §9): without a connection the login prompt; connected,
// the tabs Campanhas / Conjunto de Anuncios / Anuncios with the 'Conta de anúncios' autocomplete and the
// date popover (default: the whole previous calendar month). Each tab: sortable (missing values as the
// smallest), selectable, 5 rows per page, the columns of 002 §2.5 with header tooltips plus the CRM's
// leads, cost per CRM lead, cost per sale and ROAS; selecting campaigns drives the ad sets, ad sets the
// ads; a daily line for the selected rows; figures younger than 28 days marked 'provisório'.
import FilterList from '@mui/icons-material/FilterList';
import Refresh from '@mui/icons-material/Refresh';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  IconButton,
  Paper,
  Popover,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { CartesianGrid, Tooltip as ChartTooltip, Legend, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';

import { canAccessRoute } from '@funil/domain/access/routes';
import { formatBRL } from '@funil/domain/format/currency';
import { formatDate, formatDateTime, formatIsoDate } from '@funil/domain/format/date';
import {
  INSIGHTS_MESSAGES,
  previousMonth,
  whoConnectsText,
  type InsightLevel,
  type InsightRow,
} from '@funil/domain/insights/insights';

import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { useAccessContext } from '../../../lib/access.ts';
import { useInsightRows, useInsightSeries, useInsightsState, useRefreshInsights, type RowsQuery } from '../api/insights.ts';
import { ConversionsCard } from './conversions-card.tsx';

const TABS: { level: InsightLevel; tab: string; title: string; nameHeader: string }[] = [
  { level: 'campaign', tab: 'Campanhas', title: 'Campanhas', nameHeader: 'Nome da Campanha' },
  { level: 'adset', tab: 'Conjunto de Anuncios', title: 'Conjunto de anúncios', nameHeader: 'Nome do Conjunto de Anúncios' },
  { level: 'ad', tab: 'Anuncios', title: 'Anúncios', nameHeader: 'Nome do Anúncio' },
];
const PAGE_SIZE = 5; // 002 §9: insights table 5 per page
const DASH = '—';

const int = (v: number | null): string => (v === null ? DASH : v.toLocaleString('pt-BR'));
const money = (cents: number | null): string => (cents === null ? DASH : formatBRL(cents / 100));
const pct = (v: number | null): string =>
  v === null ? DASH : `${v.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
const roas = (v: number | null): string =>
  v === null ? DASH : `${v.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}x`;

function columnsOf(nameHeader: string, selected: ReadonlySet<string>, toggle: (id: string) => void): DataColumn<InsightRow>[] {
  return [
    {
      header: 'Selecionar',
      id: 'selecionar',
      value: () => null,
      sortable: false,
      noCsv: true,
      width: 48,
      render: (r) => (
        <Checkbox
          size="small"
          checked={selected.has(r.id)}
          onChange={() => toggle(r.id)}
          onClick={(e) => e.stopPropagation()}
          slotProps={{ input: { 'aria-label': `Selecionar ${r.nome}` } }}
        />
      ),
    },
    {
      header: nameHeader,
      id: 'nome',
      value: (r) => r.nome,
      minWidth: 220,
      rowHeader: true,
      render: (r) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{r.nome}</span>
          {r.provisorio && (
            <Tooltip title="Inclui dias com menos de 28 dias: o Meta ainda pode revisar estes números.">
              <Chip label="provisório" size="small" variant="outlined" color="warning" />
            </Tooltip>
          )}
        </Stack>
      ),
    },
    metric('Impressões', 'impressoes', 'Quantas vezes os anúncios apareceram na tela.', (r) => r.impressoes, int),
    metric(
      'Alcance',
      'alcance',
      'Pessoas alcançadas no período, cada uma contada uma vez (lido da Meta para o período escolhido; — enquanto não se sabe).',
      (r) => r.alcance,
      int,
    ),
    metric('Cliques', 'cliques', 'Cliques nos anúncios.', (r) => r.cliques, int),
    metric('Ticket', 'ticket', 'Soma do valor do ticket das vendas do CRM destes leads.', (r) => r.ticketCentavos, money),
    metric('Conversões', 'conversoes', 'Leads do CRM que chegaram a um status de venda.', (r) => r.conversoes, int),
    metric('CTR', 'ctr', 'Taxa de cliques: cliques ÷ impressões.', (r) => r.ctr, pct),
    {
      ...metric(
        'Leads',
        'leads',
        'Leads do Meta (ação lead). Em campanhas de mensagem: conversas iniciadas.',
        (r) => r.leads,
        int,
      ),
      render: (r) => (
        <Tooltip title={r.resultado === 'conversas' ? 'Conversas iniciadas' : ''}>
          <span>
            {int(r.leads)}
            {r.resultado === 'conversas' && r.leads !== null ? ' conversas' : ''}
          </span>
        </Tooltip>
      ),
    },
    metric('Custo por Lead', 'cpl', 'Gasto ÷ leads do Meta.', (r) => r.custoPorLeadCentavos, money),
    metric('Gasto', 'gasto', 'Valor gasto no Meta no período (R$).', (r) => r.gastoCentavos, money),
    metric('CPM', 'cpm', 'Custo por mil impressões.', (r) => r.cpmCentavos, money),
    metric('Leads CRM', 'crmLeads', 'Leads captados no CRM deste anúncio no período.', (r) => r.crmLeads, int),
    metric('Custo por Lead CRM', 'cplCrm', 'Gasto ÷ leads do CRM.', (r) => r.custoPorLeadCrmCentavos, money),
    metric('Custo por Venda', 'cpv', 'Gasto ÷ conversões do CRM.', (r) => r.custoPorVendaCentavos, money),
    metric('ROAS', 'roas', 'Retorno sobre o gasto: ticket ÷ gasto.', (r) => r.roas, roas),
  ];
}

function metric(
  header: string,
  id: string,
  tooltip: string,
  pick: (r: InsightRow) => number | null,
  show: (v: number | null) => string,
): DataColumn<InsightRow> {
  return {
    header,
    id,
    headerTooltip: tooltip,
    value: (r) => show(pick(r)),
    sortValue: pick,
    missingSmallest: true,
    align: 'right',
    nowrap: true,
  };
}

type Period = { inicio: string; fim: string };

function PeriodPopover({ period, onApply }: { period: Period; onApply: (p: Period) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [inicio, setInicio] = useState<string | null>(period.inicio);
  const [fim, setFim] = useState<string | null>(period.fim);
  const field = (label: string, value: string | null, set: (v: string | null) => void) => (
    <DatePicker
      label={label}
      format="DD-MM-YYYY"
      value={value ? dayjs(value) : null}
      onChange={(d) => set(d && d.isValid() ? d.format('YYYY-MM-DD') : null)}
      slotProps={{ textField: { size: 'small' } }}
    />
  );
  return (
    <>
      <Tooltip title="Filtrar período">
        <IconButton aria-label="Filtrar período" onClick={(e) => setAnchor(e.currentTarget)} sx={{ alignSelf: 'flex-end' }}>
          <FilterList />
        </IconButton>
      </Tooltip>
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
        <Stack spacing={2} sx={{ p: 2, width: 260 }}>
          {field('Data Início', inicio, setInicio)}
          {field('Data Fim', fim, setFim)}
          <Button
            variant="contained"
            // 002 §5 'Insights': Aplicar acts only if a date is set.
            disabled={!inicio && !fim}
            onClick={() => {
              const start = inicio ?? fim!;
              const end = fim ?? inicio!;
              onApply(start <= end ? { inicio: start, fim: end } : { inicio: end, fim: start });
              setAnchor(null);
            }}
          >
            Aplicar
          </Button>
        </Stack>
      </Popover>
    </>
  );
}

function DailyLine({ level, q, ids, updatedAt }: { level: InsightLevel; q: RowsQuery; ids: string[]; updatedAt: string | null }) {
  const series = useInsightSeries(level, q, ids, updatedAt);
  const data = (series.data?.data ?? []).map((d) => ({
    dia: formatDate(`${d.dia}T12:00:00`).slice(0, 5),
    Gasto: d.gastoCentavos === null ? null : d.gastoCentavos / 100,
    'Leads Meta': d.leads,
    'Leads CRM': d.crmLeads,
    Vendas: d.vendas,
  }));
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} aria-label="Evolução diária dos selecionados" role="figure">
      <Typography variant="subtitle1" gutterBottom sx={{ fontWeight: 700 }}>
        Evolução diária dos selecionados
      </Typography>
      {series.isLoading ? (
        <CircularProgress size={24} aria-label="Carregando evolução diária" />
      ) : (
        <Box sx={{ height: 260 }}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="dia" fontSize={12} />
              <YAxis
                yAxisId="r"
                orientation="left"
                fontSize={12}
                tickFormatter={(v: number) => formatBRL(v).replace(',00', '')}
              />
              <YAxis yAxisId="n" orientation="right" fontSize={12} allowDecimals={false} />
              <ChartTooltip
                formatter={(value, name) =>
                  name === 'Gasto' && typeof value === 'number' ? formatBRL(value) : String(value ?? DASH)
                }
              />
              <Legend />
              <Line
                yAxisId="r"
                type="monotone"
                dataKey="Gasto"
                stroke="#1976d2"
                dot={false}
                connectNulls={false}
                isAnimationActive={false}
              />
              <Line yAxisId="n" type="monotone" dataKey="Leads Meta" stroke="#9c27b0" dot={false} isAnimationActive={false} />
              <Line yAxisId="n" type="monotone" dataKey="Leads CRM" stroke="#ed6c02" dot={false} isAnimationActive={false} />
              <Line yAxisId="n" type="monotone" dataKey="Vendas" stroke="#2e7d32" dot={false} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Paper>
  );
}

export type InsightsViewProps = { canConnect: boolean; today?: string };

export function InsightsView({ canConnect, today = formatIsoDate(new Date()) }: InsightsViewProps) {
  const navigate = useNavigate();
  const state = useInsightsState();
  const refresh = useRefreshInsights();
  const [tab, setTab] = useState(0);
  const [conta, setConta] = useState<string | null>(null);
  const [period, setPeriod] = useState<Period>(() => previousMonth(today));
  const [selected, setSelected] = useState<Record<InsightLevel, string[]>>({ campaign: [], adset: [], ad: [] });

  const contas = state.data?.contas ?? [];
  const account = conta ?? contas[0]?.id ?? null;
  const updatedAt = state.data?.atualizadoEm ?? null;
  const base = account ? { conta: account, ...period } : null;
  const level = TABS[tab]!.level;
  const pais = level === 'adset' ? selected.campaign : level === 'ad' ? selected.adset : [];
  const q = base ? { ...base, pais } : null;
  const rows = useInsightRows(level, q, updatedAt);

  const toggle = useCallback(
    (id: string) =>
      setSelected((s) => {
        const list = s[level].includes(id) ? s[level].filter((x) => x !== id) : [...s[level], id];
        // A new choice of campaigns clears the ad sets chosen under the old one (and so the ads).
        if (level === 'campaign') return { campaign: list, adset: [], ad: [] };
        if (level === 'adset') return { ...s, adset: list, ad: [] };
        return { ...s, ad: list };
      }),
    [level],
  );
  const selectedHere = useMemo(() => new Set(selected[level]), [selected, level]);
  const columns = useMemo(() => columnsOf(TABS[tab]!.nameHeader, selectedHere, toggle), [tab, selectedHere, toggle]);

  if (state.isLoading) return <CircularProgress aria-label="Carregando" sx={{ m: 4 }} />;
  if (!state.data?.connected)
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {INSIGHTS_MESSAGES.title}
        </Typography>
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 520 }}>
          <Typography gutterBottom>{INSIGHTS_MESSAGES.notConnected}</Typography>
          {canConnect ? (
            <Button variant="contained" onClick={() => void navigate('/integracao-meta')}>
              Entrar com o Facebook
            </Button>
          ) : (
            <Typography color="text.secondary" variant="body2">
              {INSIGHTS_MESSAGES.loginWithFacebook} {whoConnectsText(state.data?.quemConecta ?? [])}
            </Typography>
          )}
        </Paper>
      </Box>
    );

  const waitsForSelection = level !== 'campaign' && pais.length === 0;
  const data = waitsForSelection ? [] : (rows.data?.data ?? []);
  const unknown = rows.data?.anuncioDesconhecido;
  const empty =
    level === 'campaign'
      ? INSIGHTS_MESSAGES.noCampaigns
      : level === 'adset'
        ? selected.campaign.length === 0
          ? INSIGHTS_MESSAGES.selectCampaign
          : INSIGHTS_MESSAGES.noAdSets
        : selected.adset.length === 0
          ? INSIGHTS_MESSAGES.selectAdSet
          : INSIGHTS_MESSAGES.noAds;
  const count = selected[level].length;

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 1, alignItems: { md: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {INSIGHTS_MESSAGES.title}
        </Typography>
        <Autocomplete
          size="small"
          sx={{ width: { xs: '100%', md: 320 } }}
          options={contas}
          value={contas.find((c) => c.id === account) ?? null}
          getOptionLabel={(c) => (c.nome === c.id ? c.id : `${c.nome} (${c.id.replace(/^act_/, '')})`)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_e, c) => {
            setConta(c?.id ?? null);
            setSelected({ campaign: [], adset: [], ad: [] });
          }}
          renderInput={(params) => <TextField {...params} label="Conta de anúncios" />}
          noOptionsText="Nenhuma conta de anúncios"
        />
        <PeriodPopover period={period} onApply={setPeriod} />
      </Stack>
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          Período: {formatDate(`${period.inicio}T12:00:00`)} a {formatDate(`${period.fim}T12:00:00`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="insights-atualizado">
          {updatedAt ? `Atualizado em ${formatDateTime(updatedAt)}` : 'Ainda não atualizado'}
          {state.data.atualizando ? ' (atualizando…)' : ''}
        </Typography>
        <Button size="small" startIcon={<Refresh />} onClick={() => refresh.mutate()} disabled={refresh.isPending}>
          Atualizar agora
        </Button>
      </Stack>
      {state.data.erro && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            canConnect && state.data.erro === INSIGHTS_MESSAGES.tokenStopped ? (
              <Button color="inherit" size="small" onClick={() => void navigate('/integracao-meta')}>
                Entrar com o Facebook
              </Button>
            ) : undefined
          }
        >
          {/* 002 §4 'Ads platform login': a refused token is the not_authorized state. */}
          {state.data.erro === INSIGHTS_MESSAGES.tokenStopped ? `${INSIGHTS_MESSAGES.notAuthorized} ` : ''}
          {state.data.erro}
          {!canConnect && state.data.erro === INSIGHTS_MESSAGES.tokenStopped ? ` ${whoConnectsText(state.data.quemConecta)}` : ''}
        </Alert>
      )}
      {unknown && unknown.total > 0 && (
        <Alert severity={unknown.leads > 0 ? 'warning' : 'info'} sx={{ mb: 1 }} data-testid="insights-desconhecidos">
          {unknown.leads.toLocaleString('pt-BR')} de {unknown.total.toLocaleString('pt-BR')} leads de anúncios do período (
          {Math.round((unknown.leads / unknown.total) * 100)}%) vieram de um anúncio desconhecido e ficam fora destas linhas.
        </Alert>
      )}
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 1 }}>
        {TABS.map((t) => (
          <Tab key={t.level} label={t.tab} />
        ))}
      </Tabs>
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }} data-testid="insights-toolbar">
          {count > 0 ? `${count} selecionado` : TABS[tab]!.title}
        </Typography>
        <DataTable
          label={TABS[tab]!.title}
          columns={columns}
          rows={data}
          rowKey={(r) => r.id}
          emptyText={empty}
          loading={rows.isFetching}
          loadingLabel="Carregando insights"
          paging={{ pageSize: PAGE_SIZE, resetKey: `${level}|${account}|${period.inicio}|${period.fim}|${pais.join(',')}` }}
          sortable
          dense
          size="small"
          onRowClick={(r) => toggle(r.id)}
          rowProps={(r) => ({ 'data-insight-id': r.id, 'aria-selected': selectedHere.has(r.id) })}
        />
      </Paper>
      {q && selected[level].length > 0 && <DailyLine level={level} q={q} ids={selected[level]} updatedAt={updatedAt} />}
      <ConversionsCard />
    </Box>
  );
}

/** The route's screen: who may start the company's Meta connection (issue 23 §2) sees the login button. */
export function InsightsScreen() {
  const access = useAccessContext();
  return <InsightsView canConnect={canAccessRoute('/integracao-meta', access)} />;
}
