/**
 * Disbursement centre data of one merchant: balance and ledger, approval rules, orders with their rows,
 * approvals and audit trail. Every function takes the merchant id first and scopes every query by it.
 *
 * Money moves only inside `approve` (debit, pay, reverse failures) and `topUp` (credit), each in one
 * transaction that locks the order (or the account) first; the balance is debited by a conditional update
 * (`balance >= total`) and the ledger's unique (order, type) index refuses a second debit of one order.
 */
import { and, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  DEFAULT_TIERS,
  tierFor,
  type ApprovalTier,
  type CheckedRow,
  type DisbursementChannel,
  type FailureReason,
  type LedgerEntry,
  type OrderStatus,
  type PayeeRow,
  type TopUpSource,
} from '@/domain/disbursements';
import { ApiStatus } from '@/domain/api';
import type { Db } from '../../db/client';
import {
  disbursementAccounts,
  disbursementApprovals,
  disbursementAuditEntries,
  disbursementItems,
  disbursementLedger,
  disbursementOrders,
  disbursementRules,
  disbursementUploads,
  disbursements,
  settlements,
  users,
} from '../../db/schema';
import { ApiError } from '../../errors';
import type { PayeeDirectory } from './payee-directory';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export interface Actor {
  userId: number;
  roles: readonly string[];
  ip: string | null;
}
export interface PayableRow extends PayeeRow {
  holderName: string;
  fee: number;
}
export interface NewOrder {
  kind: 'SINGLE' | 'BATCH';
  fileName: string | null;
  rows: PayableRow[];
  idempotencyKey: string | null;
  uploadId: number | null;
}

const conflict = (key: string, params: Record<string, unknown> = {}) => new ApiError(409, ApiStatus.CONFLICT, key, params);
const refused = (key: string) => new ApiError(403, ApiStatus.FORBIDDEN, key);
const CHUNK = 1_000;

async function audit(ex: Executor, merchantId: number, orderId: number | null, actor: Actor | null, action: string, details: Record<string, unknown> = {}) {
  await ex.insert(disbursementAuditEntries).values({ merchantId, orderId, actorUserId: actor?.userId ?? null, action, details, ip: actor?.ip ?? null });
}

