/**
 * The inbox's socket hook holds frames until the server has said ready: sent earlier, the server drops
 * them, or closes a socket still checking its token ("auth first"). A typing frame from a composer that
 * mounted during a reconnect (opening a conversation) must still reach the customer.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fakeSocket';

vi.mock('@/dataProvider/usePortalApi', () => {
  const api = { liveChatToken: async () => ({ token: 'chat-token' }) };
  return { usePortalApi: () => api };
});

describe('useChatSocket', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends a frame given while connecting only after the server is ready, and one given after at once', async () => {
    const { useChatSocket } = await import('@/resources/messages-management/useChatSocket');
    const { result } = renderHook(() => useChatSocket(() => undefined));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const ws = FakeSocket.all[0]!;

    act(() => result.current.send({ type: 'typing', conversationId: 13 }));
    act(() => ws.open());
    // Open but not signed in yet: only the auth frame has gone.
    act(() => result.current.send({ type: 'typing', conversationId: 14 }));
    expect(ws.sent.map((f) => f.type)).toEqual(['auth']);

    act(() => ws.emit({ type: 'ready', pageIds: [1], caughtUp: 0, lastId: 0 }));
    expect(ws.sent.slice(1)).toEqual([
      { type: 'typing', conversationId: 13 },
      { type: 'typing', conversationId: 14 },
    ]);
    expect(result.current.state).toBe('live');
    act(() => result.current.send({ type: 'typing', conversationId: 15 }));
    expect(ws.sent.at(-1)).toEqual({ type: 'typing', conversationId: 15 });
  });

  it('drops held frames older than a typing indicator lasts', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { useChatSocket } = await import('@/resources/messages-management/useChatSocket');
    const { LIVE_CHAT_LIMITS } = await import('@/domain/liveChat');
    const { result } = renderHook(() => useChatSocket(() => undefined));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const ws = FakeSocket.all[0]!;
    act(() => result.current.send({ type: 'typing', conversationId: 13 }));
    vi.setSystemTime(Date.now() + LIVE_CHAT_LIMITS.typingMs + 1);
    act(() => ws.open());
    act(() => ws.emit({ type: 'ready', pageIds: [1], caughtUp: 0, lastId: 0 }));
    expect(ws.sent.map((f) => f.type)).toEqual(['auth']);
  });
});
