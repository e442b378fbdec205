/**
 * A business page's content (spec §2 content-management, BUSINESS_PAGE_CONTENT_MANAGEMENT; §7
 * /user-generated-content/v1): posts, reviews and stories. Shared by the portal's forms and the API.
 * Times a merchant types (a post's schedule) are Vietnam wall-clock minutes 'YYYY-MM-DDTHH:mm'.
 */
import { z } from 'zod';
import { vietnamLocalInstant } from './paymentLinks';
import type { ModerationDecision } from './reviewModeration';
import { optionalField, requiredString, ValidationKeys } from './validation';

export const POST_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'HIDDEN'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
/** What the editor may ask for; HIDDEN is reached from PUBLISHED only (hide / show again). */
export const POST_SAVE_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED'] as const;

export const REACTION_KINDS = ['LIKE', 'LOVE', 'HAHA', 'WOW', 'SAD', 'ANGRY'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

export const STORY_KINDS = ['IMAGE', 'TEXT'] as const;
export type StoryKind = (typeof STORY_KINDS)[number];

export const CONTENT_LIMITS = {
  /** Images per post. */
  maxPostImages: 10,
  /** HTML as sent by the editor (before sanitising). */
  maxBodyHtmlLength: 50_000,
  /** Visible text of a post. */
  maxPostTextLength: 5_000,
  maxImageBytes: 5 * 1024 * 1024,
  commentMaxLength: 1_000,
  replyMaxLength: 1_000,
  reportReasonMaxLength: 500,
  storyTextMaxLength: 200,
  linkMaxLength: 500,
  /** A story is visible this long after it is posted. */
  storyLifetimeMs: 24 * 60 * 60_000,
} as const;

/** The image types a post, story or review photo may use (spec §5 image types). */
export const CONTENT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg'] as const;

/** Public address of an uploaded page image (no sign-in: the public page shows it). */
export const PAGE_MEDIA_PREFIX = '/api/user-generated-content/v1/media/';
export const pageMediaUrl = (storageName: string): string => `${PAGE_MEDIA_PREFIX}${encodeURIComponent(storageName)}`;
/** A generated storage name: a random UUID and an image extension. */
export const PAGE_MEDIA_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|jpeg|png|svg)$/;
/** The storage name of one of our own media addresses, or null for any other address. */
export function pageMediaNameOf(src: string): string | null {
  if (!src.startsWith(PAGE_MEDIA_PREFIX)) return null;
  const name = src.slice(PAGE_MEDIA_PREFIX.length);
  return PAGE_MEDIA_NAME.test(name) ? name : null;
}

const mediaName = z.string().regex(PAGE_MEDIA_NAME, ValidationKeys.invalid);

/** http(s) address of a post's or story's link. */
export const contentLinkSchema = z
  .string()
  .max(CONTENT_LIMITS.linkMaxLength, ValidationKeys.invalid)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, ValidationKeys.webUrl);

/**
 * Saving a post. SCHEDULED needs a Vietnam time in the future; the images are this page's uploads
 * (checked by the server). The body is sanitised by the server; `bodyHtml` is validated for size here.
 */
export function makePostSaveSchema(now: () => Date = () => new Date()) {
  return z
    .strictObject({
      bodyHtml: requiredString.max(CONTENT_LIMITS.maxBodyHtmlLength, 'validation.content.tooLong'),
      images: z.array(mediaName).max(CONTENT_LIMITS.maxPostImages, 'validation.content.tooManyImages').default([]),
      status: z.enum(POST_SAVE_STATUSES, { error: ValidationKeys.required }),
      scheduledAt: optionalField(z.string().refine((v) => vietnamLocalInstant(v) !== null, ValidationKeys.invalid)),
    })
    .superRefine((value, ctx) => {
      if (value.status !== 'SCHEDULED') return;
      const at = value.scheduledAt ? vietnamLocalInstant(value.scheduledAt) : null;
      if (!value.scheduledAt) ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: ValidationKeys.required });
      else if (at && at.getTime() <= now().getTime()) {
        ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: 'validation.content.scheduleInPast' });
      }
    });
}
export const postSaveSchema = makePostSaveSchema();
export type PostSaveInput = z.output<typeof postSaveSchema>;

