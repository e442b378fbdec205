/**
 * Transaction report queries. Hand-written SQL: each filter lands on an index ending in
 * (created_at desc, id desc), deep pages use a keyset cursor, and totals of whole days come from
 * transaction_daily_totals (kept by triggers) instead of scanning rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  REFUNDABLE_STATUSES,
  type TransactionColumn,
  type TraceStep,
  type TransactionDetail,
  type TransactionFilter,
  type TransactionRow,
  type TransactionStatus,
  type TransactionTotals,
} from '@/domain/transactionReport';
import { figuresOf, type StatusTotals } from '@/domain/figures';
import { addDays, dayBounds, VN_TIME_ZONE } from '@/domain/time';
import { rows, type Db } from '../../db/client';

/** Rows per query when streaming an export. */
export const EXPORT_BATCH_SIZE = 2_000;

export interface Scope {
  merchantId: number;
  /** null: every store; otherwise only these stores.id (store-scoped roles). */
  storeIds: number[] | null;
}

/** A position in the newest-first order: the exact created_at text (microseconds kept) and the id. */
export interface Cursor {
  at: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(at)) || !/^\d{1,30}$/.test(id)) return null;
    return { at, id };
  } catch {
    return null;
  }
}

interface DbRow {
  id: string;
  created_at: Date | string;
  cursor_at: string;
  completed_at: Date | string | null;
  store_id: number | null;
  store_name: string | null;
  customer_phone: string | null;
  customer_name: string | null;
  payment_method: TransactionRow['paymentMethod'];
  status: TransactionStatus;
  amount: number | string;
  fee: number | string;
  refunded_amount: number | string;
  order_id: string | null;
  description: string | null;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export function toRow(r: DbRow): TransactionRow {
  return {
    id: r.id,
    createdAt: iso(r.created_at)!,
    completedAt: iso(r.completed_at),
    storeId: r.store_id,
    storeName: r.store_name,
    customerPhone: r.customer_phone,
    customerName: r.customer_name,
    paymentMethod: r.payment_method,
    status: r.status,
    amount: Number(r.amount),
    fee: Number(r.fee),
    refundedAmount: Number(r.refunded_amount),
    orderId: r.order_id,
    description: r.description,
  };
}

/**
 * The report's totals from per-status sums, by the one definition of each figure (`figuresOf`). Store-scoped
 * roles see no fees: fee and net are null, per status too.
 */
export function totalsOf(byStatus: readonly StatusTotals[], showFees: boolean): TransactionTotals {
  const f = figuresOf(byStatus);
  return {
    count: byStatus.reduce((sum, r) => sum + r.count, 0),
    successfulCount: f.successfulCount,
    refundedCount: f.refundedCount,
    grossAmount: f.grossAmount,
    refundedAmount: f.refundedAmount,
    fee: showFees ? f.feeAmount : null,
    netAmount: showFees ? f.netAmount : null,
    byStatus: byStatus.map((r) => ({ ...r, fee: showFees ? r.fee : null })),
  };
}

/** Stores the caller asked for, cut down to the ones they may see. null: no store condition. */
function effectiveStores(scope: Scope, requested: number[] | undefined): number[] | null {
  if (scope.storeIds === null) return requested && requested.length > 0 ? requested : null;
  if (!requested || requested.length === 0) return scope.storeIds;
  return requested.filter((id) => scope.storeIds!.includes(id));
}

const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;

/** `%q%` with LIKE's own wildcards escaped (q is digits only, but the rule lives in one place). */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function rowConditions(scope: Scope, filter: TransactionFilter): SQL[] {
  const { start, end } = dayBounds(filter);
  const where: SQL[] = [
    sql`t.merchant_id = ${scope.merchantId}`,
    sql`t.created_at >= ${start.toISOString()}::timestamptz`,
    sql`t.created_at < ${end.toISOString()}::timestamptz`,
  ];
  const stores = effectiveStores(scope, filter.storeId);
  if (stores !== null) where.push(stores.length === 1 ? sql`t.store_id = ${stores[0]}` : sql`t.store_id = any(${intArray(stores)})`);
  if (filter.status?.length) where.push(sql`t.status = any(${textArray(filter.status)})`);
  if (filter.paymentMethod?.length) where.push(sql`t.payment_method = any(${textArray(filter.paymentMethod)})`);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    where.push(sql`(t.id like ${pattern} or t.customer_phone like ${pattern})`);
  }
  return where;
}

