/**
 * Links between SSO identities (issuer + subject) and portal accounts. A hand-off token opens only the
 * account its identity was linked to; the link is made by a user already signed in to that account
 * (POST /sso/link), so proving the identity alone never opens an account.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ssoIdentities, ssoLinkEvents, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';

export type LinkResult = 'LINKED' | 'LINKED_ELSEWHERE';

/** Who made a change, for the audit trail (sso_link_events). */
export interface LinkActor {
  sessionId: number | null;
  ip: string | null;
  userAgent: string | null;
}

export interface SsoIdentity {
  issuer: string;
  subject: string;
}

export function ssoLinks(db: Db) {
  return {
    /** The portal user an identity was linked to, or null. */
    async userIdOf(issuer: string, subject: string): Promise<number | null> {
      const [row] = await db
        .select({ userId: ssoIdentities.userId })
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
      return row?.userId ?? null;
    },

    /**
     * Links the identity to the user (linking again is a no-op; a new identity of the same issuer
     * replaces the user's old one) and sets the profile's `linkedSSO`. An identity already linked to
     * another account stays there.
     */
    async link(userId: number, issuer: string, subject: string, actor: LinkActor): Promise<LinkResult> {
      try {
        return await db.transaction(async (tx) => {
          const [existing] = await tx
            .select({ userId: ssoIdentities.userId })
            .from(ssoIdentities)
            .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
          if (existing) return existing.userId === userId ? 'LINKED' : 'LINKED_ELSEWHERE';
          const replaced = await tx
            .delete(ssoIdentities)
            .where(and(eq(ssoIdentities.userId, userId), eq(ssoIdentities.issuer, issuer)))
            .returning({ issuer: ssoIdentities.issuer, subject: ssoIdentities.subject });
          await tx.insert(ssoIdentities).values({ issuer, subject, userId });
          await tx.update(users).set({ linkedSso: true }).where(eq(users.id, userId));
          await tx.insert(ssoLinkEvents).values([
            ...replaced.map((old) => ({ userId, action: 'UNLINK', ...old, ...actor })),
            { userId, action: 'LINK', issuer, subject, ...actor },
          ]);
          return 'LINKED';
        });
      } catch (err) {
        // Two accounts racing to link one identity: the unique index decides.
        if (isUniqueViolation(err)) return 'LINKED_ELSEWHERE';
        throw err;
      }
    },

    /**
     * Removes every identity linked to the user (the account screen shows one SSO status, and a wrongly
     * linked identity may be of any issuer) and clears `linkedSSO`; each removal is audited. Returns
     * what was removed (empty: nothing was linked).
     */
    async unlinkAll(userId: number, actor: LinkActor): Promise<SsoIdentity[]> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(ssoIdentities)
          .where(eq(ssoIdentities.userId, userId))
          .returning({ issuer: ssoIdentities.issuer, subject: ssoIdentities.subject });
        await tx.update(users).set({ linkedSso: false }).where(eq(users.id, userId));
        if (removed.length > 0) await tx.insert(ssoLinkEvents).values(removed.map((identity) => ({ userId, action: 'UNLINK', ...identity, ...actor })));
        return removed;
      });
    },
  };
}
