// The composer's attach menu: one media dialog per kind (001 §2 "Media-send dialogs").
import AttachFileIcon from '@mui/icons-material/AttachFile';
import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import DescriptionIcon from '@mui/icons-material/Description';
import GifBoxIcon from '@mui/icons-material/GifBox';
import ImageIcon from '@mui/icons-material/Image';
import VideocamIcon from '@mui/icons-material/Videocam';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';

import type { MediaDialogKind } from '@funil/domain/whatsapp-api/media-picker';

const ITEMS: { kind: MediaDialogKind; label: string; icon: React.ReactNode }[] = [
  { kind: 'image', label: 'Imagem', icon: <ImageIcon sx={{ color: '#bf59cf' }} /> },
  { kind: 'video', label: 'Vídeo', icon: <VideocamIcon sx={{ color: '#e8336e' }} /> },
  { kind: 'audio', label: 'Áudio', icon: <AudiotrackIcon sx={{ color: '#ff8c00' }} /> },
  { kind: 'sticker', label: 'Figurinha', icon: <GifBoxIcon sx={{ color: '#02a698' }} /> },
  { kind: 'document', label: 'Documento', icon: <DescriptionIcon sx={{ color: '#5157ae' }} /> },
];

export function AttachMenu({ disabled, onPick }: { disabled: boolean; onPick: (kind: MediaDialogKind) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Anexar">
        <span>
          <IconButton aria-label="Anexar" disabled={disabled} onClick={(e) => setAnchor(e.currentTarget)}>
            <AttachFileIcon sx={{ transform: 'rotate(45deg)' }} />
          </IconButton>
        </span>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {ITEMS.map((item) => (
          <MenuItem
            key={item.kind}
            onClick={() => {
              setAnchor(null);
              onPick(item.kind);
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
