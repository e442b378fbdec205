/**
 * Payout settings of one merchant: destination and period on `merchants`, the bank account on
 * `payout_accounts`, every change in `payout_audit_entries`. Functions take the merchant id first.
 */
import { and, arrayOverlaps, desc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_RECONCILIATION_TIME,
  payoutChangeDetails,
  type PayoutAuditEntry,
  type PayoutField,
  type PayoutSettingsValues,
} from '@/domain/payouts';
import type { Db } from '../../db/client';
import { memberships, merchants, payoutAccounts, payoutAuditEntries, users, verifiedContacts } from '../../db/schema';
import { normaliseAddress } from '../../lib/otp/address';

/** The newest audit entries the settings page shows; older ones stay in the table. */
export const PAYOUT_AUDIT_LIMIT = 20;

export interface StoredPayout extends PayoutSettingsValues {
  version: number;
  updatedAt: Date | null;
  updatedBy: string | null;
}

export interface PayoutAuditInput {
  actorUserId: number;
  ip: string | null;
  userAgent: string | null;
  otpVerified: boolean;
}

export class StaleVersionError extends Error {}

export function payoutsRepository(db: Db) {
  async function read(executor: Pick<Db, 'select'>, merchantId: number, lock = false): Promise<StoredPayout | null> {
    const query = executor
      .select({
        wallet: merchants.payoutWallet,
        period: merchants.payoutPeriod,
        account: payoutAccounts,
        updatedBy: users.username,
      })
      .from(merchants)
      .leftJoin(payoutAccounts, eq(payoutAccounts.merchantId, merchants.id))
      .leftJoin(users, eq(users.id, payoutAccounts.updatedBy))
      .where(eq(merchants.id, merchantId));
    const [row] = lock ? await query.for('update', { of: merchants }) : await query;
    if (!row) return null;
    const a = row.account;
    return {
      wallet: row.wallet ?? '',
      period: row.period ?? '',
      reconciliationTime: a?.reconciliationTime ?? DEFAULT_RECONCILIATION_TIME,
      accountNumber: a?.accountNumber ?? null,
      accountName: a?.accountName ?? null,
      bankBrand: a?.bankBrand ?? null,
      bankCityId: a?.bankCityId ?? null,
      bankNameId: a?.bankNameId ?? null,
      // A merchant never saved from the portal reads as version 1, the version its first row gets.
      version: a?.version ?? 1,
      updatedAt: a?.updatedAt ?? null,
      updatedBy: row.updatedBy ?? null,
    };
  }

  return {
    get: (merchantId: number) => read(db, merchantId),

    async audit(merchantId: number, limit = PAYOUT_AUDIT_LIMIT): Promise<PayoutAuditEntry[]> {
      const rows = await db
        .select({ entry: payoutAuditEntries, actorUsername: users.username })
        .from(payoutAuditEntries)
        .leftJoin(users, eq(users.id, payoutAuditEntries.actorUserId))
        .where(eq(payoutAuditEntries.merchantId, merchantId))
        .orderBy(desc(payoutAuditEntries.createdAt), desc(payoutAuditEntries.id))
        .limit(limit);
      return rows.map(({ entry, actorUsername }) => ({
        id: entry.id,
        action: entry.action,
        actorUsername,
        changes: entry.changes as PayoutField[],
        details: entry.details as PayoutAuditEntry['details'],
        otpVerified: entry.otpVerified,
        ip: entry.ip,
        createdAt: entry.createdAt.toISOString(),
      }));
    },

    /**
     * Saves `next` if the stored version is still `expectedVersion` (else StaleVersionError), in one
     * transaction with its audit entry; clears the SHOW_POPUP_NOTIFY_PAYOUT todo the notice asked for.
     */
    async update(
      merchantId: number,
      next: PayoutSettingsValues,
      changes: PayoutField[],
      expectedVersion: number,
      audit: PayoutAuditInput,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        // The merchant row is the lock: two owners saving at once are serialised, the second sees a new version.
        const current = await read(tx, merchantId, true);
        if (!current) throw new Error('merchant vanished');
        if (current.version !== expectedVersion) throw new StaleVersionError();
        const now = new Date();
        await tx
          .update(merchants)
          .set({
            payoutWallet: next.wallet,
            payoutPeriod: next.period,
            todoActions: sql`array_remove(${merchants.todoActions}, 'SHOW_POPUP_NOTIFY_PAYOUT')`,
          })
          .where(eq(merchants.id, merchantId));
        const account = {
          reconciliationTime: next.reconciliationTime,
          accountNumber: next.accountNumber,
          accountName: next.accountName,
          bankBrand: next.bankBrand,
          bankCityId: next.bankCityId,
          bankNameId: next.bankNameId,
          updatedAt: now,
          updatedBy: audit.actorUserId,
        };
        await tx
          .insert(payoutAccounts)
          .values({ merchantId, ...account, version: expectedVersion + 1 })
          .onConflictDoUpdate({
            target: payoutAccounts.merchantId,
            set: { ...account, version: sql`${payoutAccounts.version} + 1` },
            where: and(eq(payoutAccounts.merchantId, merchantId), eq(payoutAccounts.version, expectedVersion)),
          });
        await tx.insert(payoutAuditEntries).values({
          merchantId,
          actorUserId: audit.actorUserId,
          action: 'UPDATE_PAYOUT',
          changes,
          details: payoutChangeDetails(current, next, changes),
          otpVerified: audit.otpVerified,
          ip: audit.ip,
          userAgent: audit.userAgent,
          createdAt: now,
        });
      });
    },

    /**
     * The verified phones and e-mails of the merchant's active owners (MERCHANT_OWNER,
     * MERCHANT_OWNER_DONATION): where a payout change is announced. An unproved address may be anyone's.
     */
    async ownerContacts(merchantId: number): Promise<Array<{ userId: number; channel: 'SMS' | 'EMAIL'; address: string }>> {
      const rows = await db
        .select({ userId: users.id, phone: users.phone, email: users.email, channel: verifiedContacts.channel, address: verifiedContacts.address })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(verifiedContacts, eq(verifiedContacts.userId, users.id))
        .where(
          and(
            eq(memberships.merchantId, merchantId),
            eq(memberships.status, 'ACTIVE'),
            eq(memberships.invitationStatus, 'ACCEPT'),
            arrayOverlaps(memberships.roles, ['MERCHANT_OWNER', 'MERCHANT_OWNER_DONATION']),
          ),
        )
        .orderBy(users.id, verifiedContacts.channel);
      // A verified row counts only while it is still the account's own address (changing a contact unverifies it).
      return rows
        .filter((r) => {
          const own = r.channel === 'SMS' ? r.phone : r.email;
          return own !== null && normaliseAddress(r.channel as 'SMS' | 'EMAIL', own) === r.address;
        })
        .map((r) => ({ userId: r.userId, channel: r.channel as 'SMS' | 'EMAIL', address: r.address }));
    },

    /** Where the caller's one-time code goes: their phone by SMS, else their e-mail. */
    async contactOf(userId: number): Promise<{ phone: string | null; email: string | null } | null> {
      const [row] = await db.select({ phone: users.phone, email: users.email }).from(users).where(eq(users.id, userId));
      return row ?? null;
    },
  };
}

export type PayoutsRepository = ReturnType<typeof payoutsRepository>;
