// Mounted once in the shell: the new-message alerts (001 §9) for whoever may open a chat, and the
// 'Atendimento Whatsapp' dialog any screen opens with openWhatsappDialog (its code loads on demand).
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';

import { canOpenChat } from '@funil/domain/access/chat-route';

import { channelFor, chatPath } from '../features/chat/chat-channel.ts';
import { useMessageAlerts } from '../features/chat/notifications.ts';
import { useAccessContext } from '../lib/access.ts';
import { closeWhatsappDialog, useWhatsappDialogLead } from '../lib/whatsapp-dialog-store.ts';

const ChatDialogHost = lazy(() => import('./chat-screens.tsx').then((m) => ({ default: m.ChatDialogHost })));

export function ChatShellParts() {
  const access = useAccessContext();
  const navigate = useNavigate();
  const channel = channelFor(access);
  const canChat = canOpenChat(access);
  useMessageAlerts(canChat, (leadId) => void navigate(chatPath(channel, leadId)));
  const leadId = useWhatsappDialogLead();
  if (leadId === null) return null;
  return (
    <Suspense fallback={null}>
      <ChatDialogHost leadId={leadId} channel={channel} onClose={closeWhatsappDialog} />
    </Suspense>
  );
}
