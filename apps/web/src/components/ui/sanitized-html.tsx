// HTML written by administrators (guidance texts, 000 §2) shown safely: DOMPurify strips scripts,
// event handlers and javascript: links before React ever sees the markup (spec README: no unsanitised HTML).
import { Box, type SxProps, type Theme } from '@mui/material';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}

type SanitizedHtmlProps = { html: string; sx?: SxProps<Theme> };

export function SanitizedHtml({ html, sx }: SanitizedHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Box sx={sx} dangerouslySetInnerHTML={{ __html: clean }} />;
}
