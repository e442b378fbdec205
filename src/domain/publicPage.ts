/**
 * A business page as wallet customers see it (/portal/p/<slug>, issue 16 "customers are real too"):
 * the public read API's shapes and the demo customer's actions (follow, react, comment, review, view a
 * story). The public page's own bundle imports only types from here (`import type`: zod stays out of its
 * budget); the zod schemas below are for the API.
 */
import { z } from 'zod';
import { CONTENT_LIMITS, PAGE_MEDIA_NAME, REACTION_KINDS, type ReactionKind, type StoryKind } from './pageContent';
import { requiredString, ValidationKeys } from './validation';

/** Items per page of the public lists (posts, reviews, comments). */
export const PUBLIC_PAGE_SIZE = 10;

/** A page's public address under the portal's base, as shown beside its name (e.g. '/p/ca_phe_song_han'). */
export function publicPagePath(slug: string): string {
  return `/p/${slug}`;
}

export interface PublicOpeningDay {
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** 'HH:mm' ranges in Vietnam time; empty: closed that day. */
  ranges: { open: string; close: string }[];
}

export interface PublicPage {
  slug: string;
  name: string;
  description: string | null;
  category: string | null;
  hotline: string | null;
  website: string | null;
  facebook: string | null;
  avatarUrl: string | null;
  coverUrl: string | null;
  openingHours: PublicOpeningDay[];
  stores: { name: string; address: string }[];
  followers: number;
  rating: { average: number | null; count: number };
  /** Whether the customer simulator exists (demo mode). */
  demo: boolean;
  /** The signed-in customer's own state on this page; null without a customer session. */
  /** The signed-in demo customer: their follow, review and the page's badges they hold. */
  viewer: { name: string; following: boolean; review: { stars: number; body: string; photoUrl: string | null } | null; badges: string[] } | null;
}

export interface PublicPost {
  id: number;
  bodyHtml: string;
  images: string[];
  publishedAt: string;
  pinned: boolean;
  reactions: number;
  comments: number;
  /** The signed-in customer's reaction, if any. */
  myReaction: ReactionKind | null;
}

export interface PublicComment {
  id: number;
  body: string;
  /** Masked customer name (maskPersonName), or null for a reply written as the page. */
  author: string | null;
  asPage: boolean;
  createdAt: string;
}

export interface PublicReview {
  id: number;
  stars: number;
  body: string;
  photoUrl: string | null;
  /** Masked (maskPersonName): the public never learns a customer's full name. */
  customerName: string;
  reply: { body: string; repliedAt: string } | null;
  /** The reviewer's badges on this page (active rules), oldest first. */
  badges: string[];
  createdAt: string;
}

export interface PublicStory {
  id: number;
  kind: StoryKind;
  text: string | null;
  imageUrl: string | null;
  link: string | null;
  createdAt: string;
  expiresAt: string;
  viewed: boolean;
}

/** A keyset page: `next` is the cursor of the following page, null at the end. */
export interface PublicList<T> {
  items: T[];
  next: string | null;
}

export interface CustomerSession {
  token: string;
  expiresAt: string;
  name: string;
}

// ---- API schemas --------------------------------------------------------------------------------

/**
 * A keyset cursor: the last row's time in microseconds since 1970 (PostgreSQL keeps microseconds; a cursor
 * in milliseconds would fall inside its own row's millisecond) and its id.
 */
export const PUBLIC_CURSOR = /^\d{1,16}_\d{1,10}$/;
export const encodeCursor = (atMicros: number, id: number): string => `${atMicros}_${id}`;
export function decodeCursor(cursor: string | undefined): { atMicros: number; id: number } | null {
  if (!cursor || !PUBLIC_CURSOR.test(cursor)) return null;
  const [atMicros, id] = cursor.split('_').map(Number);
  return { atMicros, id };
}
export const publicListQueryShape = { cursor: z.string().regex(PUBLIC_CURSOR, ValidationKeys.invalid).optional() };

/** A page address as typed in a URL (compared lower case: normaliseSlug). */
export const PAGE_SLUG = /^[A-Za-z0-9_]{1,50}$/;

export const customerSignInSchema = z.strictObject({
  username: requiredString.max(100, ValidationKeys.invalid),
  password: requiredString.max(200, ValidationKeys.invalid),
});

export const reactionSchema = z.strictObject({ kind: z.enum(REACTION_KINDS, { error: ValidationKeys.required }) });

export const customerCommentSchema = z.strictObject({
  body: requiredString.max(CONTENT_LIMITS.commentMaxLength, 'validation.content.tooLong'),
});

/** One review per customer and page, editable by its author (stars, text, photo); the page's reply stays. */
export const customerReviewSchema = z.strictObject({
  stars: z.number({ error: ValidationKeys.required }).int(ValidationKeys.invalid).min(1, ValidationKeys.invalid).max(5, ValidationKeys.invalid),
  body: z.string().max(CONTENT_LIMITS.replyMaxLength, 'validation.content.tooLong').default(''),
  photo: z.string().regex(PAGE_MEDIA_NAME, ValidationKeys.invalid).nullable().default(null),
});
export type CustomerReviewInput = z.output<typeof customerReviewSchema>;
