// The right pane of the CRM (002 §2.1): the contact panel on top, negotiation, tags and
// attendant, then tabs for the history (with the note box), scheduling, appointments and the contact block.
import WhatsApp from '@mui/icons-material/WhatsApp';
import { Alert, Box, Button, Divider, Paper, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';

import { canOpenChat } from '@funil/domain/access/chat-route';
import { formatBRL } from '@funil/domain/format/currency';
import { formatDateTime } from '@funil/domain/format/date';

import { ColorChip } from '../../../components/ui/color-chip.tsx';
import { useAccessContext } from '../../../lib/access.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { openWhatsappDialog } from '../../../lib/whatsapp-dialog-store.ts';
import { useFullContact, useUnitFullContact } from '../api/get-full-contact.ts';
import { AppointmentsTable } from './appointments-table.tsx';
import { AttendantPanel } from './attendant-panel.tsx';
import { LeadContactForm } from './lead-contact-form.tsx';
import { LeadHeader, type LeadCallAction } from './lead-header.tsx';
import { LeadOriginFacts } from './lead-origin.tsx';
import { LeadTagsPicker } from './lead-tags-picker.tsx';
import { LeadTimeline } from './lead-timeline.tsx';
import { NegotiationPanel } from './negotiation-panel.tsx';
import { SchedulePanel } from './schedule-panel.tsx';
import { useLeadSettings } from './use-lead-settings.ts';

/** 001 §8 "Lead load failure". */
const LOAD_ERROR = 'Erro ao buscar dados do cliente.';

type LeadDetailProps = { leadId: number; onLeave: () => void; onBack?: () => void; callAction?: LeadCallAction };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography
        variant="subtitle2"
        component="h3"
        color="text.secondary"
        sx={{ textTransform: 'uppercase', letterSpacing: 0.6, mb: 1.25 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

// 'Agendamentos' schedules calls and messages; 'Consultas' lists the lead's appointments (001 §3).
const TABS = ['Histórico', 'Agendamentos', 'Consultas', 'Dados do contato'] as const;

function DetailLoading() {
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

function DetailError({ error, onLeave }: { error: Error; onLeave: () => void }) {
  const known = error instanceof ApiError && (error.status === 403 || error.status === 404);
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
        {known ? error.message : LOAD_ERROR}
      </Alert>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ mt: 0.25 }}>{children}</Box>
    </Box>
  );
}

type UnitLeadDetailProps = { leadId: number; idUnidade: number; unitName: string; onLeave: () => void };

/**
 * A lead of the unit a company admin (ag) chose on /webphone (issue 12, 002 §2.1 "contacts are
 * loaded by unit"): the contact panel and the negotiation facts, read-only. Changes stay with the
 * lead's own unit (the server reads this unit for ag's list and detail only).
 */
export function UnitLeadDetail({ leadId, idUnidade, unitName, onLeave }: UnitLeadDetailProps) {
  const settings = useLeadSettings();
  const unit = useLoadedUnitData();
  const full = useUnitFullContact(leadId, idUnidade);
  if (full.isPending) return <DetailLoading />;
  if (full.isError) return <DetailError error={full.error} onLeave={onLeave} />;
  const lead = full.data.crm_contato_completo;
  const status = unit.crm_contato_negociacao_status.find((s) => s.idFunil === lead.cli_status_negociacao);
  const sale = unit.crm_contato_negociacao_status_venda.find((s) => s.idFunilVenda === lead.cli_status_negociacao_venda);
  return (
    <Paper
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      component="article"
      aria-label={`Lead ${lead.cli_nome}`}
    >
      <LeadHeader lead={lead} settings={settings} onLeave={onLeave} readOnly />
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 2 }}>
        <Stack spacing={2.5}>
          <Alert severity="info">Somente leitura: contato de {unitName}.</Alert>
          <Section title="Negociação">
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
              <Fact label="Status de negociação">
                {status ? <ColorChip color={status.cor} label={status.nome} /> : <Typography>—</Typography>}
              </Fact>
              <Fact label="Status do cliente">
                {sale ? <ColorChip color={sale.cor} label={sale.nome} /> : <Typography>—</Typography>}
              </Fact>
              <Fact label="Valor do ticket">
                <Typography>{lead.valor_ticket === null ? '—' : formatBRL(lead.valor_ticket)}</Typography>
              </Fact>
              <Fact label="Atendente">
                <Typography>{lead.nome_atendimento ?? 'Não atribuído'}</Typography>
              </Fact>
              <Fact label="Tentativas (hoje / total)">
                <Typography>
                  {lead.cli_tentativas_diarias} / {lead.cli_tentativas}
                </Typography>
              </Fact>
              <Fact label="Contato agendado">
                <Typography>{formatDateTime(lead.cli_contato_agendado) || '—'}</Typography>
              </Fact>
            </Box>
          </Section>
        </Stack>
      </Box>
    </Paper>
  );
}

export function LeadDetail({ leadId, onLeave, onBack, callAction }: LeadDetailProps) {
  const settings = useLeadSettings();
  const access = useAccessContext();
  const full = useFullContact(leadId);
  const [tab, setTab] = useState(0);

  if (full.isPending) return <DetailLoading />;
  if (full.isError) return <DetailError error={full.error} onLeave={onLeave} />;

  const lead = full.data.crm_contato_completo;
  return (
    <Paper
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      component="article"
      aria-label={`Lead ${lead.cli_nome}`}
    >
      <LeadHeader lead={lead} settings={settings} onLeave={onLeave} onBack={onBack} callAction={callAction} />
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 2 }}>
        <Stack spacing={2.5} divider={<Divider flexItem />}>
          {/* 001 §2 "Negotiation detail screen": 'Whatsapp' opens the conversation full screen. */}
          {canOpenChat(access) && (
            <Stack direction="row" spacing={1}>
              <Button
                variant="outlined"
                color="success"
                startIcon={<WhatsApp />}
                onClick={() => openWhatsappDialog(lead.cli_crm_id)}
              >
                Whatsapp
              </Button>
            </Stack>
          )}
          <Section title="Negociação">
            <NegotiationPanel
              lead={lead}
              potentials={full.data.crm_potencial_negociacao}
              canEditSaleStatus={settings.edicaoStatusCliente}
            />
          </Section>
          <Section title="Origem">
            <LeadOriginFacts origem={lead.origem} extras={lead.informacoesExtra} />
          </Section>
          <Section title="Tags e atendimento">
            <Stack spacing={1.5}>
              <LeadTagsPicker lead={lead} />
              {settings.clienteAtendente && (
                <AttendantPanel
                  lead={lead}
                  viewerId={settings.viewer.userId}
                  asList={settings.listaAtendente}
                  onLeave={onLeave}
                />
              )}
            </Stack>
          </Section>
          <Box>
            <Tabs
              value={tab}
              onChange={(_event, next: number) => setTab(next)}
              aria-label="Seções do lead"
              sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
            >
              {TABS.map((label, index) => (
                <Tab
                  key={label}
                  label={label}
                  id={`lead-aba-${index}`}
                  aria-controls={`lead-painel-${index}`}
                  sx={{ minHeight: 40 }}
                />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`lead-painel-${tab}`} aria-labelledby={`lead-aba-${tab}`}>
              {tab === 0 && (
                <LeadTimeline
                  leadId={lead.cli_crm_id}
                  companyId={settings.companyId}
                  potentials={full.data.crm_potencial_negociacao}
                />
              )}
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
