/**
 * Biometric (chip-ID) check sessions and skips of a merchant, and its BIOMETRIC_* todo actions. Every
 * function takes the merchant id first, so an unscoped query is visibly wrong.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { BiometricSessionStatus } from '@/domain/econtracts';
import type { Db } from '../../db/client';
import { biometricSessions, biometricSkips, merchants } from '../../db/schema';

export interface SessionRow {
  id: string;
  merchantId: number;
  userId: number;
  status: BiometricSessionStatus;
  required: boolean;
  expiresAt: Date;
}

export function biometricRepository(db: Db) {
  /** Sessions past their time are EXPIRED (applied lazily on every read: no background job). */
  const expireDue = (merchantId: number, now: Date) =>
    db
      .update(biometricSessions)
      .set({ status: 'EXPIRED' })
      .where(and(eq(biometricSessions.merchantId, merchantId), eq(biometricSessions.status, 'PENDING'), lt(biometricSessions.expiresAt, now)));

  return {
    async todoActions(merchantId: number): Promise<string[]> {
      const [row] = await db.select({ todo: merchants.todoActions }).from(merchants).where(eq(merchants.id, merchantId));
      return row?.todo ?? [];
    },

    async skipped(merchantId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ at: biometricSkips.skippedAt })
        .from(biometricSkips)
        .where(and(eq(biometricSkips.merchantId, merchantId), eq(biometricSkips.userId, userId)));
      return Boolean(row);
    },

    async skip(merchantId: number, userId: number): Promise<void> {
      await db.insert(biometricSkips).values({ merchantId, userId }).onConflictDoNothing();
    },

    /** A new session replaces the caller's earlier pending ones (only the newest QR code works). */
    async start(merchantId: number, input: { id: string; userId: number; codeHash: string; required: boolean; expiresAt: Date }) {
      await db.transaction(async (tx) => {
        await tx
          .update(biometricSessions)
          .set({ status: 'EXPIRED' })
          .where(
            and(
              eq(biometricSessions.merchantId, merchantId),
              eq(biometricSessions.userId, input.userId),
              eq(biometricSessions.status, 'PENDING'),
            ),
          );
        await tx.insert(biometricSessions).values({ ...input, merchantId, status: 'PENDING' });
      });
    },

    async find(merchantId: number, userId: number, sessionId: string, now: Date): Promise<SessionRow | null> {
      await expireDue(merchantId, now);
      const [row] = await db
        .select({
          id: biometricSessions.id,
          merchantId: biometricSessions.merchantId,
          userId: biometricSessions.userId,
          status: biometricSessions.status,
          required: biometricSessions.required,
          expiresAt: biometricSessions.expiresAt,
        })
        .from(biometricSessions)
        .where(
          and(eq(biometricSessions.merchantId, merchantId), eq(biometricSessions.userId, userId), eq(biometricSessions.id, sessionId)),
        );
      return row ? { ...row, status: row.status as BiometricSessionStatus } : null;
    },

    /**
     * The check passed: the session is VERIFIED and both biometric todo actions leave the merchant, in
     * one transaction. False when the session was no longer pending.
     */
    async complete(merchantId: number, sessionId: string, method: 'APP' | 'DEMO', now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(biometricSessions)
          .set({ status: 'VERIFIED', method, completedAt: now })
          .where(
            and(eq(biometricSessions.merchantId, merchantId), eq(biometricSessions.id, sessionId), eq(biometricSessions.status, 'PENDING')),
          )
          .returning({ id: biometricSessions.id });
        if (done.length === 0) return false;
        await tx
          .update(merchants)
          .set({
            todoActions: sql`array_remove(array_remove(${merchants.todoActions}, 'BIOMETRIC_AUTHENTICATION'), 'BIOMETRIC_AUTHENTICATION_REQUIRED')`,
          })
          .where(eq(merchants.id, merchantId));
        await tx.delete(biometricSkips).where(eq(biometricSkips.merchantId, merchantId));
        return true;
      });
    },

    /** Demo mode: the todo of the merchant's last verified check comes back; false when there was none. */
    async reset(merchantId: number): Promise<boolean> {
      const [last] = await db
        .select({ required: biometricSessions.required })
        .from(biometricSessions)
        .where(and(eq(biometricSessions.merchantId, merchantId), eq(biometricSessions.status, 'VERIFIED')))
        .orderBy(desc(biometricSessions.completedAt))
        .limit(1);
      if (!last) return false;
      const action = last.required ? 'BIOMETRIC_AUTHENTICATION_REQUIRED' : 'BIOMETRIC_AUTHENTICATION';
      await db
        .update(merchants)
        .set({
          todoActions: sql`case when ${action}::text = any(${merchants.todoActions}) then ${merchants.todoActions} else array_append(${merchants.todoActions}, ${action}::text) end`,
        })
        .where(eq(merchants.id, merchantId));
      return true;
    },
  };
}
