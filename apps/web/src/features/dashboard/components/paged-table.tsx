// A dashboard table: 5 rows a page, the only option (000 §9), the empty text of 000 §8, a CSV
// export of the rows loaded. With `onNeedPage` the rows come from the server 25 at a time under
// the rule of 000 §2 (leadsPageToFetch); without it the table pages rows it already has.
import { useState, type ReactNode } from 'react';
import { Box, Button, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { leadsPageToFetch } from '@funil/domain/dashboard/dashboard-api';
import { pageRows, ROWS_PER_PAGE } from '../lib/lead-paging.ts';
import { downloadCsv, type CsvColumn } from '../lib/export.ts';

export type TableColumn<R> = CsvColumn<R> & {
  render?: (row: R) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** A text column that keeps this width (px) so long names wrap on two lines, not five. */
  minWidth?: number;
  /** A header of several words that may wrap when the table is wide (numbers keep one line). */
  wrapHeader?: boolean;
};

type Props<R> = {
  title: string;
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => string | number;
  emptyText: string;
  loading?: boolean;
  /** How many rows the server has in all (more than those loaded while pages wait). */
  total?: number;
  /** A new value (a new filter) takes the table back to its first page. */
  resetKey?: string;
  /** Asks for a server page (from 1) under the paging rule of 000 §2. */
  onNeedPage?: (serverPage: number) => void;
  /** Many columns: half the cells' side padding, so they fit the card. */
  dense?: boolean;
};

export function PagedTable<R>({ title, columns, rows, rowKey, emptyText, loading, total, resetKey, onNeedPage, dense }: Props<R>) {
  const [page, setPage] = useState(0);
  const [lastReset, setLastReset] = useState(resetKey);
  if (lastReset !== resetKey) {
    setLastReset(resetKey);
    setPage(0);
  }
  // Fewer rows than the page needs (a smaller answer): the last page that has rows.
  const lastPage = Math.max(0, Math.ceil(Math.max(total ?? 0, rows.length) / ROWS_PER_PAGE) - 1);
  if (page > lastPage && !loading) setPage(lastPage);
  const goTo = (next: number) => {
    setPage(next);
    const serverPage = leadsPageToFetch(next);
    if (onNeedPage && serverPage !== null) onNeedPage(serverPage);
  };
  const visible = pageRows(rows, page);
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>
        <Button size="small" startIcon={<FileDownloadOutlined />} onClick={() => downloadCsv(title, columns, rows)} disabled={rows.length === 0}>
          Exportar CSV
        </Button>
      </Box>
      {loading ? <LinearProgress aria-label={`Carregando ${title}`} /> : <Box sx={{ height: 4 }} />}
      <TableContainer>
        <Table size="small" aria-label={title} sx={dense ? { '& .MuiTableCell-root': { px: 1 } } : undefined}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align} sx={{ fontWeight: 700, whiteSpace: c.wrapHeader ? 'normal' : 'nowrap', minWidth: c.minWidth }}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center">
                  <Typography color="text.secondary" sx={{ py: 3 }}>
                    {loading ? 'Carregando...' : emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              visible.map((row, i) => (
                <TableRow key={rowKey(row, page * ROWS_PER_PAGE + i)} hover>
                  {columns.map((c) => (
                    <TableCell key={c.header} align={c.align} sx={c.align === 'right' ? { whiteSpace: 'nowrap' } : c.minWidth ? { minWidth: c.minWidth } : undefined}>
                      {c.render ? c.render(row) : c.value(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={Math.max(total ?? 0, rows.length)}
        page={page}
        onPageChange={(_event, next) => goTo(next)}
        rowsPerPage={ROWS_PER_PAGE}
        rowsPerPageOptions={[ROWS_PER_PAGE]}
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
      />
    </Box>
  );
}
