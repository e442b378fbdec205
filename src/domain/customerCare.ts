/**
 * Customer care (spec §2 customer-care-management, {id}/customer-demographic, {id}/broadcast, /create,
 * /{broadcastId}; route code BUSINESS_PAGE_CUSTOMER_CARE; §5 ${name}): who the page's customers are,
 * and broadcasts to them through the live chat. Shared by the portal's forms and the API.
 *
 * Delivery rules (docs/decisions.md): quiet hours 21:00–08:00 Vietnam time (a customer who wrote to the
 * page in the last 24 hours still receives; everyone else waits until 08:00), at most
 * BROADCAST_RULES.capPerWeek broadcasts per customer and page in any rolling 7 days, and never to a
 * customer who unsubscribed from the page's broadcasts.
 */
import { z } from 'zod';
import { audienceSchema, type Audience, type AgeBand, type Gender } from './audience';
import type { PageRole } from './businessPages';
import { customerTemplateText } from './customerTemplates';
import { vietnamLocalInstant } from './paymentLinks';
import { VN_UTC_OFFSET_MINUTES } from './time';
import { optionalField, requiredString, ValidationKeys } from './validation';

export const BROADCAST_STATUSES = ['SCHEDULED', 'SENDING', 'SENT', 'CANCELLED'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

export const RECIPIENT_STATES = ['PENDING', 'DEFERRED', 'SENT', 'SKIPPED_CAP', 'SKIPPED_UNSUBSCRIBED'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const SEND_MODES = ['NOW', 'SCHEDULED'] as const;
export type SendMode = (typeof SEND_MODES)[number];

/** Who the demographics count: followers, chatting customers, or both (a customer counts once). */
export const DEMOGRAPHIC_POPULATIONS = ['ALL', 'FOLLOWERS', 'CHATTING'] as const;
export type DemographicPopulation = (typeof DEMOGRAPHIC_POPULATIONS)[number];

/** Last activity of a customer: within 7, 30, 90 days, longer ago, never. */
export const ACTIVITY_BUCKETS = ['DAYS_7', 'DAYS_30', 'DAYS_90', 'OLDER', 'NEVER'] as const;
export type ActivityBucket = (typeof ACTIVITY_BUCKETS)[number];

export const DEMOGRAPHIC_DIMENSIONS = ['ageBand', 'gender', 'province', 'tag', 'activity'] as const;
export type DemographicDimension = (typeof DEMOGRAPHIC_DIMENSIONS)[number];

export const BROADCAST_RULES = {
  /** Broadcasts a customer receives from one page in any rolling 7 days. */
  capPerWeek: 2,
  capWindowDays: 7,
  /** Quiet hours, Vietnam time: from 21:00 to 08:00. */
  quietFromHour: 21,
  quietToHour: 8,
  /** A customer who wrote to the page this recently is not held by quiet hours. */
  recentChatHours: 24,
} as const;

export const CARE_LIMITS = {
  nameMaxLength: 100,
  messageMaxLength: 1_000,
  recipientsPageSize: 20,
  recipientsMaxPageSize: 100,
  /** How far ahead a broadcast may be scheduled. */
  maxScheduleDays: 90,
} as const;

export const CARE_MESSAGES = {
  scheduleInPast: 'validation.care.scheduleInPast',
  scheduleTooFar: 'validation.care.scheduleTooFar',
  noAudience: 'validation.care.noAudience',
  imageOrLink: 'validation.care.imageOrLink',
} as const;

/** A picture uploaded for a broadcast (its generated storage name). */
export const BROADCAST_IMAGE_NAME = /^[0-9a-f-]{36}\.(jpg|jpeg|png)$/;

export function makeBroadcastSchema(now: () => Date = () => new Date()) {
  return z
    .strictObject({
      name: requiredString.max(CARE_LIMITS.nameMaxLength, 'validation.care.nameTooLong'),
      audience: audienceSchema,
      message: customerTemplateText(CARE_LIMITS.messageMaxLength),
      imageName: optionalField(z.string().regex(BROADCAST_IMAGE_NAME, ValidationKeys.invalid)),
      paymentLinkId: optionalField(z.number(ValidationKeys.invalid).int(ValidationKeys.invalid).positive(ValidationKeys.invalid)),
      sendMode: z.enum(SEND_MODES, { error: ValidationKeys.required }),
      /** Vietnam wall-clock minutes 'YYYY-MM-DDTHH:mm' (SCHEDULED only). */
      scheduledAt: optionalField(z.string().refine((v) => vietnamLocalInstant(v) !== null, ValidationKeys.invalid)),
    })
    .superRefine((value, ctx) => {
      if (value.imageName && value.paymentLinkId) {
        ctx.addIssue({ code: 'custom', path: ['paymentLinkId'], message: CARE_MESSAGES.imageOrLink });
      }
      if (value.sendMode !== 'SCHEDULED') return;
      const at = value.scheduledAt ? vietnamLocalInstant(value.scheduledAt) : null;
      if (!value.scheduledAt) ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: ValidationKeys.required });
      else if (at && at.getTime() <= now().getTime()) ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: CARE_MESSAGES.scheduleInPast });
      else if (at && at.getTime() > now().getTime() + CARE_LIMITS.maxScheduleDays * 86_400_000) {
        ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: CARE_MESSAGES.scheduleTooFar, params: { days: CARE_LIMITS.maxScheduleDays } });
      }
    });
}
export const broadcastSchema = makeBroadcastSchema();
export type BroadcastInput = z.input<typeof broadcastSchema>;
export type BroadcastValues = z.output<typeof broadcastSchema>;

