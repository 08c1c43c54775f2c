// /configuracoes-globais 'Funcionalidades' (002 §2.9, super-admin): the feature toggles of the
// company the super-admin picks (their own by default, issue 10). Each switch saves at once; the users of that company see their
// menus follow without a
// new login (the unit data is read again on the server's event, see app/use-extras-live.ts).
import { Alert, Box, CircularProgress, List, ListItem, ListItemText, Paper, Stack, Switch, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';

import { EXTRAS_MESSAGES, EXTRAS_TOGGLES, type Extras } from '@funil/domain/admin-api/extras';

import { CompanySelect } from '../../../components/ui/company-select.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useCompanies, useCompanyChoice } from '../../../lib/companies.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useExtras, useSaveExtras } from '../api/feature-toggles.ts';

// What each toggle does, under its label (002 §2.9 gives only the labels).
const DESCRIPTIONS: Record<(typeof EXTRAS_TOGGLES)[number]['key'], string> = {
  pipeline: 'Mostra o Pipeline (quadro e tabela) no menu.',
  clienteAtendente: 'Permite atribuir um lead a um atendente.',
  assinaturaWhatsapp: 'Assina as mensagens de WhatsApp com o nome do atendente.',
  agendarMensagemHeaderWhatsapp: 'Mostra o agendamento de mensagem no topo da conversa de WhatsApp.',
  edicao_status_cliente: 'Permite arrastar leads entre os status do ERP no Pipeline.',
};

function Loading() {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary', p: 2 }} role="status">
      <CircularProgress size={20} aria-hidden />
      <Typography>Carregando...</Typography>
    </Stack>
  );
}

function CompanyToggles({ extras, idEmpresa }: { extras: Extras; idEmpresa: number | null }) {
  const save = useSaveExtras(idEmpresa);
  const { enqueueSnackbar } = useSnackbar();
  const toggle = (key: (typeof EXTRAS_TOGGLES)[number]['key'], on: boolean) =>
    save.mutate(
      { [key]: on },
      {
        onSuccess: () => enqueueSnackbar(EXTRAS_MESSAGES.saved, { variant: 'success' }),
        onError: (error) => enqueueSnackbar(error instanceof ApiError ? error.message : String(error), { variant: 'error' }),
      },
    );

  return (
    <List disablePadding>
      {EXTRAS_TOGGLES.map((toggleSpec, index) => {
        const id = `toggle-${toggleSpec.key}`;
        return (
          <ListItem
            key={toggleSpec.key}
            divider={index < EXTRAS_TOGGLES.length - 1}
            sx={{ py: 1.5 }}
            secondaryAction={
              <Switch
                edge="end"
                checked={extras[toggleSpec.key]}
                disabled={save.isPending}
                onChange={(event) => toggle(toggleSpec.key, event.target.checked)}
                slotProps={{ input: { 'aria-labelledby': id, 'aria-describedby': `${id}-descricao` } }}
              />
            }
          >
            <ListItemText
              primary={toggleSpec.label}
              secondary={DESCRIPTIONS[toggleSpec.key]}
              slotProps={{ primary: { id }, secondary: { id: `${id}-descricao` } }}
              sx={{ pr: 6 }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

export function FeatureTogglesScreen() {
  const unit = useLoadedUnitData();
  const company = useCompanyChoice();
  const companies = useCompanies(company.canChoose);
  const extras = useExtras(company.requested);
  const companyName = companies.data?.find((c) => c.id === company.idEmpresa)?.nome ?? unit.dados_unidade.nomeEmpresa;

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        Funcionalidades
      </Typography>
      {company.canChoose && (
        <Box sx={{ mb: 2 }}>
          <CompanySelect value={company.idEmpresa} onChange={company.setIdEmpresa} />
        </Box>
      )}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        As funcionalidades valem para todas as unidades da empresa <strong>{companyName}</strong>; quem estiver conectado vê a
        mudança na hora.
      </Typography>
      <Paper variant="outlined">
        {extras.isPending ? (
          <Loading />
        ) : extras.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {extras.error.message}
          </Alert>
        ) : (
          <CompanyToggles key={company.idEmpresa} extras={extras.data} idEmpresa={company.requested} />
        )}
      </Paper>
    </Box>
  );
}
