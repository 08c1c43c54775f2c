// /automacao (issue 25; 002 §2.7): the triggers table (5 rows per page, real data), 'Criar
// automação' (the step builder) and 'Criar gatilho' ('Cadastro de Gatilho'); row actions Editar,
// Visualizar Desempenho, Habilitar / Desabilitar; Habilitado green, Desabilitado red. Only the admin
// changes rules; the user with the flag sees them and their performance (docs/decisions.md).
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Insights from '@mui/icons-material/Insights';
import ToggleOff from '@mui/icons-material/ToggleOff';
import ToggleOn from '@mui/icons-material/ToggleOn';
import { Alert, Box, Button, Chip, Paper, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';

import { roleOf } from '@funil/domain/access/roles';
import { AUTOMATION_API_MESSAGES, type RuleView } from '@funil/domain/automations/automations';
import { formatDateTime } from '@funil/domain/format/date';

import { DataTable, EMPTY_TABLE_TEXT, type DataColumn, type RowAction } from '../../../components/ui/data-table.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useAutomations, useToggleAutomation } from '../api/automations.ts';
import { useTypebotSettings } from '../api/typebot-settings.ts';
import { AutomationBuilderDialog } from './automation-builder-dialog.tsx';
import { PerformanceDialog } from './performance-dialog.tsx';
import { TriggerDialog } from './trigger-dialog.tsx';
import { AUTOMATION_PAGE_SIZE, triggerDetail, triggerTypeLabel } from './trigger-labels.ts';
import { TypebotSettingsDialog } from './typebot-settings-dialog.tsx';

export function StatusChip({ habilitado }: { habilitado: boolean }) {
  return <Chip size="small" label={habilitado ? 'Habilitado' : 'Desabilitado'} color={habilitado ? 'success' : 'error'} />;
}

export function AutomationsScreen() {
  const unit = useLoadedUnitData();
  // On a phone the name, the situation and the pinned buttons share the 390 px.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const isAdmin = roleOf(useCurrentUser().permissao) === 'admin';
  const rules = useAutomations();
  const toggle = useToggleAutomation();
  const { enqueueSnackbar } = useSnackbar();
  const [building, setBuilding] = useState<RuleView | 'new' | null>(null);
  const [triggerOpen, setTriggerOpen] = useState(false);
  const [viewing, setViewing] = useState<RuleView | null>(null);
  const [typebotOpen, setTypebotOpen] = useState(false);
  const typebot = useTypebotSettings();

  const columns = useMemo<DataColumn<RuleView>[]>(
    () => [
      { header: 'Nome', id: 'nome', value: (r) => r.nome, rowHeader: true, minWidth: phone ? 110 : 160 },
      // Beside the name: on a phone the columns after it scroll under the pinned buttons.
      {
        header: 'Situação',
        id: 'habilitado',
        value: (r) => (r.habilitado ? 'Habilitado' : 'Desabilitado'),
        render: (r) => <StatusChip habilitado={r.habilitado} />,
      },
      { header: 'Tipo do Gatilho', id: 'tipo', value: (r) => triggerTypeLabel(r.gatilho) },
      { header: 'Status', id: 'status', value: (r) => triggerDetail(unit, r.gatilho), minWidth: 160 },
      { header: 'Passos', id: 'passos', value: (r) => r.passos.length, align: 'right' },
      {
        header: 'Atualização',
        id: 'dataAtualizacao',
        value: (r) => formatDateTime(r.dataAtualizacao),
        sortValue: (r) => r.dataAtualizacao,
        nowrap: true,
      },
    ],
    [unit, phone],
  );

  const setEnabled = (row: RuleView, habilitado: boolean) =>
    toggle.mutateAsync({ id: row.id, habilitado }).then(
      () =>
        enqueueSnackbar(habilitado ? AUTOMATION_API_MESSAGES.enabled : AUTOMATION_API_MESSAGES.disabled, { variant: 'success' }),
      (cause: unknown) =>
        enqueueSnackbar(cause instanceof ApiError ? cause.message : 'Erro ao alterar a automação.', { variant: 'error' }),
    );

  const actions: RowAction<RuleView>[] = [
    ...(isAdmin ? [{ label: 'Editar', icon: <Edit />, onClick: (r: RuleView) => setBuilding(r) }] : []),
    { label: 'Visualizar Desempenho', icon: <Insights />, onClick: setViewing },
    ...(isAdmin
      ? [
          {
            label: 'Desabilitar',
            icon: <ToggleOn />,
            color: 'error' as const,
            hidden: (r: RuleView) => !r.habilitado,
            disabled: () => toggle.isPending,
            onClick: (r: RuleView) => void setEnabled(r, false),
          },
          {
            label: 'Habilitar',
            icon: <ToggleOff />,
            hidden: (r: RuleView) => r.habilitado,
            disabled: () => toggle.isPending,
            onClick: (r: RuleView) => void setEnabled(r, true),
          },
        ]
      : []),
  ];

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Automação
        </Typography>
        {isAdmin && (
          <>
            <Button variant="contained" startIcon={<Add />} onClick={() => setBuilding('new')}>
              Criar automação
            </Button>
            <Button variant="outlined" startIcon={<Add />} onClick={() => setTriggerOpen(true)}>
              Criar gatilho
            </Button>
            <Button variant="text" onClick={() => setTypebotOpen(true)} disabled={!typebot.data}>
              Configurar Typebot
            </Button>
          </>
        )}
      </Stack>
      {rules.isError && <Alert severity="error">{rules.error.message}</Alert>}
      <Box>
        <DataTable
          dense={phone}
          label="Gatilhos"
          columns={columns}
          rows={rules.data ?? []}
          rowKey={(r) => r.id}
          loading={rules.isPending}
          emptyText={EMPTY_TABLE_TEXT}
          paging={{ pageSize: AUTOMATION_PAGE_SIZE }}
          actions={actions}
          rowLabel={(r) => r.nome}
          rowProps={(r) => ({ 'data-automacao': r.id })}
        />
      </Box>
      {building !== null && (
        <AutomationBuilderDialog rule={building === 'new' ? null : building} onClose={() => setBuilding(null)} />
      )}
      {triggerOpen && <TriggerDialog rules={rules.data ?? []} onClose={() => setTriggerOpen(false)} />}
      {viewing && <PerformanceDialog rule={viewing} onClose={() => setViewing(null)} />}
      {typebotOpen && typebot.data && <TypebotSettingsDialog settings={typebot.data} onClose={() => setTypebotOpen(false)} />}
    </Paper>
  );
}
