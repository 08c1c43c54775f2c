// One lead's conversation on one channel: the pages of messages (newest page first), the live
// updates of the appMessage socket, the optimistic temp_ bubbles and their sends, and the reading
// once per opening (001 §4 "Message ack", "Reading"; 001 §9 paging).
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { appMessageEvent } from '@funil/domain/realtime/events';
import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import { mergeMessage, visibleMessages, type PendingMessage } from '@funil/domain/whatsapp-api/conversation';
import type { AppMessagePayload } from '@funil/domain/whatsapp-api/realtime';

import { useCanChangeLeads } from '../../../lib/access.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSocketConnect, useSocketEvent } from '../../../lib/socket.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import {
  deleteMessage,
  fetchMessagePage,
  markConversationRead,
  messageKeys,
  sendMessage,
  type ChatChannel,
  type ConversationLead,
  type MessagePage,
  type Outgoing,
} from '../api/messages.ts';

type Pages = InfiniteData<MessagePage, number>;

/** Incoming messages of the open conversation are read after this delay (batched). */
export const READ_AGAIN_MS = 1000;

/** Writes a stored message into the conversation's pages: replaced where it is, else newest. */
export function upsertMessage(client: QueryClient, key: readonly unknown[], message: ChatMessage): void {
  client.setQueryData<Pages>(key, (data) => {
    if (!data) return data;
    let found = false;
    const pages = data.pages.map((page) => ({
      ...page,
      messages: page.messages.map((m) => {
        if (m.id !== message.id) return m;
        found = true;
        return mergeMessage(m, message);
      }),
    }));
    if (!found && pages[0]) pages[0] = { ...pages[0], messages: [message, ...pages[0].messages] };
    return { ...data, pages };
  });
}

let tempCounter = 0;
/** A temp_ id that is also the send's idempotency key (issue 7 §2). */
export function newTempId(now = Date.now()): string {
  tempCounter += 1;
  return `temp_${now.toString(36)}_${tempCounter}_${Math.random().toString(36).slice(2, 10)}`;
}

const MEDIA_TYPE_OF: Record<string, ChatMessage['mediaType']> = {
  image: 'image',
  video: 'video',
  document: 'application/document',
  audio: 'audio',
  sticker: 'sticker',
};

/** The pending bubble of an outgoing message, shown before the server answered (ack 1, 001 §4). */
export function tempMessageOf(
  outgoing: Outgoing,
  leadId: number,
  quoted: ChatMessage | null,
  userId: number,
  now = new Date(),
): ChatMessage {
  const media = outgoing.kind === 'media' ? outgoing : null;
  return {
    id: -now.getTime() - tempCounter,
    messageId: null,
    cli_crm_id: leadId,
    ticketId: null,
    instanceId: null,
    body: outgoing.kind === 'text' ? outgoing.text : (media?.caption ?? ''),
    fromMe: true,
    mediaType:
      outgoing.kind === 'text'
        ? 'chat'
        : outgoing.kind === 'voice'
          ? 'audio'
          : (MEDIA_TYPE_OF[outgoing.mediatype] ?? 'application/document'),
    mediaUrl: outgoing.kind === 'text' ? null : outgoing.dataUrl,
    mimetype: media?.mimetype ?? (outgoing.kind === 'voice' ? 'audio/mpeg' : null),
    fileName: media?.fileName ?? null,
    createdAt: now.toISOString(),
    ack: 1,
    isError: false,
    isDeleted: false,
    editedAt: null,
    quotedMsg: quoted
      ? {
          id: quoted.id,
          messageId: quoted.messageId ?? '',
          body: quoted.body,
          fromMe: quoted.fromMe,
          mediaType: quoted.mediaType,
          mediaUrl: quoted.mediaUrl,
          contactName: quoted.contactName,
        }
      : null,
    contactName: null,
    userId,
    reactions: [],
  };
}

/** The gateway instance a v3 conversation reads and sends through: the lead's when open, else an open one. */
export function useConversationInstance(
  channel: ChatChannel,
  lead: ConversationLead | null,
): { name: string | null; connected: boolean } {
  const unit = useLoadedUnitData();
  const ownId = lead?.idInstanciaEvolution ?? null;
  return useMemo(() => {
    if (channel !== 'v3') return { name: null, connected: true };
    const list = unit.instancias_evolution;
    const own = ownId !== null ? list.find((i) => i.id === ownId) : undefined;
    const open = own?.connectionStatus === 'open' ? own : list.find((i) => i.connectionStatus === 'open');
    const any = open ?? own ?? list[0];
    return { name: any?.name ?? null, connected: open !== undefined };
  }, [channel, ownId, unit.instancias_evolution]);
}

export type Conversation = {
  messages: ChatMessage[];
  pending: ReadonlyMap<number, PendingMessage>;
  isLoading: boolean;
  error: Error | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => Promise<unknown>;
  send: (outgoing: Outgoing, quoted: ChatMessage | null) => void;
  retry: (tempId: string) => void;
  remove: (message: ChatMessage) => Promise<void>;
  /** Bumped on each own send, so the list scrolls to the bottom. */
  sentCount: number;
};

