/**
 * Reads of the marketing budget (issue 17): the account with this month's spend, spending by day and by
 * campaign, the payment history (TOPUP and RELEASE rows) and the transaction history (DEBIT rows summed per
 * campaign and day). Lists page in SQL on the ledger's indexes; exports read the same filters in keyset
 * batches so memory stays flat whatever the size. Every query is scoped by the merchant. Money moves only
 * through server/lib/marketing/ledger.ts.
 */
import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { MarketingPayment, MarketingSpending, MarketingTransaction, PaymentFilter, MarketingTransactionFilter, PaymentKind, TopUpSource } from '@/domain/marketingBudget';
import { PAYMENT_KINDS } from '@/domain/marketingBudget';
import { addDays, dayStart } from '@/domain/time';
import type { Db } from '../../db/client';
import { exactTime, olderThan } from '../../db/keyset';
import { marketingLedger as L } from '../../db/schema';
import type { PageRequest } from '../../pagination';

export const EXPORT_BATCH_SIZE = 1000;

const money = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);

function paymentCondition(merchantId: number, filter: PaymentFilter): SQL {
  const conditions: SQL[] = [eq(L.merchantId, merchantId)];
  conditions.push(filter.kind ? eq(L.kind, filter.kind) : inArray(L.kind, [...PAYMENT_KINDS]));
  if (filter.source) conditions.push(eq(L.source, filter.source));
  if (filter.from) conditions.push(gte(L.createdAt, dayStart(filter.from)));
  if (filter.to) conditions.push(lt(L.createdAt, dayStart(addDays(filter.to, 1))));
  return and(...conditions)!;
}

function debitCondition(merchantId: number, filter: MarketingTransactionFilter): SQL {
  const conditions: SQL[] = [eq(L.merchantId, merchantId), eq(L.kind, 'DEBIT')];
  if (filter.campaignId) conditions.push(eq(L.campaignId, filter.campaignId));
  if (filter.from) conditions.push(gte(L.day, filter.from));
  if (filter.to) conditions.push(lte(L.day, filter.to));
  return and(...conditions)!;
}

const paymentColumns = {
  id: L.id,
  kind: L.kind,
  amount: L.amount,
  source: L.source,
  transactionRef: L.transactionRef,
  campaignId: L.campaignId,
  campaignName: L.campaignName,
  availableAfter: L.availableAfter,
  createdAt: L.createdAt,
};

type PaymentRecord = {
  id: number;
  kind: string;
  amount: number;
  source: string | null;
  transactionRef: string | null;
  campaignId: number | null;
  campaignName: string | null;
  availableAfter: number;
  createdAt: Date;
};

const toPayment = (r: PaymentRecord): MarketingPayment => ({
  ...r,
  kind: r.kind as PaymentKind,
  source: r.source as TopUpSource | null,
  createdAt: r.createdAt.toISOString(),
});

/** One row per campaign and day: the debits' sum and count, the campaign's latest name. */
const transactionColumns = {
  day: sql<string>`${L.day}::text`,
  campaignId: sql<number>`${L.campaignId}`.mapWith(Number),
  campaignName: sql<string | null>`(array_agg(${L.campaignName} order by ${L.id} desc))[1]`,
  amount: money(sql`sum(${L.amount})`),
  debits: sql<number>`count(*)::int`,
  lastAt: sql<Date>`max(${L.createdAt})`.mapWith((v: unknown) => (v instanceof Date ? v : new Date(String(v)))),
};

type TransactionRecord = { day: string; campaignId: number; campaignName: string | null; amount: number; debits: number; lastAt: Date };

const toTransaction = (r: TransactionRecord): MarketingTransaction => ({ ...r, lastAt: r.lastAt.toISOString() });

