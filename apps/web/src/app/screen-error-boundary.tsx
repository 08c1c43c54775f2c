// A crash inside a screen shows a Portuguese message with a way back, never a blank page (issue 7
// §5): 'Tentar novamente' renders the screen again, 'Voltar ao início' goes to /inicial, and any
// route change clears the error, so the drawer keeps working. The shell around it stays.
import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

export const SCREEN_ERROR_TEXT = {
  title: 'Algo deu errado nesta tela.',
  body: 'Tente novamente. Se o problema continuar, volte ao início e abra a tela outra vez.',
  retry: 'Tentar novamente',
  home: 'Voltar ao início',
} as const;

export function ScreenErrorFallback({ onRetry, onHome }: { onRetry: () => void; onHome: () => void }) {
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: 4 }}>
      <Alert
        severity="error"
        role="alert"
        action={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button color="inherit" size="small" onClick={onRetry}>
              {SCREEN_ERROR_TEXT.retry}
            </Button>
            <Button color="inherit" size="small" variant="outlined" onClick={onHome}>
              {SCREEN_ERROR_TEXT.home}
            </Button>
          </Stack>
        }
      >
        <AlertTitle>{SCREEN_ERROR_TEXT.title}</AlertTitle>
        {SCREEN_ERROR_TEXT.body}
      </Alert>
    </Box>
  );
}

type BoundaryProps = { resetKey: string; onHome: () => void; children: ReactNode };
type BoundaryState = { failed: boolean; failedAt: string | null };

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, failedAt: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Another route than the one that failed: start clean.
    if (state.failed && state.failedAt !== null && state.failedAt !== props.resetKey) return { failed: false, failedAt: null };
    if (state.failed && state.failedAt === null) return { failedAt: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Erro na tela', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ScreenErrorFallback onRetry={() => this.setState({ failed: false, failedAt: null })} onHome={this.props.onHome} />;
  }
}

/** Wraps the screen of the current route (the shell's outlet). */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <ErrorBoundary resetKey={pathname} onHome={() => void navigate('/inicial')}>
      {children}
    </ErrorBoundary>
  );
}

/** The router's errorElement: a crash outside a screen (the shell itself) gets the same way back. */
export function RouteErrorScreen() {
  const navigate = useNavigate();
  return (
    <Box sx={{ p: 3 }}>
      <ScreenErrorFallback onRetry={() => window.location.reload()} onHome={() => void navigate('/inicial')} />
    </Box>
  );
}
