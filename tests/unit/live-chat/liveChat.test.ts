/**
 * Live chat pieces without a server: the websocket address, the bus payloads (malformed ones dropped),
 * the accent folding of the search, the chat token (signature, expiry, claims) and the frames a client
 * may send.
 */
import { describe, expect, it } from 'vitest';
import { wsClientFrameSchema, staffMessageSchema } from '@/domain/liveChat';
import { parseChatEvent } from '../../../server/lib/live-chat/bus';
import { foldText } from '../../../server/lib/live-chat/repository';
import { signChatToken, verifyChatToken } from '../../../server/lib/live-chat/token';
import { chatSocketUrl } from '@/resources/messages-management/useChatSocket';

const PEPPER = 'a-test-installation-secret-of-32-characters-or-more';

describe('live chat', () => {
  it('opens the websocket beside the API, wss on https', () => {
    expect(chatSocketUrl('/api', 'http://localhost:8080')).toBe('ws://localhost:8080/api/live-chat/ws');
    expect(chatSocketUrl('/api', 'https://portal.example.vn')).toBe('wss://portal.example.vn/api/live-chat/ws');
    expect(chatSocketUrl('https://api.example.vn/api', 'https://portal.example.vn')).toBe('wss://api.example.vn/api/live-chat/ws');
  });

  it('reads bus payloads and drops malformed ones', () => {
    expect(parseChatEvent('{"t":"m","p":1,"c":2,"u":3,"id":4}')).toEqual({ t: 'm', p: 1, c: 2, u: 3, id: 4 });
    expect(parseChatEvent('{"t":"r","p":1,"c":2,"u":3,"s":"CUSTOMER","k":"read","id":9}')).toEqual({ t: 'r', p: 1, c: 2, u: 3, s: 'CUSTOMER', k: 'read', id: 9 });
    expect(parseChatEvent('{"t":"m","p":1,"c":2,"u":3}')).toBeNull();
    expect(parseChatEvent('{"t":"r","p":1,"c":2,"u":3,"s":"SYSTEM","k":"read","id":9}')).toBeNull();
    expect(parseChatEvent('{"t":"x","p":1,"c":2,"u":3}')).toBeNull();
    expect(parseChatEvent('not json')).toBeNull();
  });

  it('folds Vietnamese letters as the search column does', () => {
    expect(foldText('Cảm ơn ĐƯỢC Phở')).toBe('cam on duoc pho');
  });

  it('signs chat tokens that expire after two minutes and carry only their claims', async () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const { token, expiresAt } = await signChatToken(PEPPER, { typ: 'staff', userId: 5, sessionId: 7, merchantId: 1, pageIds: [3] }, now);
    expect(expiresAt.toISOString()).toBe('2026-11-27T10:02:00.000Z');
    expect(await verifyChatToken(PEPPER, token, new Date('2026-11-27T10:01:59Z'))).toEqual({ typ: 'staff', userId: 5, sessionId: 7, merchantId: 1, pageIds: [3] });
    expect(await verifyChatToken(PEPPER, token, new Date('2026-11-27T10:02:01Z'))).toBeNull();
    expect(await verifyChatToken(`${PEPPER}-other`, token, now)).toBeNull();
    expect(await verifyChatToken(PEPPER, `${token}x`, now)).toBeNull();
  });

  it('accepts only the known client frames and non-blank messages', () => {
    expect(wsClientFrameSchema.safeParse({ type: 'auth', token: 'x', since: 3 }).success).toBe(true);
    expect(wsClientFrameSchema.safeParse({ type: 'typing', conversationId: 0 }).success).toBe(false);
    expect(wsClientFrameSchema.safeParse({ type: 'send', body: 'x' }).success).toBe(false);
    expect(staffMessageSchema.safeParse({ kind: 'TEXT', body: '  ' }).success).toBe(false);
    expect(staffMessageSchema.safeParse({ kind: 'PAYMENT_LINK', body: 'x' }).success).toBe(false);
    expect(staffMessageSchema.safeParse({ kind: 'NOTE', body: 'ghi chú', clientMessageId: 'abc_1' }).success).toBe(true);
  });
});
