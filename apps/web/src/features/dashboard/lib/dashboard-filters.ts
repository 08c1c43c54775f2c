// The filters of the dashboards as the screens hold them (000 §2, §4 'Dashboard v2 load', §5, §7):
// v2 keeps the domain's DashboardV2Filter (dates 'YYYY-MM-DD 00:00:00' / '… 23:59:59'); the classic
// tabs keep whole days 'YYYY-MM-DD', the units and the ads. Both default to the last 7 days, and
// Limpar restores that. The paths are built by buildDashboardPath in packages/domain.
import { defaultDashboardPeriod, type DashboardV2Filter } from '@funil/domain/dashboard/dashboard-api';
import { endOfDayFilter, startOfDayFilter } from '@funil/domain/format/date';

/** A period of whole days, both ends 'YYYY-MM-DD' and included. */
export type Period = { inicio: string; fim: string };

/** 000 §2 classic filter bar: the radio Atendimento / Captação, the units and (CAMPANHAS, LTV) the ads. */
export type ClassicFilter = Period & {
  base: 'atendimento' | 'captacao';
  unidades: number[];
  anuncios: string[];
};

/** The days of a v2 filter, for the date pickers. */
export function periodOfV2(filter: DashboardV2Filter): Period {
  return { inicio: (filter.data_inicio ?? '').slice(0, 10), fim: (filter.data_fim ?? '').slice(0, 10) };
}

/** 000 §7: the v2 dashboard sends 'YYYY-MM-DD 00:00:00' for the start and 'YYYY-MM-DD 23:59:59' for the end. */
export function withPeriod(filter: DashboardV2Filter, period: Period): DashboardV2Filter {
  return { ...filter, data_inicio: startOfDayFilter(period.inicio), data_fim: endOfDayFilter(period.fim) };
}

export function defaultClassicFilter(now: Date, unidades: number[] = []): ClassicFilter {
  const period = defaultDashboardPeriod(now);
  return {
    inicio: period.data_inicio.slice(0, 10),
    fim: period.data_fim.slice(0, 10),
    base: 'atendimento',
    unidades,
    anuncios: [],
  };
}

/** True when a period reads backwards (the end before the start): Atualizar refuses it. */
export function isReversed(period: Period): boolean {
  return period.inicio !== '' && period.fim !== '' && period.fim < period.inicio;
}

/** What the classic dashboard hands each of its tabs (in the lib so the tabs do not import the dashboard that imports them). */
export type ClassicTabProps = {
  filter: ClassicFilter;
  onApply: (filter: ClassicFilter) => void;
  onClear: () => void;
  /** The unit multi-select's options, null when the role has none (000 §6). */
  units: { id: number; nome: string }[] | null;
};
