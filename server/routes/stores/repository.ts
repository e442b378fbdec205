/** Stores of one merchant, optionally limited to the stores a store-role user is assigned to. */
import { and, asc, count, desc, eq, gt, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Store } from '@/domain/api';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';
import { offsetOf, type PageRequest, type Sort } from '../../pagination';

export const STORE_SORT_FIELDS = ['id', 'storeId', 'storeName'] as const;
export type StoreSortField = (typeof STORE_SORT_FIELDS)[number];

const SORT_COLUMNS = { id: stores.id, storeId: stores.storeId, storeName: stores.storeName };

export interface StoreFilter {
  keyword?: string;
  isActive?: boolean;
  /** null: every store of the merchant. */
  storeIds: number[] | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function toStore(s: typeof stores.$inferSelect): Store {
  return {
    id: s.id,
    storeId: s.storeId,
    storeName: s.storeName,
    isActive: s.isActive,
    isClaimedOa: s.isClaimedOa,
    storePhoneNumber: s.phone,
    storeSlug: s.slug,
    storeStateCode: s.stateCode,
    officialAccountId: s.officialAccountId,
    address: s.address,
  };
}

function whereOf(merchantId: number, filter: StoreFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(stores.merchantId, merchantId)];
  if (filter.storeIds !== null) conditions.push(inArray(stores.id, filter.storeIds.length ? filter.storeIds : [-1]));
  if (filter.isActive !== undefined) conditions.push(eq(stores.isActive, filter.isActive));
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    conditions.push(or(ilike(stores.storeName, pattern), ilike(stores.storeId, pattern)));
  }
  return and(...conditions);
}

/** The list's order: the sort column, then newest first so rows with equal values keep a stable order. */
function orderOf(sort: Sort<StoreSortField>): SQL[] {
  const column = SORT_COLUMNS[sort.field];
  return [sort.direction === 'asc' ? asc(column) : desc(column), ...(sort.field === 'id' ? [] : [desc(stores.id)])];
}

/**
 * Rows strictly after `last` in orderOf(sort): the keyset condition of the next batch. Unlike an
 * offset, it costs the same on the last batch as on the first and never skips or repeats a row when
 * stores are added while an export runs.
 */
function after(sort: Sort<StoreSortField>, last: typeof stores.$inferSelect): SQL | undefined {
  const beyond = sort.direction === 'asc' ? gt : lt;
  if (sort.field === 'id') return beyond(stores.id, last.id);
  const column = SORT_COLUMNS[sort.field];
  return or(beyond(column, last[sort.field]), and(eq(column, last[sort.field]), lt(stores.id, last.id)));
}

/** Rows fetched per query by `stream`: few enough to keep memory flat, many enough to keep round trips rare. */
export const STORE_EXPORT_BATCH_SIZE = 1000;

export function storesRepository(db: Db) {
  return {
    async page(
      merchantId: number,
      filter: StoreFilter,
      sort: Sort<StoreSortField>,
      page: PageRequest,
    ): Promise<{ rows: Store[]; total: number }> {
      const where = whereOf(merchantId, filter);
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(stores).where(where).orderBy(...orderOf(sort)).limit(page.pageSize).offset(offsetOf(page)),
        db.select({ total: count() }).from(stores).where(where),
      ]);
      return { rows: rows.map(toStore), total };
    },

    /**
     * Every store the filter selects, in the list's order, fetched `batchSize` rows at a time (keyset
     * pagination): an export of any size holds one batch in memory. Stopping the iteration (client
     * gone) stops the queries.
     */
    async *stream(
      merchantId: number,
      filter: StoreFilter,
      sort: Sort<StoreSortField>,
      batchSize = STORE_EXPORT_BATCH_SIZE,
    ): AsyncGenerator<Store> {
      const where = whereOf(merchantId, filter);
      const order = orderOf(sort);
      let last: typeof stores.$inferSelect | undefined;
      for (;;) {
        const batch = await db
          .select()
          .from(stores)
          .where(last ? and(where, after(sort, last)) : where)
          .orderBy(...order)
          .limit(batchSize);
        for (const row of batch) yield toStore(row);
        if (batch.length < batchSize) return;
        last = batch[batch.length - 1];
      }
    },

    /** Every store (active or not) for pickers, by name. */
    async options(merchantId: number, storeIds: number[] | null): Promise<Array<{ id: number; storeName: string }>> {
      return db
        .select({ id: stores.id, storeName: stores.storeName })
        .from(stores)
        .where(whereOf(merchantId, { storeIds }))
        .orderBy(asc(stores.storeName), asc(stores.id));
    },
  };
}
