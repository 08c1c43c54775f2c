// 000 §2 classic ATENDIMENTOS: the radio Atendimento / Captação (dashboard/crmat or dashboard/crm),
// the period, Atualizar and Limpar; count cards; the donuts Status Negociação, Status Ligações,
// Status do Cliente; the daily bars Status de Atendimento Diário, Status de Ligações Diário, Ticket
// Total Diário, each with a stack toggle (dashboard/crmdata); the 'Recentes' table.
import Call from '@mui/icons-material/Call';
import FiberNew from '@mui/icons-material/FiberNew';
import Groups from '@mui/icons-material/Groups';
import HeadsetMic from '@mui/icons-material/HeadsetMic';
import MonetizationOn from '@mui/icons-material/MonetizationOn';
import PhoneMissed from '@mui/icons-material/PhoneMissed';
import SupportAgent from '@mui/icons-material/SupportAgent';
import TaskAlt from '@mui/icons-material/TaskAlt';
import { Alert, Grid } from '@mui/material';
import { useState } from 'react';

import { EMPTY_TABLE_TEXTS, type ClassicResponse } from '@funil/domain/dashboard/dashboard-api';
import { formatDate, formatDateTime } from '@funil/domain/format/date';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';

import { ApiError } from '../../../lib/api-error.ts';
import { useDashboard } from '../api/dashboard-api.ts';
import type { ClassicTabProps } from '../lib/dashboard-filters.ts';
import { formatBRL, formatCount } from '../lib/dashboard-format.ts';
import { ChartCard } from './chart-card.tsx';
import { ColumnsView, DonutView } from './charts.tsx';
import { ClassicFilterBar } from './classic-filter-bar.tsx';
import { KpiCard } from './kpi-card.tsx';
import { PagedTable, type TableColumn } from './paged-table.tsx';
import { SectionTitle } from './section-title.tsx';
import { StackToggle } from './stack-toggle.tsx';

type Recent = ClassicResponse['data']['recentes'][number];
type Totals = ClassicResponse['data']['crm_total'];

const RECENT_COLUMNS: TableColumn<Recent>[] = [
  { header: 'Data', value: (r) => formatDateTime(r.data) },
  { header: 'Nome', value: (r) => r.cli_nome },
  { header: 'Telefone', value: (r) => formatPhoneDisplay(r.cli_telefone) },
  { header: 'Negociação', value: (r) => r.negociacao },
  { header: 'Status do cliente', value: (r) => r.venda },
  { header: 'Atendente', value: (r) => r.atendente ?? 'Não atribuído' },
  { header: 'Ticket', value: (r) => formatBRL(r.valor_ticket), align: 'right' },
];

const CARDS: { key: keyof Totals; label: string; icon: React.ReactNode; accent: string; brl?: boolean }[] = [
  { key: 'total', label: 'Total de leads', icon: <Groups />, accent: '#1d4ed8' },
  { key: 'novos', label: 'Novos', icon: <FiberNew />, accent: '#0891b2' },
  { key: 'nao_atendidos', label: 'Não Atendidos', icon: <PhoneMissed />, accent: '#db2777' },
  { key: 'atendidos', label: 'Atendidos', icon: <HeadsetMic />, accent: '#0d9488' },
  { key: 'em_atendimento', label: 'Em atendimento', icon: <SupportAgent />, accent: '#7c3aed' },
  { key: 'convertidos', label: 'Convertidos', icon: <TaskAlt />, accent: '#f59e0b' },
  { key: 'valor_ticket', label: 'Ticket total', icon: <MonetizationOn />, accent: '#16a34a', brl: true },
  { key: 'ligacoes', label: 'Ligações', icon: <Call />, accent: '#64748b' },
];

const dayLabel = (day: string) => formatDate(day).slice(0, 5);
const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'Não foi possível carregar o dashboard.');

