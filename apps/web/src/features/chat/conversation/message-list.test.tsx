// 001 §9 paging of the message area: older pages within 100 px of the top (debounced 300 ms, a 1 s
// lock) without moving what is read; new messages followed only within 120 px of the bottom,
// otherwise a 'new messages' button. jsdom has no layout, so the list's geometry is set by hand.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeChatMessage } from '@funil/domain/testing/factories';
import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';

import { MessageList } from './message-list.tsx';
import { renderWithProviders } from './test-kit.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('./test-kit.tsx')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// Each message counts 100 px of height.
const geometry = { scrollTop: 0, clientHeight: 500 };
let count = 0;
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => count * 100 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => geometry.clientHeight });
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get: () => geometry.scrollTop,
    set: (v: number) => {
      geometry.scrollTop = Math.max(0, Math.min(v, count * 100 - geometry.clientHeight));
    },
  });
});

const messages = (from: number, to: number): ChatMessage[] =>
  Array.from({ length: to - from + 1 }, (_, i) =>
    makeChatMessage({
      id: from + i,
      body: `mensagem ${from + i}`,
      createdAt: new Date(Date.UTC(2026, 2, 10, 12, 0, from + i)).toISOString(),
    }),
  );

function list(items: ChatMessage[], loadOlder = vi.fn(() => Promise.resolve())) {
  count = items.length;
  const props = {
    pending: new Map(),
    leadName: 'Paulo Lima',
    actions: {},
    canReply: true,
    hasOlder: true,
    loadingOlder: false,
    loadOlder,
    sentCount: 0,
  };
  const view = renderWithProviders(<MessageList messages={items} {...props} />);
  return {
    loadOlder,
    update: (next: ChatMessage[]) => {
      count = next.length;
      view.rerender(<MessageList messages={next} {...props} />);
    },
    box: () => screen.getByTestId('message-list'),
  };
}

describe('001 §9 older pages', () => {
  it('starts at the newest message, loads older ones within 100 px of the top after 300 ms, once per second', async () => {
    vi.useFakeTimers();
    const { loadOlder, box } = list(messages(51, 100));
    expect(geometry.scrollTop).toBe(50 * 100 - 500);
    geometry.scrollTop = 150;
    fireEvent.scroll(box());
    act(() => void vi.advanceTimersByTime(299));
    expect(loadOlder).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(loadOlder).not.toHaveBeenCalled();
    geometry.scrollTop = 80;
    fireEvent.scroll(box());
    act(() => void vi.advanceTimersByTime(300));
    expect(loadOlder).toHaveBeenCalledTimes(1);
    // Within the 1 s lock a second request is not made.
    fireEvent.scroll(box());
    act(() => void vi.advanceTimersByTime(300));
    expect(loadOlder).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(1000));
    fireEvent.scroll(box());
    act(() => void vi.advanceTimersByTime(300));
    expect(loadOlder).toHaveBeenCalledTimes(2);
  });

  it('keeps the message being read in place when the older page arrives', () => {
    vi.useFakeTimers();
    const { update, box } = list(messages(51, 100));
    geometry.scrollTop = 50;
    fireEvent.scroll(box());
    act(() => void vi.advanceTimersByTime(300));
    // 50 older messages (5,000 px) arrive above: the view moves down by exactly that much.
    update(messages(1, 100));
    expect(geometry.scrollTop).toBe(50 + 5000);
  });
});

describe('001 §9 following new messages', () => {
  it('follows a new message within 120 px of the bottom', () => {
    const { update } = list(messages(51, 100));
    geometry.scrollTop = 5000 - 500 - 100;
    update(messages(51, 101));
    expect(geometry.scrollTop).toBe(5100 - 500);
    expect(screen.queryByRole('button', { name: /nova/ })).toBeNull();
  });

  it('farther up it stays, and a button counts the new messages and goes down', () => {
    const { update, box } = list(messages(51, 100));
    fireEvent.scroll(box());
    geometry.scrollTop = 1000;
    fireEvent.scroll(box());
    update(messages(51, 101));
    expect(geometry.scrollTop).toBe(1000);
    update(messages(51, 102));
    const button = screen.getByRole('button', { name: '2 novas mensagens' });
    fireEvent.click(button);
    expect(geometry.scrollTop).toBe(5200 - 500);
    expect(screen.queryByRole('button', { name: /novas/ })).toBeNull();
  });
});
