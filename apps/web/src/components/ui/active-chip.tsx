// The activity of an admin record (002 §4 "Activity of admin entities"): 1 active; 0 or -1 inactive.
import { Chip } from '@mui/material';

export function ActiveChip({ ativo, feminine }: { ativo: number; feminine?: boolean }) {
  const active = ativo === 1;
  const label = active ? (feminine ? 'Ativa' : 'Ativo') : feminine ? 'Inativa' : 'Inativo';
  return <Chip size="small" label={label} color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} />;
}
