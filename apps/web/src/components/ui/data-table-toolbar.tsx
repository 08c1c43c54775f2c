// The DataTable's tools above its rows (002 §2.10 "Tables have search, column filter, CSV download
// on some, print on some"): the search with the column it searches in, the columns shown, print and
// the CSV of the rows as they are searched and sorted.
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { Box, Button, Checkbox, ListItemIcon, ListItemText, Menu, MenuItem, Stack, TextField } from '@mui/material';
import { useId, useState } from 'react';

import { SearchField } from './filter-fields.tsx';

/** A table's search waits a moment after the last key (it only filters the rows it holds). */
export const TABLE_SEARCH_DEBOUNCE_MS = 300;
const ALL_COLUMNS = '';

type ColumnChoice = { key: string; header: string };

type ToolbarProps = {
  search?: {
    onSearch: (text: string) => void;
    /** The columns it may search in; `column` null: all of them. */
    columns: readonly ColumnChoice[];
    column: string | null;
    onColumn: (column: string | null) => void;
  };
  /** The columns the user may show or hide, and those hidden. */
  columns?: { all: readonly ColumnChoice[]; hidden: ReadonlySet<string>; onToggle: (key: string) => void };
  onPrint?: () => void;
  csv?: { label: string; disabled: boolean; onDownload: () => void };
};

export function DataTableToolbar({ search, columns, onPrint, csv }: ToolbarProps) {
  const [columnsMenu, setColumnsMenu] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      sx={{ p: 1, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      role="toolbar"
      aria-label="Ferramentas da tabela"
    >
      {search && (
        <Stack direction="row" spacing={1} sx={{ flex: 1, minWidth: 0, maxWidth: { sm: 560 } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <SearchField placeholder="Pesquisar…" fullWidth debounceMs={TABLE_SEARCH_DEBOUNCE_MS} onSearch={search.onSearch} />
          </Box>
          <TextField
            select
            size="small"
            label="Pesquisar em"
            value={search.column ?? ALL_COLUMNS}
            onChange={(event) => search.onColumn(event.target.value === ALL_COLUMNS ? null : event.target.value)}
            sx={{ width: { xs: 130, sm: 170 }, flexShrink: 0 }}
            slotProps={{
              inputLabel: { shrink: true },
              select: {
                displayEmpty: true,
                // 'Todas' in the field (it fits a phone), 'Todas as colunas' in the menu.
                renderValue: (key) => (key === ALL_COLUMNS ? 'Todas' : (search.columns.find((c) => c.key === key)?.header ?? '')),
              },
            }}
          >
            <MenuItem value={ALL_COLUMNS}>Todas as colunas</MenuItem>
            {search.columns.map((column) => (
              <MenuItem key={column.key} value={column.key}>
                {column.header}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', justifyContent: { xs: 'flex-start', sm: 'flex-end' } }}
      >
        {columns && columns.all.length > 0 && (
          <>
            <Button
              size="small"
              startIcon={<ViewColumnOutlined />}
              aria-haspopup="menu"
              aria-controls={columnsMenu ? menuId : undefined}
              aria-expanded={columnsMenu ? true : undefined}
              onClick={(event) => setColumnsMenu(event.currentTarget)}
            >
              Colunas
            </Button>
            <Menu id={menuId} anchorEl={columnsMenu} open={columnsMenu !== null} onClose={() => setColumnsMenu(null)}>
              {columns.all.map((column) => {
                const shown = !columns.hidden.has(column.key);
                return (
                  <MenuItem
                    key={column.key}
                    role="menuitemcheckbox"
                    aria-checked={shown}
                    onClick={() => columns.onToggle(column.key)}
                    dense
                  >
                    <ListItemIcon>
                      <Checkbox edge="start" size="small" checked={shown} tabIndex={-1} disableRipple sx={{ p: 0 }} />
                    </ListItemIcon>
                    <ListItemText>{column.header}</ListItemText>
                  </MenuItem>
                );
              })}
            </Menu>
          </>
        )}
        {onPrint && (
          <Button size="small" startIcon={<PrintOutlined />} onClick={onPrint}>
            Imprimir
          </Button>
        )}
        {csv && (
          <Button size="small" startIcon={<FileDownloadOutlined />} onClick={csv.onDownload} disabled={csv.disabled}>
            {csv.label}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
