// Everything the screens take for granted: theme and Portuguese locales (MUI, date pickers, dayjs,
// zod), the query client and the snackbars of 000 §9 (at most 3, 6 s by default).
import Close from '@mui/icons-material/Close';
import { CssBaseline, IconButton, ThemeProvider } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { closeSnackbar, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

import 'dayjs/locale/pt-br';

import { configureZodPtBr } from '@funil/domain/http/zod-pt-br';

import { queryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

dayjs.locale('pt-br');
configureZodPtBr();

/** 000 §9: snackbars stay 6 s in the shell (4.5 s for the login success, set where it is shown). */
const SNACKBAR_MS = 6_000;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br">
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider
            maxSnack={3}
            autoHideDuration={SNACKBAR_MS}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            action={(key) => (
              <IconButton aria-label="Fechar aviso" color="inherit" size="small" onClick={() => closeSnackbar(key)}>
                <Close fontSize="small" />
              </IconButton>
            )}
          >
            {children}
          </SnackbarProvider>
        </QueryClientProvider>
      </LocalizationProvider>
    </ThemeProvider>
  );
}
