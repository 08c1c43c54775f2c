// 'Informações do Lead' (001 §2 "Lead side panel"): a right drawer 320 px wide with the CRM's lead
// blocks (apps/web/src/app/chat-screens.tsx composes them). Beside the conversation on wide
// screens, over it on narrow ones.
import Close from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Stack, Typography } from '@mui/material';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';

import { useChatLeadKit, type Potential } from '../chat-kit.tsx';

/** 001 §9: side panel width 320. */
const SIDE_PANEL_WIDTH = 320;

type Props = {
  lead: CrmContato;
  potentials: readonly Potential[];
  docked: boolean;
  open: boolean;
  onClose: () => void;
  onLeave: () => void;
};

function PanelBody({ lead, potentials, onClose, onLeave }: Omit<Props, 'docked' | 'open'>) {
  const kit = useChatLeadKit();
  return (
    <Box
      component="aside"
      aria-label="Informações do Lead"
      sx={{
        width: SIDE_PANEL_WIDTH,
        maxWidth: '100vw',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <Typography component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          Informações do Lead
        </Typography>
        <IconButton aria-label="Fechar Informações do Lead" onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 2 }}>
        <kit.SidePanelContent lead={lead} potentials={potentials} onLeave={onLeave} />
      </Box>
    </Box>
  );
}

export function LeadSidePanel(props: Props) {
  if (!props.open) return null;
  if (props.docked) {
    return (
      <Box sx={{ width: SIDE_PANEL_WIDTH, flexShrink: 0, borderLeft: 1, borderColor: 'divider', height: '100%' }}>
        <PanelBody {...props} />
      </Box>
    );
  }
  return (
    <Drawer anchor="right" open onClose={props.onClose}>
      <PanelBody {...props} />
    </Drawer>
  );
}