export function disbursementRepository(db: Db, directory: PayeeDirectory) {
  async function tiersOf(ex: Executor, merchantId: number): Promise<{ tiers: ApprovalTier[]; updatedAt: Date | null }> {
    const [row] = await ex.select().from(disbursementRules).where(eq(disbursementRules.merchantId, merchantId));
    return row ? { tiers: row.tiers as ApprovalTier[], updatedAt: row.updatedAt } : { tiers: DEFAULT_TIERS, updatedAt: null };
  }

  /** Credits (or, negative, debits only if the balance covers it) and returns the new balance, or null when it does not. */
  async function move(tx: Tx, merchantId: number, delta: number): Promise<number | null> {
    if (delta >= 0) {
      const [row] = await tx
        .insert(disbursementAccounts)
        .values({ merchantId, balance: delta })
        .onConflictDoUpdate({
          target: disbursementAccounts.merchantId,
          set: { balance: sql`${disbursementAccounts.balance} + ${delta}`, updatedAt: sql`now()` },
        })
        .returning({ balance: disbursementAccounts.balance });
      return row.balance;
    }
    const [row] = await tx
      .update(disbursementAccounts)
      .set({ balance: sql`${disbursementAccounts.balance} - ${-delta}`, updatedAt: sql`now()` })
      .where(and(eq(disbursementAccounts.merchantId, merchantId), sql`${disbursementAccounts.balance} >= ${-delta}`))
      .returning({ balance: disbursementAccounts.balance });
    return row?.balance ?? null;
  }

  async function pay(tx: Tx, merchantId: number, order: typeof disbursementOrders.$inferSelect, actor: Actor) {
    const rows = await tx.select().from(disbursementItems).where(and(eq(disbursementItems.orderId, order.id), eq(disbursementItems.merchantId, merchantId)));
    const at = new Date();
    const failures = new Map<FailureReason, number[]>();
    let reversed = 0;
    for (const row of rows) {
      const outcome = directory.pay(row.channel as DisbursementChannel, row.account);
      if (!outcome.ok) {
        failures.set(outcome.reason, [...(failures.get(outcome.reason) ?? []), row.id]);
        reversed += row.amount + row.fee;
      }
    }
    const failedIds = [...failures.values()].flat();
    await tx
      .update(disbursementItems)
      .set({ status: 'SUCCESS', processedAt: at })
      .where(and(eq(disbursementItems.orderId, order.id), failedIds.length ? notInArray(disbursementItems.id, failedIds) : undefined));
    for (const [reason, ids] of failures) {
      await tx.update(disbursementItems).set({ status: 'FAILED', failureReason: reason, processedAt: at }).where(inArray(disbursementItems.id, ids));
    }
    const failedSet = new Set(failedIds);
    const reasonOf = new Map<number, FailureReason>();
    for (const [reason, ids] of failures) for (const id of ids) reasonOf.set(id, reason);
    // The report center's disbursement report lists what was paid (and what failed, with why).
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx.insert(disbursements).values(
        rows.slice(i, i + CHUNK).map((row) => ({
          merchantId,
          tranId: row.tranId,
          batchCode: order.code,
          receiverName: row.holderName,
          receiverAccount: row.account,
          channel: row.channel,
          receiverBank: row.bankId,
          amount: row.amount,
          fee: row.fee,
          description: row.description,
          status: failedSet.has(row.id) ? 'FAILED' : 'SUCCESS',
          failureReason: reasonOf.get(row.id) ?? null,
          createdAt: at,
        })),
      );
    }
    if (reversed > 0) {
      const balance = await move(tx, merchantId, reversed);
      await tx.insert(disbursementLedger).values({
        merchantId,
        type: 'REVERSAL',
        amount: reversed,
        balanceAfter: balance!,
        orderId: order.id,
        reference: order.code,
        createdBy: actor.userId,
      });
    }
    const failedCount = failedIds.length;
    await tx
      .update(disbursementOrders)
      .set({ status: 'COMPLETED', decidedAt: at, successCount: rows.length - failedCount, failedCount })
      .where(eq(disbursementOrders.id, order.id));
    await audit(tx, merchantId, order.id, actor, 'PAID', { successCount: rows.length - failedCount, failedCount, reversed });
  }

  async function lockOrder(tx: Tx, merchantId: number, orderId: number) {
    const [order] = await tx
      .select()
      .from(disbursementOrders)
      .where(and(eq(disbursementOrders.id, orderId), eq(disbursementOrders.merchantId, merchantId)))
      .for('update');
    if (!order) throw ApiError.notFound();
    return order;
  }

  return {
    tiersOf: (merchantId: number) => tiersOf(db, merchantId),

    async setTiers(merchantId: number, tiers: ApprovalTier[], actor: Actor) {
      await db.transaction(async (tx) => {
        const before = await tiersOf(tx, merchantId);
        await tx
          .insert(disbursementRules)
          .values({ merchantId, tiers, updatedBy: actor.userId })
          .onConflictDoUpdate({ target: disbursementRules.merchantId, set: { tiers, updatedBy: actor.userId, updatedAt: sql`now()` } });
        await audit(tx, merchantId, null, actor, 'RULES_UPDATE', { from: before.tiers, to: tiers });
      });
    },

    async balance(merchantId: number): Promise<number> {
      const [row] = await db.select({ balance: disbursementAccounts.balance }).from(disbursementAccounts).where(eq(disbursementAccounts.merchantId, merchantId));
      return row?.balance ?? 0;
    },

    async ledger(merchantId: number, page: { pageNumber: number; pageSize: number }): Promise<{ rows: LedgerEntry[]; total: number }> {
      const where = eq(disbursementLedger.merchantId, merchantId);
      const [{ n }] = await db.select({ n: count() }).from(disbursementLedger).where(where);
      const rows = await db
        .select({ entry: disbursementLedger, actorUsername: users.username })
        .from(disbursementLedger)
        .leftJoin(users, eq(users.id, disbursementLedger.createdBy))
        .where(where)
        .orderBy(desc(disbursementLedger.createdAt), desc(disbursementLedger.id))
        .limit(page.pageSize)
        .offset(page.pageNumber * page.pageSize);
      return {
        total: n,
        rows: rows.map(({ entry, actorUsername }) => ({
          id: entry.id,
          type: entry.type as LedgerEntry['type'],
          amount: entry.amount,
          balanceAfter: entry.balanceAfter,
          reference: entry.reference,
          orderId: entry.orderId,
          actorUsername,
          createdAt: entry.createdAt.toISOString(),
        })),
      };
    },

    /** Settled settlements not yet moved to the disbursement balance (demo top-ups), newest first. */
    async topUpSources(merchantId: number, limit = 20): Promise<TopUpSource[]> {
      const rows = await db
        .select({ id: settlements.id, settlementCode: settlements.settlementCode, netAmount: settlements.netAmount, settledAt: settlements.settledAt })
        .from(settlements)
        .leftJoin(
          disbursementLedger,
          and(eq(disbursementLedger.merchantId, merchantId), eq(disbursementLedger.type, 'TOPUP'), eq(disbursementLedger.reference, settlements.settlementCode)),
        )
        .where(and(eq(settlements.merchantId, merchantId), eq(settlements.status, 'SETTLED'), isNull(disbursementLedger.id)))
        .orderBy(desc(settlements.settledAt), desc(settlements.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, settledAt: r.settledAt.toISOString() }));
    },

    async topUp(merchantId: number, settlementId: number, actor: Actor): Promise<number> {
      return db.transaction(async (tx) => {
        const [source] = await tx
          .select()
          .from(settlements)
          .where(and(eq(settlements.id, settlementId), eq(settlements.merchantId, merchantId)))
          .for('update');
        if (!source) throw ApiError.notFound();
        if (source.status !== 'SETTLED') throw conflict('disbursements.topUpNotSettled');
        const [used] = await tx
          .select({ id: disbursementLedger.id })
          .from(disbursementLedger)
          .where(and(eq(disbursementLedger.merchantId, merchantId), eq(disbursementLedger.type, 'TOPUP'), eq(disbursementLedger.reference, source.settlementCode)));
        if (used) throw conflict('disbursements.topUpUsed');
        const balance = (await move(tx, merchantId, source.netAmount))!;
        await tx.insert(disbursementLedger).values({
          merchantId,
          type: 'TOPUP',
          amount: source.netAmount,
          balanceAfter: balance,
          reference: source.settlementCode,
          createdBy: actor.userId,
        });
        await audit(tx, merchantId, null, actor, 'TOPUP', { settlementCode: source.settlementCode, amount: source.netAmount });
        return balance;
      });
    },

    /** Creates an order waiting for approval; a key already used returns that order's id instead. */
    async createOrder(merchantId: number, input: NewOrder, actor: Actor): Promise<number> {
      // A retried create (same key) or a second submit of one validated file answers with the first order.
      const existing = async () => {
        const same = input.uploadId
          ? eq(disbursementOrders.uploadId, input.uploadId)
          : input.idempotencyKey
            ? eq(disbursementOrders.idempotencyKey, input.idempotencyKey)
            : null;
        if (!same) return null;
        const [row] = await db
          .select({ id: disbursementOrders.id })
          .from(disbursementOrders)
          .where(and(eq(disbursementOrders.merchantId, merchantId), same));
        return row?.id ?? null;
      };
      const found = await existing();
      if (found) return found;
      const totalAmount = input.rows.reduce((s, r) => s + r.amount, 0);
      const totalFee = input.rows.reduce((s, r) => s + r.fee, 0);
      try {
        return await db.transaction(async (tx) => {
          const tier = tierFor((await tiersOf(tx, merchantId)).tiers, totalAmount);
          const [{ seq }] = await tx
            .select({ seq: sql<number>`count(*)::int + 1` })
            .from(disbursementOrders)
            .where(eq(disbursementOrders.merchantId, merchantId));
          const code = `CH${String(merchantId).padStart(4, '0')}${String(seq).padStart(6, '0')}`;
          const [order] = await tx
            .insert(disbursementOrders)
            .values({
              merchantId,
              code,
              kind: input.kind,
              fileName: input.fileName,
              rowCount: input.rows.length,
              totalAmount,
              totalFee,
              requiredApprovals: tier.approvals,
              approverRoles: tier.roles,
              createdBy: actor.userId,
              idempotencyKey: input.idempotencyKey,
              uploadId: input.uploadId,
            })
            .returning({ id: disbursementOrders.id });
          for (let i = 0; i < input.rows.length; i += CHUNK) {
            await tx.insert(disbursementItems).values(
              input.rows.slice(i, i + CHUNK).map((r, j) => ({
                orderId: order.id,
                merchantId,
                rowNo: i + j + 1,
                tranId: `${code}${String(i + j + 1).padStart(5, '0')}`,
                channel: r.channel,
                account: r.account,
                bankId: r.bankId,
                holderName: r.holderName,
                amount: r.amount,
                fee: r.fee,
                description: r.description,
              })),
            );
          }
          await audit(tx, merchantId, order.id, actor, 'CREATE', {
            kind: input.kind,
            rowCount: input.rows.length,
            totalAmount,
            totalFee,
            requiredApprovals: tier.approvals,
            fileName: input.fileName,
          });
          return order.id;
        });
      } catch (err) {
        // Two requests with one key at once: the loser answers with the winner's order.
        const winner = await existing();
        if (winner) return winner;
        throw err;
      }
    },

    async orders(merchantId: number, filter: { status?: OrderStatus }, page: { pageNumber: number; pageSize: number }) {
      const where = and(eq(disbursementOrders.merchantId, merchantId), filter.status ? eq(disbursementOrders.status, filter.status) : undefined);
      const [{ n }] = await db.select({ n: count() }).from(disbursementOrders).where(where);
      const rows = await db
        .select({ order: disbursementOrders, createdBy: users.username })
        .from(disbursementOrders)
        .innerJoin(users, eq(users.id, disbursementOrders.createdBy))
        .where(where)
        .orderBy(desc(disbursementOrders.createdAt), desc(disbursementOrders.id))
        .limit(page.pageSize)
        .offset(page.pageNumber * page.pageSize);
      return { rows, total: n };
    },

    async order(merchantId: number, orderId: number) {
      const [row] = await db
        .select({ order: disbursementOrders, createdBy: users.username })
        .from(disbursementOrders)
        .innerJoin(users, eq(users.id, disbursementOrders.createdBy))
        .where(and(eq(disbursementOrders.id, orderId), eq(disbursementOrders.merchantId, merchantId)));
      return row ?? null;
    },

    async approvalsOf(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db
        .select({ orderId: disbursementApprovals.orderId, userId: disbursementApprovals.userId, username: users.username, createdAt: disbursementApprovals.createdAt })
        .from(disbursementApprovals)
        .innerJoin(users, eq(users.id, disbursementApprovals.userId))
        .where(inArray(disbursementApprovals.orderId, orderIds))
        .orderBy(disbursementApprovals.createdAt);
    },

    items: (merchantId: number, orderId: number) =>
      db
        .select()
        .from(disbursementItems)
        .where(and(eq(disbursementItems.orderId, orderId), eq(disbursementItems.merchantId, merchantId)))
        .orderBy(disbursementItems.rowNo),

    async auditOf(merchantId: number, orderId: number) {
      return db
        .select({ entry: disbursementAuditEntries, actorUsername: users.username })
        .from(disbursementAuditEntries)
        .leftJoin(users, eq(users.id, disbursementAuditEntries.actorUserId))
        .where(and(eq(disbursementAuditEntries.merchantId, merchantId), eq(disbursementAuditEntries.orderId, orderId)))
        .orderBy(disbursementAuditEntries.createdAt, disbursementAuditEntries.id);
    },

    async saveUpload(merchantId: number, actor: Actor, fileName: string, rows: CheckedRow[]): Promise<number> {
      const errorCount = rows.filter((r) => r.errors.length > 0).length;
      const [row] = await db
        .insert(disbursementUploads)
        .values({ merchantId, createdBy: actor.userId, fileName, rows, rowCount: rows.length, errorCount })
        .returning({ id: disbursementUploads.id });
      await audit(db, merchantId, null, actor, 'UPLOAD_VALIDATED', { fileName, rowCount: rows.length, errorCount });
      return row.id;
    },

    async upload(merchantId: number, uploadId: number) {
      const [row] = await db
        .select()
        .from(disbursementUploads)
        .where(and(eq(disbursementUploads.id, uploadId), eq(disbursementUploads.merchantId, merchantId)));
      return row ? { ...row, rows: row.rows as CheckedRow[] } : null;
    },

    audit: (merchantId: number, orderId: number | null, actor: Actor, action: string, details: Record<string, unknown> = {}) =>
      audit(db, merchantId, orderId, actor, action, details),

    /**
     * Records `actor`'s approval; the last approval the order needs reserves the funds and pays it, all in
     * one transaction on the locked order: a concurrent or repeated approval finds it decided, and a
     * balance that does not cover it rolls everything back (the approval too, so it can be given again).
     */
    async approve(merchantId: number, orderId: number, actor: Actor): Promise<'APPROVED' | 'PAID'> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, merchantId, orderId);
        if (order.status !== 'PENDING_APPROVAL') throw conflict('disbursements.alreadyDecided');
        if (order.createdBy === actor.userId) throw refused('disbursements.ownOrder');
        if (!order.approverRoles.some((r) => actor.roles.includes(r))) throw refused('disbursements.notApprover');
        const [mine] = await tx
          .select({ id: disbursementApprovals.id })
          .from(disbursementApprovals)
          .where(and(eq(disbursementApprovals.orderId, orderId), eq(disbursementApprovals.userId, actor.userId)));
        if (mine) throw conflict('disbursements.alreadyApproved');
        await tx.insert(disbursementApprovals).values({ orderId, userId: actor.userId });
        await audit(tx, merchantId, orderId, actor, 'APPROVE', { otpVerified: true });
        const [{ n }] = await tx.select({ n: count() }).from(disbursementApprovals).where(eq(disbursementApprovals.orderId, orderId));
        if (n < order.requiredApprovals) return 'APPROVED';

        const total = order.totalAmount + order.totalFee;
        const balance = await move(tx, merchantId, -total);
        if (balance === null) throw conflict('disbursements.insufficientBalance', { amount: total });
        await tx.insert(disbursementLedger).values({
          merchantId,
          type: 'DISBURSEMENT',
          amount: -total,
          balanceAfter: balance,
          orderId,
          reference: order.code,
          createdBy: actor.userId,
        });
        await audit(tx, merchantId, orderId, actor, 'FUNDS_RESERVED', { amount: total, balanceAfter: balance });
        await pay(tx, merchantId, order, actor);
        return 'PAID';
      });
    },

    /** Rejects (an approver) or cancels (its maker) a pending order; nothing was reserved, so nothing moves. */
    async close(merchantId: number, orderId: number, actor: Actor, how: 'REJECT' | 'CANCEL', reason: string | null) {
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, merchantId, orderId);
        if (order.status !== 'PENDING_APPROVAL') throw conflict('disbursements.alreadyDecided');
        if (how === 'CANCEL' && order.createdBy !== actor.userId) throw refused('disbursements.notMaker');
        if (how === 'REJECT') {
          if (order.createdBy === actor.userId) throw refused('disbursements.ownOrder');
          if (!order.approverRoles.some((r) => actor.roles.includes(r))) throw refused('disbursements.notApprover');
        }
        const status = how === 'REJECT' ? 'REJECTED' : 'CANCELLED';
        await tx.update(disbursementOrders).set({ status, decidedAt: new Date(), rejectReason: reason }).where(eq(disbursementOrders.id, orderId));
        await tx.update(disbursementItems).set({ status: 'CANCELLED' }).where(eq(disbursementItems.orderId, orderId));
        await audit(tx, merchantId, orderId, actor, how, reason ? { reason } : {});
      });
    },
  };
}

export type DisbursementRepository = ReturnType<typeof disbursementRepository>;
