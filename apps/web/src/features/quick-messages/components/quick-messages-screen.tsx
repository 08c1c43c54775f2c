// 'Modelos' at /configuracoes-whatsapp (000 §2, §6: super-admin and admin): the normal templates
// screen, not a read-only one (docs/decisions.md "The Modelos screen").
import { Paper, Stack, Typography } from '@mui/material';

import { QuickMessagesManager } from './quick-messages-manager.tsx';

export function QuickMessagesScreen() {
  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <div>
        <Typography variant="h5" component="h1">
          Modelos de mensagem
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Respostas prontas para o chat do WhatsApp. No chat, digite / no início da mensagem para usá-las.
        </Typography>
      </div>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <QuickMessagesManager listMaxHeight="calc(100vh - 280px)" />
      </Paper>
    </Stack>
  );
}
