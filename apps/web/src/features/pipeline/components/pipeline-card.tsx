// One card of the board (002 §2.4): photo (or initials), name, attendant ('Não atendido' when none;
// names only with atendimentoHabilitado), ad name, capture date and time, and the ticket in BRL.
// A card is dragged and is a drop target (above or below by the nearest edge); memoised, so a drag
// re-renders only the cards whose hint changes.
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Avatar, Box, Paper, Stack, Typography } from '@mui/material';
import { memo, useCallback, type KeyboardEvent } from 'react';

import { formatBRL } from '@funil/domain/format/currency';
import { formatDateTime } from '@funil/domain/format/date';
import type { PipelineCard as Card } from '@funil/domain/pipeline/pipeline-api';

import { avatarColor, initialsOf } from '../../../components/ui/lead-avatar.ts';

/** The fixed height of a card (the column's virtual rows are this plus the gap). */
export const CARD_HEIGHT = 112;
export const CARD_GAP = 8;

export type DropHint = 'top' | 'bottom' | null;

type CardViewProps = { card: Card; showAttendant: boolean; overlay?: boolean };

export function CardView({ card, showAttendant, overlay }: CardViewProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        height: CARD_HEIGHT,
        p: 1.25,
        display: 'flex',
        gap: 1.25,
        cursor: overlay ? 'grabbing' : 'pointer',
        boxShadow: overlay ? 6 : 0,
        bgcolor: 'background.paper',
        '&:hover': { borderColor: 'primary.light' },
      }}
    >
      <Avatar
        src={card.cli_url_foto ?? undefined}
        alt=""
        sx={{ width: 36, height: 36, fontSize: '0.85rem', bgcolor: avatarColor(card.cli_nome) }}
      >
        {initialsOf(card.cli_nome)}
      </Avatar>
      <Stack sx={{ minWidth: 0, flex: 1 }} spacing={0.25}>
        <Typography variant="subtitle2" noWrap title={card.cli_nome}>
          {card.cli_nome}
        </Typography>
        {showAttendant ? (
          <Typography variant="caption" noWrap color={card.nome_atendimento ? 'text.primary' : 'warning.dark'}>
            {card.nome_atendimento ?? 'Não atendido'}
          </Typography>
        ) : null}
        <Typography variant="caption" noWrap color="text.secondary" title={card.ad_name ?? undefined}>
          {card.ad_name ?? card.cli_campanha_nome ?? 'Sem anúncio'}
        </Typography>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mt: 'auto' }}>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(card.cli_data_captacao)}
          </Typography>
          {card.valor_ticket > 0 ? (
            <Typography variant="caption" sx={{ fontWeight: 600 }}>
              {formatBRL(card.valor_ticket)}
            </Typography>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}

type PipelineCardProps = {
  card: Card;
  coluna: number;
  showAttendant: boolean;
  canDrag: boolean;
  hint: DropHint;
  onOpen: (id: number) => void;
};

export const PipelineCardItem = memo(function PipelineCardItem({
  card,
  coluna,
  showAttendant,
  canDrag,
  hint,
  onOpen,
}: PipelineCardProps) {
  const id = `card:${card.cli_crm_id}`;
  const drag = useDraggable({ id, data: { card, coluna }, disabled: !canDrag });
  const drop = useDroppable({ id, data: { card, coluna } });
  const setRef = useCallback(
    (node: HTMLElement | null) => {
      drag.setNodeRef(node);
      drop.setNodeRef(node);
    },
    [drag, drop],
  );
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter opens the card; Space picks it up (the keyboard sensor).
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(card.cli_crm_id);
      return;
    }
    drag.listeners?.onKeyDown?.(event);
  };
  return (
    <Box
      ref={setRef}
      {...drag.attributes}
      {...drag.listeners}
      onKeyDown={onKeyDown}
      role="button"
      tabIndex={0}
      aria-label={`Lead ${card.cli_nome}`}
      aria-roledescription={canDrag ? 'card arrastável' : 'card'}
      data-testid={`card-${card.cli_crm_id}`}
      onClick={() => onOpen(card.cli_crm_id)}
      sx={{
        position: 'relative',
        opacity: drag.isDragging ? 0.35 : 1,
        borderRadius: 1,
        outline: 'none',
        '&:focus-visible': { boxShadow: (t) => `0 0 0 2px ${t.palette.primary.main}` },
        touchAction: canDrag ? 'none' : 'auto',
        '&::before, &::after': {
          content: '""',
          position: 'absolute',
          left: 4,
          right: 4,
          height: 3,
          borderRadius: 2,
          bgcolor: 'primary.main',
          display: 'none',
        },
        '&::before': { top: -5.5, display: hint === 'top' ? 'block' : 'none' },
        '&::after': { bottom: -5.5, display: hint === 'bottom' ? 'block' : 'none' },
      }}
    >
      <CardView card={card} showAttendant={showAttendant} />
    </Box>
  );
});
