/**
 * Payment links of one merchant. Every query takes the caller's scope first (merchant, and for
 * store-scoped roles their stores: a link without a store is then invisible). Status is derived at query
 * time from paid_at, expires_at and deactivated_at, and filtered in SQL by the same rules as
 * paymentLinkStatus.
 */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  PAYMENT_LINK_CODE_ALPHABET,
  PAYMENT_LINK_CODE_LENGTH,
  PAYMENT_LINK_LIMITS,
  payerPagePath,
  paymentLinkStatus,
  vietnamLocalInstant,
  type PaymentLink,
  type PaymentLinkCreateInput,
  type PaymentLinkFilter,
  type PaymentLinkPayment,
  type PaymentLinkStatus,
  type PaymentLinkTotals,
} from '@/domain/paymentLinks';
import { dayBounds } from '@/domain/time';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { exactTime, olderThan } from '../../db/keyset';
import { paymentLinkPayments, paymentLinks, stores, transactions, users } from '../../db/schema';
import { offsetOf, type PageRequest } from '../../pagination';

export interface LinkScope {
  merchantId: number;
  /** null: every store of the merchant (and links without a store). */
  storeIds: number[] | null;
}

type LinkRecord = typeof paymentLinks.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A fresh random code (crypto RNG, no modulo bias: randomInt is uniform). */
export function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < PAYMENT_LINK_CODE_LENGTH; i++) code += PAYMENT_LINK_CODE_ALPHABET[randomInt(PAYMENT_LINK_CODE_ALPHABET.length)];
  return code;
}

const L = paymentLinks;

function scopeCondition(scope: LinkScope): SQL | undefined {
  return and(
    eq(L.merchantId, scope.merchantId),
    scope.storeIds === null ? undefined : inArray(L.storeId, scope.storeIds.length ? scope.storeIds : [-1]),
  );
}

/** SQL of one status at `now`, the same order of rules as paymentLinkStatus. */
export function statusCondition(status: PaymentLinkStatus, now: Date): SQL | undefined {
  const live = and(isNull(L.deactivatedAt), isNull(L.paidAt));
  switch (status) {
    case 'DEACTIVATED':
      return isNotNull(L.deactivatedAt);
    case 'PAID':
      return and(isNull(L.deactivatedAt), isNotNull(L.paidAt));
    case 'EXPIRED':
      return and(live, lte(L.expiresAt, now));
    case 'ACTIVE':
      return and(live, or(isNull(L.expiresAt), gt(L.expiresAt, now)));
  }
}

function filterCondition(scope: LinkScope, filter: PaymentLinkFilter, now: Date): SQL | undefined {
  const { start, end } = dayBounds({ from: filter.from, to: filter.to });
  const conditions: (SQL | undefined)[] = [scopeCondition(scope), gte(L.createdAt, start), lt(L.createdAt, end)];
  if (filter.status?.length) conditions.push(or(...filter.status.map((s) => statusCondition(s, now))));
  if (filter.storeId?.length) conditions.push(inArray(L.storeId, filter.storeId));
  // A fixed link matches by its amount; an open link when its range reaches into the filter's.
  if (filter.minAmount !== undefined) {
    conditions.push(or(and(eq(L.amountType, 'FIXED'), gte(L.amount, filter.minAmount)), and(eq(L.amountType, 'OPEN'), gte(L.maxAmount, filter.minAmount))));
  }
  if (filter.maxAmount !== undefined) {
    conditions.push(or(and(eq(L.amountType, 'FIXED'), lte(L.amount, filter.maxAmount)), and(eq(L.amountType, 'OPEN'), lte(L.minAmount, filter.maxAmount))));
  }
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    conditions.push(or(ilike(L.code, pattern), ilike(L.title, pattern), ilike(L.reference, pattern)));
  }
  return and(...conditions);
}

const listColumns = { link: paymentLinks, storeName: stores.storeName, createdBy: users.username };

