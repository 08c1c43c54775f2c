// Everything under the chat header (001 §2 "Message area", composer): the lead's messages on one
// channel and the composer. It fetches what it needs itself; the page, the header and the
// 'Atendimento Whatsapp' dialog only give it the channel and the lead id.
import MicIcon from '@mui/icons-material/Mic';
import { Alert, Box, CircularProgress, IconButton, Stack, Tooltip } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';

import { fillPlaceholders } from '@funil/domain/leads/placeholders';
import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';
import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import { dialogKindOf, MEDIA_SENDING_NOTICE, type MediaDialogKind } from '@funil/domain/whatsapp-api/media-picker';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';
import type { UnitSticker } from '@funil/domain/whatsapp-api/stickers-api';

import { useCanChangeLeads } from '../../../lib/access.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useConversationLead } from '../api/messages-lead.ts';
import { stickerDataUrl } from '../api/messages-stickers.ts';
import { leadOfSharedContact, type ChatChannel, type ConversationLead, type Outgoing } from '../api/messages.ts';
import { chatPath } from '../chat-channel.ts';
import { useSocketStatus } from '../use-socket-status.ts';
import { AttachMenu } from './attach-menu.tsx';
import { Composer } from './composer.tsx';
import { ImageViewer, type ViewedImage } from './image-viewer.tsx';
import { MediaDialog } from './media-dialog.tsx';
import { MessageList } from './message-list.tsx';
import { RecordAudioDialog } from './record-audio-dialog.tsx';
import { StickerPicker } from './sticker-picker.tsx';
import { useConversation, useConversationInstance } from './use-conversation.ts';

export type ChatConversationProps = { channel: ChatChannel; leadId: number };

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
      lead={{
        cli_crm_id: lead.cli_crm_id,
        cli_nome: lead.cli_nome,
        cli_telefone: lead.cli_telefone,
        idTicket: lead.idTicket,
        idInstanciaEvolution: lead.idInstanciaEvolution,
      }}
      blocked={lead.whatsapp_blocked === 1}
    />
  );
}

/** What a manager reads where the composer would be (issue 21 item 6). */
export const READ_ONLY_NOTICE = 'Você acompanha esta conversa: seu perfil não envia mensagens nem altera o lead.';

