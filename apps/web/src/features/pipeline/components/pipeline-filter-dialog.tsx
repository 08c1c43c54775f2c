// 'Filtro de Leads' (002 §2.4) over the filter set of 002 §3 "Filter set (pipeline)", with Sair
// (close without applying), Limpar (empty the draft) and Aplicar.
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { PipelineFilter } from '@funil/domain/leads/filter-segments';
import { EMPTY_PIPELINE_FILTER, isBoardStatusName } from '@funil/domain/pipeline/pipeline';

import { FilterDateField, IdSelect, type IdOption } from '../../../components/ui/filter-fields.tsx';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { fetchCampaigns } from '../api/pipeline-api.ts';

/** 002 §3 cli_atendimento. */
const ATTENDANCE: IdOption[] = [
  { id: 0, nome: 'Todos' },
  { id: 1, nome: 'Atendidos por mim' },
  { id: 2, nome: 'Não Atendido' },
];

type Props = { open: boolean; applied: PipelineFilter; onApply: (filter: PipelineFilter) => void; onClose: () => void };

export function PipelineFilterDialog({ open, applied, onApply, onClose }: Props) {
  const unit = useLoadedUnitData();
  const [draft, setDraft] = useState(applied);
  const [wasOpen, setWasOpen] = useState(open);
  // Each opening starts from what is applied.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(applied);
  }
  const campaigns = useQuery({ queryKey: ['pipeline', 'campanhas'], queryFn: fetchCampaigns, enabled: open, staleTime: 60_000 });
  const set = <K extends keyof PipelineFilter>(key: K, value: PipelineFilter[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const funnel = unit.statusNegociacao.filter((s) => isBoardStatusName(s.nome)).map((s) => ({ id: s.idFunil, nome: s.nome }));
  const sale = unit.statusNegociacaoVenda
    .filter((s) => isBoardStatusName(s.nome))
    .map((s) => ({ id: s.idFunilVenda, nome: s.nome }));
  const selectedTags = unit.tags.filter((t) => draft.cli_tags.includes(t.id));

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="filtro-leads-titulo">
      <DialogTitle id="filtro-leads-titulo">Filtro de Leads</DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={2} sx={{ pt: 0.5 }}>
          <Grid size={{ xs: 12 }}>
            <TextField
              fullWidth
              size="small"
              label="Buscar por nome ou telefone"
              value={draft.texto_busca}
              onChange={(e) => set('texto_busca', e.target.value)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FilterDateField
              fullWidth
              label="Data inicial"
              value={draft.cli_data_inicial}
              onChange={(v) => set('cli_data_inicial', v)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FilterDateField
              fullWidth
              label="Data final"
              value={draft.cli_data_final}
              onChange={(v) => set('cli_data_final', v)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <IdSelect
              fullWidth
              label="Status da negociação"
              value={draft.cli_status_negociacao}
              options={funnel}
              onChange={(v) => set('cli_status_negociacao', v)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <IdSelect
              fullWidth
              label="Status do cliente"
              value={draft.cli_status_negociacao_venda}
              options={sale}
              onChange={(v) => set('cli_status_negociacao_venda', v)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <IdSelect
              fullWidth
              label="Status do contato"
              value={draft.cli_contato_status}
              options={unit.crm_cliente_contato_status}
              onChange={(v) => set('cli_contato_status', v)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <IdSelect
              fullWidth
              label="Plataforma"
              value={draft.cli_tipo_lead}
              options={unit.plataformas}
              onChange={(v) => set('cli_tipo_lead', v)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              size="small"
              label="Campanha"
              value={draft.cli_campanha_nome}
              onChange={(e) => set('cli_campanha_nome', e.target.value)}
            >
              <MenuItem value="">
                <em>Todas</em>
              </MenuItem>
              {(campaigns.data ?? []).map((c) => (
                <MenuItem key={c.cli_campanha_nome} value={c.cli_campanha_nome}>
                  {c.cli_campanha_nome}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <IdSelect
              fullWidth
              label="Atendimento"
              value={draft.cli_atendimento}
              options={ATTENDANCE}
              onChange={(v) => set('cli_atendimento', v === 0 ? null : v)}
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <Autocomplete
              multiple
              size="small"
              options={unit.tags}
              value={selectedTags}
              getOptionLabel={(t) => t.nome}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_, value) =>
                set(
                  'cli_tags',
                  value.map((t) => t.id),
                )
              }
              renderInput={(params) => <TextField {...params} label="Tags" />}
              noOptionsText="Nenhuma tag"
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Sair</Button>
        <Button color="inherit" onClick={() => setDraft(EMPTY_PIPELINE_FILTER)}>
          Limpar
        </Button>
        <Button
          variant="contained"
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          Aplicar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
