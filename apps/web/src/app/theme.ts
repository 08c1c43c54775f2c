// The Funil look: a calm blue for actions, a deep navy drawer, soft grey canvas, system fonts
// (the CSP allows no external font), Portuguese texts in MUI and in the date pickers.
import { ptBR } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { ptBR as pickersPtBR } from '@mui/x-date-pickers/locales';

export const DRAWER_WIDTH = 256;
/** 000 §9: the drawer is open by default above this window width. */
export const DRAWER_BREAKPOINT_PX = 1350;

export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: '#1d4ed8', light: '#3b82f6', dark: '#1e3a8a', contrastText: '#ffffff' },
      secondary: { main: '#0d9488', contrastText: '#ffffff' },
      background: { default: '#f3f5f9', paper: '#ffffff' },
      text: { primary: '#1f2937', secondary: '#4b5563' },
      divider: '#e5e7eb',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 600 },
      h2: { fontSize: '1.35rem', fontWeight: 600 },
      h3: { fontSize: '1.15rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  },
  ptBR,
  pickersPtBR,
);
