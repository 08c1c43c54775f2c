// The super-admin's company picker (issue 10): Unidades, Status de negociação / venda, Potencial and
// Funcionalidades act on the company chosen here.
import { MenuItem, TextField } from '@mui/material';

import { useCompanies } from '../../lib/companies.ts';

type CompanySelectProps = { value: number; onChange: (idEmpresa: number) => void };

export function CompanySelect({ value, onChange }: CompanySelectProps) {
  const companies = useCompanies();
  return (
    <TextField
      select
      size="small"
      label="Empresa"
      value={companies.data?.some((c) => c.id === value) ? value : ''}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ width: { xs: '100%', sm: 240 }, flexShrink: 0 }}
      slotProps={{ inputLabel: { shrink: true } }}
    >
      {(companies.data ?? []).map((company) => (
        <MenuItem key={company.id} value={company.id}>
          {company.nome}
          {company.ativo !== 1 ? ' (inativa)' : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
