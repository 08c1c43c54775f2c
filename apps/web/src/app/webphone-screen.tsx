// /webphone (002 §2.1, title WebPhone; issue 12): the softphone control bar on top, the CRM's
// contact list on the left and the selected contact's detail on the right. The app composes the
// two features: the webphone's bar and queue, the leads feature's list and detail. The contact in
// the call is selected by itself; ?ligar=<id> ('Ligar Agora' on the CRM) places one call.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Grid, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { canOpenLead } from '@funil/domain/leads/negotiation';
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { LeadDetail } from '../features/leads/components/lead-detail.tsx';
import { LeadListPanel } from '../features/leads/components/lead-list-panel.tsx';
import { useLeadSettings } from '../features/leads/components/use-lead-settings.ts';
import { useQueryClient } from '@tanstack/react-query';
import { fullContactQuery } from '../features/leads/api/get-full-contact.ts';
import { SoftphoneBar } from '../features/webphone/components/softphone-bar.tsx';
import { useWebphone } from '../features/webphone/components/use-webphone.ts';

export function WebphoneScreen() {
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const phone = useWebphone(audio);
  const settings = useLeadSettings();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('lead')) > 0 ? Number(params.get('lead')) : null;
  const select = useCallback(
    (lead: CrmContato) => {
      const decision = canOpenLead(lead, settings.viewer);
      if (!decision.allowed) {
        enqueueSnackbar(decision.message, { variant: 'warning' });
        return;
      }
      setParams({ lead: String(lead.cli_crm_id) });
    },
    [settings.viewer, enqueueSnackbar, setParams],
  );

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

  return (
    <Stack spacing={1.5} sx={{ height: { xs: 'auto', md: 'calc(100dvh - 120px)' }, minHeight: 520 }}>
      <Typography variant="h2" component="h2">
        WebPhone
      </Typography>
      <SoftphoneBar phone={phone} />
      <audio ref={setAudio} autoPlay data-testid="remote-audio" />
      <Grid container spacing={2} sx={{ flex: 1, minHeight: 0 }}>
        <Grid size={{ xs: 12, md: 4 }} sx={{ height: { xs: 560, md: '100%' } }}>
          <LeadListPanel selectedId={selectedId} onSelect={select} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }} sx={{ height: { xs: 'auto', md: '100%' } }}>
          {selectedId === null ? (
            <Paper sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 4 }}>
              <Typography color="text.secondary">Selecione um contato no menu ao lado.</Typography>
            </Paper>
          ) : (
            <LeadDetail key={selectedId} leadId={selectedId} onLeave={() => setParams({})} />
          )}
        </Grid>
      </Grid>
    </Stack>
  );
}
