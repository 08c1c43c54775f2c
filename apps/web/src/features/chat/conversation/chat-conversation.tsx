// Everything under the chat header (001 §2 "Message area", composer): the lead's messages on one
// channel and the composer. It fetches what it needs itself; the page, the header and the
// 'Atendimento Whatsapp' dialog only give it the channel and the lead id.
import { Alert, Box, CircularProgress, Stack } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';
import { ApiError } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useSocket } from '../../../lib/socket.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import type { ChatChannel, ConversationLead } from '../api/messages.ts';
import { useConversationLead } from '../api/messages-lead.ts';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { useConversation, useConversationInstance } from './use-conversation.ts';

export type ChatConversationProps = { channel: ChatChannel; leadId: number };

const ROUTE_OF: Record<ChatChannel, string> = { v3: '/whatsapp-v3', v2: '/whatsappv2', legacy: '/whatsapp' };

export function ChatConversation({ channel, leadId }: ChatConversationProps) {
  const contact = useConversationLead(leadId);
  if (contact.isLoading) {
    return (
      <Stack sx={{ alignItems: 'center', justifyContent: 'center', flex: 1, height: '100%' }}>
        <CircularProgress aria-label="Carregando conversa" />
      </Stack>
    );
  }
  if (contact.error || !contact.data) {
    const message = contact.error instanceof ApiError ? contact.error.message : 'Erro ao buscar dados do cliente.';
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{message}</Alert>
      </Box>
    );
  }
  const lead = contact.data.crm_contato_completo;
  return (
    <LoadedConversation
      key={`${channel}:${leadId}`}
      channel={channel}
      lead={{ cli_crm_id: lead.cli_crm_id, cli_nome: lead.cli_nome, cli_telefone: lead.cli_telefone, idTicket: lead.idTicket, idInstanciaEvolution: lead.idInstanciaEvolution }}
      blocked={lead.whatsapp_blocked === 1}
    />
  );
}

function LoadedConversation({ channel, lead: initialLead, blocked }: { channel: ChatChannel; lead: ConversationLead; blocked: boolean }) {
  const user = useCurrentUser();
  const unit = useLoadedUnitData();
  const socket = useSocket();
  const navigate = useNavigate();
  // The conversation keeps one lead object: the v2 channel writes the ticket it opened into it.
  const [lead] = useState(initialLead);
  const conversation = useConversation(channel, lead, user.idUser);
  const instance = useConversationInstance(channel, lead);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const signature = parseConfiguracoesExtra(unit.crm_configuracoes.configuracoesExtra).assinaturaWhatsapp ? `*${user.name}*\n` : '';

  // 001 §4 "Composer": disabled for a missing lead or while busy; without the gateway also while the socket is down.
  const disconnected = channel === 'v3' ? !instance.connected : socket?.connected === false;
  const disabledReason = blocked ? WHATSAPP_MESSAGES.blocked : disconnected ? WHATSAPP_MESSAGES.disconnected : null;

  const onDelete = useCallback(
    (m: ChatMessage) => {
      conversation.remove(m).catch((err: unknown) => setNotice(err instanceof Error ? err.message : 'Erro ao executar ação'));
    },
    [conversation],
  );
  const actions = useMemo(
    () => ({
      onReply: (m: ChatMessage) => setReplyTo(m),
      onDelete,
      onRetry: conversation.retry,
      onOpenContact: (phone: string) => {
        const digits = phone.replace(/\D/g, '');
        if (digits) void navigate(`${ROUTE_OF[channel]}?telefone=${digits}`);
      },
    }),
    [onDelete, conversation.retry, navigate, channel],
  );

  return (
    <Stack sx={{ flex: 1, minHeight: 0, height: '100%' }} data-testid="chat-conversation">
      {conversation.error && <Alert severity="error">{conversation.error.message}</Alert>}
      {notice && (
        <Alert severity="warning" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {conversation.isLoading ? (
        <Stack sx={{ alignItems: 'center', justifyContent: 'center', flex: 1, bgcolor: '#efeae2' }}>
          <CircularProgress aria-label="Carregando mensagens" />
        </Stack>
      ) : (
        <MessageList
          messages={conversation.messages}
          pending={conversation.pending}
          leadName={lead.cli_nome}
          actions={actions}
          canReply={channel !== 'legacy'}
          hasOlder={conversation.hasOlder}
          loadingOlder={conversation.loadingOlder}
          loadOlder={conversation.loadOlder}
          sentCount={conversation.sentCount}
        />
      )}
      {disabledReason && (
        <Alert severity={blocked ? 'error' : 'warning'} sx={{ borderRadius: 0 }}>
          {disabledReason}
        </Alert>
      )}
      <Composer
        disabled={disabledReason !== null}
        leadName={lead.cli_nome}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSendText={(text) => {
          conversation.send({ kind: 'text', text: signature + text }, replyTo);
          setReplyTo(null);
        }}
      />
    </Stack>
  );
}
