// The one list table of the web (issue 22 §4): the admin screens and the audit trail, the dashboards'
// tables, the pipeline's table view, the instances, the rejected webhooks, the mass-send monitor, a
// lead's appointments, the CSV import's columns. Its columns name a header, a text value (what the CSV
// and the print write, and what the search reads) and optionally a rendering; it pages (rows it holds,
// or a server's pages it is told about) with the theme's pt-BR pagination; while loading it shows a bar
// and 'Carregando...' (000 §8), without rows the screen's empty text. On request: sorting by a header,
// row-action buttons, and the tools of 002 §2.10 (search, column filter, columns shown, print, CSV by
// the one CSV writer of issue 21 item 17).
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  Box,
  Button,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
  useMediaQuery,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { SystemStyleObject } from '@mui/system';
import { useMemo, useState, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';

import type { CsvValue } from '@funil/domain/csv/csv';

import { downloadCsvText, tableCsv } from '../../lib/download.ts';
import { columnKey, nextSort, printDocument, printHtml, searchRows, sortRows, type SortState } from './data-table-rows.ts';
import { DataTableToolbar } from './data-table-toolbar.tsx';

/** 000 §8 "Empty tables", 002 §8. */
export const EMPTY_TABLE_TEXT = 'Nenhum registro encontrado!';
const LOADING_TEXT = 'Carregando...';

export type DataColumn<R> = {
  header: string;
  /** The column's key (sorting, the columns shown, the search's column, the cells' data-field); the header by default. */
  id?: string;
  /** The cell as text: shown when there is no `render`, and what the CSV, the print and the search read. */
  value: (row: R) => CsvValue;
  render?: (row: R) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** A text column that keeps this width (px) so long names wrap on two lines, not five. */
  minWidth?: number;
  /** A fixed width (px): short values (a chip, a date). */
  width?: number;
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
  /** Left out of the CSV and the print (an actions column). */
  noCsv?: boolean;
  /** What the sort compares (an ISO date, a number) when the shown text would sort wrong; `value` by default. */
  sortValue?: (row: R) => string | number | null | undefined;
  /** A missing value sorts as the smallest (first ascending, last descending; 002 §5 'Insights'); else always last. */
  missingSmallest?: boolean;
  /** A tooltip of the header that explains the column (002 §2.5 'header tooltips explain each metric'). */
  headerTooltip?: string;
  /** false: a table with `sortable` does not sort by this column. */
  sortable?: boolean;
  /** Hidden until the user shows it from 'Colunas' (a table with `tools.columns`). */
  hidden?: boolean;
  /** Not searched (a colour). */
  noFilter?: boolean;
};

/** A button of a row (Editar, Excluir), in the last column 'Ações'. */
export type RowAction<R> = {
  /** Accessible name and tooltip, e.g. 'Editar'; the row's label is appended for screen readers ('Editar Maria'). */
  label: string;
  icon: ReactElement;
  onClick: (row: R) => void;
  /** 'error' paints destructive actions (Excluir, Desativar) red. */
  color?: 'inherit' | 'primary' | 'error';
  hidden?: (row: R) => boolean;
  /** Shown but not clickable (an action already running). */
  disabled?: (row: R) => boolean;
};

/** Server paging: the table shows `rows` as page `page` (from 0) of `count` rows. */
type ServerPaging = { pageSize: number; page: number; count: number; onPageChange: (page: number) => void };
/**
 * Paging of the rows the table holds; `resetKey` changing (a new filter) takes it back to page 0;
 * `pageSizeOptions` lets the user pick how many rows a page shows ('Linhas por página:').
 */
type ClientPaging = { pageSize: number; resetKey?: string; pageSizeOptions?: readonly number[] };

/** 002 §2.10: the tools above the rows; `print` is the printed page's title. */
export type DataTableTools = { search?: boolean; columns?: boolean; print?: string };

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
  /** The CSV button: its text ('Exportar CSV', 'Baixar CSV'), the file name, the rows (what the table shows by default). */
  csv?: { label: string; fileName: string; rows?: readonly R[] };
  /** Sorting by a click on a header (the rows the table holds). */
  sortable?: boolean;
  initialSort?: SortState;
  tools?: DataTableTools;
  /** The row buttons, in a last column 'Ações'; `rowLabel` names the row in their accessible names. */
  actions?: readonly RowAction<R>[];
  rowLabel?: (row: R) => string;
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

const ACTIONS_KEY = '__acoes';
/** On a phone (below this breakpoint) the row buttons stay in view at the right while the other columns scroll under them. */
const PINNED_BELOW = 'md';
const ACTIONS_STICKY: SystemStyleObject<Theme> = {
  position: { xs: 'sticky', [PINNED_BELOW]: 'static' },
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: { xs: '-1px 0 0 rgba(0, 0, 0, 0.12)', [PINNED_BELOW]: 'none' },
};
const pinnedActions = (theme: Theme) => theme.breakpoints.down(PINNED_BELOW);

/**
 * With the row buttons pinned, the row's header column (the name) comes first, at the left, as the admin
 * lists have it: a name after wide columns would lie under the buttons (/campanhas at 390 px). Only the
 * cells move; the CSV, the print and the search keep the columns' order.
 */
function rowHeaderFirst<R>(columns: readonly DataColumn<R>[]): readonly DataColumn<R>[] {
  const header = columns.findIndex((column) => column.rowHeader);
  return header <= 0 ? columns : [columns[header]!, ...columns.slice(0, header), ...columns.slice(header + 1)];
}

const withHeaderTooltip = (tooltip: string | undefined, header: ReactNode): ReactNode =>
  tooltip ? (
    <Tooltip title={tooltip} describeChild>
      <span>{header}</span>
    </Tooltip>
  ) : (
    header
  );

const isServer = (paging: ServerPaging | ClientPaging | undefined): paging is ServerPaging =>
  paging !== undefined && 'onPageChange' in paging;

function actionsColumn<R>(actions: readonly RowAction<R>[], rowLabel: ((row: R) => string) | undefined): DataColumn<R> {
  return {
    header: 'Ações',
    id: ACTIONS_KEY,
    value: () => null,
    noCsv: true,
    noFilter: true,
    sortable: false,
    nowrap: true,
    // Editar stays in the same place whether or not a row has its other actions.
    sx: { py: 0.25, ...ACTIONS_STICKY },
    render: (row) =>
      actions
        .filter((action) => !action.hidden?.(row))
        .map((action) => (
          <Tooltip key={action.label} title={action.label}>
            {/* A span, so the tooltip still hears the pointer over a disabled button. */}
            <span>
              <IconButton
                size="small"
                aria-label={rowLabel ? `${action.label} ${rowLabel(row)}` : action.label}
                disabled={action.disabled?.(row) ?? false}
                onClick={(event) => {
                  event.stopPropagation();
                  action.onClick(row);
                }}
                sx={{ color: action.color === 'error' ? 'error.main' : action.color === 'primary' ? 'primary.main' : undefined }}
              >
                {action.icon}
              </IconButton>
            </span>
          </Tooltip>
        )),
  };
}

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
  sortable,
  initialSort,
  tools,
  actions,
  rowLabel,
  size = 'small',
  stickyHeader,
  dense,
  onRowClick,
  rowProps,
  sx,
}: DataTableProps<R>) {
  const [search, setSearch] = useState('');
  const [searchColumn, setSearchColumn] = useState<string | null>(null);
  const [sort, setSort] = useState<SortState | null>(initialSort ?? null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(
    () => new Set(columns.filter((column) => column.hidden).map(columnKey)),
  );
  const clientPaging = paging && !isServer(paging) ? paging : undefined;
  const [pageSize, setPageSize] = useState(clientPaging?.pageSize ?? 0);
  const resetKey = `${clientPaging?.resetKey ?? ''}\u0000${search}\u0000${searchColumn ?? ''}`;
  const [clientPage, setClientPage] = useState(0);
  const [lastReset, setLastReset] = useState(resetKey);
  if (lastReset !== resetKey) {
    setLastReset(resetKey);
    setClientPage(0);
  }

  const shownColumns = useMemo(() => {
    const shown = columns.filter((column) => !hidden.has(columnKey(column)));
    return actions && actions.length > 0 ? [...shown, actionsColumn(actions, rowLabel)] : shown;
  }, [columns, hidden, actions, rowLabel]);
  const pinned = useMediaQuery(pinnedActions, { noSsr: true }) && actions !== undefined && actions.length > 0;
  const cellColumns = useMemo(() => (pinned ? rowHeaderFirst(shownColumns) : shownColumns), [pinned, shownColumns]);
  const shownRows = useMemo(
    () => sortRows(shownColumns, searchRows(shownColumns, rows, search, searchColumn), sort),
    [shownColumns, rows, search, searchColumn, sort],
  );

  let visible = shownRows;
  let page = 0;
  if (clientPaging) {
    // Fewer rows than the page needs (a smaller answer): the last page that has rows.
    const lastPage = Math.max(0, Math.ceil(shownRows.length / pageSize) - 1);
    page = Math.min(clientPage, lastPage);
    visible = shownRows.slice(page * pageSize, (page + 1) * pageSize);
  } else if (isServer(paging)) {
    page = paging.page;
  }
  const firstIndex = paging ? page * (clientPaging ? pageSize : paging.pageSize) : 0;
  const csvRows = csv?.rows ?? shownRows;
  const downloadCsv = csv && (() => downloadCsvText(tableCsv(shownColumns, csvRows), csv.fileName));
  const toolColumns = columns.filter((column) => !column.noFilter).map((c) => ({ key: columnKey(c), header: c.header }));

  return (
    <Box sx={sx}>
      {tools ? (
        <DataTableToolbar
          search={
            tools.search
              ? {
                  onSearch: setSearch,
                  columns: toolColumns.filter((column) => !hidden.has(column.key)),
                  column: searchColumn,
                  onColumn: setSearchColumn,
                }
              : undefined
          }
          columns={
            tools.columns
              ? {
                  all: columns.map((c) => ({ key: columnKey(c), header: c.header })),
                  hidden,
                  onToggle: (key) => {
                    const next = new Set(hidden);
                    if (!next.delete(key)) next.add(key);
                    setHidden(next);
                    // A hidden column is not searched in.
                    if (searchColumn !== null && next.has(searchColumn)) setSearchColumn(null);
                  },
                }
              : undefined
          }
          onPrint={tools.print ? () => printHtml(printDocument(tools.print ?? '', shownColumns, shownRows)) : undefined}
          csv={csv && downloadCsv ? { label: csv.label, disabled: csvRows.length === 0, onDownload: downloadCsv } : undefined}
        />
      ) : (
        csv && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>
            <Button size="small" startIcon={<FileDownloadOutlined />} onClick={downloadCsv} disabled={csvRows.length === 0}>
              {csv.label}
            </Button>
          </Box>
        )
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
              {cellColumns.map((column) => {
                const key = columnKey(column);
                const sorted = sort?.column === key ? sort.direction : undefined;
                return (
                  <TableCell
                    key={key}
                    align={column.align}
                    sortDirection={sorted ?? false}
                    sx={{
                      fontWeight: 700,
                      whiteSpace: column.wrapHeader ? 'normal' : 'nowrap',
                      minWidth: column.minWidth,
                      width: column.width,
                      ...(key === ACTIONS_KEY ? ACTIONS_STICKY : {}),
                    }}
                  >
                    {withHeaderTooltip(
                      column.headerTooltip,
                      sortable && column.sortable !== false ? (
                        <TableSortLabel
                          active={sorted !== undefined}
                          direction={sorted ?? 'asc'}
                          onClick={() => setSort((current) => nextSort(current, key))}
                        >
                          {column.header}
                        </TableSortLabel>
                      ) : (
                        column.header
                      ),
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 ? (
              <TableRow>
                {/* On a phone a wide table scrolls: the text starts at the left, where it is in view. */}
                <TableCell colSpan={shownColumns.length} sx={{ textAlign: { xs: 'left', sm: 'center' } }}>
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
                  {cellColumns.map((column) => (
                    <TableCell
                      key={columnKey(column)}
                      align={column.align}
                      component={column.rowHeader ? 'th' : undefined}
                      scope={column.rowHeader ? 'row' : undefined}
                      title={column.title?.(row)}
                      data-testid={column.testId}
                      data-field={column.id}
                      sx={{
                        ...(column.nowrap || column.align === 'right' ? { whiteSpace: 'nowrap' } : {}),
                        ...(column.minWidth ? { minWidth: column.minWidth } : {}),
                        ...(column.width ? { width: column.width } : {}),
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
          count={isServer(paging) ? paging.count : shownRows.length}
          page={page}
          onPageChange={(_event, next) => (isServer(paging) ? paging.onPageChange(next) : setClientPage(next))}
          rowsPerPage={clientPaging ? pageSize : paging.pageSize}
          rowsPerPageOptions={clientPaging?.pageSizeOptions ? [...clientPaging.pageSizeOptions] : [paging.pageSize]}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setClientPage(0);
          }}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count.toLocaleString('pt-BR')}`}
          getItemAriaLabel={(type) => PAGE_BUTTONS[type]}
          // A phone keeps the count and the page buttons; the rows-per-page choice is for wider screens.
          sx={{ '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } } }}
        />
      )}
    </Box>
  );
}
