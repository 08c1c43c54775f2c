// The left third of the chat (001 §2 "Lead list panel"): 'Busque por contatos e mensagens' (1 s
// debounce, 001 §5, §9), the 'lead'/'leads' count, the quick chips of 001 §4 with their exclusive
// pairs, the advanced filters of 001 §3 with 'Limpar' and 'Aplicar', 'Novo Cliente', the
// notifications toggle and the rows: 50 a load, virtualised (row estimate 75, overscan 5), moved
// to the top as messages arrive.
import FilterList from '@mui/icons-material/FilterList';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import NotificationsOff from '@mui/icons-material/NotificationsOff';
import PersonAdd from '@mui/icons-material/PersonAdd';
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
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { isAllQuickFilter, QUICK_FILTER_LABELS, toggleQuickFilter, visibleQuickFilters } from '@funil/domain/leads/quick-filters';
import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';

import { SearchField } from '../../../components/ui/filter-fields.tsx';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useChatLeads, type ChatLead } from '../api/chat-leads.ts';
import { useSetNotifications } from '../api/notifications.ts';
import { countChatAdvanced, EMPTY_CHAT_LIST_STATE, toChatListFilter, type ChatAdvancedFilter } from '../chat-filters.ts';
import { useChatLeadKit } from '../chat-kit.tsx';
import { notificationsOn, requestNotificationPermission } from '../notifications.ts';
import { matchedMessageOf } from '../search-match.ts';
import { ChatAdvancedFilters } from './chat-advanced-filters.tsx';
import { ChatLeadRow } from './chat-lead-row.tsx';

/** 001 §9: row height estimate 75, overscan 5. */
const ROW_ESTIMATE = 75;
const OVERSCAN = 5;

type ChatLeadListProps = { selectedId: number | null; narrow: boolean; onSelect: (lead: ChatLead) => void };

export const countLabel = (total: number) => `${total.toLocaleString('pt-BR')} ${total === 1 ? 'lead' : 'leads'}`;

function NotificationsToggle() {
  const unit = useLoadedUnitData();
  const { enqueueSnackbar } = useSnackbar();
  const saved = notificationsOn(unit.dados_usuario.configuracoes);
  const set = useSetNotifications();
  const on = set.isPending && set.variables !== undefined ? set.variables : saved;
  const label = on ? 'Desativar notificações' : 'Ativar notificações';
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          aria-pressed={on}
          disabled={set.isPending}
          color={on ? 'primary' : 'default'}
          onClick={() => {
            if (!on) requestNotificationPermission();
            set.mutate(!on, { onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }) });
          }}
        >
          {on ? <NotificationsActive /> : <NotificationsOff />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function ChatLeadList({ selectedId, narrow, onSelect }: ChatLeadListProps) {
  const unit = useLoadedUnitData();
  const kit = useChatLeadKit();
  // issue 21 item 6: a manager creates no lead.
  const canChange = kit.useCanChangeLeads();
  const extras = useMemo(() => parseConfiguracoesExtra(unit.crm_configuracoes.configuracoesExtra), [unit]);
  const clienteAtendente = extras.clienteAtendente === true;
  const chips = visibleQuickFilters({ clienteAtendente, atendimentoHabilitado: unit.atendimentoHabilitado });
  // 001 §6: the attendant filter only for who sees other attendants' leads.
  const showAttendants = clienteAtendente && unit.dados_usuario.acesso_atribuidos === 1;

  const [state, setState] = useState(EMPTY_CHAT_LIST_STATE);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const search = useCallback(
    (typed: string) => setState((current) => (current.search === typed ? current : { ...current, search: typed })),
    [],
  );

  const filter = useMemo(() => toChatListFilter(state), [state]);
  const list = useChatLeads(filter);
  const leads = useMemo(() => list.data?.pages.flatMap((page) => page.clientes) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;

  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render by design.
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: OVERSCAN,
    getItemKey: (index) => leads[index]?.cli_crm_id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (lastIndex >= leads.length - OVERSCAN && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastIndex, leads.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const applyAdvanced = useCallback((advanced: ChatAdvancedFilter) => setState((current) => ({ ...current, advanced })), []);
  const activeFilters = countChatAdvanced(state.advanced);
  const searching = state.search.trim() !== '';

  return (
    <Paper
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      component="section"
      aria-label="Conversas"
    >
      <Box sx={{ p: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <SearchField fullWidth placeholder="Busque por contatos e mensagens" onSearch={search} />
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
            const on = chip === 'todos' ? isAllQuickFilter(state.quick) : state.quick[chip];
            return (
              <Chip
                key={chip}
                size="small"
                label={QUICK_FILTER_LABELS[chip]}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                aria-pressed={on}
                onClick={() => setState((current) => ({ ...current, quick: toggleQuickFilter(current.quick, chip) }))}
              />
            );
          })}
        </Stack>
        <Collapse in={filtersOpen} unmountOnExit>
          <ChatAdvancedFilters applied={state.advanced} showAttendants={showAttendants} onApply={applyAdvanced} />
        </Collapse>
        <Stack direction="row" spacing={0.25} sx={{ mt: 0.5, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" data-testid="chat-lead-count">
            {list.isPending ? 'Carregando...' : countLabel(total)}
          </Typography>
          {list.isFetching && !list.isPending && <CircularProgress size={14} aria-label="Atualizando lista" sx={{ ml: 1 }} />}
          <Box sx={{ flex: 1 }} />
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
          {canChange && (
            <Tooltip title="Novo Cliente">
              <IconButton aria-label="Novo Cliente" color="primary" onClick={kit.openNewClient}>
                <PersonAdd />
              </IconButton>
            </Tooltip>
          )}
          <NotificationsToggle />
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
            {(searching || activeFilters > 0 || !isAllQuickFilter(state.quick)) && (
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
                <ChatLeadRow
                  lead={lead}
                  selected={lead.cli_crm_id === selectedId}
                  narrow={narrow}
                  showAttendant={unit.atendimentoHabilitado}
                  matched={searching ? matchedMessageOf(lead) : null}
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
