// The composer's GIF/sticker picker (001 §2 "a GIF/sticker search"): the stickers and GIFs the unit
// has sent or received (GET /api/whatsapp/figurinhas; no outside service), one click sends it again.
import GifBoxIcon from '@mui/icons-material/GifBox';
import { Box, CircularProgress, IconButton, Popover, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';

import type { UnitSticker } from '@funil/domain/whatsapp-api/stickers-api';

import { useMediaUrl } from '../api/messages-media.ts';
import { useUnitStickers } from '../api/messages-stickers.ts';

function StickerCell({ sticker, onPick }: { sticker: UnitSticker; onPick: (s: UnitSticker) => void }) {
  const { src } = useMediaUrl(sticker.mediaUrl);
  return (
    <Box
      component="button"
      type="button"
      onClick={() => onPick(sticker)}
      aria-label={sticker.kind === 'gif' ? 'GIF' : 'Figurinha'}
      sx={{
        width: 80,
        height: 80,
        p: 0.5,
        border: 0,
        borderRadius: 1,
        bgcolor: 'transparent',
        cursor: 'pointer',
        '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
      }}
    >
      {src ? (
        <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      ) : (
        <CircularProgress size={16} />
      )}
    </Box>
  );
}

export function StickerPicker({ disabled, onPick }: { disabled: boolean; onPick: (sticker: UnitSticker) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tab, setTab] = useState<'sticker' | 'gif'>('sticker');
  const stickers = useUnitStickers(anchor !== null);
  const shown = (stickers.data ?? []).filter((s) => s.kind === tab);
  return (
    <>
      <Tooltip title="Figurinhas e GIFs">
        <span>
          <IconButton aria-label="Figurinhas e GIFs" disabled={disabled} onClick={(e) => setAnchor(e.currentTarget)}>
            <GifBoxIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ width: 360 }} data-testid="sticker-picker">
          <Tabs value={tab} onChange={(_, v: 'sticker' | 'gif') => setTab(v)} variant="fullWidth">
            <Tab value="sticker" label="Figurinhas" />
            <Tab value="gif" label="GIFs" />
          </Tabs>
          <Box sx={{ maxHeight: 300, overflowY: 'auto', p: 1, display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 0.5 }}>
            {stickers.isLoading && <CircularProgress size={24} sx={{ gridColumn: '1 / -1', justifySelf: 'center', my: 2 }} />}
            {!stickers.isLoading && shown.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', textAlign: 'center', py: 3 }}>
                {tab === 'gif' ? 'Nenhum GIF enviado ou recebido ainda.' : 'Nenhuma figurinha enviada ou recebida ainda.'}
              </Typography>
            )}
            {shown.map((s) => (
              <StickerCell
                key={s.id}
                sticker={s}
                onPick={(picked) => {
                  setAnchor(null);
                  onPick(picked);
                }}
              />
            ))}
          </Box>
        </Box>
      </Popover>
    </>
  );
}