// The store name by a scalar subquery, not a join: the join multiplies the planner's work over the
// transaction indexes (measured on PGlite with a million rows: 2.7 ms a page with the join, 0.9 ms without).
const SELECT_ROW = sql`select t.id, t.created_at, t.created_at::text as cursor_at, t.completed_at, t.store_id,
  (select s.store_name from stores s where s.id = t.store_id) as store_name, t.customer_phone, t.customer_name,
  t.payment_method, t.status, t.amount, t.fee, t.refunded_amount, t.order_id, t.description
  from transactions t`;

/** The daily totals rows of a filter without a search (store-less table when no store condition). */
function dailyTotalsOf(scope: Scope, filter: TransactionFilter): { table: SQL; where: SQL } {
  const where: SQL[] = [sql`merchant_id = ${scope.merchantId}`, sql`day between ${filter.from}::date and ${filter.to}::date`];
  const stores = effectiveStores(scope, filter.storeId);
  if (stores !== null) where.push(sql`store_id = any(${intArray(stores)})`);
  if (filter.status?.length) where.push(sql`status = any(${textArray(filter.status)})`);
  if (filter.paymentMethod?.length) where.push(sql`payment_method = any(${textArray(filter.paymentMethod)})`);
  // Without a store condition the store-less table has a few rows per day instead of one per transaction.
  const table = stores === null ? sql`transaction_daily_totals_all` : sql`transaction_daily_totals`;
  return { table, where: sql.join(where, sql` and `) };
}

/**
 * A text cell as the CSV writer (server/lib/export/csv.ts) would write it: a leading = + - @ (ASCII or
 * full width) or control character gets an apostrophe; an empty string is an empty cell.
 */
const FORMULA_START = '^[-=+@\\uFF1D\\uFF0B\\uFF0D\\uFF20\\x01-\\x1F\\x7F]';
const csvText = (column: SQL) => sql`nullif(case when ${column} ~ ${FORMULA_START} then '''' || ${column} else ${column} end, '')`;
const csvDateTime = (column: SQL) => sql`to_char(${column} at time zone ${sql.raw(`'${VN_TIME_ZONE}'`)}, 'DD/MM/YYYY HH24:MI:SS')`;
const csvLabel = (column: SQL, labels: Record<string, string>) =>
  sql`case ${column} ${sql.join(
    Object.entries(labels).map(([code, text]) => sql`when ${code} then ${text}`),
    sql` `,
  )} else ${column} end`;

/** Words for status and payment method in the caller's language (the export's cells). */
export interface CsvLabels {
  status: Record<string, string>;
  paymentMethod: Record<string, string>;
}

function csvColumn(key: TransactionColumn, labels: CsvLabels): SQL {
  switch (key) {
    case 'id':
      return csvText(sql`t.id`);
    case 'createdAt':
      return csvDateTime(sql`t.created_at`);
    case 'completedAt':
      return csvDateTime(sql`t.completed_at`);
    case 'storeName':
      return csvText(sql`(select s.store_name from stores s where s.id = t.store_id)`);
    case 'customerPhone':
      return csvText(sql`t.customer_phone`);
    case 'customerName':
      return csvText(sql`t.customer_name`);
    case 'paymentMethod':
      return csvLabel(sql`t.payment_method`, labels.paymentMethod);
    case 'status':
      return csvLabel(sql`t.status`, labels.status);
    case 'amount':
      return sql`t.amount`;
    case 'fee':
      return sql`t.fee`;
    case 'refundedAmount':
      return sql`t.refunded_amount`;
    case 'orderId':
      return csvText(sql`t.order_id`);
    case 'description':
      return csvText(sql`t.description`);
  }
}

type PageOptions = { limit: number; offset?: number; after?: Cursor | null };

