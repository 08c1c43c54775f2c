// 001 §2 image viewer: the image full size over the conversation, with its caption, download and close (Esc).
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Dialog, IconButton, Stack, Typography } from '@mui/material';

import { formatDateTime } from '@funil/domain/format/date';
import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';

export type ViewedImage = { src: string; message: ChatMessage };

export function ImageViewer({ image, onClose }: { image: ViewedImage | null; onClose: () => void }) {
  return (
    <Dialog
      open={image !== null}
      onClose={onClose}
      fullScreen
      slotProps={{ paper: { 'aria-label': 'Visualizar imagem', sx: { bgcolor: '#0b141a', backgroundImage: 'none' } } }}
    >
      {image && (
        <Stack sx={{ height: '100%', color: 'common.white' }}>
          <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1 }}>
            <Typography variant="body2" sx={{ flex: 1 }}>
              {image.message.fromMe ? 'Você' : (image.message.contactName ?? '')} · {formatDateTime(image.message.createdAt)}
            </Typography>
            <IconButton
              component="a"
              href={image.src}
              download={image.message.fileName ?? `imagem-${image.message.id}`}
              aria-label="Baixar imagem"
              sx={{ color: 'inherit' }}
            >
              <DownloadIcon />
            </IconButton>
            <IconButton onClick={onClose} aria-label="Fechar" sx={{ color: 'inherit' }}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Box sx={{ flex: 1, minHeight: 0, display: 'grid', placeItems: 'center', p: 2 }} onClick={onClose}>
            <Box
              component="img"
              src={image.src}
              alt={image.message.body || 'Imagem'}
              onClick={(e) => e.stopPropagation()}
              sx={{ maxWidth: '100%', maxHeight: '100%', minWidth: 240, objectFit: 'contain', imageRendering: 'auto' }}
            />
          </Box>
          {image.message.body && (
            <Typography variant="body1" sx={{ textAlign: 'center', pb: 3, px: 2 }}>
              {image.message.body}
            </Typography>
          )}
        </Stack>
      )}
    </Dialog>
  );
}
