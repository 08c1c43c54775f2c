// The one-time setup of a fresh install (issue 10 "A fresh install is usable"): shown at / while
// GET /api/setup says no user exists; creates the super-admin with their company and first unit,
// then goes to the login with the email filled in.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { SETUP_MESSAGES, setupBodySchema, type SetupBody } from '@funil/domain/admin-api/setup';

import { Logo } from '../../../components/ui/logo.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useCreateFirstAdmin } from '../api/setup.ts';

type SetupForm = z.input<typeof setupBodySchema>;

const FIELDS: { name: keyof SetupForm; label: string; type?: string; autoComplete?: string; helper?: string }[] = [
  { name: 'empresa', label: 'Nome da empresa' },
  { name: 'unidade', label: 'Nome da primeira unidade' },
  { name: 'ddd', label: 'DDD da unidade', helper: 'Dois dígitos, por exemplo 11.' },
  { name: 'nome', label: 'Seu nome' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'username' },
  { name: 'senha', label: 'Senha', type: 'password', autoComplete: 'new-password', helper: 'No mínimo 8 caracteres.' },
];

export function SetupScreen() {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateFirstAdmin();
  const { control, handleSubmit, setError, formState } = useForm<SetupForm, unknown, SetupBody>({
    resolver: zodResolver(setupBodySchema),
    defaultValues: { empresa: '', unidade: '', ddd: '', nome: '', email: '', senha: '' },
  });

  const onSubmit = (body: SetupBody) =>
    create.mutateAsync(body).then(
      () => enqueueSnackbar(SETUP_MESSAGES.created, { variant: 'success' }),
      (error: unknown) => {
        if (error instanceof ApiError)
          for (const [field, message] of Object.entries(error.fields)) setError(field as keyof SetupForm, { message });
      },
    );

  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(160deg, #e8eefc 0%, #f3f5f9 55%, #e6f4f1 100%)',
      }}
    >
      <Card component="main" sx={{ width: '100%', maxWidth: 480, boxShadow: '0 12px 40px rgba(15, 30, 61, 0.08)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3, textAlign: 'center' }}>
            <Logo size={56} />
            <Typography variant="h1" component="h1">
              Configuração inicial
            </Typography>
            <Typography color="text.secondary">
              Crie o super administrador, a empresa e a primeira unidade para começar a usar o Funil.
            </Typography>
          </Stack>
          <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Configuração inicial">
            <Stack spacing={2}>
              {create.isError && (
                <Alert severity="error" role="alert">
                  {create.error instanceof ApiError
                    ? create.error.message
                    : 'Não foi possível concluir a configuração. Tente novamente.'}
                </Alert>
              )}
              {FIELDS.map((f) => (
                <Controller
                  key={f.name}
                  name={f.name}
                  control={control}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      label={f.label}
                      type={f.type}
                      autoComplete={f.autoComplete ?? 'off'}
                      required
                      size="small"
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message ?? f.helper}
                      // Labels always up: Chromium's autofill of email and password otherwise draws the outline through them.
                      slotProps={{
                        inputLabel: { shrink: true },
                        ...(f.name === 'ddd' ? { htmlInput: { inputMode: 'numeric', maxLength: 2 } } : {}),
                      }}
                    />
                  )}
                />
              ))}
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={formState.isSubmitting}
                startIcon={formState.isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                Criar super administrador
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
