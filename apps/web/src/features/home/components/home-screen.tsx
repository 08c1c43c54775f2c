// /inicial (000 §2, 002 §2.10): the guidance texts of the company, sanitised HTML in readable cards.
import { Alert, Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';

import { SanitizedHtml } from '../../../components/ui/sanitized-html.tsx';
import { useGuidance } from '../api/get-guidance.ts';

const proseSx = {
  color: 'text.primary',
  fontSize: '1rem',
  lineHeight: 1.65,
  overflowWrap: 'anywhere',
  '& > :first-child': { mt: 0 },
  '& > :last-child': { mb: 0 },
  '& h1, & h2, & h3, & h4': { lineHeight: 1.3, mt: 2, mb: 1, fontWeight: 600 },
  '& h1': { fontSize: '1.4rem' },
  '& h2': { fontSize: '1.25rem' },
  '& h3, & h4': { fontSize: '1.1rem' },
  '& p': { my: 1 },
  '& ul, & ol': { pl: 3, my: 1 },
  '& li + li': { mt: 0.5 },
  '& a': { color: 'primary.main' },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
} as const;

export function HomeScreen() {
  const guidance = useGuidance();

  if (guidance.isPending) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }} role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography>Carregando...</Typography>
      </Stack>
    );
  }
  if (guidance.isError) return <Alert severity="error">{guidance.error.message}</Alert>;
  if (guidance.data.length === 0) {
    return <Typography color="text.secondary">Nenhuma orientação cadastrada para a sua unidade.</Typography>;
  }

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
        Orientações
      </Typography>
      <Stack spacing={2}>
        {guidance.data.map((item) => (
          <Card key={item.id} component="article" aria-labelledby={`orientacao-${item.id}`}>
            <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
              <Typography
                id={`orientacao-${item.id}`}
                variant="overline"
                component="h3"
                sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: 0.8 }}
              >
                {item.titulo}
              </Typography>
              <SanitizedHtml html={item.textoOrientacao} sx={proseSx} />
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}
