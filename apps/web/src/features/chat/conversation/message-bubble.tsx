// One message (001 §2 "Message area", §3 body conventions, §8 texts): received on the left, sent on
// the right, at most 600 px wide; media 250×200, video 350×250; time and ack icon (001 §4).
import BlockIcon from '@mui/icons-material/Block';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PersonIcon from '@mui/icons-material/Person';
import PhoneMissedIcon from '@mui/icons-material/PhoneMissed';
import PlaceIcon from '@mui/icons-material/Place';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, IconButton, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import { memo, useState } from 'react';

import { formatTime } from '@funil/domain/format/date';
import type { ChatMessage, QuotedMessage } from '@funil/domain/whatsapp-api/chat-message';
import { parseContactCard, parseLocation, type PendingMessage } from '@funil/domain/whatsapp-api/conversation';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { useMediaUrl } from '../api/messages-media.ts';
import { AckIcon } from './ack-icon.tsx';
import { AudioPlayer } from './audio-player.tsx';
import { FormattedText } from './formatted-text.tsx';

export const BUBBLE_MAX_WIDTH = 600;
export const MEDIA_SIZE = { width: 250, height: 200 } as const;
export const VIDEO_SIZE = { width: 350, height: 250 } as const;
export const VIDEO_FALLBACK = 'Seu navegador não suporta o elemento de vídeo.';

const SENT_BG = '#d9fdd3';
const RECEIVED_BG = '#ffffff';

export type BubbleActions = {
  onReply?: (message: ChatMessage) => void;
  onDelete?: (message: ChatMessage) => void;
  onRetry?: (tempId: string) => void;
  onOpenImage?: (src: string, message: ChatMessage) => void;
  /** 'Conversar' on a contact card: the shared contact's phone and name. */
  onOpenContact?: (phone: string, name: string) => void;
};

function ImageContent({ message, onOpen }: { message: ChatMessage; onOpen?: (src: string, m: ChatMessage) => void }) {
  const { src, error } = useMediaUrl(message.mediaUrl);
  if (!src) return <MediaPlaceholder error={error} label="Imagem" />;
  return (
    <Box
      component="img"
      src={src}
      alt={message.body || 'Imagem'}
      onClick={() => onOpen?.(src, message)}
      sx={{
        width: MEDIA_SIZE.width,
        height: MEDIA_SIZE.height,
        objectFit: 'cover',
        borderRadius: 1,
        cursor: 'zoom-in',
        display: 'block',
      }}
    />
  );
}

function MediaPlaceholder({ error, label }: { error: boolean; label: string }) {
  return (
    <Box
      sx={{
        width: MEDIA_SIZE.width,
        height: MEDIA_SIZE.height,
        bgcolor: 'grey.200',
        borderRadius: 1,
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <Typography variant="caption" color="text.secondary">
        {error ? `${label} indisponível` : `Carregando ${label.toLowerCase()}…`}
      </Typography>
    </Box>
  );
}

function VideoContent({ message }: { message: ChatMessage }) {
  const { src, error } = useMediaUrl(message.mediaUrl);
  if (!src) return <MediaPlaceholder error={error} label="Vídeo" />;
  return (
    <Box
      component="video"
      controls
      src={src}
      width={VIDEO_SIZE.width}
      height={VIDEO_SIZE.height}
      sx={{ borderRadius: 1, bgcolor: 'black', display: 'block' }}
    >
      {VIDEO_FALLBACK}
    </Box>
  );
}

function StickerContent({ message }: { message: ChatMessage }) {
  const { src, error } = useMediaUrl(message.mediaUrl);
  if (!src) return <MediaPlaceholder error={error} label="Figurinha" />;
  return (
    <Box
      component="img"
      src={src}
      alt="Figurinha"
      data-testid="sticker"
      sx={{ width: 150, height: 150, objectFit: 'contain', display: 'block' }}
    />
  );
}

function DocumentContent({ message }: { message: ChatMessage }) {
  const { src } = useMediaUrl(message.mediaUrl);
  const name = message.fileName ?? (message.body || 'Documento');
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', bgcolor: 'rgba(0,0,0,0.05)', borderRadius: 1, p: 1, minWidth: 220 }}
    >
      <InsertDriveFileIcon color="action" />
      <Typography variant="body2" sx={{ flex: 1, wordBreak: 'break-all' }}>
        {name}
      </Typography>
      {src && (
        <Button size="small" component="a" href={src} download={name}>
          Baixar
        </Button>
      )}
    </Stack>
  );
}

function LocationContent({ message }: { message: ChatMessage }) {
  const { image, link, description } = parseLocation(message.body);
  const imageIsUrl = image !== null && /^(https?:|data:)/.test(image);
  return (
    <Stack spacing={1} sx={{ width: MEDIA_SIZE.width }}>
      {imageIsUrl ? (
        <Box
          component="img"
          src={image}
          alt="Localização"
          sx={{ width: MEDIA_SIZE.width, height: MEDIA_SIZE.height, objectFit: 'cover', borderRadius: 1 }}
        />
      ) : (
        <Stack sx={{ alignItems: 'center', justifyContent: 'center', height: 120, bgcolor: 'grey.200', borderRadius: 1 }}>
          <PlaceIcon color="error" fontSize="large" />
        </Stack>
      )}
      {description && <Typography variant="body2">{description}</Typography>}
      <Button
        size="small"
        variant="outlined"
        startIcon={<PlaceIcon />}
        component="a"
        href={link ?? ''}
        target="_blank"
        rel="noopener noreferrer"
        disabled={!link}
      >
        Visualizar
      </Button>
    </Stack>
  );
}

function ContactContent({
  message,
  onOpenContact,
}: {
  message: ChatMessage;
  onOpenContact?: (phone: string, name: string) => void;
}) {
  const card = parseContactCard(message.body);
  const phone = card.phones[0] ?? '';
  return (
    <Stack spacing={1} sx={{ minWidth: 220 }}>
      <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1}>
        <PersonIcon color="action" />
        <Box>
          <Typography sx={{ fontWeight: 600 }} variant="body2">
            {card.name || 'Contato'}
          </Typography>
          {phone && (
            <Typography variant="caption" color="text.secondary">
              {phone}
            </Typography>
          )}
        </Box>
      </Stack>
      <Button
        size="small"
        variant="outlined"
        disabled={!phone || !onOpenContact}
        onClick={() => onOpenContact?.(phone, card.name)}
      >
        Conversar
      </Button>
    </Stack>
  );
}

