// The Funil mark: a white funnel on a blue tile. `animated` makes it breathe on the loading screen.
import { Box } from '@mui/material';
import { keyframes } from '@mui/material/styles';

const breathe = keyframes`
  0%, 100% { transform: scale(1); opacity: 1; }
  50% { transform: scale(0.92); opacity: 0.8; }
`;

type LogoProps = { size?: number; animated?: boolean };

export function Logo({ size = 40, animated = false }: LogoProps) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        animation: animated ? `${breathe} 1.6s ease-in-out infinite` : 'none',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <path d="M14 18h36L37 34v12l-10 6V34z" fill="#ffffff" />
    </Box>
  );
}
