/**
 * One repository shape for every report-center list (card payments, disbursements, financing,
 * settlements, non-paid, donations): a report is a table plus a ReportDefinition. Every query takes the
 * merchant id first and, for store-scoped callers, their stores; what such a caller gets back has
 * customers' phones and names masked and no fees (./access rowForViewer).
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ReportDefinition } from '@/domain/reportCenter';
import { dayBounds } from '@/domain/time';
import type { Db } from '../../db/client';
import { exactTime, olderThan } from '../../db/keyset';
import { stores } from '../../db/schema';
import { offsetOf, type PageRequest } from '../../pagination';
import { rowForViewer, sumsForViewer } from './access';

export interface ReportTable {
  definition: ReportDefinition;
  table: PgTable;
  /** Report column key → table column (storeName comes from the join). */
  columns: Record<string, PgColumn>;
  rowId: PgColumn;
  merchantId: PgColumn;
  storeId?: PgColumn;
  /** Columns of this report whose codes are written in words in exports: column → catalogue prefix (api.json). */
  wordColumns?: Readonly<Record<string, string>>;
}

export interface ReportFilter {
  fromDate: string;
  toDate: string;
  status?: string[];
  storeId?: number[];
  keyword?: string;
  /** The caller's stores (null: every store). */
  scopeStoreIds: number[] | null;
}

export type ReportRow = Record<string, unknown> & { id: string };

/** Sums by money column; fee sums are null for store-scoped callers. */
export interface ReportTotals {
  count: number;
  sums: Record<string, number | null>;
  byStatus: Array<{ status: string; count: number; sums: Record<string, number | null> }>;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Rows fetched per query by `stream`. */
export const REPORT_BATCH_SIZE = 1000;

export function reportRepository(db: Db, report: ReportTable) {
  const { definition: def, table, columns } = report;
  const dateColumn = columns[def.dateColumn];
  const selection = {
    _rowId: report.rowId,
    // The batch cursor: the time as the database prints it (server/db/keyset.ts: a Date loses microseconds).
    _cursorAt: exactTime(dateColumn),
    ...columns,
    ...(report.storeId ? { storeId: report.storeId, storeName: stores.storeName } : {}),
  };

  function whereOf(merchantId: number, filter: ReportFilter): SQL | undefined {
    const { start, end } = dayBounds({ from: filter.fromDate, to: filter.toDate });
    const conditions: (SQL | undefined)[] = [eq(report.merchantId, merchantId), gte(dateColumn, start), lt(dateColumn, end)];
    if (report.storeId) {
      if (filter.scopeStoreIds !== null) conditions.push(inArray(report.storeId, filter.scopeStoreIds.length ? filter.scopeStoreIds : [-1]));
      if (filter.storeId?.length) conditions.push(inArray(report.storeId, filter.storeId));
    }
    if (filter.status?.length) conditions.push(inArray(columns.status, filter.status));
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword)}%`;
      conditions.push(or(...def.searchColumns.map((key) => ilike(columns[key], pattern))));
    }
    return and(...conditions);
  }

  const base = () => {
    const query = db.select(selection).from(table);
    return report.storeId ? query.leftJoin(stores, eq(stores.id, report.storeId)) : query;
  };

  const toRow = (raw: Record<string, unknown>, scopeStoreIds: number[] | null): ReportRow => {
    const { _rowId, _cursorAt, ...rest } = raw;
    void _rowId;
    void _cursorAt;
    const row: Record<string, unknown> = { ...rest, id: String(raw[def.idColumn]) };
    for (const [key, value] of Object.entries(row)) if (value instanceof Date) row[key] = value.toISOString();
    return rowForViewer(row, scopeStoreIds) as ReportRow;
  };

  const newestFirst = [desc(dateColumn), desc(report.rowId)];

  return {
    async page(merchantId: number, filter: ReportFilter, page: PageRequest): Promise<{ rows: ReportRow[]; total: number }> {
      const where = whereOf(merchantId, filter);
      const [rows, [{ total }]] = await Promise.all([
        base().where(where).orderBy(...newestFirst).limit(page.pageSize).offset(offsetOf(page)),
        db.select({ total: count() }).from(table).where(where),
      ]);
      return { rows: rows.map((r) => toRow(r as Record<string, unknown>, filter.scopeStoreIds)), total };
    },

    async count(merchantId: number, filter: ReportFilter): Promise<number> {
      const [{ total }] = await db.select({ total: count() }).from(table).where(whereOf(merchantId, filter));
      return total;
    },

    async totals(merchantId: number, filter: ReportFilter): Promise<ReportTotals> {
      const sums = Object.fromEntries(def.moneyColumns.map((key) => [key, sql<string>`coalesce(sum(${columns[key]}), 0)`]));
      const grouped = await db
        .select({ status: columns.status, count: count(), ...sums })
        .from(table)
        .where(whereOf(merchantId, filter))
        .groupBy(columns.status)
        .orderBy(asc(columns.status));
      const all: Record<string, number> = Object.fromEntries(def.moneyColumns.map((k) => [k, 0]));
      const totals: ReportTotals = { count: 0, sums: all, byStatus: [] };
      for (const group of grouped) {
        const g = group as Record<string, unknown>;
        const groupSums = Object.fromEntries(def.moneyColumns.map((k) => [k, Number(g[k])]));
        totals.count += group.count;
        if (!def.countedStatuses || def.countedStatuses.includes(String(group.status))) {
          for (const k of def.moneyColumns) all[k] += groupSums[k];
        }
        totals.byStatus.push({ status: String(group.status), count: group.count, sums: sumsForViewer(groupSums, filter.scopeStoreIds) });
      }
      totals.sums = sumsForViewer(all, filter.scopeStoreIds);
      return totals;
    },

    async findOne(merchantId: number, publicId: string, scopeStoreIds: number[] | null): Promise<ReportRow | null> {
      const conditions: SQL[] = [eq(report.merchantId, merchantId), eq(columns[def.idColumn], publicId)];
      if (report.storeId && scopeStoreIds !== null) conditions.push(inArray(report.storeId, scopeStoreIds.length ? scopeStoreIds : [-1]));
      const [row] = await base().where(and(...conditions)).limit(1);
      return row ? toRow(row as Record<string, unknown>, scopeStoreIds) : null;
    },

    /**
     * Every row the filter selects, newest first, REPORT_BATCH_SIZE at a time by keyset (time, id):
     * constant cost per batch and memory flat whatever the size. Stopping the iteration stops the queries.
     */
    async *stream(merchantId: number, filter: ReportFilter, batchSize = REPORT_BATCH_SIZE): AsyncGenerator<ReportRow> {
      const where = whereOf(merchantId, filter);
      let last: { at: string; id: number } | undefined;
      for (;;) {
        const after = last ? olderThan(dateColumn, report.rowId, last.at, last.id) : undefined;
        const batch = (await base()
          .where(after ? and(where, after) : where)
          .orderBy(...newestFirst)
          .limit(batchSize)) as Array<Record<string, unknown>>;
        for (const raw of batch) yield toRow(raw, filter.scopeStoreIds);
        if (batch.length < batchSize) return;
        const tail = batch[batch.length - 1];
        last = { at: tail._cursorAt as string, id: tail._rowId as number };
      }
    },
  };
}

export type ReportRepository = ReturnType<typeof reportRepository>;