export function toPaymentLink(row: { link: LinkRecord; storeName: string | null; createdBy: string | null }, now: Date): PaymentLink {
  const l = row.link;
  return {
    id: l.id,
    code: l.code,
    title: l.title,
    description: l.description,
    amountType: l.amountType as PaymentLink['amountType'],
    amount: l.amount,
    minAmount: l.minAmount,
    maxAmount: l.maxAmount,
    singleUse: l.singleUse,
    expiresAt: l.expiresAt?.toISOString() ?? null,
    storeId: l.storeId,
    storeName: row.storeName,
    reference: l.reference,
    status: paymentLinkStatus(l, now),
    paymentCount: l.paymentCount,
    collectedAmount: l.collectedAmount,
    createdAt: l.createdAt.toISOString(),
    createdBy: row.createdBy,
    paidAt: l.paidAt?.toISOString() ?? null,
    deactivatedAt: l.deactivatedAt?.toISOString() ?? null,
    payPath: payerPagePath(l.code),
  };
}

/** Rows fetched per query by `stream`. */
export const LINK_EXPORT_BATCH_SIZE = 1000;

export function paymentLinksRepository(db: Db) {
  const selectLinks = () =>
    db
      .select(listColumns)
      .from(paymentLinks)
      .leftJoin(stores, eq(stores.id, paymentLinks.storeId))
      .leftJoin(users, eq(users.id, paymentLinks.createdBy));

  async function find(scope: LinkScope, id: number, now: Date): Promise<PaymentLink | null> {
    const [row] = await selectLinks().where(and(scopeCondition(scope), eq(L.id, id)));
    return row ? toPaymentLink(row, now) : null;
  }

  return {
    find,

    async page(scope: LinkScope, filter: PaymentLinkFilter, page: PageRequest, now: Date): Promise<{ rows: PaymentLink[]; total: number }> {
      const where = filterCondition(scope, filter, now);
      const [rows, [{ total }]] = await Promise.all([
        selectLinks().where(where).orderBy(desc(L.createdAt), desc(L.id)).limit(page.pageSize).offset(offsetOf(page)),
        db.select({ total: count() }).from(paymentLinks).where(where),
      ]);
      return { rows: rows.map((r) => toPaymentLink(r, now)), total };
    },

    async count(scope: LinkScope, filter: PaymentLinkFilter, now: Date): Promise<number> {
      const [{ total }] = await db.select({ total: count() }).from(paymentLinks).where(filterCondition(scope, filter, now));
      return total;
    },

    /** Count and collected amount of the filtered set, with the count per status. */
    async totals(scope: LinkScope, filter: PaymentLinkFilter, now: Date): Promise<PaymentLinkTotals> {
      const status = sql<PaymentLinkStatus>`case
        when ${L.deactivatedAt} is not null then 'DEACTIVATED'
        when ${L.paidAt} is not null then 'PAID'
        when ${L.expiresAt} <= ${now} then 'EXPIRED'
        else 'ACTIVE' end`;
      const rows = await db
        .select({ status, count: count(), collected: sql<string>`coalesce(sum(${L.collectedAmount}), 0)` })
        .from(paymentLinks)
        .where(filterCondition(scope, filter, now))
        // By position: the CASE holds a parameter, and a second copy of it would not match the first.
        .groupBy(sql`1`);
      const byStatus = rows.map((r) => ({ status: r.status, count: r.count })).sort((a, b) => a.status.localeCompare(b.status));
      return {
        count: rows.reduce((s, r) => s + r.count, 0),
        collectedAmount: rows.reduce((s, r) => s + Number(r.collected), 0),
        byStatus,
      };
    },

    /** Every link the filter selects, newest first, `batchSize` at a time (keyset): memory stays flat. */
    async *stream(scope: LinkScope, filter: PaymentLinkFilter, now: Date, batchSize = LINK_EXPORT_BATCH_SIZE): AsyncGenerator<PaymentLink> {
      const where = filterCondition(scope, filter, now);
      let last: { at: string; id: number } | undefined;
      for (;;) {
        const batch = await db
          .select({ ...listColumns, at: exactTime(L.createdAt) })
          .from(paymentLinks)
          .leftJoin(stores, eq(stores.id, paymentLinks.storeId))
          .leftJoin(users, eq(users.id, paymentLinks.createdBy))
          .where(last ? and(where, olderThan(L.createdAt, L.id, last.at, last.id)) : where)
          .orderBy(desc(L.createdAt), desc(L.id))
          .limit(batchSize);
        for (const row of batch) yield toPaymentLink(row, now);
        if (batch.length < batchSize) return;
        const tail = batch[batch.length - 1];
        last = { at: tail.at, id: tail.link.id };
      }
    },

    /** True when `storeId` is a store of the merchant that the scope may use. */
    async storeInScope(scope: LinkScope, storeId: number): Promise<boolean> {
      if (scope.storeIds !== null && !scope.storeIds.includes(storeId)) return false;
      const [row] = await db.select({ id: stores.id }).from(stores).where(and(eq(stores.merchantId, scope.merchantId), eq(stores.id, storeId)));
      return Boolean(row);
    },

    /** Creates a link with a fresh code (a collision, about never, draws again). */
    async create(merchantId: number, input: PaymentLinkCreateInput, userId: number | null): Promise<number> {
      const fixed = input.amountType === 'FIXED';
      for (let attempt = 0; ; attempt++) {
        try {
          const [row] = await db
            .insert(paymentLinks)
            .values({
              merchantId,
              code: newLinkCode(),
              title: input.title.trim(),
              description: input.description ? input.description.trim() || null : null,
              amountType: input.amountType,
              amount: fixed ? input.amount! : null,
              minAmount: fixed ? input.amount! : (input.minAmount ?? PAYMENT_LINK_LIMITS.minAmount),
              maxAmount: fixed ? input.amount! : (input.maxAmount ?? PAYMENT_LINK_LIMITS.maxAmount),
              singleUse: input.singleUse,
              expiresAt: input.expiresAt ? vietnamLocalInstant(input.expiresAt) : null,
              storeId: input.storeId ?? null,
              reference: input.reference ? input.reference : null,
              createdBy: userId,
            })
            .returning({ id: paymentLinks.id });
          return row.id;
        } catch (err) {
          if (attempt < 3 && isUniqueViolation(err)) continue;
          throw err;
        }
      }
    },

    /**
     * Deactivates an active or expired link (one conditional UPDATE). False when it is already
     * deactivated or paid: the caller answers 409.
     */
    async deactivate(scope: LinkScope, id: number, userId: number, now: Date): Promise<boolean> {
      const done = await db
        .update(paymentLinks)
        .set({ deactivatedAt: now, deactivatedBy: userId })
        .where(and(scopeCondition(scope), eq(L.id, id), isNull(L.deactivatedAt), isNull(L.paidAt)))
        .returning({ id: paymentLinks.id });
      return done.length === 1;
    },

    /** The payments received on a link, newest first: rows of the transaction report. */
    async payments(merchantId: number, linkId: number, page: PageRequest): Promise<{ rows: PaymentLinkPayment[]; total: number }> {
      const where = and(eq(paymentLinkPayments.merchantId, merchantId), eq(paymentLinkPayments.linkId, linkId));
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            transactionId: transactions.id,
            amount: transactions.amount,
            fee: transactions.fee,
            status: transactions.status,
            createdAt: transactions.createdAt,
          })
          .from(paymentLinkPayments)
          .innerJoin(transactions, and(eq(transactions.id, paymentLinkPayments.transactionId), eq(transactions.merchantId, merchantId)))
          .where(where)
          .orderBy(desc(paymentLinkPayments.createdAt), desc(paymentLinkPayments.id))
          .limit(page.pageSize)
          .offset(offsetOf(page)),
        db.select({ total: count() }).from(paymentLinkPayments).where(where),
      ]);
      return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total };
    },
  };
}
