// The one list table of the web (issue 22 §4): the dashboards' tables, the pipeline's table view,
// the instances, the rejected webhooks, the mass-send monitor, a lead's appointments, the CSV
// import's columns. Its columns name a header, a text value (what the CSV writes) and optionally a
// rendering; it pages (rows it holds, or a server's pages it is told about) with the theme's pt-BR
// pagination; while loading it shows a bar and 'Carregando...' (000 §8), without rows the screen's
// empty text; an optional CSV button writes the rows by the one CSV writer (issue 21 item 17).
// The admin screens' tables keep the data grid (admin-table.tsx): search, column filter, sorting and print.
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  Box,
  Button,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { SystemStyleObject } from '@mui/system';
import { useState, type HTMLAttributes, type ReactNode } from 'react';

import type { CsvValue } from '@funil/domain/csv/csv';

import { downloadCsvText, tableCsv } from '../../lib/download.ts';

/** 000 §8 "Empty tables", 002 §8. */
export const EMPTY_TABLE_TEXT = 'Nenhum registro encontrado!';
const LOADING_TEXT = 'Carregando...';

export type DataColumn<R> = {
  header: string;
  /** The cell as text: shown when there is no `render`, and what the CSV writes. */
  value: (row: R) => CsvValue;
  render?: (row: R) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** A text column that keeps this width (px) so long names wrap on two lines, not five. */
  minWidth?: number;
  /** A header of several words that may wrap when the table is wide (the others keep one line). */
  wrapHeader?: boolean;
  /** The cell keeps one line (dates, phones, money). */
  nowrap?: boolean;
  /** The row's header cell (`<th scope="row">`), e.g. a name. */
  rowHeader?: boolean;
  /** Extra style of the column's cells. */
  sx?: SystemStyleObject<Theme>;
  /** A tooltip of the cell (the full text of a clipped one). */
  title?: (row: R) => string | undefined;
  /** The cells' data-testid. */
  testId?: string;
  /** Left out of the CSV (an actions column). */
  noCsv?: boolean;
};

/** Server paging: the table shows `rows` as page `page` (from 0) of `count` rows. */
type ServerPaging = { pageSize: number; page: number; count: number; onPageChange: (page: number) => void };
/** Paging of the rows the table holds; `resetKey` changing (a new filter) takes it back to page 0. */
type ClientPaging = { pageSize: number; resetKey?: string };

export type DataTableProps<R> = {
  /** The table's accessible name (or `labelledBy`). */
  label?: string;
  labelledBy?: string;
  columns: readonly DataColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => string | number;
  /** What an empty table says (000 §8). */
  emptyText?: ReactNode;
  loading?: boolean;
  /** The loading bar's accessible name ('Carregando Recentes'). */
  loadingLabel?: string;
  paging?: ServerPaging | ClientPaging;
  /** The CSV button above the table: its text ('Exportar CSV', 'Baixar CSV'), the file name, the rows (all the table's by default). */
  csv?: { label: string; fileName: string; rows?: readonly R[] };
  size?: 'small' | 'medium';
  stickyHeader?: boolean;
  /** Many columns: half the cells' side padding, so they fit the card. */
  dense?: boolean;
  onRowClick?: (row: R) => void;
  /** Attributes of a row (data-* for tests and e2e). */
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number | undefined>;
  sx?: SxProps<Theme>;
};

const PAGE_BUTTONS = {
  first: 'Primeira página',
  previous: 'Página anterior',
  next: 'Próxima página',
  last: 'Última página',
} as const;

const isServer = (paging: ServerPaging | ClientPaging | undefined): paging is ServerPaging =>
  paging !== undefined && 'onPageChange' in paging;

export function DataTable<R>({
  label,
  labelledBy,
  columns,
  rows,
  rowKey,
  emptyText = EMPTY_TABLE_TEXT,
  loading,
  loadingLabel,
  paging,
  csv,
  size = 'small',
  stickyHeader,
  dense,
  onRowClick,
  rowProps,
  sx,
}: DataTableProps<R>) {
  const resetKey = paging && !isServer(paging) ? paging.resetKey : undefined;
  const [clientPage, setClientPage] = useState(0);
  const [lastReset, setLastReset] = useState(resetKey);
  if (lastReset !== resetKey) {
    setLastReset(resetKey);
    setClientPage(0);
  }
  let visible = rows;
  let page = 0;
  if (paging && !isServer(paging)) {
    // Fewer rows than the page needs (a smaller answer): the last page that has rows.
    const lastPage = Math.max(0, Math.ceil(rows.length / paging.pageSize) - 1);
    page = Math.min(clientPage, lastPage);
    visible = rows.slice(page * paging.pageSize, (page + 1) * paging.pageSize);
  } else if (isServer(paging)) {
    page = paging.page;
  }
  const firstIndex = paging ? page * paging.pageSize : 0;

  return (
    <Box sx={sx}>
      {csv && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>
          <Button
            size="small"
            startIcon={<FileDownloadOutlined />}
            onClick={() => downloadCsvText(tableCsv(columns, csv.rows ?? rows), csv.fileName)}
            disabled={(csv.rows ?? rows).length === 0}
          >
            {csv.label}
          </Button>
        </Box>
      )}
      {loading ? <LinearProgress aria-label={loadingLabel ?? LOADING_TEXT} /> : <Box sx={{ height: 4 }} />}
      <TableContainer sx={stickyHeader ? { flex: 1, minHeight: 0 } : undefined}>
        <Table
          size={size}
          stickyHeader={stickyHeader}
          aria-label={label}
          aria-labelledby={labelledBy}
          sx={dense ? { '& .MuiTableCell-root': { px: 1 } } : undefined}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  align={column.align}
                  sx={{ fontWeight: 700, whiteSpace: column.wrapHeader ? 'normal' : 'nowrap', minWidth: column.minWidth }}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center">
                  <Typography color="text.secondary" role={loading ? 'status' : undefined} sx={{ py: 3 }}>
                    {loading ? LOADING_TEXT : emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              visible.map((row, index) => (
                <TableRow
                  key={rowKey(row, firstIndex + index)}
                  hover
                  {...rowProps?.(row)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  sx={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {columns.map((column) => (
                    <TableCell
                      key={column.header}
                      align={column.align}
                      component={column.rowHeader ? 'th' : undefined}
                      scope={column.rowHeader ? 'row' : undefined}
                      title={column.title?.(row)}
                      data-testid={column.testId}
                      sx={{
                        ...(column.nowrap || column.align === 'right' ? { whiteSpace: 'nowrap' } : {}),
                        ...(column.minWidth ? { minWidth: column.minWidth } : {}),
                        ...column.sx,
                      }}
                    >
                      {column.render ? column.render(row) : column.value(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {paging && (
        <TablePagination
          component="div"
          count={isServer(paging) ? paging.count : rows.length}
          page={page}
          onPageChange={(_event, next) => (isServer(paging) ? paging.onPageChange(next) : setClientPage(next))}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={[paging.pageSize]}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count.toLocaleString('pt-BR')}`}
          getItemAriaLabel={(type) => PAGE_BUTTONS[type]}
        />
      )}
    </Box>
  );
}
