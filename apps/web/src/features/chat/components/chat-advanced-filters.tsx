// The advanced filter area of the chat list (001 §2, §3 "Filters (lead list)"): edited here,
// applied only with 'Aplicar'; 'Limpar' empties it and applies at once. The attendant filter
// shows only to whom may see other attendants' leads (001 §6: acesso_atribuidos, clienteAtendente).
import { Autocomplete, Button, Grid, Stack, TextField } from '@mui/material';
import { useState } from 'react';

import { FilterDateField, IdSelect } from '../../../components/ui/filter-fields.tsx';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { EMPTY_CHAT_ADVANCED, MESSAGE_STATUS_OPTIONS, type ChatAdvancedFilter } from '../chat-filters.ts';

type Props = { applied: ChatAdvancedFilter; showAttendants: boolean; onApply: (filter: ChatAdvancedFilter) => void };

type Option = { id: number; nome: string };

/** The shared filter date (DD/MM/YYYY on screen); the chat's filter holds '' for no date. */
function DateField({
  label,
  value,
  onChange,
  minDate,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  minDate?: string;
}) {
  return (
    <FilterDateField
      fullWidth
      label={label}
      value={value || null}
      minDate={minDate || null}
      onChange={(day) => onChange(day ?? '')}
    />
  );
}

function IdsField({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly Option[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <Autocomplete<Option, true>
      multiple
      size="small"
      options={options}
      value={options.filter((option) => value.includes(option.id))}
      getOptionLabel={(option) => option.nome}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, chosen) => onChange(chosen.map((option) => option.id))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

export function ChatAdvancedFilters({ applied, showAttendants, onApply }: Props) {
  const unit = useLoadedUnitData();
  const [draft, setDraft] = useState(applied);
  const set = <K extends keyof ChatAdvancedFilter>(key: K, value: ChatAdvancedFilter[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const negotiation = unit.crm_contato_negociacao_status.map((s) => ({ id: s.idFunil, nome: s.nome }));
  const sale = unit.crm_contato_negociacao_status_venda.map((s) => ({ id: s.idFunilVenda, nome: s.nome }));

  return (
    <Stack
      spacing={1.25}
      sx={{ pt: 1.5 }}
      component="form"
      aria-label="Filtros avançados"
      onSubmit={(event) => (event.preventDefault(), onApply(draft))}
    >
      <Grid container spacing={1.25}>
        <Grid size={6}>
          <IdSelect
            fullWidth
            label="Status da Negociação"
            value={draft.cli_status_negociacao}
            options={negotiation}
            onChange={(v) => set('cli_status_negociacao', v)}
          />
        </Grid>
        <Grid size={6}>
          <IdSelect
            fullWidth
            label="Status do Cliente"
            value={draft.cli_status_negociacao_venda}
            options={sale}
            onChange={(v) => set('cli_status_negociacao_venda', v)}
          />
        </Grid>
        <Grid size={6}>
          <IdSelect
            fullWidth
            label="Status do Contato"
            value={draft.cli_contato_status}
            options={unit.crm_cliente_contato_status}
            onChange={(v) => set('cli_contato_status', v)}
          />
        </Grid>
        <Grid size={6}>
          <IdSelect
            fullWidth
            label="Plataforma"
            value={draft.cli_tipo_lead}
            options={unit.plataformas}
            onChange={(v) => set('cli_tipo_lead', v)}
          />
        </Grid>
        <Grid size={6}>
          <IdSelect
            fullWidth
            label="Status da Mensagem"
            value={draft.status_mensagem}
            options={MESSAGE_STATUS_OPTIONS}
            onChange={(v) => set('status_mensagem', v)}
          />
        </Grid>
        <Grid size={6}>
          <TextField
            size="small"
            fullWidth
            label="Campanha"
            value={draft.cli_campanha_nome}
            onChange={(event) => set('cli_campanha_nome', event.target.value)}
          />
        </Grid>
        <Grid size={6}>
          <DateField label="Captação de" value={draft.cli_data_inicio} onChange={(v) => set('cli_data_inicio', v)} />
        </Grid>
        <Grid size={6}>
          <DateField
            label="Captação até"
            value={draft.cli_data_fim}
            minDate={draft.cli_data_inicio}
            onChange={(v) => set('cli_data_fim', v)}
          />
        </Grid>
        <Grid size={6}>
          <DateField
            label="Última recebida de"
            value={draft.cli_data_inicio_ultima_mensagem_recebida}
            onChange={(v) => set('cli_data_inicio_ultima_mensagem_recebida', v)}
          />
        </Grid>
        <Grid size={6}>
          <DateField
            label="Última recebida até"
            value={draft.cli_data_fim_ultima_mensagem_recebida}
            minDate={draft.cli_data_inicio_ultima_mensagem_recebida}
            onChange={(v) => set('cli_data_fim_ultima_mensagem_recebida', v)}
          />
        </Grid>
        <Grid size={showAttendants ? 6 : 12}>
          <IdsField label="Tags" options={unit.tags} value={draft.tag} onChange={(ids) => set('tag', ids)} />
        </Grid>
        {showAttendants && (
          <Grid size={6}>
            <IdsField
              label="Atendentes"
              options={unit.usuarios}
              value={draft.atendentes}
              onChange={(ids) => set('atendentes', ids)}
            />
          </Grid>
        )}
      </Grid>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            setDraft(EMPTY_CHAT_ADVANCED);
            onApply(EMPTY_CHAT_ADVANCED);
          }}
        >
          Limpar
        </Button>
        <Button type="submit" variant="contained">
          Aplicar
        </Button>
      </Stack>
    </Stack>
  );
}
