// The chat screens /whatsapp-v3/{id?}, /whatsappv2/{id?} and /whatsapp (000 §2, 001 §2 "WhatsApp
// page layout"): header 'WhatsApp' with the channel's chips, the lead list on the left third and
// the conversation on the right two thirds. The selected lead lives in the URL. Below 600 px the
// list and the conversation stack: one shows at a time, the conversation with a back button.
import Forum from '@mui/icons-material/Forum';
import { Box, Paper, Stack, Typography, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';

import { canOpenLead } from '@funil/domain/leads/negotiation';

import { useCurrentUser } from '../../../lib/session.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import type { ChatLead } from '../api/chat-leads.ts';
import { chatPath, type ChatChannel } from '../chat-channel.ts';
import { useChatLive } from '../use-chat-live.ts';
import { ChatLeadList } from './chat-lead-list.tsx';
import { ChatPane } from './chat-pane.tsx';
import { ConnectionChips } from './connection-chips.tsx';

function EmptyPane() {
  return (
    <Paper sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 4, textAlign: 'center', bgcolor: 'grey.50' }}>
      <Stack spacing={1} sx={{ alignItems: 'center', maxWidth: 380, color: 'text.secondary' }}>
        <Forum sx={{ fontSize: 56, color: 'primary.light' }} aria-hidden />
        <Typography variant="h3" component="p" color="text.primary">
          Selecione um lead para começar
        </Typography>
        <Typography variant="body2">
          As mensagens chegam aqui em tempo real. Escolha uma conversa na lista ao lado para ler e responder.
        </Typography>
      </Stack>
    </Paper>
  );
}

/** The :cliCrmId segment as a lead id, or null. */
function leadIdOfParam(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

export function ChatScreen({ channel }: { channel: ChatChannel }) {
  const unit = useLoadedUnitData();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { cliCrmId } = useParams();
  const selectedId = leadIdOfParam(cliCrmId);
  // 001 §2: below 600 px names are cut at 10 and the two panes stack.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  useChatLive(selectedId);

  const viewer = { userId: user.idUser, permission: user.permissao, acessoAtribuidos: unit.dados_usuario.acesso_atribuidos };
  const select = useCallback(
    (lead: ChatLead) => {
      // 001 §5 "Opening a lead".
      const decision = canOpenLead(lead, viewer);
      if (!decision.allowed) {
        enqueueSnackbar(decision.message, { variant: 'warning' });
        return;
      }
      void navigate(chatPath(channel, lead.cli_crm_id));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- viewer is rebuilt from these three.
    [channel, navigate, enqueueSnackbar, user.idUser, user.permissao, unit.dados_usuario.acesso_atribuidos],
  );
  const leave = useCallback(() => void navigate(chatPath(channel, null)), [channel, navigate]);

  return (
    <Stack spacing={1.25} sx={{ height: { xs: 'calc(100dvh - 104px)', md: 'calc(100dvh - 112px)' }, minHeight: 420 }}>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', display: narrow && selectedId !== null ? 'none' : 'flex' }}
      >
        <Typography variant="h2" component="h2">
          WhatsApp
        </Typography>
        {channel !== 'v3' && <ConnectionChips />}
      </Stack>
      <Box
        sx={{ flex: 1, minHeight: 0, display: 'grid', gap: 1.5, gridTemplateColumns: narrow ? '1fr' : 'minmax(280px, 1fr) 2fr' }}
      >
        {/* Below 600 px the list leaves while a conversation is open (its pages stay cached). */}
        {!(narrow && selectedId !== null) && (
          <Box sx={{ minHeight: 0 }}>
            <ChatLeadList selectedId={selectedId} narrow={narrow} onSelect={select} />
          </Box>
        )}
        <Box sx={{ minHeight: 0, minWidth: 0, display: narrow && selectedId === null ? 'none' : 'block' }}>
          {selectedId === null ? (
            <EmptyPane />
          ) : (
            <ChatPane
              key={selectedId}
              channel={channel}
              leadId={selectedId}
              narrow={narrow}
              onLeave={leave}
              onBack={narrow ? leave : undefined}
            />
          )}
        </Box>
      </Box>
    </Stack>
  );
}
