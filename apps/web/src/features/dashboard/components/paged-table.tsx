// A dashboard table on the one table (components/ui/data-table): 5 rows a page, the only option
// (000 §9), the empty text of 000 §8, an 'Exportar CSV' of the rows loaded. With `onNeedPage` the
// rows come from the server 25 at a time under the rule of 000 §2 (leadsPageToFetch); without it
// the table pages rows it already has.
import { useState } from 'react';

import { leadsPageToFetch } from '@funil/domain/dashboard/dashboard-api';

import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { fileNameOf } from '../lib/export.ts';
import { pageRows, ROWS_PER_PAGE } from '../lib/lead-paging.ts';

export type TableColumn<R> = DataColumn<R>;

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

export function PagedTable<R>({
  title,
  columns,
  rows,
  rowKey,
  emptyText,
  loading,
  total,
  resetKey,
  onNeedPage,
  dense,
}: Props<R>) {
  const [page, setPage] = useState(0);
  const [lastReset, setLastReset] = useState(resetKey);
  if (lastReset !== resetKey) {
    setLastReset(resetKey);
    setPage(0);
  }
  const count = Math.max(total ?? 0, rows.length);
  // Fewer rows than the page needs (a smaller answer): the last page that has rows.
  const lastPage = Math.max(0, Math.ceil(count / ROWS_PER_PAGE) - 1);
  if (page > lastPage && !loading) setPage(lastPage);
  const goTo = (next: number) => {
    setPage(next);
    const serverPage = leadsPageToFetch(next);
    if (onNeedPage && serverPage !== null) onNeedPage(serverPage);
  };
  return (
    <DataTable
      label={title}
      columns={columns}
      rows={pageRows(rows, page)}
      rowKey={rowKey}
      emptyText={emptyText}
      loading={loading}
      loadingLabel={`Carregando ${title}`}
      paging={{ pageSize: ROWS_PER_PAGE, page, count, onPageChange: goTo }}
      csv={{ label: 'Exportar CSV', fileName: fileNameOf(title), rows }}
      dense={dense}
    />
  );
}
