/** Stores of one merchant, optionally limited to the stores a store-role user is assigned to. */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
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

export function storesRepository(db: Db) {
  return {
    async page(
      merchantId: number,
      filter: StoreFilter,
      sort: Sort<StoreSortField>,
      page: PageRequest,
    ): Promise<{ rows: Store[]; total: number }> {
      const where = whereOf(merchantId, filter);
      const column = SORT_COLUMNS[sort.field];
      // Newest first breaks ties, so pages stay stable when names repeat.
      const order = [sort.direction === 'asc' ? asc(column) : desc(column), ...(sort.field === 'id' ? [] : [desc(stores.id)])];
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(stores).where(where).orderBy(...order).limit(page.pageSize).offset(offsetOf(page)),
        db.select({ total: count() }).from(stores).where(where),
      ]);
      return { rows: rows.map(toStore), total };
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
