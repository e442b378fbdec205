/**
 * What the content routes share: path parameters, the shapes they answer and the caller's access to a
 * page's content (route code BUSINESS_PAGE_CONTENT_MANAGEMENT and a page role, see docs/decisions.md).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PageRole } from '@/domain/businessPages';
import { POST_STATUSES, REACTION_KINDS, STORY_KINDS } from '@/domain/pageContent';
import { MODERATION_OUTCOMES } from '@/domain/reviewModeration';
import { requireRouteCode } from '../../lib/report-family/access';
import { requirePageRole } from '../../lib/page-access';
import { membershipOf } from '../../plugins/auth';
import { idParam } from '../../validation';

export const tags = ['content-management'];

/** Every page role reads the page's content; only these write it (posts, stories, replies, moderation). */
export const CONTENT_READERS: readonly PageRole[] = ['PAGE_ADMIN', 'EDITOR', 'CHAT_AGENT', 'ANALYST'];
export const CONTENT_WRITERS: readonly PageRole[] = ['PAGE_ADMIN', 'EDITOR'];

/**
 * The caller may act on `pageId`'s content with one of `roles`: the route code first (403), then
 * requirePageRole (another merchant's page: 404; no such page role: 403). Returns the merchant id.
 */
export async function contentAccess(request: FastifyRequest, pageId: number, roles: readonly PageRole[]): Promise<number> {
  const membership = membershipOf(request);
  requireRouteCode(membership, 'BUSINESS_PAGE_CONTENT_MANAGEMENT');
  await requirePageRole(request, pageId, roles);
  return membership.merchant.id;
}

export const merchantParams = z.strictObject({ merchantId: idParam });
export const pageParams = z.strictObject({ merchantId: idParam, pageId: idParam });
export const postParams = pageParams.extend({ postId: idParam });
export const commentParams = postParams.extend({ commentId: idParam });
export const reviewParams = pageParams.extend({ reviewId: idParam });
export const storyParams = pageParams.extend({ storyId: idParam });

export const mediaSchema = z.object({ name: z.string(), url: z.string() });

export const postSchema = z.object({
  id: z.number().int(),
  pageId: z.number().int(),
  bodyHtml: z.string(),
  excerpt: z.string(),
  images: z.array(mediaSchema),
  status: z.enum(POST_STATUSES),
  scheduledAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  pinned: z.boolean(),
  reactions: z.number().int(),
  reactionsByKind: z.partialRecord(z.enum(REACTION_KINDS), z.number().int()),
  comments: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const commentSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  body: z.string(),
  hidden: z.boolean(),
  customerName: z.string().nullable(),
  asPage: z.boolean(),
  createdAt: z.string(),
});

export const reviewSchema = z.object({
  id: z.number().int(),
  stars: z.number().int(),
  body: z.string(),
  photoUrl: z.string().nullable(),
  customerName: z.string(),
  reply: z.object({ body: z.string(), repliedAt: z.string(), updatedAt: z.string().nullable() }).nullable(),
  reported: z.object({ at: z.string(), reason: z.string() }).nullable(),
  moderation: z.object({ outcome: z.enum(MODERATION_OUTCOMES), reason: z.string(), decidedAt: z.string() }).nullable(),
  createdAt: z.string(),
});

export const reviewSummarySchema = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  distribution: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
  unanswered: z.number().int(),
});

export const storySchema = z.object({
  id: z.number().int(),
  kind: z.enum(STORY_KINDS),
  text: z.string().nullable(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  views: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  state: z.enum(['ACTIVE', 'EXPIRED', 'DELETED']),
});

export const contentPageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: z.string(),
  posts: z.number().int(),
  scheduled: z.number().int(),
  reviews: z.number().int(),
  unanswered: z.number().int(),
  averageStars: z.number().nullable(),
  activeStories: z.number().int(),
});

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
