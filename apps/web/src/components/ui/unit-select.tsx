// A unit picker of the company (issue 12, 002 §2.1: the company admin's 'Unidades' dropdown on
// /webphone), a sibling of CompanySelect: the caller passes the units it loaded
// (GET cadastros/unidades), so any screen's query serves it.
import { Box, MenuItem, TextField } from '@mui/material';

export type UnitOption = { id: number; nome: string };

type UnitSelectProps = {
  units: readonly UnitOption[];
  value: number | null;
  onChange: (idUnidade: number) => void;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
};

export function UnitSelect({ units, value, onChange, label = 'Unidade', placeholder, disabled }: UnitSelectProps) {
  const known = value !== null && units.some((u) => u.id === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={known ? value : ''}
      onChange={(e) => onChange(Number(e.target.value))}
      disabled={disabled}
      sx={{ width: { xs: '100%', sm: 320 }, flexShrink: 0 }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          displayEmpty: true,
          renderValue: (selected) =>
            selected === '' ? (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {placeholder ?? ''}
              </Box>
            ) : (
              (units.find((u) => u.id === selected)?.nome ?? '')
            ),
        },
      }}
    >
      {units.map((unit) => (
        <MenuItem key={unit.id} value={unit.id}>
          {unit.nome}
        </MenuItem>
      ))}
    </TextField>
  );
}
