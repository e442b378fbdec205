/**
 * Report access: the UI hides a report whose route code the user's sidebar lacks; the server refuses it
 * with the same table (src/domain/sidebar.ts), so a hidden report is also a 403.
 */
import { z } from 'zod';
import type { MerchantType } from '@/domain/api';
import { maskPersonName, maskPhone } from '@/domain/masking';
import type { RouteCode } from '@/domain/roles';
import { routeCodesFor } from '@/domain/sidebar';
import type { Membership } from '../../db/repositories/memberships';
import { ApiError } from '../../errors';

export function canOpen(membership: Membership, code: RouteCode): boolean {
  return routeCodesFor(membership.roles, membership.merchant.type as MerchantType).includes(code);
}

export function requireRouteCode(membership: Membership, code: RouteCode): void {
  if (!canOpen(membership, code)) throw ApiError.forbidden();
}

/** The merchant and, for store-scoped roles, the stores a caller sees in a report (403 without its route code). */
export function reportScopeOf(membership: Membership, code: RouteCode): { merchantId: number; storeIds: number[] | null } {
  requireRouteCode(membership, code);
  return { merchantId: membership.merchant.id, storeIds: membership.storeIds };
}

/**
 * What a caller sees of customers and of fees (Decree 13/2023: show each role only what it needs).
 * Store-scoped roles (store owner, store accountant, cashier: `storeIds` not null) see customers' phones
 * and names masked (`0963•••411`, `N••• V••• An`) and no fees (null, and no net that would give them
 * away); merchant-wide roles (owners, accountants, administrators) see everything.
 */
export const seesCustomerData = (storeIds: readonly number[] | null): boolean => storeIds === null;

/** Row and totals keys holding customers' phones, customers' names, and fees or what reveals them. */
export const PHONE_KEYS: readonly string[] = ['customerPhone', 'donorPhone'];
export const NAME_KEYS: readonly string[] = ['customerName', 'donorName'];
export const FEE_KEYS: readonly string[] = ['fee', 'feeAmount', 'netAmount'];

type Shaped<T> = { [K in keyof T]: K extends 'fee' | 'feeAmount' | 'netAmount' ? T[K] | null : T[K] };

/** A row as `storeIds`' holder may see it: unchanged for merchant-wide roles; masked and fee-less for store roles. */
export function rowForViewer<T extends object>(row: T, storeIds: readonly number[] | null): Shaped<T> {
  if (seesCustomerData(storeIds)) return row as Shaped<T>;
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const key of Object.keys(out)) {
    const value = out[key];
    if (PHONE_KEYS.includes(key)) out[key] = typeof value === 'string' ? maskPhone(value) : value;
    else if (NAME_KEYS.includes(key)) out[key] = typeof value === 'string' ? maskPersonName(value) : value;
    else if (FEE_KEYS.includes(key)) out[key] = null;
  }
  return out as Shaped<T>;
}

/** Money sums as `storeIds`' holder may see them: fee sums null for store roles. */
export function sumsForViewer(sums: Record<string, number>, storeIds: readonly number[] | null): Record<string, number | null> {
  if (seesCustomerData(storeIds)) return sums;
  return Object.fromEntries(Object.entries(sums).map(([key, value]) => [key, FEE_KEYS.includes(key) ? null : value]));
}

/** A query parameter that may be repeated (`status=A&status=B`, spec §9) or given once. */
export function repeated<T extends z.ZodType>(item: T, max = 50) {
  return z
    .union([item, z.array(item).max(max)])
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[])
    .optional();
}
