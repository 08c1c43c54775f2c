// 'Atendimento Whatsapp' (001 §2 "Negotiation detail screen"): the lead's conversation full screen,
// without the app bar, opened by the CRM's 'Whatsapp' button (and later the mass-send monitor).
import Close from '@mui/icons-material/Close';
import { AppBar, Box, Dialog, IconButton, Toolbar, Typography, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';

import type { ChatChannel } from '../chat-channel.ts';
import { ChatPane } from './chat-pane.tsx';

type Props = { leadId: number; channel: ChatChannel; onClose: () => void };

export function WhatsappDialog({ leadId, channel, onClose }: Props) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="atendimento-whatsapp">
      <AppBar position="static" color="primary" elevation={0}>
        <Toolbar variant="dense">
          <Typography id="atendimento-whatsapp" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
            Atendimento Whatsapp
          </Typography>
          <IconButton color="inherit" edge="end" aria-label="Fechar Atendimento Whatsapp" onClick={onClose}>
            <Close />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box sx={{ flex: 1, minHeight: 0, p: { xs: 0, sm: 1.5 }, bgcolor: 'background.default' }}>
        <ChatPane channel={channel} leadId={leadId} narrow={narrow} onLeave={onClose} />
      </Box>
    </Dialog>
  );
}
