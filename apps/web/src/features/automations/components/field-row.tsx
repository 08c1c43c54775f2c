// The one layout of the builder's fields (issue 25 'Criar automação'): the fields of a step or of the
// trigger side by side, wrapped with an even gap (no offset on the wrapped line), each at its width on
// a wide screen and sharing the line on a phone (390 px).
import { Box, MenuItem, TextField } from '@mui/material';
import type { ReactNode } from 'react';

/** Field widths (px) on a wide screen: a number, a time unit, a choice, a long choice. */
export const FIELD_WIDTH = { number: 120, unit: 150, choice: 220, long: 300 } as const;

/** `sx` of a field of a FieldRow: `width` px on a wide screen, at least that (or the line) on a phone. */
export const fieldWidth = (width: number) => ({ flex: { xs: `1 1 ${width}px`, sm: `0 0 ${width}px` }, minWidth: 0 }) as const;

export function FieldRow({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box
      role={label ? 'group' : undefined}
      aria-label={label}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'flex-start',
        '& .MuiFormControlLabel-root': { ml: 0, minHeight: 56 },
      }}
    >
      {children}
    </Box>
  );
}

/** 'minutos', 'horas', 'dias': the unit of a wait, a deadline or a schedule. */
export function TimeUnitSelect<U extends string>({ value, onChange }: { value: U; onChange: (unit: U) => void }) {
  return (
    <TextField
      select
      label="Unidade"
      value={value}
      onChange={(e) => onChange(e.target.value as U)}
      sx={fieldWidth(FIELD_WIDTH.unit)}
    >
      <MenuItem value="minutos">minutos</MenuItem>
      <MenuItem value="horas">horas</MenuItem>
      <MenuItem value="dias">dias</MenuItem>
    </TextField>
  );
}
