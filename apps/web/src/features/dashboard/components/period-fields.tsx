// The period of a dashboard: two date pickers shown DD/MM/YYYY (000 §5 "Date filters are displayed
// as DD/MM/YYYY"), holding 'YYYY-MM-DD' days.
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import type { Period } from '../lib/dashboard-filters.ts';

const fromIso = (value: string) => dayjs(value);
const toIso = (value: dayjs.Dayjs | null) => (value && value.isValid() ? value.format('YYYY-MM-DD') : null);

type Props = { value: Period; onChange: (period: Period) => void };

export function PeriodFields({ value, onChange }: Props) {
  return (
    <>
      <DatePicker
        label="Data inicial"
        format="DD/MM/YYYY"
        value={fromIso(value.inicio)}
        onChange={(day) => {
          const inicio = toIso(day);
          if (inicio) onChange({ ...value, inicio });
        }}
        slotProps={{ textField: { size: 'small', sx: { width: 170 } } }}
      />
      <DatePicker
        label="Data final"
        format="DD/MM/YYYY"
        value={fromIso(value.fim)}
        minDate={fromIso(value.inicio)}
        onChange={(day) => {
          const fim = toIso(day);
          if (fim) onChange({ ...value, fim });
        }}
        slotProps={{ textField: { size: 'small', sx: { width: 170 } } }}
      />
    </>
  );
}
