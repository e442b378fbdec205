/**
 * Links between SSO identities (issuer + subject) and portal accounts. A hand-off token opens only the
 * account its identity was linked to; the link is made by a user already signed in to that account
 * (POST /sso/link), so proving the identity alone never opens an account.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ssoIdentities, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';

export type LinkResult = 'LINKED' | 'LINKED_ELSEWHERE';

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
    async link(userId: number, issuer: string, subject: string): Promise<LinkResult> {
      try {
        return await db.transaction(async (tx) => {
          const [existing] = await tx
            .select({ userId: ssoIdentities.userId })
            .from(ssoIdentities)
            .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
          if (existing) return existing.userId === userId ? 'LINKED' : 'LINKED_ELSEWHERE';
          await tx.delete(ssoIdentities).where(and(eq(ssoIdentities.userId, userId), eq(ssoIdentities.issuer, issuer)));
          await tx.insert(ssoIdentities).values({ issuer, subject, userId });
          await tx.update(users).set({ linkedSso: true }).where(eq(users.id, userId));
          return 'LINKED';
        });
      } catch (err) {
        // Two accounts racing to link one identity: the unique index decides.
        if (isUniqueViolation(err)) return 'LINKED_ELSEWHERE';
        throw err;
      }
    },
  };
}
