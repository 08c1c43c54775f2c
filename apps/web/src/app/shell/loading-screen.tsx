// The loading screen of 000 §2: the animated logo and a spinner while unit data loads, the support
// message when it fails.
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';

import { Logo } from '../../components/ui/logo.tsx';

const LOAD_FAILURE_MESSAGE = 'Erro ao carregar dados. Se o erro persistir, entre em contato com o suporte.';

type LoadingScreenProps = { failed: boolean; onRetry: () => void; onLogout: () => void };

export function LoadingScreen({ failed, onRetry, onLogout }: LoadingScreenProps) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
        bgcolor: 'background.default',
      }}
    >
      <Stack spacing={3} sx={{ alignItems: 'center', maxWidth: 440, textAlign: 'center' }}>
        <Logo size={72} animated={!failed} />
        {failed ? (
          <>
            <Alert severity="error" role="alert" sx={{ textAlign: 'left' }}>
              {LOAD_FAILURE_MESSAGE}
            </Alert>
            <Stack direction="row" spacing={1.5}>
              <Button variant="contained" onClick={onRetry}>
                Tentar novamente
              </Button>
              <Button onClick={onLogout}>Sair</Button>
            </Stack>
          </>
        ) : (
          <Stack spacing={1.5} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={28} aria-hidden />
            <Typography color="text.secondary">Carregando dados da unidade...</Typography>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
