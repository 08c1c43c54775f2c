// One lead of the chat list (001 §2 "Lead list panel"): photo, name, last message (or the message
// the search found), time, unread count, the last-message status icon and, with attendance on,
// the attendant.
import PersonOutline from '@mui/icons-material/PersonOutlined';
import Search from '@mui/icons-material/Search';
import { Avatar, Badge, Box, ListItemButton, Stack, Typography } from '@mui/material';
import { memo } from 'react';

import { formatPhoneDisplay } from '@funil/domain/phone/phone';
import type { MessageMatch } from '@funil/domain/whatsapp-api/legacy-api';

import { avatarColor, initialsOf } from '../../../components/ui/lead-avatar.ts';
import type { ChatLead } from '../api/chat-leads.ts';
import { listTimeLabel } from '../chat-time.ts';
import { LastMessageStatus } from './last-message-status.tsx';

type ChatLeadRowProps = {
  lead: ChatLead;
  selected: boolean;
  /** Below 600 px (kept for the callers; the name now takes the room there is). */
  narrow: boolean;
  showAttendant: boolean;
  /** The message the search matched, shown (with its time) instead of the last message. */
  matched: MessageMatch | null;
  onSelect: (lead: ChatLead) => void;
};

/** The last message as a line of text: media without a caption get a word (the list has no icon). */
const MEDIA_WORDS: Record<string, string> = {
  image: '📷 Imagem',
  video: '🎥 Vídeo',
  audio: '🎤 Áudio',
  'application/document': '📄 Documento',
  document: '📄 Documento',
  sticker: 'Figurinha',
  locationMessage: '📍 Localização',
  contactMessage: '👤 Contato',
  contactsArrayMessage: '👤 Contatos',
};

export function lastMessageLine(
  lead: Pick<ChatLead, 'whatsapp_ultima_mensagem_texto' | 'whatsapp_ultima_mensagem_tipo'>,
): string {
  const text = lead.whatsapp_ultima_mensagem_texto?.trim();
  if (text) return text.split('\n')[0] ?? '';
  return MEDIA_WORDS[lead.whatsapp_ultima_mensagem_tipo ?? ''] ?? '';
}

export const ChatLeadRow = memo(function ChatLeadRow({ lead, selected, showAttendant, matched, onSelect }: ChatLeadRowProps) {
  const unread = lead.whatsapp_ultima_mensagem_nao_lidas;
  const markedUnread = lead.marcado_nao_lida === 1;
  const highlighted = unread > 0 || markedUnread;
  const line = matched ? `${matched.fromMe ? 'Você: ' : ''}${matched.texto.replace(/\s+/g, ' ').trim()}` : lastMessageLine(lead);
  const time = listTimeLabel(matched ? matched.data : lead.whatsapp_ultima_mensagem_data_geral);
  return (
    <ListItemButton
      selected={selected}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${lead.cli_nome}${unread > 0 ? `, ${unread} não lidas` : ''}`}
      onClick={() => onSelect(lead)}
      sx={{ gap: 1.5, py: 1, px: 1.5, height: 75, borderBottom: 1, borderColor: 'divider' }}
    >
      <Avatar
        src={lead.cli_url_foto ?? undefined}
        alt=""
        sx={{ width: 46, height: 46, fontSize: '1rem', bgcolor: avatarColor(lead.cli_nome) }}
      >
        {initialsOf(lead.cli_nome)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          {/* issue 21: the whole name, cut by the row's width (ellipsis, full name on hover), not at a fixed count. */}
          <Typography
            noWrap
            sx={{ fontWeight: highlighted ? 700 : 500, flex: 1, minWidth: 0 }}
            title={lead.cli_nome}
            data-testid="chat-lead-name"
          >
            {lead.cli_nome}
          </Typography>
          <Typography
            variant="caption"
            sx={{
              whiteSpace: 'nowrap',
              color: unread > 0 ? 'success.main' : 'text.secondary',
              fontWeight: unread > 0 ? 700 : 400,
            }}
          >
            {time}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.25 }}>
          {matched === null && lead.whatsapp_ultima_mensagem_from_me === 1 && (
            <LastMessageStatus status={lead.whatsapp_ultima_mensagem_status} />
          )}
          {matched !== null && <Search sx={{ fontSize: 14, color: 'text.secondary' }} aria-label="Mensagem encontrada" />}
          <Typography
            variant="body2"
            color="text.secondary"
            noWrap
            sx={{ flex: 1, minWidth: 0 }}
            title={line}
            data-testid="chat-lead-last-message"
          >
            {/* A lead without messages yet shows its phone, as WhatsApp shows the number of a new chat. */}
            {line || formatPhoneDisplay(lead.cli_telefone)}
          </Typography>
          {unread > 0 ? (
            <Badge
              badgeContent={unread}
              max={999}
              color="success"
              aria-label={`${unread} mensagens não lidas`}
              sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
            />
          ) : (
            markedUnread && (
              <Box
                aria-label="Marcado como não lido"
                sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: 'success.main', flexShrink: 0 }}
              />
            )
          )}
        </Stack>
        {showAttendant && (
          <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
            <PersonOutline sx={{ fontSize: 13 }} aria-hidden />
            {lead.nome_atendimento ?? 'Não atribuído'}
          </Typography>
        )}
      </Box>
    </ListItemButton>
  );
});
