// The chart shapes the dashboards draw (000 §2): funnel, donut, stacked columns, daily bars with a
// stack toggle. Recharts, pt-BR numbers in tooltips and axes, the statuses' own colours where the
// unit gives them.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Funnel,
  FunnelChart,
  LabelList,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { formatBRL, formatCount } from '../lib/dashboard-format.ts';

/** A calm palette for series without a colour of their own. */
const PALETTE = ['#1d4ed8', '#0d9488', '#f59e0b', '#db2777', '#7c3aed', '#16a34a', '#ea580c', '#0891b2', '#64748b', '#be123c'];
const colorAt = (index: number) => PALETTE[index % PALETTE.length] ?? '#1d4ed8';

export type Slice = { nome: string; valor: number; cor?: string };
export type Series = { key: string; nome: string; cor?: string };
type ValueKind = 'count' | 'brl';

const formatterOf = (kind: ValueKind) => (kind === 'brl' ? formatBRL : formatCount);
const tooltipValue = (kind: ValueKind) => (value: unknown) => formatterOf(kind)(Number(value));

export function FunnelView({ steps }: { steps: Slice[] }) {
  const data = steps.map((step, i) => ({ ...step, fill: step.cor ?? colorAt(i) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <FunnelChart margin={{ top: 8, right: 150, bottom: 8, left: 8 }}>
        <Tooltip formatter={tooltipValue('count')} />
        <Funnel dataKey="valor" nameKey="nome" data={data} isAnimationActive={false} lastShapeType="rectangle">
          <LabelList position="right" dataKey="nome" fill="#1f2937" stroke="none" fontSize={13} />
          <LabelList
            position="center"
            dataKey="valor"
            fill="#ffffff"
            stroke="none"
            fontSize={13}
            fontWeight={700}
            formatter={(value: unknown) => formatCount(Number(value))}
          />
        </Funnel>
      </FunnelChart>
    </ResponsiveContainer>
  );
}

export function DonutView({ slices, kind = 'count' }: { slices: Slice[]; kind?: ValueKind }) {
  const total = slices.reduce((sum, s) => sum + s.valor, 0);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Tooltip formatter={tooltipValue(kind)} />
        <Legend verticalAlign="bottom" iconType="circle" />
        <Pie
          data={slices}
          dataKey="valor"
          nameKey="nome"
          innerRadius="55%"
          outerRadius="80%"
          paddingAngle={1}
          isAnimationActive={false}
        >
          {slices.map((slice, i) => (
            <Cell key={slice.nome} fill={slice.cor ?? colorAt(i)} />
          ))}
        </Pie>
        <text x="50%" y="45%" textAnchor="middle" dominantBaseline="middle" fontSize={22} fontWeight={700} fill="#1f2937">
          {formatterOf(kind)(total)}
        </text>
      </PieChart>
    </ResponsiveContainer>
  );
}

type ColumnsProps = {
  rows: Record<string, string | number>[];
  /** The category of each column ('campanha', 'dia'). */
  categoryKey: string;
  series: Series[];
  stacked: boolean;
  kind?: ValueKind;
  /** The tick text of a category (e.g. the campaign name cut of 000 §2). */
  tickFormatter?: (category: string) => string;
};

export function ColumnsView({ rows, categoryKey, series, stacked, kind = 'count', tickFormatter }: ColumnsProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        {/* As many labels as fit without overlapping: all campaigns on a desktop, fewer days on a phone. */}
        <XAxis dataKey={categoryKey} tickFormatter={tickFormatter} interval="preserveStartEnd" minTickGap={8} fontSize={12} />
        <YAxis
          tickFormatter={(value: number) => (kind === 'brl' ? formatBRL(value).replace(/,00$/, '') : formatCount(value))}
          fontSize={12}
          width={kind === 'brl' ? 90 : 48}
          allowDecimals={false}
        />
        <Tooltip formatter={tooltipValue(kind)} />
        <Legend iconType="circle" />
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.nome}
            stackId={stacked ? 'total' : undefined}
            fill={s.cor ?? colorAt(i)}
            isAnimationActive={false}
            maxBarSize={48}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
