// One row of the contact history (000 §2 "Contact history timeline", §4): icon, title, date
// DD/MM/YYYY HH:mm:ss, attendant ('ERR' when unresolved), the detail lines the domain writes and, for a
// call with a recording, its player (issue 12).
import Assignment from '@mui/icons-material/Assignment';
import CallMade from '@mui/icons-material/CallMade';
import CallMissed from '@mui/icons-material/CallMissed';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Event from '@mui/icons-material/Event';
import HelpOutline from '@mui/icons-material/HelpOutlined';
import Label from '@mui/icons-material/Label';
import LocalOffer from '@mui/icons-material/LocalOffer';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Paid from '@mui/icons-material/Paid';
import Person from '@mui/icons-material/Person';
import Schedule from '@mui/icons-material/Schedule';
import Sell from '@mui/icons-material/Sell';
import Star from '@mui/icons-material/Star';
import StickyNote2 from '@mui/icons-material/StickyNote2';
import Timeline from '@mui/icons-material/Timeline';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { memo, type ReactElement } from 'react';

import type { TimelineIconKey, TimelineRow as TimelineRowData } from '@funil/domain/leads/timeline';

import { RecordingPlayer } from './recording-player.tsx';

const ICONS: Record<TimelineIconKey, { icon: ReactElement; color: string }> = {
  whatsapp: { icon: <WhatsApp fontSize="small" />, color: '#15803d' },
  note: { icon: <StickyNote2 fontSize="small" />, color: '#b45309' },
  'call-answered': { icon: <CallMade fontSize="small" />, color: '#15803d' },
  'call-missed': { icon: <CallMissed fontSize="small" />, color: '#b91c1c' },
  'negotiation-status': { icon: <Timeline fontSize="small" />, color: '#1d4ed8' },
  'call-scheduled': { icon: <Event fontSize="small" />, color: '#0369a1' },
  potential: { icon: <Star fontSize="small" />, color: '#ca8a04' },
  'sale-status': { icon: <Sell fontSize="small" />, color: '#7c3aed' },
  user: { icon: <Person fontSize="small" />, color: '#475569' },
  'scheduled-message': { icon: <Schedule fontSize="small" />, color: '#0d9488' },
  'tag-added': { icon: <LocalOffer fontSize="small" />, color: '#be185d' },
  'tag-removed': { icon: <Label fontSize="small" />, color: '#6b7280' },
  attendance: { icon: <Assignment fontSize="small" />, color: '#4338ca' },
  ticket: { icon: <Paid fontSize="small" />, color: '#15803d' },
  'contact-edit': { icon: <ManageAccounts fontSize="small" />, color: '#475569' },
  unknown: { icon: <HelpOutline fontSize="small" />, color: '#6b7280' },
};

type TimelineRowProps = {
  row: TimelineRowData;
  eventId: number;
  /** Removes a note (tipo 2), when given. */
  onRemove?: (eventId: number) => void;
  /** Edits the ticket value of this status change (000 §4), when given. */
  onEditTicket?: (eventId: number) => void;
  /** A call's recording (url_gravacao, issue 12): played in the row. */
  recordingUrl?: string | null;
};

export const TimelineRow = memo(function TimelineRow({ row, eventId, onRemove, onEditTicket, recordingUrl }: TimelineRowProps) {
  const { icon, color } = ICONS[row.icon];
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ py: 1.25, position: 'relative' }} aria-label={row.title}>
      <Box
        aria-hidden
        sx={{
          width: 32,
          height: 32,
          flexShrink: 0,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color,
          bgcolor: `${color}1a`,
          zIndex: 1,
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }} variant="body2">
            {row.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {row.date} · {row.attendant}
          </Typography>
        </Stack>
        {row.details.map((line, index) => (
          <Typography
            key={index}
            variant="body2"
            color="text.secondary"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {line}
          </Typography>
        ))}
        {recordingUrl ? <RecordingPlayer url={recordingUrl} /> : null}
      </Box>
      {(onEditTicket || onRemove) && (
        <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
          {onEditTicket && (
            <Tooltip title="Editar valor do ticket">
              <IconButton size="small" aria-label="Editar valor do ticket" onClick={() => onEditTicket(eventId)}>
                <Edit fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {onRemove && (
            <Tooltip title="Remover anotação">
              <IconButton size="small" aria-label="Remover anotação" onClick={() => onRemove(eventId)}>
                <Delete fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      )}
    </Stack>
  );
});
