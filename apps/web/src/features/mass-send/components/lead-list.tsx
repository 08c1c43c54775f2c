// The found leads of the composer (002 §2.2 "Right: list of found leads with a select-all
// checkbox"): virtualised rows of 70 px (002 §9), the list states 'Carregando...', 'Nenhum lead
// encontrado' and 'Filtro não aplicado'.
import { Avatar, Box, Checkbox, Divider, FormControlLabel, Stack, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

import { formatPhoneDisplay } from '@funil/domain/phone/phone';

import { avatarColor, initialsOf } from '../../../components/ui/lead-avatar.ts';
import { LEAD_ROW_HEIGHT, LIST_MESSAGES } from '../composer-rules.ts';

export type FoundLead = { cli_crm_id: number; cli_nome: string; cli_telefone: string; statusNome?: string | null };

type LeadListProps = {
  leads: readonly FoundLead[];
  state: 'idle' | 'loading' | 'ready';
  selected: ReadonlySet<number>;
  limit: number;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
};

const countFormat = new Intl.NumberFormat('pt-BR');

export function LeadList({ leads, state, selected, limit, onToggle, onToggleAll }: LeadListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual's API is not memo-safe; this component re-renders with it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: state === 'ready' ? leads.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LEAD_ROW_HEIGHT,
    overscan: 5,
    getItemKey: (index) => leads[index]?.cli_crm_id ?? index,
  });
  const target = Math.min(leads.length, limit);
  const allChecked = target > 0 && selected.size === target;

  let empty: string | null = null;
  if (state === 'idle') empty = LIST_MESSAGES.noFilter;
  else if (state === 'loading') empty = LIST_MESSAGES.loading;
  else if (leads.length === 0) empty = LIST_MESSAGES.noLeads;

  return (
    <Stack sx={{ flex: 1, minHeight: 0 }} component="section" aria-label="Leads encontrados">
      <Stack direction="row" sx={{ alignItems: 'center', px: 1, py: 0.5, gap: 1 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={allChecked}
              indeterminate={selected.size > 0 && !allChecked}
              disabled={state !== 'ready' || leads.length === 0}
              onChange={onToggleAll}
            />
          }
          label="Selecionar todos"
        />
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} data-testid="contagem-selecionados">
          {countFormat.format(selected.size)} de {countFormat.format(leads.length)} selecionados (máx. {countFormat.format(limit)}
          )
        </Typography>
      </Stack>
      <Divider />
      <Box ref={scrollRef} sx={{ flex: 1, minHeight: 140, overflowY: 'auto' }} data-testid="lista-leads">
        {empty !== null ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
            {empty}
          </Typography>
        ) : (
          <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="list">
            {virtualizer.getVirtualItems().map((item) => {
              const lead = leads[item.index]!;
              const checked = selected.has(lead.cli_crm_id);
              const labelId = `lead-${lead.cli_crm_id}`;
              return (
                <Stack
                  key={item.key}
                  role="listitem"
                  direction="row"
                  data-lead-id={lead.cli_crm_id}
                  onClick={() => onToggle(lead.cli_crm_id)}
                  sx={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: LEAD_ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                    alignItems: 'center',
                    gap: 1.5,
                    px: 1,
                    cursor: 'pointer',
                    borderBottom: 1,
                    borderColor: 'divider',
                    bgcolor: checked ? 'action.selected' : undefined,
                    '&:hover': { bgcolor: 'action.hover' },
                  }}
                >
                  <Checkbox
                    checked={checked}
                    slotProps={{ input: { 'aria-labelledby': labelId } }}
                    onClick={(e) => e.stopPropagation()}
                    onChange={() => onToggle(lead.cli_crm_id)}
                  />
                  <Avatar sx={{ bgcolor: avatarColor(lead.cli_nome), width: 36, height: 36, fontSize: 14 }}>
                    {initialsOf(lead.cli_nome)}
                  </Avatar>
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography id={labelId} variant="body2" noWrap sx={{ fontWeight: 600 }}>
                      {lead.cli_nome}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" noWrap component="p">
                      {formatPhoneDisplay(lead.cli_telefone)}
                      {lead.statusNome ? ` · ${lead.statusNome}` : ''}
                    </Typography>
                  </Box>
                </Stack>
              );
            })}
          </Box>
        )}
      </Box>
    </Stack>
  );
}
