/**
 * Sessions behind opaque bearer tokens. A token is 32 random bytes (base64url); only its
 * HMAC-SHA256 under the server's pepper is stored, so a copy of the database cannot be replayed as
 * logins, and a leaked pepper alone reveals nothing either.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { createHmac, randomBytes } from 'node:crypto';
import type { AuthCache } from '../../lib/auth-cache';
import type { Db } from '../client';
import { sessions, users } from '../schema';

/** 32 bytes in base64url without padding. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(pepper: string, token: string): string {
  return createHmac('sha256', pepper).update(token).digest('base64url');
}

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export type SessionCheck =
  | { ok: true; sessionId: number; userId: number; username: string; userType: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'idle' };

/** last_seen_at is written at most this often: idle expiry is measured in minutes, not milliseconds. */
const TOUCH_INTERVAL_MS = 60_000;

export function sessionsRepository(db: Db) {
  return {
    async create(
      userId: number,
      tokenHash: string,
      policy: SessionPolicy,
      client: { ip: string; userAgent: string | null },
      now = new Date(),
    ): Promise<void> {
      await db.insert(sessions).values({
        tokenHash,
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + policy.absoluteHours * 3_600_000),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
      });
    },

    /** Checks a token hash against both expiries; an idle session is revoked so it stays dead. */
    /** `touch: false`: a passive call (not the person's activity) leaves the idle clock as it is. */
    async check(tokenHash: string, policy: SessionPolicy, now = new Date(), cache?: AuthCache, { touch = true }: { touch?: boolean } = {}): Promise<SessionCheck> {
      const load = async () => {
        const [found] = await db
          .select({
            id: sessions.id,
            userId: sessions.userId,
            username: users.username,
            userType: users.userType,
            lastSeenAt: sessions.lastSeenAt,
            expiresAt: sessions.expiresAt,
            revokedAt: sessions.revokedAt,
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(eq(sessions.tokenHash, tokenHash));
        return found ?? null;
      };
      const row = cache ? await cache.remember(`session:${tokenHash}`, load, now.getTime()) : await load();
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revokedAt) return { ok: false, reason: 'revoked' };
      if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
      if (row.lastSeenAt.getTime() + policy.idleMinutes * 60_000 <= now.getTime()) {
        await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.id));
        cache?.invalidate();
        return { ok: false, reason: 'idle' };
      }
      if (touch && now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
        // The cached row is this same object: the next calls see the touch too.
        row.lastSeenAt = now;
      }
      return { ok: true, sessionId: row.id, userId: row.userId, username: row.username, userType: row.userType };
    },

    async revoke(sessionId: number, now = new Date()): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Removes sessions that ended more than `keepDays` ago (kept a while for audit). */
    async purgeEnded(keepDays: number, now = new Date()): Promise<void> {
      const before = new Date(now.getTime() - keepDays * 86_400_000);
      await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)));
    },
  };
}
