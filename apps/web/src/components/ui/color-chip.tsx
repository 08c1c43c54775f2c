// A chip painted in a data colour (a status or tag 'cor'), with black or white text, whichever reads better.
import { Chip, type ChipProps } from '@mui/material';
import { memo } from 'react';

const HEX = /^#?([0-9a-f]{6})$/i;

/** '#000' or '#fff' for text on `background`, by its relative luminance (WCAG). */
function readableTextColor(background: string): '#000' | '#fff' {
  const match = HEX.exec(background.trim());
  if (!match?.[1]) return '#000';
  const value = Number.parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  return luminance > 0.179 ? '#000' : '#fff';
}

type ColorChipProps = Omit<ChipProps, 'color'> & { color: string | null | undefined };

export const ColorChip = memo(function ColorChip({ color, sx, ...props }: ColorChipProps) {
  const background = color && HEX.test(color) ? color : '#9e9e9e';
  return (
    <Chip
      size="small"
      {...props}
      sx={[
        {
          bgcolor: background,
          color: readableTextColor(background),
          fontWeight: 600,
          '& .MuiChip-deleteIcon': { color: 'inherit', opacity: 0.7 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
});
