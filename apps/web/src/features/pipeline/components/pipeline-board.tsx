// The kanban (002 §2.4, §4 "Pipeline"): columns side by side, drag and drop with the pointer and
// the keyboard (Space picks a card up, arrows move it by a column or a card, Space drops, Escape
// cancels). Dropping on another column or on a card there (above or below by the nearest edge)
// moves the lead optimistically; a refusal restores both columns and says why.
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
  type DroppableContainer,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { Box, Paper, Skeleton, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useCallback, useMemo, useRef, useState } from 'react';

import type { PipelineFilter } from '@funil/domain/leads/filter-segments';
import type { PipelineFamily } from '@funil/domain/pipeline/pipeline';
import type { PipelineCard } from '@funil/domain/pipeline/pipeline-api';

import { loadMore, moveOptimistic } from '../board-actions.ts';
import type { ColumnState } from '../pipeline-store.ts';
import { CARD_GAP, CARD_HEIGHT, CardView } from './pipeline-card.tsx';
import { COLUMN_WIDTH, PipelineColumn, type ColumnHint } from './pipeline-column.tsx';

/** 002 §2.4: six placeholder columns while the board loads. */
export function BoardSkeleton() {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ overflow: 'hidden', height: '100%' }}
      aria-busy
      aria-label="Carregando o quadro"
      data-testid="pipeline-esqueleto"
    >
      {Array.from({ length: 6 }, (_, i) => (
        <Paper key={i} sx={{ width: COLUMN_WIDTH, flex: `0 0 ${COLUMN_WIDTH}px`, p: 1.5, bgcolor: 'grey.100' }}>
          <Skeleton width="60%" height={28} />
          <Skeleton width="35%" height={20} sx={{ mb: 1 }} />
          {Array.from({ length: 4 }, (__, j) => (
            <Skeleton key={j} variant="rounded" height={CARD_HEIGHT} sx={{ mb: `${CARD_GAP}px` }} />
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * Issue 21 item 8: what the user sees under the pointer, asked of the browser
 * (document.elementsFromPoint), not of the rectangles measured when the drag began. Those rectangles
 * know nothing of the board's clipping: a column scrolled out of sight behind the drawer or past the
 * board's edge, or a card scrolled out of its column, still "contained" the pointer and took the drop.
 * The drag overlay lets the pointer through (pointer-events: none); the first droppable found around
 * the element under the pointer is the target (a card inside a column before the column). Over nothing (the drawer, the header,
 * outside the board) there is no target and a drop changes nothing. A keyboard drag has no pointer:
 * the nearest droppable to the moved card.
 */
const collision: CollisionDetection = (args) => {
  const pointer = args.pointerCoordinates;
  if (!pointer) return closestCenter(args);
  const byNode = new Map<Element, DroppableContainer>();
  for (const container of args.droppableContainers) if (container.node.current) byNode.set(container.node.current, container);
  for (let element = document.elementFromPoint(pointer.x, pointer.y); element; element = element.parentElement) {
    const container = byNode.get(element);
    if (container) return [{ id: container.id, data: { droppableContainer: container, value: 0 } }];
  }
  return [];
};

// Arrows move a picked-up card by a column sideways and by a card up and down.
const coordinatesGetter: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const step = {
    [KeyboardCode.Right]: [COLUMN_WIDTH + 16, 0],
    [KeyboardCode.Left]: [-(COLUMN_WIDTH + 16), 0],
    [KeyboardCode.Down]: [0, CARD_HEIGHT + CARD_GAP],
    [KeyboardCode.Up]: [0, -(CARD_HEIGHT + CARD_GAP)],
  }[event.code];
  if (!step) return undefined;
  event.preventDefault();
  return { x: currentCoordinates.x + step[0]!, y: currentCoordinates.y + step[1]! };
};

type Target = { coluna: number; cardId: number | null; edge: 'top' | 'bottom' | null };

function targetOf(event: DragMoveEvent | DragOverEvent): Target | null {
  const over = event.over;
  if (!over) return null;
  const data = over.data.current as { coluna: number; card?: PipelineCard } | undefined;
  if (!data) return null;
  if (!data.card) return { coluna: data.coluna, cardId: null, edge: null };
  const dragged = event.active.rect.current.translated;
  const middle = dragged ? dragged.top + dragged.height / 2 : over.rect.top;
  return {
    coluna: data.coluna,
    cardId: data.card.cli_crm_id,
    edge: middle > over.rect.top + over.rect.height / 2 ? 'bottom' : 'top',
  };
}

type PipelineBoardProps = {
  family: PipelineFamily;
  filter: PipelineFilter;
  columns: ColumnState[];
  canDrag: boolean;
  canMenu: boolean;
  showAttendant: boolean;
  onOpen: (id: number) => void;
  onExport: (column: ColumnState) => void;
  onStartMassSend?: (column: ColumnState) => void;
};

export function PipelineBoard({
  family,
  filter,
  columns,
  canDrag,
  canMenu,
  showAttendant,
  onOpen,
  onExport,
  onStartMassSend,
}: PipelineBoardProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [active, setActive] = useState<{ card: PipelineCard; coluna: number } | null>(null);
  const [hint, setHint] = useState<Target | null>(null);
  const hintRef = useRef<Target | null>(null);
  const boardRef = useRef<HTMLDivElement | null>(null);
  // Issue 21 item 9: a drag scrolls the board and its columns, never the page behind them.
  const autoScroll = useMemo(
    () => ({
      canScroll: (element: Element) =>
        element === boardRef.current || (element instanceof HTMLElement && element.dataset.testid === 'coluna-rolagem'),
    }),
    [],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: coordinatesGetter,
      keyboardCodes: { start: [KeyboardCode.Space], cancel: [KeyboardCode.Esc], end: [KeyboardCode.Space] },
    }),
  );
  const nameOf = useCallback((coluna: number) => columns.find((c) => c.coluna === coluna)?.nome ?? '', [columns]);
  const announcements: Announcements = useMemo(
    () => ({
      onDragStart: ({ active: a }) =>
        `Card ${(a.data.current as { card: PipelineCard }).card.cli_nome} pego. Use as setas para mover e Espaço para soltar.`,
      onDragOver: ({ over }) =>
        over ? `Sobre a coluna ${nameOf((over.data.current as { coluna: number }).coluna)}.` : 'Fora das colunas.',
      onDragEnd: ({ over }) =>
        over
          ? `Card solto na coluna ${nameOf((over.data.current as { coluna: number }).coluna)}.`
          : 'Card solto fora das colunas.',
      onDragCancel: () => 'Movimento cancelado.',
    }),
    [nameOf],
  );

  const setHintIfChanged = (next: Target | null) => {
    const prev = hintRef.current;
    if (prev?.coluna === next?.coluna && prev?.cardId === next?.cardId && prev?.edge === next?.edge) return;
    hintRef.current = next;
    setHint(next);
  };

  const onDragStart = (event: DragStartEvent) => {
    performance.mark('pipeline-drag-start');
    setActive(event.active.data.current as { card: PipelineCard; coluna: number });
  };
  // The outline follows every change of the target: a pointer move (onDragMove) and a change of the
  // droppable under a still pointer while the board scrolls (onDragOver; dnd-kit's onDragMove then
  // carries the previous target, so the outline lagged one column behind where the drop would land).
  const onDragMove = (event: DragMoveEvent | DragOverEvent) => setHintIfChanged(targetOf(event));
  const finish = () => {
    setActive(null);
    setHintIfChanged(null);
  };
  // Issue 21 item 8: the drop lands where the outline shows: the target last shown, never one
  // computed again at release.
  const onDragEnd = () => {
    const target = hintRef.current;
    const from = active;
    finish();
    if (!target || !from) return;
    const column = columns.find((c) => c.coluna === target.coluna);
    if (!column) return;
    const list = column.leads.filter((l) => l.cli_crm_id !== from.card.cli_crm_id);
    let index: number;
    if (target.cardId === null) {
      // On the column itself: its end when every card is loaded, else its top.
      index = column.leads.length >= column.total ? list.length : 0;
    } else {
      if (target.cardId === from.card.cli_crm_id) return;
      const at = list.findIndex((l) => l.cli_crm_id === target.cardId);
      index = at < 0 ? 0 : target.edge === 'bottom' ? at + 1 : at;
    }
    if (target.coluna === from.coluna) {
      const current = column.leads.findIndex((l) => l.cli_crm_id === from.card.cli_crm_id);
      if (current === index) return;
    }
    void moveOptimistic(family, filter, from.card.cli_crm_id, from.coluna, { coluna: target.coluna, index }).then((refusal) => {
      if (refusal) enqueueSnackbar(refusal, { variant: 'error' });
    });
  };

  const onLoadMore = useCallback((coluna: number) => void loadMore(family, filter, coluna), [family, filter]);
  const hintFor = (coluna: number): ColumnHint => {
    if (!hint || hint.coluna !== coluna) return null;
    return hint.cardId === null ? 'column' : { cardId: hint.cardId, edge: hint.edge ?? 'top' };
  };
  // Stable hint objects per column, so a column whose hint did not change is not rendered again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const hints = useMemo(() => new Map(columns.map((c) => [c.coluna, hintFor(c.coluna)])), [hint, columns]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragOver={onDragMove}
      onDragEnd={onDragEnd}
      autoScroll={autoScroll}
      onDragCancel={finish}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Pressione Espaço para pegar o card; setas movem entre colunas e cards; Espaço solta; Esc cancela. Enter abre o lead.',
        },
      }}
    >
      <Box
        ref={boardRef}
        sx={{ display: 'flex', gap: 2, height: '100%', overflowX: 'auto', pb: 1 }}
        data-testid="pipeline-quadro"
      >
        {columns.map((column) => (
          <PipelineColumn
            key={column.coluna}
            column={column}
            canDrag={canDrag}
            canMenu={canMenu}
            showAttendant={showAttendant}
            hint={hints.get(column.coluna) ?? null}
            onOpen={onOpen}
            onLoadMore={onLoadMore}
            onExport={onExport}
            onStartMassSend={onStartMassSend}
          />
        ))}
      </Box>
      <DragOverlay dropAnimation={null} style={{ pointerEvents: 'none' }}>
        {active ? (
          <Box sx={{ width: COLUMN_WIDTH - 16 }}>
            <CardView card={active.card} showAttendant={showAttendant} overlay />
          </Box>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
