// 000 §2 'Performance de Atendimento': Leads Impactados; Responderam with percentages; average
// messages and call attempts (3 decimals); conversion value and count; the six time cards. Beyond
// the spec: the average ticket, conversions by day and the first contact in working hours.
import Call from '@mui/icons-material/Call';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Forum from '@mui/icons-material/Forum';
import MonetizationOn from '@mui/icons-material/MonetizationOn';
import PhoneInTalk from '@mui/icons-material/PhoneInTalk';
import Reply from '@mui/icons-material/Reply';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Timer from '@mui/icons-material/Timer';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Work from '@mui/icons-material/Work';
import { Grid } from '@mui/material';

import type {
  AttendanceResponse,
  ConversionValuesResponse,
  TimeCards,
  TimeResponse,
} from '@funil/domain/dashboard/dashboard-api';
import { formatDate } from '@funil/domain/format/date';

import {
  formatAverage,
  formatBRL,
  formatCount,
  formatDuration,
  formatPercent,
  workingHoursText,
} from '../lib/dashboard-format.ts';
import { ChartCard } from './chart-card.tsx';
import { ColumnsView } from './charts.tsx';
import { KpiCard } from './kpi-card.tsx';

type Props = {
  attendance: AttendanceResponse['data'] | undefined;
  values: ConversionValuesResponse['data'] | undefined;
  times: TimeResponse['data'] | undefined;
  loading: boolean;
};

/** 000 §2: the six time cards, in the spec's order. */
const TIME_CARDS: { key: keyof TimeCards; label: string; icon: React.ReactNode }[] = [
  { key: 'tempo_medio_conversao', label: 'Tempo médio para converter', icon: <TrendingUp /> },
  { key: 'tempo_medio_contato_mensagem', label: 'Tempo médio para contato por mensagem', icon: <ChatOutlined /> },
  { key: 'tempo_medio_contato_ligacao', label: 'Tempo médio para contato por ligação', icon: <Call /> },
  { key: 'tempo_medio_resposta_mensagem', label: 'Tempo médio de resposta às mensagens', icon: <Reply /> },
  { key: 'duracao_media_ligacao', label: 'Duração média das ligações', icon: <PhoneInTalk /> },
  { key: 'duracao_total_ligacoes', label: 'Duração total das ligações', icon: <Timer /> },
];

export function AttendanceSection({ attendance, values, times, loading }: Props) {
  const cards = attendance?.cards_atendimento;
  const before = attendance?.cards_atendimento_anterior;
  const conv = values?.conversao_valores;
  const convBefore = values?.conversao_valores_anterior;
  const hours = times?.horario_util;
  const cols = { xs: 12, sm: 6, md: 4, xl: 2 } as const;
  return (
    <Grid container spacing={2}>
      <Grid size={cols}>
        <KpiCard
          label="Leads Impactados"
          icon={<ChatOutlined />}
          accent="#0d9488"
          loading={loading}
          value={formatCount(cards?.leads_impactados)}
          detail={`Mensagem ${formatCount(cards?.impactados_mensagem)} · Ligação ${formatCount(cards?.impactados_ligacao)}`}
          current={cards?.leads_impactados ?? 0}
          previous={before?.leads_impactados}
        />
      </Grid>
      <Grid size={cols}>
        <KpiCard
          label="Responderam"
          icon={<Forum />}
          accent="#7c3aed"
          loading={loading}
          value={formatCount(cards?.responderam)}
          detail={
            `${formatPercent(cards?.percentual_responderam)} dos impactados · Mensagem ` +
            `${formatPercent(cards?.percentual_responderam_mensagem)} · Ligação ${formatPercent(cards?.percentual_responderam_ligacao)}`
          }
          current={cards?.responderam ?? 0}
          previous={before?.responderam}
        />
      </Grid>
      <Grid size={cols}>
        <KpiCard
          label="Média de mensagens por lead"
          icon={<ChatOutlined />}
          accent="#0891b2"
          loading={loading}
          value={formatAverage(cards?.media_mensagens)}
          current={cards?.media_mensagens ?? 0}
          previous={before?.media_mensagens}
        />
      </Grid>
      <Grid size={cols}>
        <KpiCard
          label="Média de tentativas de ligação"
          icon={<Call />}
          accent="#0891b2"
          loading={loading}
          value={formatAverage(cards?.media_tentativas_ligacao)}
          current={cards?.media_tentativas_ligacao ?? 0}
          previous={before?.media_tentativas_ligacao}
        />
      </Grid>
      <Grid size={cols}>
        <KpiCard
          label="Valor das conversões"
          icon={<MonetizationOn />}
          accent="#16a34a"
          loading={loading}
          value={formatBRL(conv?.valor_conversoes ?? cards?.valor_conversoes ?? 0)}
          detail={`Ticket médio ${formatBRL(conv?.ticket_medio ?? 0)}`}
          current={conv?.valor_conversoes ?? 0}
          previous={convBefore?.valor_conversoes}
        />
      </Grid>
      <Grid size={cols}>
        <KpiCard
          label="Conversões"
          icon={<TaskAlt />}
          accent="#f59e0b"
          loading={loading}
          value={formatCount(conv?.conversoes ?? cards?.conversoes)}
          current={conv?.conversoes ?? 0}
          previous={convBefore?.conversoes}
        />
      </Grid>
      {TIME_CARDS.map(({ key, label, icon }) => (
        <Grid key={key} size={cols}>
          <KpiCard
            label={label}
            icon={icon}
            accent="#64748b"
            loading={loading}
            value={formatDuration(times?.tempos[key])}
            current={times?.tempos[key] ?? null}
            previous={times?.tempos_anterior[key]}
            // A shorter wait is better; a longer total call time is more work done.
            lowerIsBetter={key !== 'duracao_total_ligacoes'}
          />
        </Grid>
      ))}
      <Grid size={{ xs: 12, md: 4 }}>
        <KpiCard
          label="Primeiro contato em horário útil"
          icon={<Work />}
          accent="#1d4ed8"
          loading={loading}
          value={formatDuration(times?.tempos.tempo_medio_primeiro_contato_horario_util)}
          detail={hours ? workingHoursText(hours) : undefined}
          current={times?.tempos.tempo_medio_primeiro_contato_horario_util ?? null}
          previous={times?.tempos_anterior.tempo_medio_primeiro_contato_horario_util}
          lowerIsBetter
        />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <ChartCard
          title="Conversões por dia"
          loading={loading}
          empty={(values?.por_dia ?? []).every((d) => d.conversoes === 0)}
          height={200}
        >
          <ColumnsView
            rows={(values?.por_dia ?? []).map((d) => ({ dia: formatDate(d.dia).slice(0, 5), valor: d.valor }))}
            categoryKey="dia"
            series={[{ key: 'valor', nome: 'Valor convertido', cor: '#16a34a' }]}
            stacked={false}
            kind="brl"
          />
        </ChartCard>
      </Grid>
    </Grid>
  );
}
