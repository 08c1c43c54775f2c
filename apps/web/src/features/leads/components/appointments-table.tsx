// The lead's appointments (001 §3 "Appointment history"): date DD/MM/YYYY, time, procedure, the
// values in BRL and a status chip with the 001 §3 labels; 'Nenhum registro encontrado!' (000 §8).
import { Alert, Chip, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ChipProps } from '@mui/material';
import { appointmentStatusLabel } from '@funil/domain/leads-api/lead-api';
import { formatBRL } from '@funil/domain/format/currency';
import { useAppointments } from '../api/get-appointments.ts';

/** 000 §8 "Empty tables". */
const EMPTY = 'Nenhum registro encontrado!';
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

export function AppointmentsTable({ leadId }: { leadId: number }) {
  const appointments = useAppointments(leadId);

  if (appointments.isPending) return <Skeleton variant="rounded" height={120} aria-label="Carregando consultas" />;
  if (appointments.isError) return <Alert severity="error">{LOAD_ERROR}</Alert>;

  return (
    <TableContainer>
      <Table size="small" aria-label="Consultas do cliente">
        <TableHead>
          <TableRow>
            <TableCell>Data</TableCell>
            <TableCell>Hora</TableCell>
            <TableCell>Procedimento</TableCell>
            <TableCell align="right">Valor do procedimento</TableCell>
            <TableCell align="right">Valor do atendimento</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {appointments.data.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography variant="body2" color="text.secondary" sx={{ py: 1, textAlign: 'center' }}>
                  {EMPTY}
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            appointments.data.map((row) => (
              <TableRow key={row.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAppointmentDate(row.atend_data)}</TableCell>
                <TableCell>{formatAppointmentTime(row.atend_hora)}</TableCell>
                <TableCell>{row.proced_nome}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatBRL(row.proced_valor)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatBRL(row.atend_valor)}
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={STATUS_COLORS[row.atend_status] ?? 'default'} label={appointmentStatusLabel(row.atend_status)} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
