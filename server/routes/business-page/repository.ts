/**
 * Queries of the business pages feature: the page as the API answers it, follower counts, the staff who
 * may receive a page role, and the stores attached to a page.
 */
import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PAGE_CATEGORIES, PAGE_OWNER_MERCHANT_ROLES, PAGE_ROLES, PAGE_STATUSES, WEEKDAYS, type PageRole } from '@/domain/businessPages';
import type { MerchantType } from '@/domain/api';
import { routeCodesFor } from '@/domain/sidebar';
import type { Db } from '../../db/client';
import { businessPageFollows, businessPageMembers, businessPages, businessPageStores, memberships, pagePosts, stores, users } from '../../db/schema';

type Ex = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type PageRow = typeof businessPages.$inferSelect;

const hoursSchema = z.object({ open: z.string(), close: z.string() }).nullable();
export const pageSchema = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(PAGE_STATUSES),
  avatarUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  description: z.string(),
  category: z.enum(PAGE_CATEGORIES).nullable(),
  hotline: z.string().nullable(),
  website: z.string().nullable(),
  facebook: z.string().nullable(),
  openingHours: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, hoursSchema.optional()]))),
  rejectReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  followers: z.number().int(),
  stores: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PageDto = z.infer<typeof pageSchema>;

export const pageImageUrl = (name: string | null): string | null => (name ? `/api/official-account/v1/page-images/${encodeURIComponent(name)}` : null);

export function toPageDto(p: PageRow, followers: number, storeCount: number): PageDto {
  return {
    id: p.id,
    merchantId: p.merchantId,
    name: p.name,
    slug: p.slug,
    status: p.status as PageDto['status'],
    avatarUrl: pageImageUrl(p.avatarFile),
    coverUrl: pageImageUrl(p.coverFile),
    description: p.description,
    category: (p.category as PageDto['category']) ?? null,
    hotline: p.hotline,
    website: p.website,
    facebook: p.facebook,
    openingHours: p.openingHours,
    rejectReason: p.rejectReason,
    submittedAt: p.submittedAt?.toISOString() ?? null,
    reviewedAt: p.reviewedAt?.toISOString() ?? null,
    followers,
    stores: storeCount,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** Current followers and attached stores per page. */
export async function pageFigures(ex: Ex, pageIds: number[]): Promise<Map<number, { followers: number; stores: number }>> {
  const out = new Map(pageIds.map((id) => [id, { followers: 0, stores: 0 }]));
  if (!pageIds.length) return out;
  const [follows, attached] = await Promise.all([
    ex
      .select({ pageId: businessPageFollows.pageId, n: count() })
      .from(businessPageFollows)
      .where(and(inArray(businessPageFollows.pageId, pageIds), isNull(businessPageFollows.unfollowedAt)))
      .groupBy(businessPageFollows.pageId),
    ex.select({ pageId: businessPageStores.pageId, n: count() }).from(businessPageStores).where(inArray(businessPageStores.pageId, pageIds)).groupBy(businessPageStores.pageId),
  ]);
  for (const f of follows) out.get(f.pageId)!.followers = f.n;
  for (const s of attached) out.get(s.pageId)!.stores = s.n;
  return out;
}

/** When each page last published a post (the list's "last post"; index page_posts_page_published_idx). */
export async function lastPublishedPosts(ex: Ex, pageIds: number[]): Promise<Map<number, Date>> {
  if (!pageIds.length) return new Map();
  const rows = await ex
    .select({ pageId: pagePosts.pageId, at: max(pagePosts.publishedAt) })
    .from(pagePosts)
    .where(and(inArray(pagePosts.pageId, pageIds), eq(pagePosts.status, 'PUBLISHED')))
    .groupBy(pagePosts.pageId);
  return new Map(rows.filter((r) => r.at).map((r) => [r.pageId, r.at!]));
}

export async function pageDto(ex: Ex, page: PageRow): Promise<PageDto> {
  const figures = (await pageFigures(ex, [page.id])).get(page.id)!;
  return toPageDto(page, figures.followers, figures.stores);
}

/** Is `slug` (already lower case) used by a page other than `exceptId`? */
export async function slugTaken(ex: Ex, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: businessPages.id })
    .from(businessPages)
    .where(exceptId ? and(eq(businessPages.slug, slug), sql`${businessPages.id} <> ${exceptId}`) : eq(businessPages.slug, slug));
  return row !== undefined;
}

/**
 * Staff of the merchant who may hold a page role: active members whose merchant roles open the business
 * pages (route code MERCHANT_BUSSINESS_PAGE_LIST), other than owners and administrators (who act as page
 * admin on every page already).
 */
export async function roleCandidates(ex: Ex, merchantId: number, merchantType: MerchantType): Promise<Array<{ userId: number; username: string; name: string; roles: string[] }>> {
  const rows = await ex
    .select({ userId: memberships.userId, username: users.username, name: users.name, roles: memberships.roles })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.merchantId, merchantId), eq(memberships.status, 'ACTIVE'), eq(memberships.invitationStatus, 'ACCEPT')))
    .orderBy(asc(users.username));
  return rows.filter(
    (r) =>
      !r.roles.some((role) => (PAGE_OWNER_MERCHANT_ROLES as readonly string[]).includes(role)) &&
      routeCodesFor(r.roles, merchantType).includes('MERCHANT_BUSSINESS_PAGE_LIST'),
  );
}

export const memberSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  pageRole: z.enum(PAGE_ROLES),
  createdAt: z.string(),
});

export async function pageMembers(ex: Ex, pageId: number): Promise<z.infer<typeof memberSchema>[]> {
  const rows = await ex
    .select({ userId: businessPageMembers.userId, username: users.username, name: users.name, pageRole: businessPageMembers.pageRole, createdAt: businessPageMembers.createdAt })
    .from(businessPageMembers)
    .innerJoin(users, eq(users.id, businessPageMembers.userId))
    .where(eq(businessPageMembers.pageId, pageId))
    .orderBy(asc(users.username));
  return rows.map((r) => ({ ...r, pageRole: r.pageRole as PageRole, createdAt: r.createdAt.toISOString() }));
}

export const pageStoreSchema = z.object({
  id: z.number().int(),
  storeId: z.string(),
  storeName: z.string(),
  address: z.string(),
  isActive: z.boolean(),
  isClaimedOa: z.boolean(),
  /** The page the store is attached to (this one, another of the merchant's, or none). */
  pageId: z.number().int().nullable(),
});

/** Every store of the merchant with the page it is attached to, if any. */
export async function merchantStoresWithPage(ex: Ex, merchantId: number): Promise<z.infer<typeof pageStoreSchema>[]> {
  return ex
    .select({
      id: stores.id,
      storeId: stores.storeId,
      storeName: stores.storeName,
      address: stores.address,
      isActive: stores.isActive,
      isClaimedOa: stores.isClaimedOa,
      pageId: businessPageStores.pageId,
    })
    .from(stores)
    .leftJoin(businessPageStores, eq(businessPageStores.storeId, stores.id))
    .where(eq(stores.merchantId, merchantId))
    .orderBy(asc(stores.storeName), asc(stores.id));
}
