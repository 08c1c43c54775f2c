// The list of an admin screen (002 §2.10): the title with the create button (and a company picker or
// a refresh beside it), then the one table of the web (DataTable) with the admin tables' tools:
// search, column filter, the columns shown, sorting by a header, CSV and print where a screen asks
// for them, pagination in Portuguese and the row-action buttons.
import Add from '@mui/icons-material/Add';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

import { DataTable, EMPTY_TABLE_TEXT, type DataColumn, type RowAction } from './data-table.tsx';

/** 002 §8 "Empty tables": the one text of every table. */
export const ADMIN_TABLE_EMPTY = EMPTY_TABLE_TEXT;
const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;

export type AdminListProps<R> = {
  title: string;
  rows: readonly R[] | undefined;
  columns: readonly DataColumn<R>[];
  rowKey: (row: R) => string | number;
  loading?: boolean;
  error?: string | null;
  /** What names a row in the actions' accessible names ('Editar Maria'). */
  rowLabel?: (row: R) => string;
  actions?: readonly RowAction<R>[];
  /** The create button ('Cadastrar Unidade'); none without it. */
  create?: { label: string; onClick: () => void };
  /** 002 §2.10: CSV download "on some" tables: the file name without extension. */
  csvFileName?: string;
  /** 002 §2.10: print "on some" tables. */
  print?: boolean;
  /** Extra content beside the create button (a company picker, a button). */
  headerExtra?: ReactNode;
  pageSize?: number;
};

export function AdminList<R>({
  title,
  rows,
  columns,
  rowKey,
  loading,
  error,
  rowLabel,
  actions,
  create,
  csvFileName,
  print,
  headerExtra,
  pageSize = 10,
}: AdminListProps<R>) {
  return (
    <Box sx={{ maxWidth: 1300, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h2" component="h2">
          {title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {headerExtra}
          {create && (
            <Button variant="contained" startIcon={<Add />} onClick={create.onClick} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {create.label}
            </Button>
          )}
        </Stack>
      </Stack>
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : (
        <Paper variant="outlined">
          <DataTable
            label={title}
            columns={columns}
            rows={rows ?? []}
            rowKey={rowKey}
            loading={loading}
            sortable
            tools={{ search: true, columns: true, print: print ? title : undefined }}
            csv={csvFileName ? { label: 'Baixar CSV', fileName: csvFileName } : undefined}
            actions={actions}
            rowLabel={rowLabel}
            paging={{ pageSize, pageSizeOptions: ADMIN_PAGE_SIZES }}
          />
        </Paper>
      )}
    </Box>
  );
}
