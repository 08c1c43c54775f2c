// The login screen at / (000 §2, §5, §8): email, senha, 'Lembrar meus dados' (checked by default),
// 'Acessar' and a copyright footer. Validation uses the API's own schema and messages.
import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { LOGIN_MESSAGES, loginBodySchema, type LoginBody } from '@funil/domain/auth/login';

import { Logo } from '../../../components/ui/logo.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { getEndNotice } from '../../../lib/session.ts';
import { loginErrorMessage, useLogin } from '../api/login.ts';

/** 000 §9: the login success snackbar stays 4.5 s. */
const LOGIN_SNACKBAR_MS = 4_500;

type LoginForm = z.input<typeof loginBodySchema>;

export function LoginScreen() {
  const { enqueueSnackbar } = useSnackbar();
  const login = useLogin();
  const [showPassword, setShowPassword] = useState(false);
  const { control, register, handleSubmit, setError, formState } = useForm<LoginForm, unknown, LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', senha: '', lembrar: true },
  });

  const onSubmit = (body: LoginBody) =>
    login.mutateAsync(body).then(
      () => enqueueSnackbar(LOGIN_MESSAGES.success, { variant: 'success', autoHideDuration: LOGIN_SNACKBAR_MS }),
      (error: unknown) => {
        // A 400 names the field that failed; show it there.
        if (error instanceof ApiError && error.status === 400) {
          for (const field of ['email', 'senha'] as const) {
            const message = error.fields[field];
            if (message) setError(field, { message });
          }
        }
      },
    );

  const failure =
    login.isError && !(login.error instanceof ApiError && login.error.status === 400) ? loginErrorMessage(login.error) : null;
  const notice = login.isIdle ? getEndNotice() : null;

  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(160deg, #e8eefc 0%, #f3f5f9 55%, #e6f4f1 100%)',
      }}
    >
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 420, boxShadow: '0 12px 40px rgba(15, 30, 61, 0.08)' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
              <Logo size={56} />
              <Typography variant="h1" component="h1">
                Funil
              </Typography>
              <Typography color="text.secondary">Acesse sua conta para começar o atendimento</Typography>
            </Stack>
            <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Login">
              <Stack spacing={2.5}>
                {notice && <Alert severity="info">{notice}</Alert>}
                {failure && (
                  <Alert severity="error" role="alert">
                    {failure}
                  </Alert>
                )}
                <TextField
                  {...register('email')}
                  label="Email"
                  type="email"
                  autoComplete="username"
                  autoFocus
                  error={Boolean(formState.errors.email)}
                  helperText={formState.errors.email?.message}
                />
                <TextField
                  {...register('senha')}
                  label="Senha"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  error={Boolean(formState.errors.senha)}
                  helperText={formState.errors.senha?.message}
                  slotProps={{
                    input: {
                      endAdornment: (
                        <InputAdornment position="end">
                          <IconButton
                            aria-label={showPassword ? 'Ocultar senha' : 'Mostrar senha'}
                            onClick={() => setShowPassword((shown) => !shown)}
                            edge="end"
                          >
                            {showPassword ? <VisibilityOff /> : <Visibility />}
                          </IconButton>
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                <Controller
                  name="lembrar"
                  control={control}
                  render={({ field }) => (
                    <FormControlLabel
                      label="Lembrar meus dados"
                      control={
                        <Checkbox
                          checked={field.value ?? true}
                          onChange={(event) => field.onChange(event.target.checked)}
                          onBlur={field.onBlur}
                        />
                      }
                    />
                  )}
                />
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={formState.isSubmitting}
                  startIcon={formState.isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
                >
                  Acessar
                </Button>
              </Stack>
            </Box>
          </CardContent>
        </Card>
      </Box>
      <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} Funil. Todos os direitos reservados.
        </Typography>
      </Box>
    </Box>
  );
}
