import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A dashboard section's heading ('Performance de Captação'), with an optional line of context. */
export function SectionTitle({ title, subtitle, icon }: { title: string; subtitle?: ReactNode; icon?: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 3, mb: 1.5 }}>
      {icon ? <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box> : null}
      <Typography variant="h2" component="h2">
        {title}
      </Typography>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary" sx={{ pl: 1 }}>
          {subtitle}
        </Typography>
      ) : null}
    </Stack>
  );
}
