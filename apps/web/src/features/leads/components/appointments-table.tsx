// The lead's appointments (001 §3 "Appointment history"): date DD/MM/YYYY, time, procedure, the
// values in BRL and a status chip with the 001 §3 labels; 'Nenhum registro encontrado!' (000 §8).
import { Alert, Chip, type ChipProps } from '@mui/material';

import { formatBRL } from '@funil/domain/format/currency';
import { appointmentStatusLabel } from '@funil/domain/leads-api/lead-api';

import { DataTable, EMPTY_TABLE_TEXT, type DataColumn } from '../../../components/ui/data-table.tsx';
import { useAppointments } from '../api/get-appointments.ts';

const LOAD_ERROR = 'Erro ao buscar as consultas do cliente.';

/** atend_status 0..5 → chip colour: waiting, attended, cancelled, no-show, rescheduled, confirmed. */
const STATUS_COLORS: readonly ChipProps['color'][] = ['warning', 'success', 'error', 'error', 'info', 'primary'];

/** 'YYYY-MM-DD' (a calendar day, no time zone to convert) → 'DD/MM/YYYY'. */
export function formatAppointmentDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** 'HH:mm' or 'HH:mm:ss' → 'HH:mm'. */
const formatAppointmentTime = (time: string): string => time.slice(0, 5);

type Appointment = NonNullable<ReturnType<typeof useAppointments>['data']>[number];

const COLUMNS: DataColumn<Appointment>[] = [
  { header: 'Data', value: (row) => formatAppointmentDate(row.atend_data), nowrap: true },
  { header: 'Hora', value: (row) => formatAppointmentTime(row.atend_hora) },
  { header: 'Procedimento', value: (row) => row.proced_nome },
  { header: 'Valor do procedimento', value: (row) => formatBRL(row.proced_valor), align: 'right' },
  { header: 'Valor do atendimento', value: (row) => formatBRL(row.atend_valor), align: 'right' },
  {
    header: 'Status',
    value: (row) => appointmentStatusLabel(row.atend_status),
    render: (row) => (
      <Chip
        size="small"
        variant="outlined"
        color={STATUS_COLORS[row.atend_status] ?? 'default'}
        label={appointmentStatusLabel(row.atend_status)}
      />
    ),
  },
];

export function AppointmentsTable({ leadId }: { leadId: number }) {
  const appointments = useAppointments(leadId);
  if (appointments.isError) return <Alert severity="error">{LOAD_ERROR}</Alert>;
  return (
    <DataTable
      label="Consultas do cliente"
      columns={COLUMNS}
      rows={appointments.data ?? []}
      rowKey={(row) => row.id}
      loading={appointments.isPending}
      loadingLabel="Carregando consultas"
      emptyText={EMPTY_TABLE_TEXT}
    />
  );
}
