// The table of the admin screens (002 §2.10): a data grid in Portuguese with search, column filter,
// CSV download and print where a screen asks for them, pagination and row-action buttons, under a
// title with the create button. The CSV is written by the one CSV writer of every export
// (@funil/domain/csv/csv, issue 21 item 17), from the rows and columns the grid shows.
import Add from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Alert, Box, Button, Paper, Stack, Tooltip, Typography } from '@mui/material';
import {
  DataGrid,
  GridActionsCellItem,
  gridFilteredSortedRowIdsSelector,
  gridVisibleColumnDefinitionsSelector,
  useGridApiRef,
  type GridApi,
  type GridColDef,
  type GridRowId,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { ptBR } from '@mui/x-data-grid/locales';
import { useMemo, type ReactElement, type ReactNode, type RefObject } from 'react';

import { csvDocument, type CsvValue } from '@funil/domain/csv/csv';

import { downloadCsvText } from '../../lib/download.ts';
import { EMPTY_TABLE_TEXT } from './data-table.tsx';

/** 002 §8 "Empty tables": the one text of every table. */
export const ADMIN_TABLE_EMPTY = EMPTY_TABLE_TEXT;

export type AdminRowAction<R> = {
  /** Accessible name and tooltip, e.g. 'Editar'; the row's label is appended for screen readers. */
  label: string;
  icon: ReactElement;
  onClick: (row: R) => void;
  /** 'error' paints destructive actions (Excluir, Desativar) red. */
  color?: 'inherit' | 'primary' | 'error';
  hidden?: (row: R) => boolean;
};

export type AdminTableProps<R extends GridValidRowModel> = {
  title: string;
  rows: readonly R[] | undefined;
  columns: GridColDef<R>[];
  loading?: boolean;
  error?: string | null;
  getRowId?: (row: R) => GridRowId;
  /** What names a row in the actions' accessible names ('Editar Maria'). */
  rowLabel?: (row: R) => string;
  actions?: AdminRowAction<R>[];
  /** The create button ('Cadastrar Unidade'); none without it. */
  create?: { label: string; onClick: () => void };
  /** 002 §2.10: CSV download "on some" tables: the file name without extension. */
  csvFileName?: string;
  /** 002 §2.10: print "on some" tables. */
  print?: boolean;
  /** Extra content beside the create button (a filter, a refresh). */
  headerExtra?: ReactNode;
  pageSize?: number;
  /** Columns hidden until the user shows them from the columns panel (keeps the row actions on screen). */
  hiddenColumns?: readonly string[];
};

/** The CSV of what the grid shows: its visible columns (no actions) and its filtered, sorted rows, as formatted on screen. */
function adminTableCsv(apiRef: RefObject<GridApi | null>): string {
  const api = apiRef.current;
  if (!api) return '';
  const columns = gridVisibleColumnDefinitionsSelector(apiRef).filter(
    (column) => column.type !== 'actions' && !column.disableExport,
  );
  const rows = gridFilteredSortedRowIdsSelector(apiRef).map((id) => {
    const row = api.getRow(id);
    return columns.map((column): CsvValue => {
      const value: unknown = api.getRowFormattedValue(row, column);
      return value === null || value === undefined || typeof value === 'string' || typeof value === 'number'
        ? value
        : String(value);
    });
  });
  return csvDocument(
    columns.map((column) => column.headerName ?? column.field),
    rows,
  );
}

const localeText = {
  ...ptBR.components.MuiDataGrid.defaultProps.localeText,
  noRowsLabel: ADMIN_TABLE_EMPTY,
  noResultsLabel: ADMIN_TABLE_EMPTY,
  toolbarQuickFilterPlaceholder: 'Pesquisar…',
};

export function AdminTable<R extends GridValidRowModel>({
  title,
  rows,
  columns,
  loading,
  error,
  getRowId,
  rowLabel,
  actions,
  create,
  csvFileName,
  print,
  headerExtra,
  pageSize = 10,
  hiddenColumns,
}: AdminTableProps<R>) {
  const apiRef = useGridApiRef();
  const allColumns = useMemo<GridColDef<R>[]>(() => {
    if (!actions || actions.length === 0) return columns;
    const actionsColumn: GridColDef<R> = {
      field: '__acoes',
      type: 'actions',
      headerName: 'Ações',
      disableExport: true,
      // Editar stays in the same place whether or not a row has its other actions.
      align: 'left',
      headerAlign: 'left',
      width: Math.max(80, actions.length * 44 + 16),
      getActions: ({ row }) =>
        actions
          .filter((action) => !action.hidden?.(row))
          .map((action) => (
            <GridActionsCellItem
              key={action.label}
              icon={
                <Tooltip title={action.label}>
                  <Box
                    component="span"
                    sx={{ display: 'inline-flex', color: action.color === 'error' ? 'error.main' : undefined }}
                  >
                    {action.icon}
                  </Box>
                </Tooltip>
              }
              label={rowLabel ? `${action.label} ${rowLabel(row)}` : action.label}
              onClick={() => action.onClick(row)}
              color={action.color === 'primary' ? 'primary' : 'inherit'}
            />
          )),
    };
    return [...columns, actionsColumn];
  }, [actions, columns, rowLabel]);

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
          {csvFileName && (
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              disabled={!rows || rows.length === 0}
              onClick={() => downloadCsvText(adminTableCsv(apiRef), csvFileName)}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              Baixar CSV
            </Button>
          )}
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
          <DataGrid
            apiRef={apiRef}
            rows={rows ?? []}
            columns={allColumns}
            loading={loading}
            getRowId={getRowId}
            label={title}
            localeText={localeText}
            showToolbar
            disableRowSelectionOnClick
            // Admin pages hold at most 100 rows; rendering them all keeps print and tests whole.
            disableVirtualization
            autoHeight
            pageSizeOptions={[10, 25, 50, 100]}
            initialState={{
              pagination: { paginationModel: { pageSize } },
              columns: { columnVisibilityModel: Object.fromEntries((hiddenColumns ?? []).map((field) => [field, false])) },
            }}
            slotProps={{
              toolbar: {
                showQuickFilter: true,
                quickFilterProps: { debounceMs: 300 },
                csvOptions: { disableToolbarButton: true },
                printOptions: { disableToolbarButton: !print, hideFooter: true, hideToolbar: true },
              },
            }}
            sx={{ border: 0, '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 } }}
          />
        </Paper>
      )}
    </Box>
  );
}