export function marketingBudgetRepository(db: Db) {
  return {
    /** DEBIT total of the days from `from` on (this month's spend). */
    async spentSince(merchantId: number, from: string): Promise<number> {
      const [row] = await db
        .select({ total: money(sql`sum(${L.amount})`) })
        .from(L)
        .where(and(eq(L.merchantId, merchantId), eq(L.kind, 'DEBIT'), gte(L.day, from)));
      return row.total;
    },

    async spending(merchantId: number, from: string, to: string): Promise<MarketingSpending> {
      const where = debitCondition(merchantId, { from, to });
      const byDay = await db
        .select({ day: sql<string>`${L.day}::text`, amount: money(sql`sum(${L.amount})`) })
        .from(L)
        .where(where)
        .groupBy(L.day)
        .orderBy(L.day);
      const byCampaign = await db
        .select({
          campaignId: sql<number>`${L.campaignId}`.mapWith(Number),
          campaignName: transactionColumns.campaignName,
          amount: money(sql`sum(${L.amount})`),
        })
        .from(L)
        .where(where)
        .groupBy(L.campaignId)
        .orderBy(desc(sql`sum(${L.amount})`), L.campaignId);
      return { byDay, byCampaign, total: byDay.reduce((s, r) => s + r.amount, 0) };
    },

    async payments(merchantId: number, filter: PaymentFilter, page: PageRequest): Promise<{ rows: MarketingPayment[]; total: number }> {
      const where = paymentCondition(merchantId, filter);
      const rows = await db
        .select(paymentColumns)
        .from(L)
        .where(where)
        .orderBy(desc(L.createdAt), desc(L.id))
        .limit(page.pageSize)
        .offset(page.pageNumber * page.pageSize);
      const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(L).where(where);
      return { rows: rows.map(toPayment), total };
    },

    /** Every payment the filter selects, newest first, in keyset batches. */
    async *streamPayments(merchantId: number, filter: PaymentFilter, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<MarketingPayment> {
      const where = paymentCondition(merchantId, filter);
      let last: { at: string; id: number } | undefined;
      for (;;) {
        const batch = await db
          .select({ ...paymentColumns, at: exactTime(L.createdAt) })
          .from(L)
          .where(last ? and(where, olderThan(L.createdAt, L.id, last.at, last.id)) : where)
          .orderBy(desc(L.createdAt), desc(L.id))
          .limit(batchSize);
        for (const { at: _at, ...row } of batch) yield toPayment(row);
        if (batch.length < batchSize) return;
        last = batch[batch.length - 1];
      }
    },

    async transactions(merchantId: number, filter: MarketingTransactionFilter, page: PageRequest): Promise<{ rows: MarketingTransaction[]; total: number }> {
      const where = debitCondition(merchantId, filter);
      const rows = await db
        .select(transactionColumns)
        .from(L)
        .where(where)
        .groupBy(L.day, L.campaignId)
        .orderBy(desc(L.day), desc(L.campaignId))
        .limit(page.pageSize)
        .offset(page.pageNumber * page.pageSize);
      const [{ total }] = await db
        .select({ total: sql<number>`count(distinct (${L.day}, ${L.campaignId}))::int` })
        .from(L)
        .where(where);
      return { rows: rows.map(toTransaction), total };
    },

    /** Every campaign-day the filter selects, newest day first, in keyset batches. */
    async *streamTransactions(merchantId: number, filter: MarketingTransactionFilter, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<MarketingTransaction> {
      const where = debitCondition(merchantId, filter);
      let last: TransactionRecord | undefined;
      for (;;) {
        const batch = await db
          .select(transactionColumns)
          .from(L)
          .where(last ? and(where, sql`(${L.day}, ${L.campaignId}) < (${last.day}::date, ${last.campaignId})`) : where)
          .groupBy(L.day, L.campaignId)
          .orderBy(desc(L.day), desc(L.campaignId))
          .limit(batchSize);
        for (const row of batch) yield toTransaction(row);
        if (batch.length < batchSize) return;
        last = batch[batch.length - 1];
      }
    },

    /** The campaigns that have debits (for the transaction history's filter), by latest name. */
    async debitedCampaigns(merchantId: number): Promise<Array<{ campaignId: number; campaignName: string | null }>> {
      return db
        .select({ campaignId: sql<number>`${L.campaignId}`.mapWith(Number), campaignName: transactionColumns.campaignName })
        .from(L)
        .where(and(eq(L.merchantId, merchantId), eq(L.kind, 'DEBIT')))
        .groupBy(L.campaignId)
        .orderBy(desc(sql`max(${L.id})`))
        .limit(500);
    },
  };
}

export type MarketingBudgetRepository = ReturnType<typeof marketingBudgetRepository>;
