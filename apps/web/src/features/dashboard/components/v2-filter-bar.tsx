// 000 §2 dashboard v2 filter bar, collapsible: start, end, campaign, platform, customer sale status,
// attendant; Atualizar applies, Limpar restores the last 7 days and clears the rest (000 §4).
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FilterList from '@mui/icons-material/FilterList';
import { Autocomplete, Box, Button, Card, Collapse, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';

import type { DashboardV2Filter } from '@funil/domain/dashboard/dashboard-api';
import { formatDate } from '@funil/domain/format/date';

import { IdSelect, type IdOption } from '../../../components/ui/filter-fields.tsx';
import { isReversed, periodOfV2, withPeriod } from '../lib/dashboard-filters.ts';
import { PeriodFields } from './period-fields.tsx';

type Option = IdOption;
export type V2FilterOptions = { campanhas: string[]; plataformas: Option[]; statusVenda: Option[]; atendentes: Option[] };

type Props = {
  applied: DashboardV2Filter;
  options: V2FilterOptions;
  onApply: (filter: DashboardV2Filter) => void;
  onClear: () => void;
};

export function V2FilterBar({ applied, options, onApply, onClear }: Props) {
  const [open, setOpen] = useState(true);
  const [draft, setDraft] = useState(applied);
  const [lastApplied, setLastApplied] = useState(applied);
  if (lastApplied !== applied) {
    // Limpar (or any outside change) shows in the fields.
    setLastApplied(applied);
    setDraft(applied);
  }
  const period = periodOfV2(draft);
  const shown = periodOfV2(applied);
  const reversed = isReversed(period);
  const idSelect = (label: string, key: 'plataforma' | 'status_cliente' | 'atendente', items: Option[]) => (
    <IdSelect
      allShown
      label={label}
      value={draft[key]}
      options={items}
      onChange={(id) => setDraft({ ...draft, [key]: id })}
      sx={{ minWidth: 180, flex: '1 1 180px' }}
    />
  );
  return (
    <Card sx={{ mb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, gap: 1 }}>
        <FilterList color="primary" />
        <Typography sx={{ fontWeight: 600 }}>Filtros</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} noWrap data-testid="periodo-aplicado">
          {formatDate(shown.inicio)} a {formatDate(shown.fim)}
        </Typography>
        <Tooltip title={open ? 'Recolher filtros' : 'Mostrar filtros'}>
          <IconButton
            aria-label={open ? 'Recolher filtros' : 'Mostrar filtros'}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? <ExpandLess /> : <ExpandMore />}
          </IconButton>
        </Tooltip>
      </Stack>
      <Collapse in={open}>
        <Box
          component="form"
          aria-label="Filtros do dashboard"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reversed) onApply(draft);
          }}
          sx={{ px: 2, pb: 2 }}
        >
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
            <PeriodFields value={period} onChange={(next) => setDraft(withPeriod(draft, next))} />
            <Autocomplete
              size="small"
              options={options.campanhas}
              value={draft.campanha === '' ? null : draft.campanha}
              onChange={(_event, value) => setDraft({ ...draft, campanha: value ?? '' })}
              noOptionsText="Nenhuma campanha encontrada"
              renderInput={(params) => <TextField {...params} label="Campanha" placeholder="Todas" />}
              sx={{ minWidth: 220, flex: '1 1 220px' }}
            />
            {idSelect('Plataforma', 'plataforma', options.plataformas)}
            {idSelect('Status de venda do cliente', 'status_cliente', options.statusVenda)}
            {idSelect('Atendente', 'atendente', options.atendentes)}
            <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
              <Button onClick={onClear}>Limpar</Button>
              <Button type="submit" variant="contained" disabled={reversed}>
                Atualizar
              </Button>
            </Stack>
          </Stack>
          {reversed ? (
            <Typography variant="caption" color="error" role="alert">
              A data final não pode ser anterior à data inicial.
            </Typography>
          ) : null}
        </Box>
      </Collapse>
    </Card>
  );
}
