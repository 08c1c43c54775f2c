// The steps of 'Criar automação' (issue 25 'Steps'), in the one list table (DataTable): one row per
// step, read top to bottom: its number, its kind and what it does in words ('Esperar 1 dia (em horário
// comercial)'); Editar opens the step's fields under the table, Subir / Descer move it, Remover takes
// it out. The step being edited is the selected row.
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { Box, Button, Paper, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { lighten } from '@mui/material/styles';
import { useMemo } from 'react';

import type { Step, TypebotSettings } from '@funil/domain/automations/automations';
import { stepText } from '@funil/domain/automations/step-text';
import type { UnitData } from '@funil/domain/unit/unit-data';

import { DataTable, type DataColumn, type RowAction } from '../../../components/ui/data-table.tsx';
import { useUnitQuickMessages } from '../api/unit-quick-messages.ts';
import { StepFields } from './step-fields.tsx';
import { stepKindLabel } from './trigger-labels.ts';

export const NO_STEPS_TEXT = 'Nenhum passo ainda. Adicione o primeiro abaixo.';

type StepRow = { index: number; step: Step };

export type StepsTableProps = {
  steps: readonly Step[];
  unit: UnitData;
  typebot: TypebotSettings | undefined;
  /** The step (from 0) whose fields show under the table, or null. */
  editing: number | null;
  onEdit: (index: number | null) => void;
  onChange: (index: number, step: Step) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
};

export function StepsTable({ steps, unit, typebot, editing, onEdit, onChange, onMove, onRemove }: StepsTableProps) {
  const quickMessages = useUnitQuickMessages();
  // On a phone the row keeps its number, what it does and its buttons; the kind is in the sentence.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const rows = useMemo<StepRow[]>(() => steps.map((step, index) => ({ index, step })), [steps]);
  const columns = useMemo<DataColumn<StepRow>[]>(
    () => [
      { header: 'Nº', id: 'numero', value: (r) => r.index + 1, width: phone ? 32 : 48, align: 'right' },
      ...(phone ? [] : [{ header: 'Passo', id: 'tipo', value: (r: StepRow) => stepKindLabel(r.step.tipo), minWidth: 130 }]),
      {
        header: 'O que faz',
        id: 'resumo',
        value: (r) => stepText(unit, r.step, { typebot, quickMessages }),
        minWidth: phone ? 110 : 220,
        sx: { overflowWrap: 'anywhere' },
      },
    ],
    [unit, typebot, quickMessages, phone],
  );
  const last = steps.length - 1;
  const actions: RowAction<StepRow>[] = [
    { label: 'Editar', icon: <Edit />, onClick: (r) => onEdit(r.index) },
    { label: 'Subir', icon: <ArrowUpward />, disabled: (r) => r.index === 0, onClick: (r) => onMove(r.index, -1) },
    { label: 'Descer', icon: <ArrowDownward />, disabled: (r) => r.index === last, onClick: (r) => onMove(r.index, 1) },
    { label: 'Remover', icon: <DeleteOutline />, color: 'error', onClick: (r) => onRemove(r.index) },
  ];
  const open = editing !== null ? steps[editing] : undefined;
  return (
    <Stack spacing={1.5}>
      <DataTable
        label="Passos da automação"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.index}
        emptyText={NO_STEPS_TEXT}
        actions={actions}
        rowLabel={(r) => `o passo ${r.index + 1}`}
        onRowClick={(r) => onEdit(r.index)}
        dense={phone}
        // The step being edited: its whole row marked, the pinned buttons' cell too (an opaque colour).
        sx={{ '& tr.Mui-selected > *': { bgcolor: (theme: Theme) => lighten(theme.palette.primary.main, 0.9) } }}
        rowProps={(r) => ({
          'data-passo': r.index + 1,
          className: r.index === editing ? 'Mui-selected' : undefined,
          'aria-current': r.index === editing ? 'step' : undefined,
        })}
      />
      {open && editing !== null && (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} role="region" aria-label={`Editar o passo ${editing + 1}`}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
            Passo {editing + 1}: {stepKindLabel(open.tipo)}
          </Typography>
          <StepFields step={open} unit={unit} typebot={typebot} index={editing + 1} onChange={(s) => onChange(editing, s)} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button size="small" onClick={() => onEdit(null)}>
              Concluir o passo
            </Button>
          </Box>
        </Paper>
      )}
    </Stack>
  );
}
