/** Parameters and answer shapes of the public page's routes (reads in ./index.ts, customer actions in ./customer.ts). */
import { z } from 'zod';
import { REACTION_KINDS, STORY_KINDS } from '@/domain/pageContent';
import { PAGE_SLUG, publicListQueryShape } from '@/domain/publicPage';
import { apiQuery, idParam } from '../../validation';

export const tags = ['public-pages'];
export const slugParams = z.strictObject({ slug: z.string().regex(PAGE_SLUG) });
export const postParams = slugParams.extend({ postId: idParam });
export const storyParams = slugParams.extend({ storyId: idParam });
export const listQuery = apiQuery(publicListQueryShape);

export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next: z.string().nullable() });

export const pageSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  hotline: z.string().nullable(),
  website: z.string().nullable(),
  facebook: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  openingHours: z.array(z.object({ weekday: z.number().int(), ranges: z.array(z.object({ open: z.string(), close: z.string() })) })),
  stores: z.array(z.object({ name: z.string(), address: z.string() })),
  followers: z.number().int(),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  demo: z.boolean(),
  viewer: z
    .object({
      name: z.string(),
      following: z.boolean(),
      review: z.object({ stars: z.number().int(), body: z.string(), photoUrl: z.string().nullable() }).nullable(),
      badges: z.array(z.string()),
    })
    .nullable(),
});
export const postSchema = z.object({
  id: z.number().int(),
  bodyHtml: z.string(),
  images: z.array(z.string()),
  publishedAt: z.string(),
  pinned: z.boolean(),
  reactions: z.number().int(),
  comments: z.number().int(),
  myReaction: z.enum(REACTION_KINDS).nullable(),
});
export const commentSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string().nullable(),
  asPage: z.boolean(),
  createdAt: z.string(),
});
export const storySchema = z.object({
  id: z.number().int(),
  kind: z.enum(STORY_KINDS),
  text: z.string().nullable(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  viewed: z.boolean(),
});
export const reviewSchema = z.object({
  id: z.number().int(),
  stars: z.number().int(),
  body: z.string(),
  photoUrl: z.string().nullable(),
  customerName: z.string(),
  reply: z.object({ body: z.string(), repliedAt: z.string() }).nullable(),
  badges: z.array(z.string()),
  createdAt: z.string(),
});