export const postVisibilitySchema = z.strictObject({ hidden: z.boolean({ error: ValidationKeys.required }) });
export const postPinSchema = z.strictObject({ pinned: z.boolean({ error: ValidationKeys.required }) });
export const commentVisibilitySchema = postVisibilitySchema;
export const commentReplySchema = z.strictObject({
  body: requiredString.max(CONTENT_LIMITS.commentMaxLength, 'validation.content.tooLong'),
});
export const reviewReplySchema = z.strictObject({
  body: requiredString.max(CONTENT_LIMITS.replyMaxLength, 'validation.content.tooLong'),
});
export const reviewReportSchema = z.strictObject({
  reason: requiredString.max(CONTENT_LIMITS.reportReasonMaxLength, 'validation.content.tooLong'),
});

export const storyCreateSchema = z
  .strictObject({
    kind: z.enum(STORY_KINDS, { error: ValidationKeys.required }),
    text: optionalField(z.string().max(CONTENT_LIMITS.storyTextMaxLength, 'validation.content.tooLong')),
    image: optionalField(mediaName),
    link: optionalField(contentLinkSchema),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'IMAGE' && !value.image) ctx.addIssue({ code: 'custom', path: ['image'], message: ValidationKeys.required });
    if (value.kind === 'TEXT' && !(typeof value.text === 'string' && value.text.trim())) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: ValidationKeys.required });
    }
  });
export type StoryCreateInput = z.output<typeof storyCreateSchema>;

export const reviewListQuerySchema = z.object({ stars: z.coerce.number().int().min(1).max(5).optional() });

// ---- Shapes the API answers -------------------------------------------------------------------

export interface PostSummary {
  id: number;
  pageId: number;
  bodyHtml: string;
  /** Plain text of the body, for lists. */
  excerpt: string;
  images: { name: string; url: string }[];
  status: PostStatus;
  scheduledAt: string | null;
  publishedAt: string | null;
  pinned: boolean;
  reactions: number;
  reactionsByKind: Partial<Record<ReactionKind, number>>;
  comments: number;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PostComment {
  id: number;
  parentId: number | null;
  body: string;
  hidden: boolean;
  /** The customer's name, or null for a reply written as the page. */
  customerName: string | null;
  asPage: boolean;
  createdAt: string;
}

export interface ReviewRow {
  id: number;
  stars: number;
  body: string;
  photoUrl: string | null;
  customerName: string;
  reply: { body: string; repliedAt: string; updatedAt: string | null } | null;
  reported: { at: string; reason: string } | null;
  /** The provider's decision on the report (ops reported-reviews), once made. */
  moderation: ModerationDecision | null;
  createdAt: string;
}

export interface ReviewSummary {
  count: number;
  /** Average stars, one decimal; null without reviews. */
  average: number | null;
  /** Reviews per star, 1 to 5. */
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
  unanswered: number;
}

export interface StoryRow {
  id: number;
  kind: StoryKind;
  text: string | null;
  imageUrl: string | null;
  link: string | null;
  views: number;
  createdAt: string;
  expiresAt: string;
  /** ACTIVE until it expires or is deleted. */
  state: 'ACTIVE' | 'EXPIRED' | 'DELETED';
}

export function storyState(story: { expiresAt: Date | string; deletedAt: Date | string | null }, now: Date): StoryRow['state'] {
  if (story.deletedAt) return 'DELETED';
  return new Date(story.expiresAt).getTime() <= now.getTime() ? 'EXPIRED' : 'ACTIVE';
}

/** Average to one decimal (4.25 → 4.3); null for no reviews. */
export function averageStars(distribution: ReviewSummary['distribution']): number | null {
  let count = 0;
  let sum = 0;
  for (const star of [1, 2, 3, 4, 5] as const) {
    count += distribution[star];
    sum += star * distribution[star];
  }
  return count ? Math.round((sum / count) * 10) / 10 : null;
}
