// The right pane of the CRM (002 §2.1): the contact panel on top, negotiation, tags and
// attendant, then tabs for the history (with the note box), scheduling, appointments and the contact block.
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Divider, Paper, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { canOpenChat } from '@funil/domain/access/chat-route';
import { useAccessContext } from '../../../lib/access.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { openWhatsappDialog } from '../../../lib/whatsapp-dialog-store.ts';
import { useFullContact } from '../api/get-full-contact.ts';
import { AppointmentsTable } from './appointments-table.tsx';
import { AttendantPanel } from './attendant-panel.tsx';
import { LeadContactForm } from './lead-contact-form.tsx';
import { LeadHeader } from './lead-header.tsx';
import { LeadTagsPicker } from './lead-tags-picker.tsx';
import { LeadTimeline } from './lead-timeline.tsx';
import { NegotiationPanel } from './negotiation-panel.tsx';
import { SchedulePanel } from './schedule-panel.tsx';
import { useLeadSettings } from './use-lead-settings.ts';

/** 001 §8 "Lead load failure". */
const LOAD_ERROR = 'Erro ao buscar dados do cliente.';

type LeadDetailProps = { leadId: number; onLeave: () => void; onBack?: () => void };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.6, mb: 1.25 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

// 'Agendamentos' schedules calls and messages; 'Consultas' lists the lead's appointments (001 §3).
const TABS = ['Histórico', 'Agendamentos', 'Consultas', 'Dados do contato'] as const;

export function LeadDetail({ leadId, onLeave, onBack }: LeadDetailProps) {
  const settings = useLeadSettings();
  const access = useAccessContext();
  const full = useFullContact(leadId);
  const [tab, setTab] = useState(0);

  if (full.isPending) {
    return (
      <Paper sx={{ p: 2, height: '100%' }} aria-busy>
        <Stack spacing={1.5}>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      </Paper>
    );
  }
  if (full.isError) {
    const known = full.error instanceof ApiError && (full.error.status === 403 || full.error.status === 404);
    return (
      <Paper sx={{ p: 2, height: '100%' }}>
        <Alert
          severity={known ? 'warning' : 'error'}
          action={
            <Button color="inherit" size="small" onClick={onLeave}>
              Fechar
            </Button>
          }
        >
          {known ? full.error.message : LOAD_ERROR}
        </Alert>
      </Paper>
    );
  }

  const lead = full.data.crm_contato_completo;
  return (
    <Paper sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }} component="article" aria-label={`Lead ${lead.cli_nome}`}>
      <LeadHeader lead={lead} settings={settings} onLeave={onLeave} onBack={onBack} />
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 2 }}>
        <Stack spacing={2.5} divider={<Divider flexItem />}>
          {/* 001 §2 "Negotiation detail screen": 'Whatsapp' opens the conversation full screen. */}
          {canOpenChat(access) && (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" color="success" startIcon={<WhatsApp />} onClick={() => openWhatsappDialog(lead.cli_crm_id)}>
                Whatsapp
              </Button>
            </Stack>
          )}
          <Section title="Negociação">
            <NegotiationPanel lead={lead} potentials={full.data.crm_potencial_negociacao} canEditSaleStatus={settings.edicaoStatusCliente} />
          </Section>
          <Section title="Tags e atendimento">
            <Stack spacing={1.5}>
              <LeadTagsPicker lead={lead} />
              {settings.clienteAtendente && <AttendantPanel lead={lead} viewerId={settings.viewer.userId} asList={settings.listaAtendente} onLeave={onLeave} />}
            </Stack>
          </Section>
          <Box>
            <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} aria-label="Seções do lead" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', minHeight: 40 }}>
              {TABS.map((label, index) => (
                <Tab key={label} label={label} id={`lead-aba-${index}`} aria-controls={`lead-painel-${index}`} sx={{ minHeight: 40 }} />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`lead-painel-${tab}`} aria-labelledby={`lead-aba-${tab}`}>
              {tab === 0 && <LeadTimeline leadId={lead.cli_crm_id} companyId={settings.companyId} potentials={full.data.crm_potencial_negociacao} />}
              {tab === 1 && <SchedulePanel lead={lead} />}
              {tab === 2 && <AppointmentsTable leadId={lead.cli_crm_id} />}
              {tab === 3 && <LeadContactForm lead={lead} withCep={settings.cadastrarCEP} />}
            </Box>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
