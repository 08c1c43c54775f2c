// The right two thirds of the chat (001 §2): the selected lead's header, its conversation (helper
// 9c's ChatConversation) and the 'Informações do Lead' panel. Opening a lead clears its unread
// marker in the list (001 §4 "Reading"; the conversation marks the messages read on the server).
import { Alert, Box, Button, Paper, Skeleton, Stack, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';

import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { ApiError } from '../../../lib/api-error.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { clearUnread } from '../api/chat-leads.ts';
import { instanceNameFor, useWhatsappExists } from '../api/whatsapp-number.ts';
import type { ChatChannel } from '../chat-channel.ts';
import { useChatLeadKit } from '../chat-kit.tsx';
import { ChatConversation } from '../conversation/index.ts';
import { ChatHeader, type ChatHeaderSettings } from './chat-header.tsx';
import { LeadSidePanel } from './lead-side-panel.tsx';

/** 001 §8 "Lead load failure". */
const LEAD_LOAD_ERROR = 'Erro ao buscar dados do cliente.';

type ChatPaneProps = { channel: ChatChannel; leadId: number; narrow: boolean; onLeave: () => void; onBack?: () => void };

export function ChatPane({ channel, leadId, narrow, onLeave, onBack }: ChatPaneProps) {
  const kit = useChatLeadKit();
  const unit = useLoadedUnitData();
  const queryClient = useQueryClient();
  const full = kit.useLead(leadId);
  const [infoOpen, setInfoOpen] = useState(false);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const settings = useMemo<ChatHeaderSettings>(() => {
    const extras = parseConfiguracoesExtra(unit.crm_configuracoes.configuracoesExtra);
    return {
      companyId: unit.dados_unidade.idEmpresa,
      clienteAtendente: extras.clienteAtendente === true,
      agendarMensagemHeader: extras.agendarMensagemHeaderWhatsapp === true,
    };
  }, [unit]);

  const lead = full.data?.crm_contato_completo ?? null;
  const loaded = lead !== null;
  useEffect(() => {
    if (loaded) clearUnread(queryClient, leadId);
  }, [loaded, leadId, queryClient]);

  const instance = channel === 'v3' && lead ? instanceNameFor(unit, lead.idInstanciaEvolution) : null;
  const exists = useWhatsappExists(instance, lead?.cli_telefone ?? '', channel === 'v3' && lead !== null);

  if (full.isPending) {
    return (
      <Paper sx={{ height: '100%', p: 2 }} aria-busy>
        <Stack spacing={1.5}>
          <Skeleton variant="rounded" height={64} />
          <Skeleton variant="rounded" height={320} />
        </Stack>
      </Paper>
    );
  }
  if (full.isError || !lead) {
    // 403 'Cliente atribuido a outro atendente.' and 404 'Lead não encontrado.' come from the server as they are.
    const error = full.error;
    const known = error instanceof ApiError && (error.status === 403 || error.status === 404);
    return (
      <Paper sx={{ height: '100%', p: 2 }}>
        <Alert
          severity={known ? 'warning' : 'error'}
          action={
            <Button color="inherit" size="small" onClick={onLeave}>
              Fechar
            </Button>
          }
        >
          {known ? error.message : LEAD_LOAD_ERROR}
        </Alert>
      </Paper>
    );
  }

  const potentials = full.data.crm_potencial_negociacao;
  return (
    <Paper
      sx={{ height: '100%', display: 'flex', overflow: 'hidden' }}
      component="article"
      aria-label={`Conversa com ${lead.cli_nome}`}
    >
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <ChatHeader
          lead={lead}
          potentials={potentials}
          settings={settings}
          narrow={narrow}
          onOpenInfo={() => setInfoOpen((open) => !open)}
          onLeave={onLeave}
          onBack={onBack}
        />
        {exists.data === false && (
          <Alert severity="warning" sx={{ borderRadius: 0 }}>
            {WHATSAPP_MESSAGES.leadWithoutWhatsapp}
          </Alert>
        )}
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <ChatConversation key={lead.cli_crm_id} channel={channel} leadId={lead.cli_crm_id} />
        </Box>
      </Box>
      <LeadSidePanel
        lead={lead}
        potentials={potentials}
        docked={wide}
        open={infoOpen}
        onClose={() => setInfoOpen(false)}
        onLeave={onLeave}
      />
    </Paper>
  );
}