export function useConversation(channel: ChatChannel, lead: ConversationLead | null, userId: number): Conversation {
  const client = useQueryClient();
  const unit = useLoadedUnitData();
  const leadId = lead?.cli_crm_id ?? 0;
  const instance = useConversationInstance(channel, lead);
  const key = messageKeys.conversation(channel, leadId);
  // A manager reads the conversation without marking it read: the attendant's unread marker and the
  // customer's read receipts stay the attendant's (issue 21 item 6).
  const marksRead = useCanChangeLeads();

  const query = useInfiniteQuery({
    queryKey: key,
    enabled: lead !== null && (channel !== 'v3' || instance.name !== null),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchMessagePage(channel, lead as ConversationLead, instance.name, pageParam, signal),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 10_000,
  });

  // A message that arrives while the conversation is open and the tab visible is read as WhatsApp
  // Web reads it (one call a second at most), so the list shows no unread count for the open lead.
  const readTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (readTimer.current) clearTimeout(readTimer.current);
    },
    [],
  );

  // Live: a message of this lead (new, ack, deletion, edit, reaction, downloaded file).
  const onAppMessage = useCallback(
    (payload: AppMessagePayload) => {
      if (payload.message.cli_crm_id !== leadId) return;
      if (payload.message.mediaType === 'reaction') return;
      upsertMessage(client, key, payload.message);
      if (
        marksRead &&
        payload.action === 'create' &&
        !payload.message.fromMe &&
        lead &&
        document.visibilityState === 'visible' &&
        !readTimer.current
      ) {
        readTimer.current = setTimeout(() => {
          readTimer.current = null;
          markConversationRead(channel, lead, instance.name).catch(() => undefined);
        }, READ_AGAIN_MS);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, channel, leadId, lead, instance.name, marksRead],
  );
  useSocketEvent(appMessageEvent(unit.dados_unidade.idEmpresa), onAppMessage);
  // What a dropped socket missed: read the newest page again.
  useSocketConnect(() => void client.invalidateQueries({ queryKey: key }));

  // 001 §4 "Reading": once per opening of a lead.
  const readFor = useRef<string | null>(null);
  useEffect(() => {
    if (!marksRead || !lead || (channel === 'v3' && !instance.name)) return;
    const marker = `${channel}:${lead.cli_crm_id}`;
    if (readFor.current === marker) return;
    readFor.current = marker;
    markConversationRead(channel, lead, instance.name).catch(() => undefined);
  }, [channel, lead, instance.name, marksRead]);

  const [pendingList, setPendingList] = useState<PendingMessage[]>([]);
  const [sentCount, setSentCount] = useState(0);
  const inFlight = useRef(new Set<string>());

  const stored = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.messages), [query.data]);
  // Replaced temps stay in the list (each keeps matching its stored message) until the next send prunes them.
  const { messages, replaced } = useMemo(() => visibleMessages(stored, pendingList), [stored, pendingList]);
  const replacedRef = useRef<string[]>([]);
  useEffect(() => {
    replacedRef.current = replaced;
  }, [replaced]);

  const run = useCallback(
    (p: PendingMessage, outgoing: Outgoing, quoted: ChatMessage | null) => {
      if (!lead || inFlight.current.has(p.tempId)) return;
      inFlight.current.add(p.tempId);
      setPendingList((list) => list.map((x) => (x.tempId === p.tempId ? { ...x, state: 'sending', error: null } : x)));
      sendMessage(channel, lead, instance.name, { outgoing, tempId: p.tempId, quoted })
        .then((storedMessage) => {
          setPendingList((list) => list.map((x) => (x.tempId === p.tempId ? { ...x, storedId: storedMessage.id } : x)));
          upsertMessage(client, key, storedMessage);
        })
        .catch((err: unknown) => {
          const text = err instanceof ApiError || err instanceof Error ? err.message : 'Falha ao enviar';
          setPendingList((list) =>
            list.map((x) =>
              x.tempId === p.tempId ? { ...x, state: 'failed', error: text, message: { ...x.message, isError: true } } : x,
            ),
          );
        })
        .finally(() => inFlight.current.delete(p.tempId));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, channel, lead, instance.name],
  );

  const outgoingById = useRef(new Map<string, { outgoing: Outgoing; quoted: ChatMessage | null }>());
  const send = useCallback(
    (outgoing: Outgoing, quoted: ChatMessage | null) => {
      if (!lead) return;
      const tempId = newTempId();
      const p: PendingMessage = {
        tempId,
        message: tempMessageOf(outgoing, lead.cli_crm_id, quoted, userId),
        state: 'sending',
        error: null,
        storedId: null,
      };
      outgoingById.current.set(tempId, { outgoing, quoted });
      setPendingList((list) => [...list.filter((x) => !replacedRef.current.includes(x.tempId)), p]);
      setSentCount((n) => n + 1);
      run(p, outgoing, quoted);
    },
    [lead, userId, run],
  );
  const retry = useCallback(
    (tempId: string) => {
      const p = pendingList.find((x) => x.tempId === tempId);
      const original = outgoingById.current.get(tempId);
      if (!p || !original || p.state !== 'failed') return;
      setPendingList((list) => list.map((x) => (x.tempId === tempId ? { ...x, message: { ...x.message, isError: false } } : x)));
      run(p, original.outgoing, original.quoted);
    },
    [pendingList, run],
  );
  const remove = useCallback(
    async (message: ChatMessage) => {
      await deleteMessage(message.id);
      upsertMessage(client, key, { ...message, isDeleted: true });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, channel, leadId],
  );

  const pending = useMemo(() => new Map(pendingList.map((p) => [p.message.id, p])), [pendingList]);
  return {
    messages,
    pending,
    isLoading: query.isLoading,
    error: query.error,
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlder: query.fetchNextPage,
    send,
    retry,
    remove,
    sentCount,
  };
}
