// /auditoria (issue 10 "every write is recorded (who, when, what changed) in an audit trail an admin
// can read"): the records of the caller's scope, newest first, filtered by entity, paged by the
// server; each row lists the fields that changed with their value before and after.
import { Alert, Box, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { ptBR } from '@mui/x-data-grid/locales';
import { useMemo, useState } from 'react';

import {
  AUDIT_ACTION_LABEL,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABEL,
  AUDIT_PAGE_SIZE,
  type AuditEntity,
  type AuditRow,
} from '@funil/domain/admin-api/audit';
import { formatDateTimeSeconds } from '@funil/domain/format/date';

import { ADMIN_TABLE_EMPTY } from '../../../components/ui/admin-table.tsx';
import { useAuditTrail } from '../api/audit.ts';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** 'nome: Centro → Centro Sul; ativo: 1 → 0'. */
export function describeChanges(row: Pick<AuditRow, 'alteracoes' | 'acao'>): string {
  return Object.entries(row.alteracoes)
    .map(([field, change]) =>
      row.acao === 'create'
        ? `${field}: ${show(change.depois)}`
        : row.acao === 'delete'
          ? `${field}: ${show(change.antes)}`
          : `${field}: ${show(change.antes)} → ${show(change.depois)}`,
    )
    .join('; ');
}

function entityLabel(entity: string): string {
  return (AUDIT_ENTITIES as readonly string[]).includes(entity) ? AUDIT_ENTITY_LABEL[entity as AuditEntity] : entity;
}

const localeText = { ...ptBR.components.MuiDataGrid.defaultProps.localeText, noRowsLabel: ADMIN_TABLE_EMPTY };

export function AuditScreen() {
  const [entidade, setEntidade] = useState<AuditEntity | null>(null);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: AUDIT_PAGE_SIZE });
  const trail = useAuditTrail(entidade, paging.page + 1);

  const columns = useMemo<GridColDef<AuditRow>[]>(
    () => [
      {
        field: 'datacad',
        headerName: 'Data',
        width: 170,
        sortable: false,
        valueFormatter: (value: string) => formatDateTimeSeconds(value),
      },
      { field: 'nomeUsuario', headerName: 'Usuário', width: 170, sortable: false },
      {
        field: 'entidade',
        headerName: 'Cadastro',
        width: 190,
        sortable: false,
        valueFormatter: (value: string) => entityLabel(value),
      },
      { field: 'idEntidade', headerName: 'Registro', width: 90, sortable: false },
      {
        field: 'acao',
        headerName: 'Ação',
        width: 110,
        sortable: false,
        valueFormatter: (value: AuditRow['acao']) => AUDIT_ACTION_LABEL[value],
      },
      {
        field: 'alteracoes',
        headerName: 'Alterações',
        flex: 1,
        minWidth: 300,
        sortable: false,
        valueGetter: (_value, row) => describeChanges(row),
        renderCell: ({ value }) => (
          <Box sx={{ whiteSpace: 'normal', wordBreak: 'break-word', lineHeight: 1.4 }}>{value as string}</Box>
        ),
      },
    ],
    [],
  );

  return (
    <Box sx={{ maxWidth: 1300, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h2" component="h2">
            Auditoria
          </Typography>
          <Typography color="text.secondary">Quem alterou os cadastros, quando e o que mudou.</Typography>
        </Box>
        <TextField
          select
          size="small"
          label="Cadastro"
          value={entidade ?? ''}
          onChange={(event) => {
            setEntidade(event.target.value === '' ? null : (event.target.value as AuditEntity));
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          sx={{ width: { xs: '100%', sm: 260 }, flexShrink: 0 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">Todos</MenuItem>
          {AUDIT_ENTITIES.map((entity) => (
            <MenuItem key={entity} value={entity}>
              {AUDIT_ENTITY_LABEL[entity]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {trail.isError ? (
        <Alert severity="error">{trail.error.message}</Alert>
      ) : (
        <Paper variant="outlined">
          <DataGrid
            label="Auditoria"
            rows={trail.data?.data ?? []}
            columns={columns}
            loading={trail.isFetching}
            localeText={localeText}
            paginationMode="server"
            rowCount={trail.data?.total ?? 0}
            paginationModel={paging}
            onPaginationModelChange={setPaging}
            pageSizeOptions={[AUDIT_PAGE_SIZE]}
            getRowHeight={() => 'auto'}
            disableRowSelectionOnClick
            disableColumnMenu
            disableVirtualization
            autoHeight
            // Rows grow with their changes: every cell keeps the same top padding so they line up.
            sx={{
              border: 0,
              '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
              '& .MuiDataGrid-cell': { py: 1, lineHeight: 1.4 },
            }}
          />
        </Paper>
      )}
    </Box>
  );
}
