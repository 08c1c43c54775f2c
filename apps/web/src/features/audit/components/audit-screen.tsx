// /auditoria (issue 10 "every write is recorded (who, when, what changed) in an audit trail an admin
// can read"): the records of the caller's scope, newest first, filtered by entity, paged by the
// server; each row lists the fields that changed with their value before and after.
import { Alert, Box, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';

import {
  AUDIT_ACTION_LABEL,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABEL,
  AUDIT_PAGE_SIZE,
  type AuditEntity,
  type AuditRow,
} from '@funil/domain/admin-api/audit';
import { formatDateTimeSeconds } from '@funil/domain/format/date';

import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
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

const COLUMNS: DataColumn<AuditRow>[] = [
  { header: 'Data', id: 'datacad', value: (row) => formatDateTimeSeconds(row.datacad), nowrap: true },
  { header: 'Usuário', id: 'nomeUsuario', value: (row) => row.nomeUsuario, minWidth: 120 },
  { header: 'Cadastro', id: 'entidade', value: (row) => entityLabel(row.entidade), minWidth: 110 },
  { header: 'Registro', id: 'idEntidade', value: (row) => row.idEntidade, align: 'right' },
  { header: 'Ação', id: 'acao', value: (row) => AUDIT_ACTION_LABEL[row.acao] },
  {
    header: 'Alterações',
    id: 'alteracoes',
    value: (row) => describeChanges(row),
    // Wide enough on a phone that a change list stays a few lines long.
    minWidth: 380,
    sx: { wordBreak: 'break-word' },
  },
];

export function AuditScreen() {
  const [entidade, setEntidade] = useState<AuditEntity | null>(null);
  const [page, setPage] = useState(0);
  const trail = useAuditTrail(entidade, page + 1);

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
            setPage(0);
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
          <DataTable
            label="Auditoria"
            columns={COLUMNS}
            rows={trail.data?.data ?? []}
            rowKey={(row) => row.id}
            loading={trail.isFetching}
            paging={{ pageSize: AUDIT_PAGE_SIZE, page, count: trail.data?.total ?? 0, onPageChange: setPage }}
            // Rows grow with their changes: every cell starts at the top so they line up.
            sx={{ '& td, & th': { verticalAlign: 'top' } }}
          />
        </Paper>
      )}
    </Box>
  );
}
