// 000 §2 classic dashboard filters: the unit multi-select (super-admin and multi-manager, 000 §6),
// on ATENDIMENTOS the radio Atendimento / Captação, on CAMPANHAS and LTV the campaign/ad
// multi-select; the period; Atualizar and Limpar.
import {
  Autocomplete,
  Box,
  Button,
  Card,
  Checkbox,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';

import { isReversed, type ClassicFilter } from '../lib/dashboard-filters.ts';
import { PeriodFields } from './period-fields.tsx';

type Unit = { id: number; nome: string };
export type AdOption = { id: string; nome: string; campanha: string };

type Props = {
  applied: ClassicFilter;
  units: Unit[] | null;
  ads: AdOption[] | null;
  withBase: boolean;
  onApply: (filter: ClassicFilter) => void;
  onClear: () => void;
};

export function ClassicFilterBar({ applied, units, ads, withBase, onApply, onClear }: Props) {
  const [draft, setDraft] = useState(applied);
  const [lastApplied, setLastApplied] = useState(applied);
  if (lastApplied !== applied) {
    setLastApplied(applied);
    setDraft(applied);
  }
  const reversed = isReversed(draft);
  return (
    <Card sx={{ mb: 2, p: 2 }}>
      <Box
        component="form"
        aria-label="Filtros do dashboard"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reversed) onApply(draft);
        }}
      >
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          {units ? (
            <Autocomplete
              multiple
              size="small"
              disableCloseOnSelect
              options={units}
              getOptionLabel={(unit) => unit.nome}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              value={units.filter((unit) => draft.unidades.includes(unit.id))}
              onChange={(_event, value) => setDraft({ ...draft, unidades: value.map((unit) => unit.id) })}
              renderOption={(props, unit, { selected }) => (
                <li {...props} key={unit.id}>
                  <Checkbox size="small" checked={selected} sx={{ mr: 1 }} />
                  {unit.nome}
                </li>
              )}
              limitTags={2}
              noOptionsText="Nenhuma unidade encontrada"
              renderInput={(params) => (
                <TextField {...params} label="Unidades" placeholder={draft.unidades.length === 0 ? 'Todas' : undefined} />
              )}
              sx={{ minWidth: 260, flex: '1 1 260px' }}
            />
          ) : null}
          {ads ? (
            <Autocomplete
              multiple
              size="small"
              disableCloseOnSelect
              options={ads}
              groupBy={(ad) => ad.campanha}
              getOptionLabel={(ad) => ad.nome}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              value={ads.filter((ad) => draft.anuncios.includes(ad.id))}
              onChange={(_event, value) => setDraft({ ...draft, anuncios: value.map((ad) => ad.id) })}
              limitTags={2}
              noOptionsText="Nenhum anúncio encontrado"
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Campanhas / anúncios"
                  placeholder={draft.anuncios.length === 0 ? 'Todos' : undefined}
                />
              )}
              sx={{ minWidth: 280, flex: '1 1 280px' }}
            />
          ) : null}
          {withBase ? (
            <RadioGroup
              row
              aria-label="Base do dashboard"
              value={draft.base}
              onChange={(event) => setDraft({ ...draft, base: event.target.value === 'captacao' ? 'captacao' : 'atendimento' })}
            >
              <FormControlLabel value="atendimento" control={<Radio size="small" />} label="Atendimento" />
              <FormControlLabel value="captacao" control={<Radio size="small" />} label="Captação" />
            </RadioGroup>
          ) : null}
          <PeriodFields value={draft} onChange={(period) => setDraft({ ...draft, ...period })} />
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
    </Card>
  );
}
