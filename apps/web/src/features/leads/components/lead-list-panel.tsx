// The left pane of the CRM (002 §2.1, 001 §2 "Lead list panel", §5 "Search"): search debounced
// 1 s, the filter chips of 002 §2.1, the advanced filter area, 'N lead(s)' and a virtualised list whose
// pages accumulate as it scrolls (001 §9: row estimate 75, overscan 5).
import FilterList from '@mui/icons-material/FilterList';
import {
  Alert,
  Badge,
  Box,
  Button,
  Chip,
  CircularProgress,
  Collapse,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { ALL_CHIP_ID, visibleContactListChips } from '@funil/domain/leads/contact-list-chips';
import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';

import { SearchField } from '../../../components/ui/filter-fields.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useContactList } from '../api/get-contact-list.ts';
import { AdvancedFilters } from './advanced-filters.tsx';
import { countAdvancedFilters, EMPTY_CRM_FILTER, toListFilter, type AdvancedFilter } from './crm-filters.ts';
import { LeadListRow } from './lead-list-row.tsx';

const ROW_ESTIMATE = 75;

type LeadListPanelProps = {
  selectedId: number | null;
  onSelect: (lead: CrmContato) => void;
  /** The unit a company admin (ag) chose on /webphone (issue 12, 002 §2.1); the session's unit when absent. */
  idUnidade?: number | null;
};

const countLabel = (total: number) => `${total.toLocaleString('pt-BR')} ${total === 1 ? 'lead' : 'leads'}`;

export function LeadListPanel({ selectedId, onSelect, idUnidade = null }: LeadListPanelProps) {
  const unit = useLoadedUnitData();
  const user = useCurrentUser();
  const extras = useMemo(() => parseConfiguracoesExtra(unit.crm_configuracoes.configuracoesExtra), [unit]);
  const chips = visibleContactListChips({ clienteAtendente: extras.clienteAtendente === true });

  const [state, setState] = useState(EMPTY_CRM_FILTER);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const search = useCallback(
    (typed: string) => setState((current) => (current.search === typed ? current : { ...current, search: typed })),
    [],
  );

  const filter = useMemo(() => toListFilter(state, user.idUser), [state, user.idUser]);
  const list = useContactList(filter, idUnidade);
  const leads = useMemo(() => list.data?.pages.flatMap((page) => page.crm_contato) ?? [], [list.data]);
  const total = list.data?.pages.at(-1)?.crm_contato_total.total ?? 0;
  const statuses = useMemo(() => new Map(unit.crm_contato_negociacao_status.map((s) => [s.idFunil, s])), [unit]);

  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render by design.
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 5,
    getItemKey: (index) => leads[index]?.cli_crm_id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (lastIndex >= leads.length - 5 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastIndex, leads.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const applyAdvanced = useCallback((advanced: AdvancedFilter) => setState((current) => ({ ...current, advanced })), []);
  const activeFilters = countAdvancedFilters(state.advanced);

  return (
    <Paper
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      component="section"
      aria-label="Lista de leads"
    >
      <Box sx={{ p: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <SearchField label="Buscar" placeholder="Nome ou telefone" onSearch={search} />
          <Tooltip title={filtersOpen ? 'Ocultar filtros' : 'Filtros avançados'}>
            <IconButton
              aria-label="Filtros avançados"
              aria-expanded={filtersOpen}
              onClick={() => setFiltersOpen((open) => !open)}
              color={activeFilters > 0 ? 'primary' : 'default'}
            >
              <Badge badgeContent={activeFilters} color="primary">
                <FilterList />
              </Badge>
            </IconButton>
          </Tooltip>
        </Stack>
        <Stack
          direction="row"
          spacing={0.75}
          useFlexGap
          sx={{ mt: 1, flexWrap: 'wrap' }}
          role="group"
          aria-label="Filtros rápidos"
        >
          {chips.map((chip) => {
            const on = state.chip === chip.id;
            return (
              <Chip
                key={chip.id}
                size="small"
                label={chip.label}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                aria-pressed={on}
                onClick={() => setState((current) => ({ ...current, chip: chip.id }))}
              />
            );
          })}
        </Stack>
        <Collapse in={filtersOpen} unmountOnExit>
          <AdvancedFilters applied={state.advanced} onApply={applyAdvanced} />
        </Collapse>
        <Stack direction="row" sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
            {list.isPending ? 'Carregando...' : countLabel(total)}
          </Typography>
          {list.isFetching && !list.isPending && <CircularProgress size={14} aria-label="Atualizando lista" />}
        </Stack>
      </Box>
      <Box ref={scroller} sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {list.isError && (
          <Alert
            severity="error"
            sx={{ m: 1.5 }}
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                Tentar de novo
              </Button>
            }
          >
            {list.error.message}
          </Alert>
        )}
        {!list.isPending && !list.isError && leads.length === 0 && (
          <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
            <Typography>Nenhum registro encontrado!</Typography>
            {(state.search || activeFilters > 0 || state.chip !== ALL_CHIP_ID) && (
              <Typography variant="body2">Tente outra busca ou limpe os filtros.</Typography>
            )}
          </Box>
        )}
        <Box role="list" aria-label="Leads" sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const lead = leads[item.index];
            if (!lead) return null;
            return (
              <Box
                key={item.key}
                role="listitem"
                data-index={item.index}
                ref={virtualizer.measureElement}
                sx={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
              >
                <LeadListRow
                  lead={lead}
                  status={lead.cli_status_negociacao === null ? undefined : statuses.get(lead.cli_status_negociacao)}
                  selected={lead.cli_crm_id === selectedId}
                  showAttendant={unit.atendimentoHabilitado}
                  onSelect={onSelect}
                />
              </Box>
            );
          })}
        </Box>
        {isFetchingNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
            <CircularProgress size={20} aria-label="Carregando mais leads" />
          </Box>
        )}
      </Box>
    </Paper>
  );
}
