// 001 §4 "Lead last-message status icon": 1 sent (one tick), 2 delivered (grey double tick),
// 3 read (blue double tick); shown only when the last message is our own.
import Done from '@mui/icons-material/Done';
import DoneAll from '@mui/icons-material/DoneAll';

export const READ_BLUE = '#34B7F1';

export function LastMessageStatus({ status }: { status: 1 | 2 | 3 | null }) {
  if (status === null) return null;
  if (status === 1) return <Done aria-label="Enviada" titleAccess="Enviada" sx={{ fontSize: 16, color: 'text.secondary' }} />;
  if (status === 2)
    return <DoneAll aria-label="Entregue" titleAccess="Entregue" sx={{ fontSize: 16, color: 'text.secondary' }} />;
  return <DoneAll aria-label="Lida" titleAccess="Lida" sx={{ fontSize: 16, color: READ_BLUE }} />;
}
