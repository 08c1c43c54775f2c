// The fields of the filter bars (the CRM's list and advanced filters, the chat's list and advanced
// filters, the pipeline's 'Filtro de Leads', the dashboards' periods): one search field with its
// debounce (001 §5, §9), one select of an id with 'Todos', one date field shown DD/MM/YYYY holding a
// 'YYYY-MM-DD' day (000 §5), so every bar types, clears and reads a filter the same way.
import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import { IconButton, InputAdornment, MenuItem, TextField, type SxProps, type Theme } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';

import { isFilterDate } from '@funil/domain/leads/filter-segments';

/** 001 §5, §9: a list's search waits 1 s after the last key. */
export const SEARCH_DEBOUNCE_MS = 1_000;

type SearchFieldProps = {
  /** Called with the typed text once typing has paused for `debounceMs` (also once with '' on mount: make it idempotent). */
  onSearch: (text: string) => void;
  placeholder: string;
  /** A visible label; without it the placeholder names the field for screen readers. */
  label?: string;
  fullWidth?: boolean;
  debounceMs?: number;
};

/** A search box with the search icon, 'Limpar busca', and the debounce of 001 §5. */
export function SearchField({ onSearch, placeholder, label, fullWidth, debounceMs = SEARCH_DEBOUNCE_MS }: SearchFieldProps) {
  const [typed, setTyped] = useState('');
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    const timer = setTimeout(() => latest.current(typed), debounceMs);
    return () => clearTimeout(timer);
  }, [typed, debounceMs]);
  return (
    <TextField
      size="small"
      fullWidth={fullWidth}
      label={label}
      placeholder={placeholder}
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      slotProps={{
        htmlInput: label ? undefined : { 'aria-label': placeholder },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: typed ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label="Limpar busca" onClick={() => setTyped('')} edge="end">
                <Clear fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

export type IdOption = { id: number; nome: string };

type IdSelectProps = {
  label: string;
  value: number | null;
  options: readonly IdOption[];
  onChange: (id: number | null) => void;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** 'Todos' shows in the field while nothing is chosen (the dashboards' bars), not only in the menu. */
  allShown?: boolean;
};

/** A select of one id with 'Todos' (null) first. */
export function IdSelect({ label, value, options, onChange, fullWidth, sx, allShown }: IdSelectProps) {
  return (
    <TextField
      select
      size="small"
      fullWidth={fullWidth}
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      sx={sx}
      slotProps={allShown ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      <MenuItem value="">{allShown ? 'Todos' : <em>Todos</em>}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.nome}
        </MenuItem>
      ))}
    </TextField>
  );
}

const fromIso = (value: string | null) => (value ? dayjs(value) : null);
/** A day the filters cannot name (issue 7 §4: years 1900–2999) is left empty, as an incomplete one is. */
function filterDayOf(value: dayjs.Dayjs | null): string | null {
  const iso = value?.isValid() ? value.format('YYYY-MM-DD') : null;
  return iso !== null && isFilterDate(iso) ? iso : null;
}

type FilterDateFieldProps = {
  label: string;
  /** 'YYYY-MM-DD' or null (no date). */
  value: string | null;
  onChange: (day: string | null) => void;
  /** The first day the field offers ('YYYY-MM-DD'), e.g. the range's start for its end. */
  minDate?: string | null;
  fullWidth?: boolean;
  width?: number;
};

/** A date of a filter, shown DD/MM/YYYY (000 §5), holding a 'YYYY-MM-DD' day. */
export function FilterDateField({ label, value, onChange, minDate, fullWidth, width }: FilterDateFieldProps) {
  return (
    <DatePicker
      label={label}
      format="DD/MM/YYYY"
      value={fromIso(value)}
      minDate={fromIso(minDate ?? null) ?? undefined}
      onChange={(day) => onChange(filterDayOf(day))}
      slotProps={{ textField: { size: 'small', fullWidth, sx: width ? { width } : undefined } }}
    />
  );
}
