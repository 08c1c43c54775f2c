// 001 §4 bubble status icon: a clock while pending, one check at ack 1, two grey checks at 2 and 3,
// two blue checks at 4 and 5 (read, played), an error icon on a failed send.
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorIcon from '@mui/icons-material/Error';

import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import { ackIconOf } from '@funil/domain/whatsapp-api/conversation';

export const READ_BLUE = '#53bdeb';

const LABEL = { pending: 'Pendente', sent: 'Enviada', delivered: 'Entregue', read: 'Lida', error: 'Erro no envio' } as const;

export function AckIcon({
  message,
  sending = false,
}: {
  message: Pick<ChatMessage, 'fromMe' | 'ack' | 'isError'>;
  sending?: boolean;
}) {
  const icon = ackIconOf(message, sending);
  if (icon === 'none') return null;
  const props = { fontSize: 'inherit' as const, 'aria-label': LABEL[icon], titleAccess: LABEL[icon], 'data-ack': icon };
  switch (icon) {
    case 'pending':
      return <AccessTimeIcon {...props} sx={{ color: 'text.secondary' }} />;
    case 'sent':
      return <DoneIcon {...props} sx={{ color: 'text.secondary' }} />;
    case 'delivered':
      return <DoneAllIcon {...props} sx={{ color: 'text.secondary' }} />;
    case 'read':
      return <DoneAllIcon {...props} sx={{ color: READ_BLUE }} />;
    case 'error':
      return <ErrorIcon {...props} sx={{ color: 'error.main' }} />;
  }
}
