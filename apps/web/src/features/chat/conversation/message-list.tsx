// The message area (001 §2, §9): messages grouped by São Paulo day; older pages load when scrolled
// within 100 px of the top (debounced 300 ms, a 1 s lock, at most page 100) without moving what the
// attendant reads; new messages are followed only within 120 px of the bottom, else a button offers them.
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import { Box, Button, Chip, CircularProgress, Stack } from '@mui/material';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import { dayLabel, groupByDay, type PendingMessage } from '@funil/domain/whatsapp-api/conversation';

import { MessageBubble, type BubbleActions } from './message-bubble.tsx';

export const LOAD_OLDER_WITHIN_PX = 100;
export const LOAD_OLDER_DEBOUNCE_MS = 300;
export const LOAD_OLDER_LOCK_MS = 1000;
export const FOLLOW_WITHIN_PX = 120;

type Props = {
  messages: ChatMessage[];
  pending: ReadonlyMap<number, PendingMessage>;
  leadName: string;
  actions: BubbleActions;
  canReply: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => Promise<unknown>;
  /** Bumped on each own send: the list goes to the bottom. */
  sentCount: number;
};

export function MessageList({
  messages,
  pending,
  leadName,
  actions,
  canReply,
  hasOlder,
  loadingOlder,
  loadOlder,
  sentCount,
}: Props) {
  const box = useRef<HTMLDivElement>(null);
  const groups = useMemo(() => groupByDay(messages), [messages]);
  const [today] = useState(() => new Date());
  // The newest message the attendant has seen at the bottom; later incoming ones are 'new'.
  const [seenUpTo, setSeenUpTo] = useState<number | null>(null);
  const unseen = useMemo(() => {
    if (seenUpTo === null) return 0;
    const at = messages.findIndex((m) => m.id === seenUpTo);
    return at === -1 ? 0 : messages.slice(at + 1).filter((m) => !m.fromMe).length;
  }, [messages, seenUpTo]);
  const nearBottom = useRef(true);
  const lock = useRef(0);
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Distance from the bottom kept across a prepend of older messages.
  const anchor = useRef<number | null>(null);
  const lastId = useRef<number | null>(null);
  const firstId = useRef<number | null>(null);

  const scrollToEnd = useCallback(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
    nearBottom.current = true;
  }, []);
  const lastMessageId = messages[messages.length - 1]?.id ?? null;
  const toBottom = () => {
    scrollToEnd();
    setSeenUpTo(lastMessageId);
  };

  const requestOlder = useCallback(() => {
    const el = box.current;
    if (!el || !hasOlder || loadingOlder) return;
    const now = Date.now();
    if (now < lock.current) return;
    lock.current = now + LOAD_OLDER_LOCK_MS;
    anchor.current = el.scrollHeight - el.scrollTop;
    void loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_WITHIN_PX;
    if (nearBottom.current) setSeenUpTo(lastMessageId);
    if (el.scrollTop <= LOAD_OLDER_WITHIN_PX) {
      if (debounce.current) clearTimeout(debounce.current);
      debounce.current = setTimeout(() => {
        if (box.current && box.current.scrollTop <= LOAD_OLDER_WITHIN_PX) requestOlder();
      }, LOAD_OLDER_DEBOUNCE_MS);
    }
  };
  useEffect(
    () => () => {
      if (debounce.current) clearTimeout(debounce.current);
    },
    [],
  );

  // Before paint: keep the reading position after older messages arrive, follow or count new ones.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const first = messages[0]?.id ?? null;
    const last = messages[messages.length - 1]?.id ?? null;
    if (lastId.current === null && last !== null) {
      // First paint of the conversation: the newest message.
      el.scrollTop = el.scrollHeight;
    } else if (first !== firstId.current && anchor.current !== null) {
      el.scrollTop = el.scrollHeight - anchor.current;
      anchor.current = null;
    } else if (last !== lastId.current && last !== null) {
      const newest = messages[messages.length - 1];
      // Not near the bottom: the 'new messages' button counts it (seenUpTo stays where it was).
      if (nearBottom.current || newest?.fromMe) scrollToEnd();
    }
    firstId.current = first;
    lastId.current = last;
  }, [messages, scrollToEnd]);

  useLayoutEffect(() => {
    if (sentCount > 0) scrollToEnd();
  }, [sentCount, scrollToEnd]);

  // A page too short to scroll still reaches its older messages.
  useEffect(() => {
    const el = box.current;
    if (el && hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight + LOAD_OLDER_WITHIN_PX) requestOlder();
  }, [hasOlder, loadingOlder, messages.length, requestOlder]);

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
      <Box
        ref={box}
        onScroll={onScroll}
        data-testid="message-list"
        role="log"
        aria-live="polite"
        sx={{ position: 'absolute', inset: 0, overflowY: 'auto', bgcolor: '#efeae2', py: 1, overflowAnchor: 'none' }}
      >
        {loadingOlder && (
          <Stack sx={{ alignItems: 'center', py: 1 }}>
            <CircularProgress size={20} aria-label="Carregando mensagens anteriores" />
          </Stack>
        )}
        {groups.map((group) => (
          <Box key={group.day} component="section" aria-label={group.day}>
            <Stack sx={{ alignItems: 'center', position: 'sticky', top: 4, zIndex: 2, py: 0.5 }}>
              <Chip
                size="small"
                label={dayLabel(group.day, today)}
                sx={{ bgcolor: '#ffffff', boxShadow: '0 1px 0.5px rgba(11,20,26,.13)', color: 'text.secondary' }}
              />
            </Stack>
            {group.messages.map((m) => (
              <MessageBubble
                key={pending.get(m.id)?.tempId ?? m.id}
                message={m}
                pending={pending.get(m.id)}
                leadName={leadName}
                actions={actions}
                canReply={canReply}
              />
            ))}
          </Box>
        ))}
      </Box>
      {unseen > 0 && (
        <Button
          variant="contained"
          size="small"
          onClick={toBottom}
          startIcon={<KeyboardArrowDownIcon />}
          sx={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)', borderRadius: 5, zIndex: 3 }}
        >
          {unseen === 1 ? '1 nova mensagem' : `${unseen} novas mensagens`}
        </Button>
      )}
    </Box>
  );
}
