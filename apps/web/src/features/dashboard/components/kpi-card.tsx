// One number of a dashboard, with what it is made of and how it moved against the previous period
// (issue 14 "a comparison with the previous period on every card": an arrow and the change in %).
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Remove from '@mui/icons-material/Remove';
import { Box, Card, CardContent, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';

import { formatChange, periodChange } from '../lib/dashboard-format.ts';

export type KpiCardProps = {
  label: string;
  /** The number as shown ('1.234', 'R$ 10,00', '2h 05min'). */
  value: string;
  /** The raw values compared with the previous period; no comparison without them. */
  current?: number | null;
  previous?: number | null;
  /** For times, less is better: a drop shows green. */
  lowerIsBetter?: boolean;
  /** The split under the number ('Mensagens 12 · Ligações 30'). */
  detail?: ReactNode;
  icon?: ReactNode;
  accent?: string;
  loading?: boolean;
};

export function KpiCard({
  label,
  value,
  current,
  previous,
  lowerIsBetter,
  detail,
  icon,
  accent = '#1d4ed8',
  loading,
}: KpiCardProps) {
  const change = current === undefined || current === null ? null : periodChange(current, previous);
  return (
    <Card sx={{ height: '100%', borderTop: `3px solid ${accent}` }} role="group" aria-label={label}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          {icon ? <Box sx={{ color: accent, display: 'flex', '& svg': { fontSize: 20 } }}>{icon}</Box> : null}
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
        </Stack>
        {loading ? (
          <Skeleton width="60%" height={40} />
        ) : (
          <Typography
            component="p"
            sx={{ fontSize: value.length > 11 ? '1.3rem' : '1.6rem', fontWeight: 700, lineHeight: 1.3, whiteSpace: 'nowrap' }}
            data-testid="kpi-valor"
          >
            {value}
          </Typography>
        )}
        {detail ? (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.25 }}>
            {detail}
          </Typography>
        ) : null}
        {!loading && current !== undefined ? <ChangeBadge change={change} lowerIsBetter={lowerIsBetter === true} /> : null}
      </CardContent>
    </Card>
  );
}

function ChangeBadge({ change, lowerIsBetter }: { change: number | null; lowerIsBetter: boolean }) {
  if (change === null) {
    return (
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
        sem base no período anterior
      </Typography>
    );
  }
  const good = change === 0 ? null : lowerIsBetter ? change < 0 : change > 0;
  const color = good === null ? 'text.secondary' : good ? 'success.main' : 'error.main';
  const Icon = change > 0 ? ArrowUpward : change < 0 ? ArrowDownward : Remove;
  const text = formatChange(change);
  return (
    <Tooltip title="Comparado ao período anterior de mesma duração">
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', mt: 0.5, color }}
        aria-label={`${text} em relação ao período anterior`}
      >
        <Icon sx={{ fontSize: 16 }} />
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          {text}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          vs. período anterior
        </Typography>
      </Stack>
    </Tooltip>
  );
}
