// The message preview (002 §2.2, §5 placeholders): the first selected (or found) lead's first name
// and today's date filled in by the domain's renderer; unknown placeholders stay as typed, in red.
import { Box, Paper, Typography } from '@mui/material';

import { fillPlaceholders, tokenizeTemplate } from '@funil/domain/leads/placeholders';

type MessagePreviewProps = { message: string; clientName: string | null; now: Date; label?: string };

export function MessagePreview({ message, clientName, now, label = 'Pré-visualização' }: MessagePreviewProps) {
  const segments = tokenizeTemplate(message);
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 1.5, bgcolor: '#e7ffdb', borderColor: '#c5e8b7' }}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {label}
        {clientName ? ` — ${clientName}` : ''}
      </Typography>
      <Box
        component="p"
        data-testid="preview-text"
        sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', typography: 'body2' }}
      >
        {segments.map((segment, index) => {
          if (segment.kind === 'text') return <span key={index}>{segment.text}</span>;
          if (!segment.known)
            return (
              <Box
                component="span"
                key={index}
                data-unknown-placeholder=""
                title="Variável desconhecida"
                sx={{ color: 'error.main', fontWeight: 700 }}
              >
                {segment.text}
              </Box>
            );
          return <strong key={index}>{fillPlaceholders(segment.text, { clientName, now })}</strong>;
        })}
      </Box>
    </Paper>
  );
}