const QUOTE_LABEL: Partial<Record<ChatMessage['mediaType'], string>> = {
  image: '📷 Imagem',
  video: '🎥 Vídeo',
  audio: '🎤 Áudio',
  'application/document': '📄 Documento',
  sticker: 'Figurinha',
  locationMessage: '📍 Localização',
  contactMessage: '👤 Contato',
  contactsArrayMessage: '👤 Contatos',
};

export function quotePreview(q: Pick<QuotedMessage, 'body' | 'mediaType'>): string {
  const label = QUOTE_LABEL[q.mediaType];
  if (q.mediaType === 'locationMessage' || q.mediaType === 'contactMessage' || q.mediaType === 'contactsArrayMessage')
    return label ?? q.body;
  if (label && q.body.trim() === '') return label;
  return q.body;
}

export function QuotedBlock({
  quoted,
  leadName,
}: {
  quoted: QuotedMessage | Pick<ChatMessage, 'body' | 'fromMe' | 'mediaType' | 'contactName'>;
  leadName: string;
}) {
  return (
    <Box
      data-testid="quoted"
      sx={{
        borderLeft: 4,
        borderColor: quoted.fromMe ? 'success.main' : 'secondary.main',
        bgcolor: 'rgba(0,0,0,0.05)',
        borderRadius: 1,
        px: 1,
        py: 0.5,
        mb: 0.5,
      }}
    >
      <Typography sx={{ fontWeight: 600 }} variant="caption" color={quoted.fromMe ? 'success.dark' : 'secondary.main'}>
        {quoted.fromMe ? 'Você' : (quoted.contactName ?? leadName)}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          wordBreak: 'break-word',
        }}
      >
        <FormattedText text={quotePreview(quoted)} />
      </Typography>
    </Box>
  );
}

function Body({ message, actions }: { message: ChatMessage; actions: BubbleActions }) {
  if (message.isDeleted) {
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', fontStyle: 'italic' }}>
        <BlockIcon fontSize="small" />
        <Typography variant="body2">
          {message.fromMe ? 'Você apagou esta mensagem' : WHATSAPP_MESSAGES.deletedByContact}
        </Typography>
      </Stack>
    );
  }
  const caption =
    message.body.trim() !== '' ? (
      <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'normal', wordBreak: 'break-word' }}>
        <FormattedText text={message.body} />
      </Typography>
    ) : null;
  switch (message.mediaType) {
    case 'image':
      return (
        <>
          <ImageContent message={message} onOpen={actions.onOpenImage} />
          {caption}
        </>
      );
    case 'video':
      return (
        <>
          <VideoContent message={message} />
          {caption}
        </>
      );
    case 'audio':
      return <AudioPlayer url={message.mediaUrl} />;
    case 'sticker':
      return <StickerContent message={message} />;
    case 'application/document':
      return (
        <>
          <DocumentContent message={message} />
          {message.fileName && message.body && message.body !== message.fileName ? caption : null}
        </>
      );
    case 'locationMessage':
      return <LocationContent message={message} />;
    case 'contactMessage':
    case 'contactsArrayMessage':
    case 'vcard':
      return <ContactContent message={message} onOpenContact={actions.onOpenContact} />;
    case 'call_log':
      return (
        <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1}>
          <PhoneMissedIcon color="error" fontSize="small" />
          <Typography variant="body2">{message.body}</Typography>
        </Stack>
      );
    default:
      return (
        <Typography variant="body2" component="div" sx={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
          <FormattedText text={message.body} />
        </Typography>
      );
  }
}

