// /configuracoes-globais 'Funcionalidades' (002 §2.9, super-admin): the feature toggles of one
// company. Each switch saves at once; the users of that company see their menus follow without a
// new login (the unit data is read again on the server's event, see app/use-extras-live.ts).
import { useState } from 'react';
import { Alert, Box, CircularProgress, List, ListItem, ListItemText, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { ConfiguracoesExtra } from '@funil/domain/unit/unit-data';
import { ApiError } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useCompanies, useExtras, useSaveExtras } from '../api/feature-toggles.ts';
import { VISIBLE_TOGGLES, withToggle } from '../toggles.ts';

export const TOGGLE_SAVED = 'Funcionalidade atualizada com sucesso!';

function Loading() {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary', p: 2 }} role="status">
      <CircularProgress size={20} aria-hidden />
      <Typography>Carregando...</Typography>
    </Stack>
  );
}

function CompanyToggles({ idEmpresa, extras }: { idEmpresa: number; extras: ConfiguracoesExtra }) {
  const save = useSaveExtras(idEmpresa);
  const { enqueueSnackbar } = useSnackbar();
  const toggle = (flag: (typeof VISIBLE_TOGGLES)[number]['flag'], on: boolean) =>
    save.mutate(withToggle(extras, flag, on), {
      onSuccess: () => enqueueSnackbar(TOGGLE_SAVED, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(error instanceof ApiError ? error.message : String(error), { variant: 'error' }),
    });

  return (
    <List disablePadding>
      {VISIBLE_TOGGLES.map((toggleSpec, index) => {
        const id = `toggle-${toggleSpec.flag}`;
        return (
          <ListItem key={toggleSpec.flag} divider={index < VISIBLE_TOGGLES.length - 1} sx={{ py: 1.5 }}
            secondaryAction={
              <Switch
                edge="end"
                checked={extras[toggleSpec.flag] === true}
                disabled={save.isPending}
                onChange={(event) => toggle(toggleSpec.flag, event.target.checked)}
                slotProps={{ input: { 'aria-labelledby': id } }}
              />
            }
          >
            <ListItemText id={id} primary={toggleSpec.label} secondary={toggleSpec.description} sx={{ pr: 6 }} />
          </ListItem>
        );
      })}
    </List>
  );
}

export function FeatureTogglesScreen() {
  const user = useCurrentUser();
  const companies = useCompanies();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = companies.data ?? [];
  // The super-admin's own company until another is chosen.
  const idEmpresa = chosen ?? (list.some((c) => c.id === user.idEmpresa) ? user.idEmpresa : (list[0]?.id ?? null));
  const extras = useExtras(idEmpresa);

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        Funcionalidades
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        As funcionalidades valem para todas as unidades da empresa; quem estiver conectado vê a mudança na hora.
      </Typography>
      {companies.isPending ? (
        <Loading />
      ) : companies.isError ? (
        <Alert severity="error">{companies.error.message}</Alert>
      ) : (
        <Paper variant="outlined">
          <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
            <TextField select label="Empresa" value={idEmpresa ?? ''} onChange={(event) => setChosen(Number(event.target.value))} sx={{ minWidth: 280 }} size="small">
              {list.map((company) => (
                <MenuItem key={company.id} value={company.id}>
                  {company.nome}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {idEmpresa === null ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              Nenhum registro encontrado!
            </Typography>
          ) : extras.isPending ? (
            <Loading />
          ) : extras.isError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              {extras.error.message}
            </Alert>
          ) : (
            <CompanyToggles key={idEmpresa} idEmpresa={idEmpresa} extras={extras.data} />
          )}
        </Paper>
      )}
    </Box>
  );
}
