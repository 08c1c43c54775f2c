// The expandable advanced filter area of the lead list (001 §2, 002 §2.1): statuses, platform,
// attendance, campaign, tags, attendants (with acesso_atribuidos), a DD/MM/YYYY date range and its type.
// Changes stay a draft until 'Aplicar'; 'Limpar' empties both.
import { Autocomplete, Button, Grid, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';

import { MESSAGE_STATUS_FILTER_OPTIONS } from '@funil/domain/leads/negotiation';

import { ColorChip } from '../../../components/ui/color-chip.tsx';
import { FilterDateField, IdSelect } from '../../../components/ui/filter-fields.tsx';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useCampaigns } from '../api/get-campaigns.ts';
import { useUnitTags } from '../api/tags.ts';
import { EMPTY_ADVANCED_FILTER, type AdvancedFilter } from './crm-filters.ts';

/** Fields another screen leaves out (the mass-send composer has no attendance or date-type segment, 002 §7). */
export type AdvancedFilterHideable = 'cli_atendimento' | 'tipo_data';

type AdvancedFiltersProps = {
  applied: AdvancedFilter;
  onApply: (filter: AdvancedFilter) => void;
  hide?: readonly AdvancedFilterHideable[];
  /** Adds 'Status da Mensagem' (001 §4 status_mensagem): the mass-send composer's segment (002 §7). */
  withMessageStatus?: boolean;
};

/**
 * A pair of selects shares a row only when the panel itself is wide enough for their labels
 * ('Status da Negociação', 'Status do Cliente'); in a narrow column (the CRM's list, the mass-send
 * composer's left pane: issue 21) each takes the whole row, whatever the window's width.
 */
const PANEL_SX = { pt: 1, containerType: 'inline-size', containerName: 'filtros-avancados' } as const;
const PAIR = { xs: 12, sm: 6 } as const;
const PAIR_SX = { '@container filtros-avancados (max-width: 459.98px)': { width: '100%' } } as const;

export function AdvancedFilters({ applied, onApply, hide = [], withMessageStatus = false }: AdvancedFiltersProps) {
  const unit = useLoadedUnitData();
  const [draft, setDraft] = useState(applied);
  const campaigns = useCampaigns(true);
  const tags = useUnitTags();
  const set = <K extends keyof AdvancedFilter>(key: K, value: AdvancedFilter[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const tagOptions = tags.data ?? unit.tags;
  const seesAttendants = unit.dados_usuario.acesso_atribuidos === 1;

  return (
    <Stack spacing={1.5} component="section" aria-label="Filtros avançados" sx={PANEL_SX}>
      <Grid container spacing={1.5}>
        <Grid size={PAIR} sx={PAIR_SX}>
          <IdSelect
            label="Status da Negociação"
            value={draft.cli_status_negociacao}
            options={unit.crm_contato_negociacao_status.map((s) => ({ id: s.idFunil, nome: s.nome }))}
            onChange={(id) => set('cli_status_negociacao', id)}
          />
        </Grid>
        <Grid size={PAIR} sx={PAIR_SX}>
          <IdSelect
            label="Status do Cliente"
            value={draft.cli_status_negociacao_venda}
            options={unit.crm_contato_negociacao_status_venda.map((s) => ({ id: s.idFunilVenda, nome: s.nome }))}
            onChange={(id) => set('cli_status_negociacao_venda', id)}
          />
        </Grid>
        <Grid size={PAIR} sx={PAIR_SX}>
          <IdSelect
            label="Status do Contato"
            value={draft.cli_contato_status}
            options={unit.crm_cliente_contato_status}
            onChange={(id) => set('cli_contato_status', id)}
          />
        </Grid>
        <Grid size={PAIR} sx={PAIR_SX}>
          <IdSelect
            label="Plataforma"
            value={draft.cli_tipo_lead}
            options={unit.plataformas}
            onChange={(id) => set('cli_tipo_lead', id)}
          />
        </Grid>
        {withMessageStatus && (
          <Grid size={12}>
            <IdSelect
              label="Status da Mensagem"
              value={draft.status_mensagem ?? null}
              options={MESSAGE_STATUS_FILTER_OPTIONS.map((o) => ({ id: o.id, nome: o.label }))}
              onChange={(id) => set('status_mensagem', id)}
            />
          </Grid>
        )}
        {!hide.includes('cli_atendimento') && (
          <Grid size={12}>
            {/* 002 §2.1 attendance filter: Todos, Atendidos por mim, Não Atendido. */}
            <TextField
              select
              size="small"
              label="Atendimento"
              value={String(draft.cli_atendimento)}
              onChange={(event) => set('cli_atendimento', event.target.value === '1' ? 1 : event.target.value === '2' ? 2 : 0)}
            >
              <MenuItem value="0">Todos</MenuItem>
              <MenuItem value="1">Atendidos por mim</MenuItem>
              <MenuItem value="2">Não Atendido</MenuItem>
            </TextField>
          </Grid>
        )}
        <Grid size={12}>
          <Autocomplete
            size="small"
            options={campaigns.data ?? []}
            loading={campaigns.isPending}
            value={draft.cli_campanha_nome || null}
            onChange={(_event, value) => set('cli_campanha_nome', value ?? '')}
            noOptionsText="Nenhuma campanha"
            renderInput={(params) => <TextField {...params} label="Campanha" />}
          />
        </Grid>
        <Grid size={12}>
          <Autocomplete
            multiple
            size="small"
            options={tagOptions}
            getOptionLabel={(tag) => tag.nome}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            value={tagOptions.filter((tag) => draft.tags.includes(tag.id))}
            onChange={(_event, value) =>
              set(
                'tags',
                value.map((tag) => tag.id),
              )
            }
            renderValue={(value, getItemProps) =>
              value.map((tag, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <ColorChip key={key} {...itemProps} color={tag.cor} label={tag.nome} />;
              })
            }
            noOptionsText="Nenhuma tag"
            renderInput={(params) => <TextField {...params} label="Tags" />}
          />
        </Grid>
        {seesAttendants && (
          <Grid size={12}>
            <Autocomplete
              multiple
              size="small"
              options={unit.usuarios}
              getOptionLabel={(user) => user.nome}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              value={unit.usuarios.filter((user) => draft.atendentes.includes(user.id))}
              onChange={(_event, value) =>
                set(
                  'atendentes',
                  value.map((user) => user.id),
                )
              }
              noOptionsText="Nenhum atendente encontrado"
              renderInput={(params) => <TextField {...params} label="Atendentes" />}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <FilterDateField fullWidth label="Data inicial" value={draft.data_inicio} onChange={(day) => set('data_inicio', day)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FilterDateField
            fullWidth
            label="Data final"
            value={draft.data_fim}
            minDate={draft.data_inicio}
            onChange={(day) => set('data_fim', day)}
          />
        </Grid>
        {!hide.includes('tipo_data') && (
          <Grid size={12}>
            <TextField
              select
              size="small"
              label="Tipo de data"
              value={String(draft.tipo_data)}
              onChange={(event) => set('tipo_data', event.target.value === '1' ? 1 : 0)}
            >
              <MenuItem value="0">Data de captação</MenuItem>
              <MenuItem value="1">Data de atendimento</MenuItem>
            </TextField>
          </Grid>
        )}
      </Grid>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            setDraft(EMPTY_ADVANCED_FILTER);
            onApply(EMPTY_ADVANCED_FILTER);
          }}
        >
          Limpar
        </Button>
        <Button variant="contained" onClick={() => onApply(draft)}>
          Aplicar
        </Button>
      </Stack>
    </Stack>
  );
}
