// One column of the board (002 §2.4): colour, name, a count badge and the BRL sum of its tickets; the
// column menu for permission a or ag; its cards virtualised (at most the visible ones plus 5 above
// and below are mounted), the next page asked for within 100 px of the end (002 §9).
import { useDroppable } from '@dnd-kit/core';
import MoreVert from '@mui/icons-material/MoreVert';
import { Box, Chip, CircularProgress, IconButton, Menu, MenuItem, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, useState } from 'react';

import { formatBRL } from '@funil/domain/format/currency';
import { PIPELINE_SCROLL_THRESHOLD_PX } from '@funil/domain/pipeline/pipeline';

import type { ColumnState } from '../pipeline-store.ts';
import { CARD_GAP, CARD_HEIGHT, PipelineCardItem, type DropHint } from './pipeline-card.tsx';

export const COLUMN_WIDTH = 296;

export type ColumnHint = { cardId: number; edge: Exclude<DropHint, null> } | 'column' | null;

type PipelineColumnProps = {
  column: ColumnState;
  canDrag: boolean;
  canMenu: boolean;
  showAttendant: boolean;
  hint: ColumnHint;
  onOpen: (id: number) => void;
  onLoadMore: (coluna: number) => void;
  onExport: (column: ColumnState) => void;
  /**
   * 002 §2.4 'Iniciar envio em massa': given only when the viewer may open the composer (user, a
   * and ag, with the unit's flag; issue 21 item 16), so whoever sees it can complete it; 'Exportar
   * CSV' stays with permission a or ag (canMenu).
   */
  onStartMassSend?: (column: ColumnState) => void;
};

const countFormat = new Intl.NumberFormat('pt-BR');

export const PipelineColumn = memo(function PipelineColumn({
  column,
  canDrag,
  canMenu,
  showAttendant,
  hint,
  onOpen,
  onLoadMore,
  onExport,
  onStartMassSend,
}: PipelineColumnProps) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const drop = useDroppable({ id: `col:${column.coluna}`, data: { coluna: column.coluna } });
  const virtualizer = useVirtualizer({
    count: column.leads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT + CARD_GAP,
    overscan: 5,
    getItemKey: (index) => column.leads[index]?.cli_crm_id ?? index,
  });
  const hasMore = column.leads.length < column.total;

  const checkEnd = () => {
    const el = scrollRef.current;
    if (!el || !hasMore || column.loadingMore) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= PIPELINE_SCROLL_THRESHOLD_PX) onLoadMore(column.coluna);
  };
  // A column shorter than its box has no scroll to wait for: ask for the next page at once.
  useEffect(checkEnd);

  const items = virtualizer.getVirtualItems();
  return (
    <Paper
      ref={drop.setNodeRef}
      component="section"
      aria-label={`Coluna ${column.nome}`}
      data-testid={`coluna-${column.coluna}`}
      // The column the drop will land in (the outline, or a card's line): what tests read.
      data-alvo={hint !== null ? 'true' : undefined}
      sx={{
        width: COLUMN_WIDTH,
        flex: `0 0 ${COLUMN_WIDTH}px`,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'grey.100',
        borderTop: 4,
        borderColor: column.cor,
        outline: hint === 'column' ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
        maxHeight: '100%',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 1.5, pt: 1.25, pb: 0.5, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 700, flex: 1 }} title={column.nome}>
          {column.nome}
        </Typography>
        <Chip
          size="small"
          label={countFormat.format(column.total)}
          aria-label={`${column.total} leads`}
          data-testid="coluna-total"
          sx={{ bgcolor: column.cor, color: '#fff', fontWeight: 700 }}
        />
        {canMenu || onStartMassSend ? (
          <>
            <Tooltip title="Ações da coluna">
              <IconButton
                size="small"
                aria-label={`Ações da coluna ${column.nome}`}
                onClick={(e) => setMenuAnchor(e.currentTarget)}
              >
                <MoreVert fontSize="small" />
              </IconButton>
            </Tooltip>
            <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
              {onStartMassSend && (
                <MenuItem
                  onClick={() => {
                    setMenuAnchor(null);
                    onStartMassSend(column);
                  }}
                >
                  Iniciar envio em massa
                </MenuItem>
              )}
              {canMenu && (
                <MenuItem
                  onClick={() => {
                    setMenuAnchor(null);
                    onExport(column);
                  }}
                >
                  Exportar CSV
                </MenuItem>
              )}
            </Menu>
          </>
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pb: 1 }} data-testid="coluna-soma">
        {formatBRL(column.soma)}
      </Typography>
      <Box
        ref={scrollRef}
        onScroll={checkEnd}
        sx={{ flex: 1, minHeight: 120, overflowY: 'auto', px: 1, pb: 1 }}
        data-testid="coluna-rolagem"
      >
        {column.leads.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
            Nenhum lead nesta etapa
          </Typography>
        ) : null}
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const card = column.leads[item.index]!;
            const cardHint: DropHint = hint !== null && hint !== 'column' && hint.cardId === card.cli_crm_id ? hint.edge : null;
            return (
              <Box
                key={item.key}
                sx={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${item.start}px)`,
                  height: CARD_HEIGHT,
                }}
              >
                <PipelineCardItem
                  card={card}
                  coluna={column.coluna}
                  showAttendant={showAttendant}
                  canDrag={canDrag}
                  hint={cardHint}
                  onOpen={onOpen}
                />
              </Box>
            );
          })}
        </Box>
        {column.loadingMore ? (
          <Stack sx={{ alignItems: 'center', py: 1 }}>
            <CircularProgress size={20} aria-label="Carregando mais leads" />
          </Stack>
        ) : null}
      </Box>
    </Paper>
  );
});
