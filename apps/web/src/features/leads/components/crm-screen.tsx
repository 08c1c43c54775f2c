// /crm (002 §2.1): title CRM with refresh and add icons, 'Dados dos últimos N dias', the lead
// list on the left (4/12) and the selected lead on the right (8/12). The selection lives in the
// URL (?lead=123) so a reload keeps it; below md the two stack, the detail with a back button.
import PersonAdd from '@mui/icons-material/PersonAdd';
import Refresh from '@mui/icons-material/Refresh';
import TouchApp from '@mui/icons-material/TouchApp';
import { Box, Grid, IconButton, Paper, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import type { CompanyContactAction, CrmContato } from '@funil/domain/leads-api/lead-api';
import { canOpenLead } from '@funil/domain/leads/negotiation';
import { contactEvent, leadUpdateEvent, pipelineMoveEvent } from '@funil/domain/realtime/events';

import { useSocketEvent } from '../../../lib/socket.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { fullContactQuery } from '../api/get-full-contact.ts';
import { applyLeadChange, dropLeadRows, isLeadListed } from '../api/lead-cache.ts';
import { leadKeys } from '../api/lead-keys.ts';
import { openContactDialog } from './contact-dialog-store.ts';
import { LeadDetail } from './lead-detail.tsx';
import { LeadListPanel } from './lead-list-panel.tsx';
import { useLeadSettings } from './use-lead-settings.ts';

// Actions that add or remove leads from a list: the loaded pages are read again (coalesced).
const MEMBERSHIP_ACTIONS: ReadonlySet<CompanyContactAction> = new Set<CompanyContactAction>([
  'criado',
  'importados',
  'apagado',
  'transferido',
  'atribuido',
  'desatribuido',
]);
const LIST_REFRESH_DELAY_MS = 1_000;
// A chat burst changes a lead's chat fields once per message: its row is read again once per window.
const CHAT_REFRESH_DELAY_MS = 1_000;

function EmptyDetail() {
  return (
    <Paper sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 4, textAlign: 'center' }}>
      <Stack spacing={1} sx={{ alignItems: 'center', maxWidth: 360, color: 'text.secondary' }}>
        <TouchApp sx={{ fontSize: 48, color: 'primary.light' }} aria-hidden />
        <Typography variant="h3" component="p" color="text.primary">
          Selecione um lead para começar
        </Typography>
        <Typography variant="body2">
          Escolha um lead na lista ao lado para ver os dados, mudar o status, anotar e acompanhar o histórico.
        </Typography>
      </Stack>
    </Paper>
  );
}

/** Live updates (001 §7 socket events): the selected lead and the rows of the list. */
function useLiveLeads(selectedId: number | null) {
  const unit = useLoadedUnitData();
  const queryClient = useQueryClient();
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refreshLead = useCallback(
    async (id: number) => {
      try {
        const full = await queryClient.fetchQuery({ ...fullContactQuery(id), staleTime: 0 });
        applyLeadChange(queryClient, id, full.crm_contato_completo);
      } catch {
        // Gone from this user's reach (deleted, moved, assigned away): drop its row.
        dropLeadRows(queryClient, id);
      }
    },
    [queryClient],
  );

  // Chat changes (action 'whatsapp') come once per message: coalesced per lead.
  const chatPending = useRef(new Set<number>());
  const chatTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshSoon = useCallback(
    (id: number) => {
      chatPending.current.add(id);
      chatTimer.current ??= setTimeout(() => {
        chatTimer.current = null;
        const ids = [...chatPending.current];
        chatPending.current.clear();
        for (const pending of ids) void refreshLead(pending);
      }, CHAT_REFRESH_DELAY_MS);
    },
    [refreshLead],
  );
  useEffect(
    () => () => {
      for (const timer of [refreshTimer.current, chatTimer.current]) if (timer) clearTimeout(timer);
    },
    [],
  );

  useSocketEvent(leadUpdateEvent(selectedId ?? 0), (event) => {
    if (selectedId === null || event.cli_crm_id !== selectedId) return;
    if (event.action === 'whatsapp') refreshSoon(selectedId);
    else void refreshLead(selectedId);
  });
  // A drag on the pipeline is announced once, on the board's event (issue 22 §2): the lead's row
  // (or the open lead) is read again as for its status change.
  useSocketEvent(pipelineMoveEvent(unit.dados_unidade.idEmpresa), (event) => {
    if (event.idUnidade !== unit.dados_unidade.id) return;
    if (event.cli_crm_id === selectedId || isLeadListed(queryClient, event.cli_crm_id)) void refreshLead(event.cli_crm_id);
  });
  // One shape from every module (issue 7 §3): a lead created by a WhatsApp message from an unknown
  // number arrives as 'criado' like a manual one, and the list is read again.
  useSocketEvent(contactEvent(unit.dados_unidade.idEmpresa), (event) => {
    if (event.idUnidade !== unit.dados_unidade.id) return;
    if (MEMBERSHIP_ACTIONS.has(event.action) || event.cli_crm_id === 0) {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
        LIST_REFRESH_DELAY_MS,
      );
      return;
    }
    // The selected lead is refreshed by its own event.
    if (event.cli_crm_id === selectedId || !isLeadListed(queryClient, event.cli_crm_id)) return;
    if (event.action === 'whatsapp') refreshSoon(event.cli_crm_id);
    else void refreshLead(event.cli_crm_id);
  });
}

export function CrmScreen() {
  const unit = useLoadedUnitData();
  const settings = useLeadSettings();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const selectedId = Number(params.get('lead')) > 0 ? Number(params.get('lead')) : null;
  useLiveLeads(selectedId);

  const viewer = settings.viewer;
  const select = useCallback(
    (lead: CrmContato) => {
      // 001 §5 "Opening a lead".
      const decision = canOpenLead(lead, viewer);
      if (!decision.allowed) {
        enqueueSnackbar(decision.message, { variant: 'warning' });
        return;
      }
      setParams({ lead: String(lead.cli_crm_id) });
    },
    [viewer, enqueueSnackbar, setParams],
  );
  const leave = useCallback(() => setParams({}), [setParams]);
  const days = unit.crm_configuracoes.intervalo_dias_crm;
  const showDetail = selectedId !== null;

  return (
    <Stack spacing={1.5} sx={{ height: { xs: 'calc(100dvh - 112px)', md: 'calc(100dvh - 120px)' }, minHeight: 480 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" component="h2">
            CRM
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Dados dos últimos {days} dias
          </Typography>
        </Box>
        <Tooltip title="Atualizar lista">
          <IconButton aria-label="Atualizar lista" onClick={() => void queryClient.invalidateQueries({ queryKey: leadKeys.all })}>
            <Refresh />
          </IconButton>
        </Tooltip>
        <Tooltip title="Cadastrar Contato">
          <IconButton aria-label="Cadastrar Contato" color="primary" onClick={openContactDialog}>
            <PersonAdd />
          </IconButton>
        </Tooltip>
      </Stack>
      <Grid container spacing={2} sx={{ flex: 1, minHeight: 0 }}>
        <Grid size={{ xs: 12, md: 4 }} sx={{ height: '100%', display: narrow && showDetail ? 'none' : 'block' }}>
          <LeadListPanel selectedId={selectedId} onSelect={select} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }} sx={{ height: '100%', display: narrow && !showDetail ? 'none' : 'block' }}>
          {selectedId === null ? (
            <EmptyDetail />
          ) : (
            <LeadDetail key={selectedId} leadId={selectedId} onLeave={leave} onBack={narrow ? leave : undefined} />
          )}
        </Grid>
      </Grid>
    </Stack>
  );
}
