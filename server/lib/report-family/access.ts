/**
 * Report access: the UI hides a report whose route code the user's sidebar lacks; the server refuses it
 * with the same table (src/domain/sidebar.ts), so a hidden report is also a 403.
 */
import { z } from 'zod';
import type { MerchantType } from '@/domain/api';
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

/** A query parameter that may be repeated (`status=A&status=B`, spec §9) or given once. */
export function repeated<T extends z.ZodType>(item: T, max = 50) {
  return z
    .union([item, z.array(item).max(max)])
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[])
    .optional();
}