/** The message alone, checked as it is typed (a refined object cannot be picked from). */
export const broadcastMessageSchema = z.strictObject({ message: customerTemplateText(CARE_LIMITS.messageMaxLength) });

/** The live estimate and the sample preview of the create form. */
export const audienceCountSchema = z.strictObject({ audience: audienceSchema });
export const previewSchema = z.strictObject({ message: customerTemplateText(CARE_LIMITS.messageMaxLength), audience: audienceSchema });

/**
 * Page roles (docs/decisions.md): everyone who may read the page's audience sees the demographics and the
 * broadcasts; those who talk to customers (page admins, chat agents) send and cancel them.
 */
export const CARE_ROLES = {
  view: ['PAGE_ADMIN', 'CHAT_AGENT', 'ANALYST'],
  send: ['PAGE_ADMIN', 'CHAT_AGENT'],
} as const satisfies Record<string, readonly PageRole[]>;

// ---------------------------------------------------------------------------------------------
// Quiet hours (Vietnam is UTC+7 all year: no daylight saving)
// ---------------------------------------------------------------------------------------------

const HOUR = 3_600_000;

/** The Vietnam wall-clock hour of an instant. */
export function vietnamHour(at: Date): number {
  return new Date(at.getTime() + VN_UTC_OFFSET_MINUTES * 60_000).getUTCHours();
}

/** 21:00–08:00 Vietnam time. */
export function isQuietHour(at: Date): boolean {
  const h = vietnamHour(at);
  return h >= BROADCAST_RULES.quietFromHour || h < BROADCAST_RULES.quietToHour;
}

/** The next 08:00 Vietnam time at or after `at`. */
export function quietHoursEnd(at: Date): Date {
  const shifted = new Date(at.getTime() + VN_UTC_OFFSET_MINUTES * 60_000);
  const eight = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate(), BROADCAST_RULES.quietToHour) - VN_UTC_OFFSET_MINUTES * 60_000;
  return new Date(eight >= at.getTime() ? eight : eight + 24 * HOUR);
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export interface CarePage {
  id: number;
  name: string;
  slug: string;
  status: string;
  followers: number;
  chatting: number;
  broadcasts: number;
  /** The caller may create and cancel broadcasts on the page (CARE_ROLES.send). */
  canSend: boolean;
}

export interface DemographicRow {
  /** The band, gender, province, tag id, or activity bucket; null: unknown. */
  key: string | null;
  /** A tag's name (tags only). */
  label?: string | null;
  count: number;
}

export interface Demographics {
  population: DemographicPopulation;
  total: number;
  ageBand: DemographicRow[];
  gender: DemographicRow[];
  province: DemographicRow[];
  tag: DemographicRow[];
  activity: DemographicRow[];
}

export interface BroadcastFigures {
  audienceSize: number | null;
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  unsubscribed: number;
  pending: number;
  deferred: number;
  skippedCap: number;
  skippedUnsubscribed: number;
}

export interface BroadcastSummary {
  id: number;
  pageId: number;
  name: string;
  status: BroadcastStatus;
  scheduledAt: string;
  createdAt: string;
  completedAt: string | null;
  figures: BroadcastFigures;
}

export interface BroadcastDetail extends BroadcastSummary {
  audience: Audience;
  message: string;
  image: { name: string; url: string } | null;
  paymentLink: { id: number; code: string; title: string } | null;
  createdByName: string | null;
  cancelledAt: string | null;
}

export interface BroadcastRecipient {
  customerId: number;
  customerName: string;
  phone: string | null;
  state: RecipientState;
  dueAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  replied: boolean;
}

export interface BroadcastImage {
  name: string;
  fileName: string;
  mimeType: string;
  size: number;
}

export type { AgeBand, Gender };
