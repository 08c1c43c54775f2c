// The chat screens of 000 §2 (/whatsapp-v3, /whatsappv2, /whatsapp) and the 'Atendimento Whatsapp'
// dialog, composed here because they show the CRM's lead parts (001 §2 chat header, 'Informações do
// Lead'): a feature never imports another (docs/decisions.md "Module boundaries"), so the app hands
// the leads feature's query and components to the chat through its kit.
import { Box, Chip, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';

import type { ChatChannel } from '../features/chat/chat-channel.ts';
import { ChatLeadKitProvider, type ChatLeadKit } from '../features/chat/chat-kit.tsx';
import { ChatScreen } from '../features/chat/components/chat-screen.tsx';
import { WhatsappDialog } from '../features/chat/components/whatsapp-dialog.tsx';
import { ComposerKitProvider, type ComposerKit } from '../features/chat/conversation/composer-kit.tsx';
import { useFullContact } from '../features/leads/api/get-full-contact.ts';
import { AttendantPanel } from '../features/leads/components/attendant-panel.tsx';
import { openNewClientDialog } from '../features/leads/components/contact-dialog-store.ts';
import { LeadContactForm } from '../features/leads/components/lead-contact-form.tsx';
import { LeadHeader } from '../features/leads/components/lead-header.tsx';
import { LeadTagsPicker } from '../features/leads/components/lead-tags-picker.tsx';
import { LeadTimeline } from '../features/leads/components/lead-timeline.tsx';
import { NegotiationPanel } from '../features/leads/components/negotiation-panel.tsx';
import { SchedulePanel } from '../features/leads/components/schedule-panel.tsx';
import { useLeadSettings } from '../features/leads/components/use-lead-settings.ts';
import { QuickMessagesDialog, QuickMessageSuggestions, useQuickMessageSuggestions } from '../features/quick-messages/index.ts';
import { useCanChangeLeads } from '../lib/access.ts';

const StatusSelectors: ChatLeadKit['StatusSelectors'] = ({ lead, potentials }) => {
  const settings = useLeadSettings();
  return <NegotiationPanel lead={lead} potentials={potentials} canEditSaleStatus={settings.edicaoStatusCliente} statusesOnly />;
};

const AttendantSection: ChatLeadKit['AttendantSection'] = ({ lead, onLeave }) => {
  const settings = useLeadSettings();
  return <AttendantPanel lead={lead} viewerId={settings.viewer.userId} asList={settings.listaAtendente} onLeave={onLeave} />;
};

// 001 §2 "Lead side panel": read-only info and action icons, the editable name/phone/email block
// (CEP with cadastrarCEP), the selectors (negotiation, customer, WhatsApp block among the actions,
// tags, attendants), the note box 'Adicionar anotação' and the negotiation history.
// issue 21 item 6: a manager (m, mg) reads the lead: its data, tags and history, with no control.
function ReadOnlyLead({ lead }: { lead: CrmContato }) {
  return (
    <Stack spacing={1} component="section" aria-label="Dados do lead">
      <Typography sx={{ fontWeight: 700 }}>{lead.cli_nome}</Typography>
      <Typography variant="body2">{formatPhoneDisplay(lead.cli_telefone)}</Typography>
      {lead.cli_email && (
        <Typography variant="body2" color="text.secondary">
          {lead.cli_email}
        </Typography>
      )}
      {lead.tags.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="Tags">
          {lead.tags.map((tag) => (
            <Chip key={tag.id} size="small" label={tag.nome} sx={{ bgcolor: tag.cor, color: '#fff' }} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

const SidePanelContent: ChatLeadKit['SidePanelContent'] = ({ lead, potentials, onLeave }) => {
  const settings = useLeadSettings();
  const canChange = useCanChangeLeads();
  if (!canChange) {
    return (
      <Stack spacing={2} divider={<Divider flexItem />}>
        <ReadOnlyLead lead={lead} />
        <LeadTimeline leadId={lead.cli_crm_id} companyId={settings.companyId} potentials={potentials} readOnly />
      </Stack>
    );
  }
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      <LeadHeader lead={lead} settings={settings} onLeave={onLeave} stacked />
      <LeadContactForm lead={lead} withCep={settings.cadastrarCEP} />
      <NegotiationPanel lead={lead} potentials={potentials} canEditSaleStatus={settings.edicaoStatusCliente} stacked />
      <Stack spacing={1.5}>
        <LeadTagsPicker lead={lead} />
        {settings.clienteAtendente && (
          <AttendantPanel lead={lead} viewerId={settings.viewer.userId} asList={settings.listaAtendente} onLeave={onLeave} />
        )}
      </Stack>
      <LeadTimeline leadId={lead.cli_crm_id} companyId={settings.companyId} potentials={potentials} />
    </Stack>
  );
};

const KIT: ChatLeadKit = {
  useLead: useFullContact as ChatLeadKit['useLead'],
  StatusSelectors,
  AttendantSection,
  ScheduleForm: SchedulePanel,
  SidePanelContent,
  openNewClient: openNewClientDialog,
  useCanChangeLeads,
};

// The quick messages of the composer (001 §5 '/' suggestions, 'Modelos de mensagem').
const COMPOSER_KIT: ComposerKit = {
  useSuggestions: useQuickMessageSuggestions,
  Suggestions: QuickMessageSuggestions,
  TemplatesDialog: QuickMessagesDialog,
};

export function ChatKit({ children }: { children: ReactNode }) {
  return (
    <ChatLeadKitProvider value={KIT}>
      <ComposerKitProvider value={COMPOSER_KIT}>{children}</ComposerKitProvider>
    </ChatLeadKitProvider>
  );
}

const screenOf = (channel: ChatChannel) =>
  function ChatChannelScreen() {
    return (
      <ChatKit>
        <ChatScreen channel={channel} />
      </ChatKit>
    );
  };

export const ChatV3Screen = screenOf('v3');
export const ChatV2Screen = screenOf('v2');
export const ChatLegacyScreen = screenOf('legacy');

/** The 'Atendimento Whatsapp' dialog of a lead, with the kit (loaded with the chat code). */
export function ChatDialogHost({ leadId, channel, onClose }: { leadId: number; channel: ChatChannel; onClose: () => void }) {
  return (
    <ChatKit>
      <WhatsappDialog leadId={leadId} channel={channel} onClose={onClose} />
    </ChatKit>
  );
}
