/**
 * Chat tokens (docs/decisions.md): a short-lived HS256 JWT that only opens a websocket. It is fetched
 * through the normal API (bearer or customer session in the Authorization header) and sent in the
 * socket's first frame, never in a URL. The key is derived from the installation secret (TOKEN_PEPPER
 * or the generated one kept with the data; server/config), so every process sharing the database
 * accepts it and none is written in the source. The connection re-checks the session and the roles
 * behind the token while it is open: the token itself grants nothing after it is used.
 */
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { LIVE_CHAT_LIMITS } from '@/domain/liveChat';

const ISSUER = 'portal-live-chat';

export type ChatClaims =
  /** Staff: the user, their session, the merchant and the pages they may chat for. */
  | { typ: 'staff'; userId: number; sessionId: number; merchantId: number; pageIds: number[] }
  /** A (demo) customer on one page: the customer session's row id. */
  | { typ: 'customer'; customerId: number; customerSessionId: number; pageId: number };

export function chatTokenKey(pepper: string): Uint8Array {
  if (pepper.length < 32) throw new Error('The chat token key needs the installation secret (32+ characters)');
  return new Uint8Array(createHmac('sha256', pepper).update('live-chat-token').digest());
}

export async function signChatToken(pepper: string, claims: ChatClaims, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + LIVE_CHAT_LIMITS.tokenSeconds;
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(chatTokenKey(pepper));
  return { token, expiresAt: new Date(exp * 1000) };
}

const ids = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => Number.isInteger(n) && n > 0);
const id = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

/** The claims of a valid, unexpired token; null otherwise (bad signature, expired, malformed). */
export async function verifyChatToken(pepper: string, token: string, now = new Date()): Promise<ChatClaims | null> {
  try {
    const { payload } = await jwtVerify(token, chatTokenKey(pepper), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const p = payload as Record<string, unknown>;
    if (p.typ === 'staff' && id(p.userId) && id(p.sessionId) && id(p.merchantId) && ids(p.pageIds)) {
      return { typ: 'staff', userId: p.userId, sessionId: p.sessionId, merchantId: p.merchantId, pageIds: p.pageIds };
    }
    if (p.typ === 'customer' && id(p.customerId) && id(p.customerSessionId) && id(p.pageId)) {
      return { typ: 'customer', customerId: p.customerId, customerSessionId: p.customerSessionId, pageId: p.pageId };
    }
    return null;
  } catch {
    return null;
  }
}
