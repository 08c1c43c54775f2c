// /webphone (002 §2.1, title WebPhone; issue 12): the softphone control bar on top, the CRM's
// contact list on the left and the selected contact's detail on the right. The app composes the
// two features: the webphone's bar and queue, the leads feature's list and detail. The contact in
// the call is selected by itself; ?ligar=<id> ('Ligar Agora' on the CRM) places one call, and so
// does 'Ligar Agora' on the selected contact's detail.
// For the company admin (ag) "a unit dropdown (label Unidades, placeholder Selecione a unidade)
// replaces the call controller and contacts are loaded by unit" (002 §2.1, §6): no phone, no queue.
import { Alert, Grid, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { canUseSoftphone } from '@funil/domain/access/routes';
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { canOpenLead } from '@funil/domain/leads/negotiation';
import { canCallSingle } from '@funil/domain/webphone/call-queue';

import { UnitSelect } from '../components/ui/unit-select.tsx';
import { fullContactQuery } from '../features/leads/api/get-full-contact.ts';
import { useUnits } from '../features/leads/api/get-units.ts';
import { LeadDetail, UnitLeadDetail } from '../features/leads/components/lead-detail.tsx';
import { LeadListPanel } from '../features/leads/components/lead-list-panel.tsx';
import { useLeadSettings } from '../features/leads/components/use-lead-settings.ts';
import { SoftphoneBar } from '../features/webphone/components/softphone-bar.tsx';
import { useWebphone } from '../features/webphone/components/use-webphone.ts';
import { useAccessContext } from '../lib/access.ts';
import { useCurrentUser } from '../lib/session.ts';

export function WebphoneScreen() {
  const access = useAccessContext();
  return canUseSoftphone(access) ? <SoftphoneWebphone /> : <UnitWebphone />;
}

function Placeholder({ children }: { children: ReactNode }) {
  return (
    <Paper sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 4 }}>
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {children}
      </Typography>
    </Paper>
  );
}

const NO_CONTACT = 'Selecione um contato no menu ao lado.';

function WebphoneLayout({ top, list, detail }: { top: ReactNode; list: ReactNode; detail: ReactNode }) {
  return (
    <Stack spacing={1.5} sx={{ height: { xs: 'auto', md: 'calc(100dvh - 120px)' }, minHeight: 520 }}>
      <Typography variant="h2" component="h2">
        WebPhone
      </Typography>
      {top}
      <Grid container spacing={2} sx={{ flex: 1, minHeight: 0 }}>
        <Grid size={{ xs: 12, md: 4 }} sx={{ height: { xs: 560, md: '100%' } }}>
          {list}
        </Grid>
        <Grid size={{ xs: 12, md: 8 }} sx={{ height: { xs: 'auto', md: '100%' } }}>
          {detail}
        </Grid>
      </Grid>
    </Stack>
  );
}

/** Selecting a contact: 001 §5 "Opening a lead" decides, the URL keeps the choice. */
function useSelectLead(onAllowed: (lead: CrmContato) => void) {
  const settings = useLeadSettings();
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    (lead: CrmContato) => {
      const decision = canOpenLead(lead, settings.viewer);
      if (!decision.allowed) {
        enqueueSnackbar(decision.message, { variant: 'warning' });
        return;
      }
      onAllowed(lead);
    },
    [settings.viewer, enqueueSnackbar, onAllowed],
  );
}

function SoftphoneWebphone() {
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const phone = useWebphone(audio);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('lead')) > 0 ? Number(params.get('lead')) : null;
  const select = useSelectLead(useCallback((lead: CrmContato) => setParams({ lead: String(lead.cli_crm_id) }), [setParams]));

  // The contact the queue takes is the one on the right.
  const current = phone.state.contatoCall?.cli_crm_id ?? null;
  useEffect(() => {
    if (current !== null) setParams({ lead: String(current) }, { replace: true });
  }, [current, setParams]);

  // 'Ligar Agora' from the CRM: one call once the phone is connected.
  const pending = useRef(Number(params.get('ligar')) > 0 ? Number(params.get('ligar')) : null);
  const connected = phone.state.statusPhone === 'connected';
  useEffect(() => {
    const id = pending.current;
    if (!connected || id === null) return;
    pending.current = null;
    void queryClient
      .fetchQuery(fullContactQuery(id))
      .then((full) => {
        if (full.crm_contato_completo) phone.dispatch({ type: 'single', contact: full.crm_contato_completo });
      })
      .catch(() => undefined);
  }, [connected, phone, queryClient]);

  // issue 21 item 14: 'Ligar Agora' on the selected contact calls from here (002 §4 single call).
  const callAction = {
    call: (lead: CrmContato) => phone.dispatch({ type: 'single', contact: lead }),
    disabled: !canCallSingle(phone.state),
  };

  return (
    <WebphoneLayout
      top={
        <>
          <SoftphoneBar phone={phone} />
          <audio ref={setAudio} autoPlay data-testid="remote-audio" />
        </>
      }
      list={<LeadListPanel selectedId={selectedId} onSelect={select} />}
      detail={
        selectedId === null ? (
          <Placeholder>{NO_CONTACT}</Placeholder>
        ) : (
          <LeadDetail key={selectedId} leadId={selectedId} onLeave={() => setParams({})} callAction={callAction} />
        )
      }
    />
  );
}

/**
 * The company admin's /webphone (002 §2.1, §6 "ag shows a unit selector"): the 'Unidades'
 * dropdown instead of the call controller; the chosen unit's contacts and, on the right, the
 * selected one (read-only for another unit: its changes stay with that unit's people).
 */
function UnitWebphone() {
  const user = useCurrentUser();
  const units = useUnits(true);
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('unidade')) > 0 ? Number(params.get('unidade')) : null;
  const unit = chosen === null ? undefined : units.data?.find((u) => u.id === chosen);
  const selectedId = unit && Number(params.get('lead')) > 0 ? Number(params.get('lead')) : null;
  const own = unit?.id === user.idUnidade;
  const select = useSelectLead(
    useCallback((lead: CrmContato) => setParams({ unidade: String(chosen), lead: String(lead.cli_crm_id) }), [chosen, setParams]),
  );
  const leave = () => setParams(chosen === null ? {} : { unidade: String(chosen) });

  let detail: ReactNode;
  if (!unit || selectedId === null) detail = <Placeholder>{NO_CONTACT}</Placeholder>;
  else if (own) detail = <LeadDetail key={selectedId} leadId={selectedId} onLeave={leave} />;
  else
    detail = (
      <UnitLeadDetail
        key={`${unit.id}-${selectedId}`}
        leadId={selectedId}
        idUnidade={unit.id}
        unitName={unit.nome}
        onLeave={leave}
      />
    );

  return (
    <WebphoneLayout
      top={
        <Paper sx={{ p: 1.5 }} component="section" aria-label="Unidade">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
            <UnitSelect
              label="Unidades"
              placeholder="Selecione a unidade"
              units={units.data ?? []}
              value={unit?.id ?? null}
              disabled={units.isPending}
              onChange={(idUnidade) => setParams({ unidade: String(idUnidade) })}
            />
            {units.isError && <Alert severity="error">{units.error.message}</Alert>}
          </Stack>
        </Paper>
      }
      list={
        unit ? (
          <LeadListPanel key={unit.id} selectedId={selectedId} onSelect={select} idUnidade={own ? null : unit.id} />
        ) : (
          <Placeholder>Selecione a unidade para ver os contatos.</Placeholder>
        )
      }
      detail={detail}
    />
  );
}
