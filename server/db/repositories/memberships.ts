/**
 * Memberships: which merchants a user belongs to, with which roles and (for store roles) which stores.
 * Only ACTIVE memberships whose invitation was accepted count; everything else is "not a member".
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Merchant, MerchantType, TodoAction } from '@/domain/api';
import type { Db } from '../client';
import { memberships, membershipStores, merchants } from '../schema';
import { offsetOf, type PageRequest, type Sort } from '../../pagination';

/** Spec §6 store roles: a user whose roles are all among these is limited to their assigned stores. */
export const STORE_ROLES: readonly string[] = ['STORE_OWNER', 'STORE_ACCOUNTANT', 'STORE_CASHIER'];

export const MERCHANT_SORT_FIELDS = ['name', 'id'] as const;
export type MerchantSortField = (typeof MERCHANT_SORT_FIELDS)[number];

export type MerchantRecord = typeof merchants.$inferSelect;

export interface Membership {
  merchant: MerchantRecord;
  roles: string[];
  /** The stores the caller is limited to, or null for every store of the merchant. */
  storeIds: number[] | null;
}

const isActive = and(eq(memberships.status, 'ACTIVE'), eq(memberships.invitationStatus, 'ACCEPT'));

export function toMerchantPayload(m: MerchantRecord, roles: string[]): Merchant {
  return {
    id: m.id,
    partnerCode: m.partnerCode,
    name: m.name,
    brandName: m.brandName,
    type: m.type as MerchantType,
    stateCode: m.stateCode,
    relationshipRole: m.relationshipRole,
    linkedWithMaster: m.linkedWithMaster,
    internalGroup: m.internalGroupCode ? { groupCode: m.internalGroupCode } : null,
    todoActions: m.todoActions as TodoAction[],
    roles,
    accountPayout: m.payoutPeriod || m.payoutWallet ? { period: m.payoutPeriod, wallet: m.payoutWallet } : null,
  };
}

export function membershipsRepository(db: Db) {
  return {
    async find(merchantId: number, userId: number): Promise<Membership | null> {
      const [row] = await db
        .select({ merchant: merchants, roles: memberships.roles })
        .from(memberships)
        .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
        .where(and(eq(memberships.merchantId, merchantId), eq(memberships.userId, userId), isActive));
      if (!row) return null;
      const storeOnly = row.roles.length > 0 && row.roles.every((r) => STORE_ROLES.includes(r));
      if (!storeOnly) return { merchant: row.merchant, roles: row.roles, storeIds: null };
      const assigned = await db
        .select({ storeId: membershipStores.storeId })
        .from(membershipStores)
        .where(and(eq(membershipStores.merchantId, merchantId), eq(membershipStores.userId, userId)))
        .orderBy(asc(membershipStores.storeId));
      return { merchant: row.merchant, roles: row.roles, storeIds: assigned.map((a) => a.storeId) };
    },

    /** The user's merchants, each with the user's roles there. */
    async pageForUser(
      userId: number,
      sort: Sort<MerchantSortField>,
      page: PageRequest,
    ): Promise<{ rows: Merchant[]; total: number }> {
      const where = and(eq(memberships.userId, userId), isActive);
      const column = sort.field === 'name' ? merchants.name : merchants.id;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ merchant: merchants, roles: memberships.roles })
          .from(memberships)
          .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
          .where(where)
          .orderBy(sort.direction === 'asc' ? asc(column) : desc(column), asc(merchants.id))
          .limit(page.pageSize)
          .offset(offsetOf(page)),
        db.select({ total: count() }).from(memberships).where(where),
      ]);
      return { rows: rows.map((r) => toMerchantPayload(r.merchant, r.roles)), total };
    },

    async listForUser(userId: number): Promise<Array<Pick<Merchant, 'id' | 'name' | 'brandName' | 'type'>>> {
      const rows = await db
        .select({ id: merchants.id, name: merchants.name, brandName: merchants.brandName, type: merchants.type })
        .from(memberships)
        .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
        .where(and(eq(memberships.userId, userId), isActive))
        .orderBy(asc(merchants.name), asc(merchants.id));
      return rows.map((r) => ({ ...r, type: r.type as MerchantType }));
    },

    async findMerchantIdByPartnerCode(partnerCode: string): Promise<number | null> {
      const [row] = await db
        .select({ id: merchants.id })
        .from(merchants)
        .where(eq(merchants.partnerCode, partnerCode));
      return row?.id ?? null;
    },
  };
}

export type MembershipsRepository = ReturnType<typeof membershipsRepository>;