type BubbleProps = {
  message: ChatMessage;
  pending?: PendingMessage;
  leadName: string;
  actions: BubbleActions;
  canReply: boolean;
};

export const MessageBubble = memo(function MessageBubble({ message, pending, leadName, actions, canReply }: BubbleProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mine = message.fromMe;
  const isSticker = message.mediaType === 'sticker' && !message.isDeleted;
  const canDelete = mine && !pending && !message.isDeleted && actions.onDelete !== undefined;
  const showMenu = !pending && !message.isDeleted && (canDelete || (canReply && actions.onReply !== undefined));
  return (
    <Stack
      direction="row"
      sx={{ justifyContent: mine ? 'flex-end' : 'flex-start', px: 2, py: 0.25 }}
      data-testid="message"
      data-from-me={mine ? '1' : '0'}
      data-message-id={message.id}
    >
      <Box
        sx={{
          position: 'relative',
          maxWidth: BUBBLE_MAX_WIDTH,
          minWidth: 80,
          bgcolor: isSticker ? 'transparent' : mine ? SENT_BG : RECEIVED_BG,
          boxShadow: isSticker ? 'none' : '0 1px 0.5px rgba(11,20,26,.13)',
          borderRadius: 2,
          px: 1,
          pt: 0.75,
          pb: 0.5,
          mb: message.reactions.length > 0 ? 1.5 : 0,
          '&:hover .bubble-menu': { opacity: 1 },
        }}
      >
        {showMenu && (
          <>
            <IconButton
              className="bubble-menu"
              size="small"
              aria-label="Opções da mensagem"
              onClick={(e) => setAnchor(e.currentTarget)}
              sx={{
                position: 'absolute',
                top: 0,
                right: 0,
                opacity: { xs: 1, md: 0 },
                bgcolor: 'inherit',
                '&:focus-visible': { opacity: 1 },
                zIndex: 1,
              }}
            >
              <ExpandMoreIcon fontSize="small" />
            </IconButton>
            <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
              {canReply && actions.onReply && (
                <MenuItem
                  onClick={() => {
                    setAnchor(null);
                    actions.onReply?.(message);
                  }}
                >
                  Responder
                </MenuItem>
              )}
              {canDelete && (
                <MenuItem
                  onClick={() => {
                    setAnchor(null);
                    actions.onDelete?.(message);
                  }}
                >
                  Excluir
                </MenuItem>
              )}
            </Menu>
          </>
        )}
        {!mine && message.contactName && message.contactName !== leadName && (
          <Typography sx={{ fontWeight: 600 }} variant="caption" color="secondary.main" component="div">
            {message.contactName}
          </Typography>
        )}
        {message.quotedMsg && !message.isDeleted && <QuotedBlock quoted={message.quotedMsg} leadName={leadName} />}
        <Body message={message} actions={actions} />
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 0.25, color: 'text.secondary', fontSize: 16 }}
        >
          {message.editedAt && !message.isDeleted && (
            <Typography sx={{ fontStyle: 'italic' }} variant="caption" color="text.secondary">
              Editada
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.createdAt}>
            {formatTime(message.createdAt)}
          </Typography>
          <AckIcon message={message} sending={pending?.state === 'sending'} />
        </Stack>
        {pending?.state === 'failed' && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
            <Typography variant="caption" color="error">
              {pending.error ?? 'Não enviada'}
            </Typography>
            <Button size="small" color="error" startIcon={<ReplayIcon />} onClick={() => actions.onRetry?.(pending.tempId)}>
              Tentar novamente
            </Button>
          </Stack>
        )}
        {message.reactions.length > 0 && (
          <Tooltip
            title={message.reactions.map((r) => `${r.emoji} ${r.fromMe ? 'Você' : (r.senderName ?? leadName)}`).join(', ')}
          >
            <Box
              data-testid="reactions"
              sx={{
                position: 'absolute',
                bottom: -14,
                [mine ? 'right' : 'left']: 8,
                bgcolor: 'background.paper',
                borderRadius: 3,
                px: 0.75,
                boxShadow: 1,
                fontSize: 14,
                lineHeight: '22px',
              }}
            >
              {message.reactions.map((r) => r.emoji).join('')}
            </Box>
          </Tooltip>
        )}
      </Box>
    </Stack>
  );
});
