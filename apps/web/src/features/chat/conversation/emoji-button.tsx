// 001 §2 composer emoji picker, 16 per line (001 §9): emoji-mart with its data and Portuguese texts
// bundled (loaded on first open), native emoji glyphs, so nothing is fetched from outside.
import InsertEmoticonIcon from '@mui/icons-material/InsertEmoticon';
import { Box, CircularProgress, IconButton, Popover, Tooltip } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

export const EMOJIS_PER_LINE = 16;

type PickerModule = { Picker: new (props: Record<string, unknown>) => HTMLElement };

async function loadPicker(): Promise<{ make: (onPick: (native: string) => void) => HTMLElement }> {
  const [mart, data, pt] = await Promise.all([
    import('emoji-mart') as Promise<unknown> as Promise<PickerModule>,
    import('@emoji-mart/data').then((m: { default: unknown }) => m.default),
    import('@emoji-mart/data/i18n/pt.json').then((m: { default: unknown }) => m.default),
  ]);
  return {
    make: (onPick) =>
      new mart.Picker({
        data,
        i18n: pt,
        locale: 'pt',
        set: 'native',
        perLine: EMOJIS_PER_LINE,
        previewPosition: 'none',
        skinTonePosition: 'search',
        theme: 'light',
        autoFocus: true,
        onEmojiSelect: (emoji: { native?: string }) => {
          if (emoji.native) onPick(emoji.native);
        },
      }),
  };
}

export function EmojiButton({ disabled, onPick }: { disabled: boolean; onPick: (emoji: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Emojis">
        <span>
          <IconButton aria-label="Emojis" disabled={disabled} onClick={(e) => setAnchor(e.currentTarget)}>
            <InsertEmoticonIcon />
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
        {anchor && <PickerHost onPick={onPick} />}
      </Popover>
    </>
  );
}

function PickerHost({ onPick }: { onPick: (emoji: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    pick.current = onPick;
  });
  useEffect(() => {
    let cancelled = false;
    void loadPicker().then(({ make }) => {
      if (cancelled || !host.current) return;
      host.current.replaceChildren(make((native) => pick.current(native)));
      setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    // The picker's own size (16 emojis of 36 px a line, 435 px high) from the first frame, so the
    // popover is placed above the composer before the picker has loaded.
    <Box data-testid="emoji-picker" sx={{ minWidth: 16 * 36 + 40, minHeight: 435 }}>
      {!ready && (
        <Box sx={{ display: 'grid', placeItems: 'center', height: 435 }}>
          <CircularProgress size={24} aria-label="Carregando emojis" />
        </Box>
      )}
      <div ref={host} />
    </Box>
  );
}
