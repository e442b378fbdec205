/**
 * Page roles (docs/decisions.md): the caller's role on one business page. Merchant owners and
 * administrators act as PAGE_ADMIN on every page of their merchant; anyone else needs a row in
 * business_page_members. Another merchant's page, or one that does not exist, answers 404; a page of the
 * caller's merchant without one of the wanted roles answers 403.
 *
 * Call after the merchant-scope pre-handler (request.membership set).
 */
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { PAGE_OWNER_MERCHANT_ROLES, type PageRole } from '@/domain/businessPages';
import type { Membership } from '../../db/repositories/memberships';
import type { Db } from '../../db/client';
import { businessPageMembers, businessPages } from '../../db/schema';
import { ApiError } from '../../errors';
import { membershipOf } from '../../plugins/auth';

export interface PageAccess {
  pageId: number;
  merchantId: number;
  /** The caller's effective role on the page. */
  role: PageRole;
}

export const actsAsPageAdmin = (membership: Membership): boolean =>
  membership.roles.some((r) => (PAGE_OWNER_MERCHANT_ROLES as readonly string[]).includes(r));

/** The caller's effective role on `pageId` of the merchant, or null (no page of this merchant: undefined). */
export async function pageRoleOf(db: Db, membership: Membership, userId: number, pageId: number): Promise<PageRole | null | undefined> {
  const [row] = await db
    .select({ id: businessPages.id, role: businessPageMembers.pageRole })
    .from(businessPages)
    .leftJoin(businessPageMembers, and(eq(businessPageMembers.pageId, businessPages.id), eq(businessPageMembers.userId, userId)))
    .where(and(eq(businessPages.id, pageId), eq(businessPages.merchantId, membership.merchant.id)));
  if (!row) return undefined;
  if (actsAsPageAdmin(membership)) return 'PAGE_ADMIN';
  return (row.role as PageRole | null) ?? null;
}

/**
 * The caller may act on `pageId` with one of `roles`; returns the effective role. 404 for a page that is
 * not the caller's merchant's, 403 without a fitting role.
 */
export async function requirePageRole(request: FastifyRequest, pageId: number, roles: readonly PageRole[]): Promise<PageAccess> {
  const membership = membershipOf(request);
  const userId = request.auth?.userId;
  if (userId == null) throw ApiError.forbidden();
  const role = await pageRoleOf(request.server.database.db, membership, userId, pageId);
  if (role === undefined) throw ApiError.notFound();
  if (role === null || !roles.includes(role)) throw ApiError.forbidden();
  return { pageId, merchantId: membership.merchant.id, role };
}