export function ClassicAttendanceTab({ filter, onApply, onClear, units }: ClassicTabProps) {
  const period = { unidades: filter.unidades, data_inicio: filter.inicio, data_fim: filter.fim };
  // The radio: Captação counts leads by capture date (dashboard/crm), Atendimento by attendance (dashboard/crmat).
  const main = useDashboard(filter.base === 'captacao' ? 'crm' : 'crmat', period);
  const daily = useDashboard('crmdata', period);
  const [stack, setStack] = useState({ atendimento: true, ligacoes: true, ticket: false });
  const data = main.data;
  const days = daily.data;
  const loading = main.isPending;
  const slices = (rows: ClassicResponse['data']['crm_status_venda'] | undefined) =>
    (rows ?? []).map((r) => ({ nome: r.nome, valor: r.total, cor: r.cor }));
  const failure = main.error ?? daily.error;
  return (
    <>
      <ClassicFilterBar applied={filter} units={units} ads={null} withBase onApply={onApply} onClear={onClear} />
      {failure ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(failure)}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        {CARDS.map((c) => (
          <Grid key={c.key} size={{ xs: 12, sm: 6, md: 3 }}>
            <KpiCard
              label={c.label}
              icon={c.icon}
              accent={c.accent}
              loading={loading}
              value={c.brl ? formatBRL(data?.crm_total[c.key] ?? 0) : formatCount(data?.crm_total[c.key])}
              detail={c.key === 'ligacoes' ? `${formatCount(data?.crm_total.ligacoes_atendidas)} atendidas` : undefined}
              current={data?.crm_total[c.key] ?? 0}
              previous={data?.crm_total_anterior[c.key]}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 4 }}>
          <ChartCard
            title="Status Negociação"
            loading={loading}
            empty={slices(data?.crm_status_negociacao).every((s) => s.valor === 0)}
          >
            <DonutView slices={slices(data?.crm_status_negociacao)} />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <ChartCard
            title="Status Ligações"
            loading={loading}
            empty={slices(data?.crm_total_ligacao).every((s) => s.valor === 0)}
          >
            <DonutView slices={slices(data?.crm_total_ligacao)} />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <ChartCard
            title="Status do Cliente"
            loading={loading}
            empty={slices(data?.crm_status_venda).every((s) => s.valor === 0)}
          >
            <DonutView slices={slices(data?.crm_status_venda)} />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            title="Status de Atendimento Diário"
            loading={daily.isPending}
            empty={(days?.crm_atendimentos ?? []).every((d) => d.novos + d.nao_atendidos + d.atendidos + d.em_atendimento === 0)}
            action={
              <StackToggle
                chart="Status de Atendimento Diário"
                checked={stack.atendimento}
                onChange={(v) => setStack({ ...stack, atendimento: v })}
              />
            }
          >
            <ColumnsView
              rows={(days?.crm_atendimentos ?? []).map((d) => ({ ...d, dia: dayLabel(d.dia) }))}
              categoryKey="dia"
              stacked={stack.atendimento}
              series={[
                { key: 'novos', nome: 'Novo', cor: '#0891b2' },
                { key: 'nao_atendidos', nome: 'Não Atendido', cor: '#db2777' },
                { key: 'atendidos', nome: 'Atendido', cor: '#0d9488' },
                { key: 'em_atendimento', nome: 'Em atendimento', cor: '#7c3aed' },
              ]}
            />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            title="Status de Ligações Diário"
            loading={daily.isPending}
            empty={(days?.crm_ligacoes ?? []).every((d) => d.atendidas + d.nao_atendidas === 0)}
            action={
              <StackToggle
                chart="Status de Ligações Diário"
                checked={stack.ligacoes}
                onChange={(v) => setStack({ ...stack, ligacoes: v })}
              />
            }
          >
            <ColumnsView
              rows={(days?.crm_ligacoes ?? []).map((d) => ({ ...d, dia: dayLabel(d.dia) }))}
              categoryKey="dia"
              stacked={stack.ligacoes}
              series={[
                { key: 'atendidas', nome: 'Atendidas', cor: '#0d9488' },
                { key: 'nao_atendidas', nome: 'Não atendidas', cor: '#db2777' },
              ]}
            />
          </ChartCard>
        </Grid>
        <Grid size={12}>
          <ChartCard
            title="Ticket Total Diário"
            loading={daily.isPending}
            empty={(days?.crm_valores ?? []).every((d) => d.valor === 0)}
            height={260}
            action={
              <StackToggle
                chart="Ticket Total Diário"
                checked={stack.ticket}
                onChange={(v) => setStack({ ...stack, ticket: v })}
              />
            }
          >
            <ColumnsView
              rows={(days?.crm_valores ?? []).map((d) => ({ ...d, dia: dayLabel(d.dia) }))}
              categoryKey="dia"
              stacked={stack.ticket}
              kind="brl"
              series={[{ key: 'valor', nome: 'Ticket convertido', cor: '#16a34a' }]}
            />
          </ChartCard>
        </Grid>
      </Grid>
      <SectionTitle title="Recentes" />
      <PagedTable
        resetKey={JSON.stringify(filter)}
        title="Recentes"
        columns={RECENT_COLUMNS}
        rows={data?.recentes ?? []}
        rowKey={(r) => r.cli_crm_id}
        emptyText={EMPTY_TABLE_TEXTS.captados}
        loading={main.isFetching}
      />
    </>
  );
}