function LoadedConversation({
  channel,
  lead: initialLead,
  blocked,
}: {
  channel: ChatChannel;
  lead: ConversationLead;
  blocked: boolean;
}) {
  const user = useCurrentUser();
  const unit = useLoadedUnitData();
  const socket = useSocketStatus();
  const navigate = useNavigate();
  // The conversation keeps one lead object: the v2 channel writes the ticket it opened into it.
  const [lead] = useState(initialLead);
  const conversation = useConversation(channel, lead, user.idUser);
  const instance = useConversationInstance(channel, lead);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: MediaDialogKind; file: File | null } | null>(null);
  const [recordOpen, setRecordOpen] = useState(false);
  const [recording, setRecording] = useState(false);
  const [viewed, setViewed] = useState<ViewedImage | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  // issue 21 item 6: managers (m, mg) read the conversation; they neither send, reply nor delete.
  const canChange = useCanChangeLeads();
  const signature = parseConfiguracoesExtra(unit.crm_configuracoes.configuracoesExtra).assinaturaWhatsapp
    ? `*${user.name}*\n`
    : '';

  // 001 §4 "Composer": disabled for a missing lead or while busy; without the gateway also while the socket is down.
  const disconnected = channel === 'v3' ? !instance.connected : !socket.connected;
  const disabledReason = blocked ? WHATSAPP_MESSAGES.blocked : disconnected ? WHATSAPP_MESSAGES.disconnected : null;
  const composerDisabled = disabledReason !== null || recording;

  // A quoted reply goes with whatever is sent next (text, file, recording, sticker).
  const sendOutgoing = (outgoing: Outgoing) => {
    conversation.send(outgoing, replyTo);
    setReplyTo(null);
  };
  const onFile = (file: File) => {
    const kind = dialogKindOf(file);
    setDialog({ kind, file });
  };
  const onSticker = (sticker: UnitSticker) => {
    stickerDataUrl(sticker.mediaUrl)
      .then(({ dataUrl, mimetype }) => {
        sendOutgoing({
          kind: 'media',
          mediatype: 'sticker',
          dataUrl,
          mimetype,
          fileName: sticker.kind === 'gif' ? 'animacao.gif' : 'figurinha.webp',
        });
        enqueueSnackbar(MEDIA_SENDING_NOTICE.sticker, { variant: 'info' });
      })
      .catch(() => setNotice('Problema na leitura do arquivo!'));
  };

  const onDelete = useCallback(
    (m: ChatMessage) => {
      conversation.remove(m).catch((err: unknown) => setNotice(err instanceof Error ? err.message : 'Erro ao executar ação'));
    },
    [conversation],
  );
  const actions = useMemo(() => {
    const onOpenImage = (src: string, message: ChatMessage) => setViewed({ src, message });
    // A manager only looks: no reply, delete, retry or 'Conversar' (each would write).
    if (!canChange) return { onOpenImage };
    return {
      onReply: (m: ChatMessage) => setReplyTo(m),
      onDelete,
      onRetry: conversation.retry,
      onOpenImage,
      onOpenContact: (phone: string, name: string) => {
        leadOfSharedContact(phone, name)
          .then((id) => navigate(chatPath(channel, id)))
          .catch((err: unknown) => setNotice(err instanceof Error ? err.message : 'Erro ao selecionar o cliente'));
      },
    };
  }, [canChange, onDelete, conversation.retry, navigate, channel]);

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
          canReply={canChange && channel !== 'legacy'}
          hasOlder={conversation.hasOlder}
          loadingOlder={conversation.loadingOlder}
          loadOlder={conversation.loadOlder}
          sentCount={conversation.sentCount}
        />
      )}
      {!canChange && (
        <Alert severity="info" sx={{ borderRadius: 0 }} data-testid="chat-read-only">
          {READ_ONLY_NOTICE}
        </Alert>
      )}
      {canChange && disabledReason && (
        <Alert severity={blocked ? 'error' : 'warning'} sx={{ borderRadius: 0 }}>
          {disabledReason}
        </Alert>
      )}
      {canChange && (
        <Composer
          disabled={composerDisabled}
          leadName={lead.cli_nome}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onSendText={(text) => sendOutgoing({ kind: 'text', text: signature + text })}
          onFile={onFile}
          fillTemplate={(template) => fillPlaceholders(template, { clientName: lead.cli_nome, now: new Date() })}
          tools={
            <>
              <StickerPicker disabled={composerDisabled} onPick={onSticker} />
              <AttachMenu disabled={composerDisabled} onPick={(kind) => setDialog({ kind, file: null })} />
            </>
          }
          idleAction={
            <Tooltip title="Gravar Audio">
              <span>
                <IconButton
                  color="primary"
                  aria-label="Gravar Audio"
                  disabled={composerDisabled}
                  onClick={() => setRecordOpen(true)}
                >
                  <MicIcon />
                </IconButton>
              </span>
            </Tooltip>
          }
        />
      )}
      {canChange && (
        <MediaDialog
          kind={dialog?.kind ?? null}
          initialFile={dialog?.file ?? null}
          onClose={() => setDialog(null)}
          onSend={sendOutgoing}
        />
      )}
      {canChange && (
        <RecordAudioDialog
          open={recordOpen}
          onClose={() => setRecordOpen(false)}
          onSend={sendOutgoing}
          onRecordingChange={setRecording}
        />
      )}
      <ImageViewer image={viewed} onClose={() => setViewed(null)} />
    </Stack>
  );
}
