// The period of a dashboard: the two filter date fields (000 §5 "Date filters are displayed as
// DD/MM/YYYY"), holding 'YYYY-MM-DD' days; a cleared or incomplete date keeps the period's day.
import { FilterDateField } from '../../../components/ui/filter-fields.tsx';
import type { Period } from '../lib/dashboard-filters.ts';

type Props = { value: Period; onChange: (period: Period) => void };

export function PeriodFields({ value, onChange }: Props) {
  return (
    <>
      <FilterDateField
        label="Data inicial"
        width={170}
        value={value.inicio}
        onChange={(inicio) => inicio && onChange({ ...value, inicio })}
      />
      <FilterDateField
        label="Data final"
        width={170}
        value={value.fim}
        minDate={value.inicio}
        onChange={(fim) => fim && onChange({ ...value, fim })}
      />
    </>
  );
}