function pageSql(scope: Scope, filter: TransactionFilter, opts: PageOptions): SQL {
  const where = rowConditions(scope, filter);
  if (opts.after) where.push(sql`(t.created_at, t.id) < (${opts.after.at}::timestamptz, ${opts.after.id})`);
  return sql`${SELECT_ROW} where ${sql.join(where, sql` and `)} order by t.created_at desc, t.id desc limit ${opts.limit} offset ${opts.offset ?? 0}`;
}

/** Rows the filter selects: the daily totals when possible (exact and cheap), else the rows. */
function countSql(scope: Scope, filter: TransactionFilter): SQL {
  if (filter.q) return sql`select count(*) as n from transactions t where ${sql.join(rowConditions(scope, filter), sql` and `)}`;
  const { table, where } = dailyTotalsOf(scope, filter);
  return sql`select coalesce(sum(tx_count), 0) as n from ${table} where ${where}`;
}

export function transactionsRepository(db: Db) {
  const query = (scope: Scope, filter: TransactionFilter, opts: PageOptions) => rows<DbRow>(db, pageSql(scope, filter, opts));
  const pageOf = (list: DbRow[], pageSize: number) => {
    const last = list[list.length - 1];
    return {
      rows: list.map(toRow),
      nextCursor: last && list.length === pageSize ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  };
  const pageOptions = (page: { pageNumber: number; pageSize: number }, after: Cursor | null): PageOptions => ({
    limit: page.pageSize,
    offset: after ? 0 : page.pageNumber * page.pageSize,
    after,
  });

  return {
    /** One page: by offset, or after a keyset cursor (deep pages). */
    async page(scope: Scope, filter: TransactionFilter, page: { pageNumber: number; pageSize: number }, after: Cursor | null) {
      return pageOf(await query(scope, filter, pageOptions(page, after)), page.pageSize);
    },

    /**
     * The list's answer, page and count, in one statement: on PGlite every statement waits its turn in
     * one queue, and the list is the report's busiest call. Always one row at least (the count).
     */
    async pageWithCount(scope: Scope, filter: TransactionFilter, page: { pageNumber: number; pageSize: number }, after: Cursor | null) {
      const found = await rows<DbRow & { total_count: string | number }>(
        db,
        sql`select c.n as total_count, p.* from (${countSql(scope, filter)}) c left join (${pageSql(scope, filter, pageOptions(page, after))}) p on true`,
      );
      return { ...pageOf(found.filter((r) => r.id !== null), page.pageSize), total: Number(found[0]?.total_count ?? 0) };
    },

    async totals(scope: Scope, filter: TransactionFilter): Promise<TransactionTotals> {
      let byStatus: Array<{ status: TransactionStatus; count: string | number; amount: string | number; fee: string | number; refunded: string | number }>;
      if (filter.q) {
        // A search selects few rows (trigram index); the daily totals cannot filter by id or phone.
        byStatus = await rows(
          db,
          sql`select t.status, count(*) as count, coalesce(sum(t.amount), 0) as amount, coalesce(sum(t.fee), 0) as fee,
            coalesce(sum(t.refunded_amount), 0) as refunded
            from transactions t where ${sql.join(rowConditions(scope, filter), sql` and `)} group by t.status`,
        );
      } else {
        const { table, where } = dailyTotalsOf(scope, filter);
        byStatus = await rows(
          db,
          sql`select status, sum(tx_count) as count, sum(amount) as amount, sum(fee) as fee, sum(refunded_amount) as refunded
            from ${table} where ${where} group by status having sum(tx_count) <> 0`,
        );
      }
      const list = byStatus
        .map((r) => ({
          status: r.status,
          count: Number(r.count),
          amount: Number(r.amount),
          fee: Number(r.fee),
          refundedAmount: Number(r.refunded),
        }))
        .sort((a, b) => a.status.localeCompare(b.status));
      return totalsOf(list, scope.storeIds === null);
    },

    /** Rows the filter selects. */
    async count(scope: Scope, filter: TransactionFilter): Promise<number> {
      const [row] = await rows<{ n: string | number }>(db, countSql(scope, filter));
      return Number(row?.n ?? 0);
    },

    /**
     * The export as CSV made by the database, one statement per Vietnam day, newest day first: the same
     * rows and order as `stream`, with the cells `transactionExportRows` + the CSV writer would make.
     */
    csvSlices(scope: Scope, filter: TransactionFilter, columns: readonly TransactionColumn[], labels: CsvLabels): SQL[] {
      const select = sql.join(
        columns.map((key) => csvColumn(key, labels)),
        sql`, `,
      );
      const slices: SQL[] = [];
      for (let day = filter.to; day >= filter.from; day = addDays(day, -1)) {
        const where = rowConditions(scope, { ...filter, from: day, to: day });
        slices.push(sql`select ${select} from transactions t where ${sql.join(where, sql` and `)} order by t.created_at desc, t.id desc`);
      }
      return slices;
    },

    /** Every row the filter selects, newest first, EXPORT_BATCH_SIZE at a time (keyset). */
    async *stream(scope: Scope, filter: TransactionFilter, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<TransactionRow> {
      let after: Cursor | null = null;
      for (;;) {
        const batch = await query(scope, filter, { limit: batchSize, after });
        for (const r of batch) yield toRow(r);
        if (batch.length < batchSize) return;
        const last = batch[batch.length - 1]!;
        after = { at: last.cursor_at, id: last.id };
      }
    },

    async detail(scope: Scope, id: string): Promise<TransactionDetail | null> {
      const where: SQL[] = [sql`t.merchant_id = ${scope.merchantId}`, sql`t.id = ${id}`];
      if (scope.storeIds !== null) where.push(sql`t.store_id = any(${intArray(scope.storeIds)})`);
      const [row] = await rows<DbRow & { authorized_at: Date | string | null; card_masked: string | null; failure_reason: string | null }>(
        db,
        sql`select t.id, t.created_at, t.created_at::text as cursor_at, t.completed_at, t.authorized_at, t.store_id,
          s.store_name, t.customer_phone, t.customer_name, t.payment_method, t.status, t.amount, t.fee, t.refunded_amount,
          t.order_id, t.description, t.card_masked, t.failure_reason
          from transactions t left join stores s on s.id = t.store_id where ${sql.join(where, sql` and `)}`,
      );
      if (!row) return null;
      const refundRows = await rows<{ id: number; amount: number | string; reason: string | null; created_at: Date | string; name: string | null }>(
        db,
        sql`select r.id, r.amount, r.reason, r.created_at, u.name from refunds r left join users u on u.id = r.requested_by
          where r.transaction_id = ${id} and r.merchant_id = ${scope.merchantId} order by r.created_at, r.id`,
      );
      const base = toRow(row);
      return {
        ...base,
        authorizedAt: iso(row.authorized_at),
        cardMasked: row.card_masked,
        failureReason: row.failure_reason,
        refundable: REFUNDABLE_STATUSES.includes(base.status) ? base.amount - base.refundedAmount : 0,
        refunds: refundRows.map((r) => ({
          id: r.id,
          amount: Number(r.amount),
          reason: r.reason,
          createdAt: iso(r.created_at)!,
          requestedBy: r.name,
        })),
      };
    },

    /** The payment's steps, oldest first, from its own timestamps and its refunds. */
    trace(detail: TransactionDetail): TraceStep[] {
      const steps: TraceStep[] = [{ step: 'CREATED', at: detail.createdAt, amount: detail.amount, detail: detail.orderId }];
      if (detail.authorizedAt) steps.push({ step: 'AUTHORIZED', at: detail.authorizedAt, amount: detail.amount, detail: null });
      if (detail.completedAt) {
        steps.push(
          detail.status === 'FAILED'
            ? { step: 'FAILED', at: detail.completedAt, amount: null, detail: detail.failureReason }
            : { step: 'COMPLETED', at: detail.completedAt, amount: detail.amount, detail: null },
        );
      }
      for (const r of detail.refunds) steps.push({ step: 'REFUNDED', at: r.createdAt, amount: r.amount, detail: r.reason });
      return steps;
    },
  };
}

export type TransactionsRepository = ReturnType<typeof transactionsRepository>;
