/**
 * Sign-in data: users by username and the failed-attempt counters that throttle guessing (used
 * through the one password check, ./password-guard.ts).
 * Counters are keyed by the username as typed (lower-cased) and by client IP, whether or not the user
 * exists, so neither the answers nor the locks reveal which usernames exist.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { LoginThrottleConfig } from '../../config';
import type { Db } from '../../db/client';
import { loginThrottles, users } from '../../db/schema';

export type ThrottleScope = 'user' | 'ip';

export interface LockState {
  userLockedUntil: Date | null;
  ipLockedUntil: Date | null;
}

export function authRepository(db: Db) {
  async function addFailure(scope: ThrottleScope, key: string, max: number, policy: LoginThrottleConfig, now: Date) {
    const windowStart = new Date(now.getTime() - policy.windowMinutes * 60_000);
    // One statement, so concurrent failures (several processes on PostgreSQL) are all counted.
    const [row] = await db
      .insert(loginThrottles)
      .values({ scope, key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: [loginThrottles.scope, loginThrottles.key],
        set: {
          failures: sql`case when ${loginThrottles.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginThrottles.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginThrottles.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${loginThrottles.windowStartedAt} end`,
        },
      })
      .returning({ failures: loginThrottles.failures });
    if (row.failures < max) return null;
    const lockedUntil = new Date(now.getTime() + policy.lockMinutes * 60_000);
    // The count starts over with the lock, so the next window after it gets the full allowance again.
    await db
      .update(loginThrottles)
      .set({ lockedUntil, failures: 0, windowStartedAt: now })
      .where(and(eq(loginThrottles.scope, scope), eq(loginThrottles.key, key)));
    return lockedUntil;
  }

  return {
    async findUserByUsername(username: string) {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
      return user ?? null;
    },

    async lockState(usernameKey: string, ip: string, now = new Date()): Promise<LockState> {
      const rows = await db
        .select({ scope: loginThrottles.scope, lockedUntil: loginThrottles.lockedUntil })
        .from(loginThrottles)
        .where(
          or(
            and(eq(loginThrottles.scope, 'user'), eq(loginThrottles.key, usernameKey)),
            and(eq(loginThrottles.scope, 'ip'), eq(loginThrottles.key, ip)),
          ),
        );
      const active = (scope: ThrottleScope) => {
        const until = rows.find((r) => r.scope === scope)?.lockedUntil ?? null;
        return until && until.getTime() > now.getTime() ? until : null;
      };
      return { userLockedUntil: active('user'), ipLockedUntil: active('ip') };
    },

    /** Counts a failure for the username and the IP; returns the locks it started, if any. */
    async recordFailure(
      usernameKey: string,
      ip: string,
      userId: number | null,
      policy: LoginThrottleConfig,
      now = new Date(),
    ): Promise<LockState> {
      const userLockedUntil = await addFailure('user', usernameKey, policy.maxFailuresPerUser, policy, now);
      const ipLockedUntil = await addFailure('ip', ip, policy.maxFailuresPerIp, policy, now);
      if (userId !== null) {
        await db
          .update(users)
          .set({
            failedLogins: sql`${users.failedLogins} + 1`,
            ...(userLockedUntil ? { lockedUntil: userLockedUntil } : {}),
          })
          .where(eq(users.id, userId));
      }
      return { userLockedUntil, ipLockedUntil };
    },

    /** A right password clears the username's counter (not the IP's: one good account must not
     * reset the count of guesses against others from the same address). The sign-in time is set when
     * a session starts, not here: a right password may still await its second factor. */
    async recordSuccess(usernameKey: string, userId: number): Promise<void> {
      await db.delete(loginThrottles).where(and(eq(loginThrottles.scope, 'user'), eq(loginThrottles.key, usernameKey)));
      await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
    },

    /** Drops counters whose window and lock are both over. */
    async purgeThrottles(policy: LoginThrottleConfig, now = new Date()): Promise<void> {
      const windowStart = new Date(now.getTime() - policy.windowMinutes * 60_000);
      await db
        .delete(loginThrottles)
        .where(
          and(
            lt(loginThrottles.windowStartedAt, windowStart),
            or(sql`${loginThrottles.lockedUntil} is null`, lt(loginThrottles.lockedUntil, now)),
          ),
        );
    },
  };
}
