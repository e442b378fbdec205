/**
 * Support tickets (spec §3 "support tickets have comments, ratings, closes, attachments"; §2
 * reconciliation-accounting): categories, statuses, who may move a ticket where, SLA per category and
 * the zod schemas shared by the portal's forms and the API. Messages are `validation.*` keys.
 */
import { z } from 'zod';
import { ROLE_ROUTE_CODES } from './sidebar';
import { dayCount, isDayKey, MAX_RANGE_DAYS } from './time';
import { dbIdParam, ValidationKeys } from './validation';

export const TICKET_CATEGORIES = ['TRANSACTION', 'PAYOUT', 'PERIOD', 'QUESTION'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'WAITING_MERCHANT', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Who acts on a ticket: the merchant's staff or the provider's operators (INTERNAL_USER). */
export type TicketSide = 'MERCHANT' | 'OPERATOR';

/**
 * Allowed moves per side. The merchant only closes (with a rating) and reopens; the operator works the
 * ticket. A merchant's comment on a WAITING_MERCHANT ticket moves it back to IN_PROGRESS (server side).
 * REOPEN (RESOLVED/CLOSED → OPEN) is allowed to the merchant within TICKET_REOPEN_DAYS.
 */
export const TICKET_TRANSITIONS: Record<TicketSide, Partial<Record<TicketStatus, readonly TicketStatus[]>>> = {
  MERCHANT: {
    OPEN: ['CLOSED'],
    IN_PROGRESS: ['CLOSED'],
    WAITING_MERCHANT: ['IN_PROGRESS', 'CLOSED'],
    RESOLVED: ['OPEN', 'CLOSED'],
    CLOSED: ['OPEN'],
  },
  OPERATOR: {
    OPEN: ['IN_PROGRESS', 'RESOLVED'],
    IN_PROGRESS: ['WAITING_MERCHANT', 'RESOLVED'],
    WAITING_MERCHANT: ['IN_PROGRESS', 'RESOLVED'],
  },
};

export function canTransition(side: TicketSide, from: TicketStatus, to: TicketStatus): boolean {
  return TICKET_TRANSITIONS[side][from]?.includes(to) ?? false;
}

/** A resolved or closed ticket can be reopened by the merchant for this many days. */
export const TICKET_REOPEN_DAYS = 7;

/** Hours from creation to the answer the provider promises, per category (docs/decisions.md). */
export const TICKET_SLA_HOURS: Record<TicketCategory, number> = {
  PAYOUT: 8,
  TRANSACTION: 24,
  PERIOD: 48,
  QUESTION: 72,
};

export const slaDueAt = (category: TicketCategory, createdAt: Date): Date =>
  new Date(createdAt.getTime() + TICKET_SLA_HOURS[category] * 3_600_000);

/** Reopen allowed while `now` is within TICKET_REOPEN_DAYS of the moment it was resolved or closed. */
export function canReopen(status: TicketStatus, settledAt: Date | null, now: Date = new Date()): boolean {
  if ((status !== 'RESOLVED' && status !== 'CLOSED') || !settledAt) return false;
  return now.getTime() - settledAt.getTime() <= TICKET_REOPEN_DAYS * 86_400_000;
}

/** Attachments: images, PDF, CSV, XLSX; at most this many bytes each and this many per message. */
export const TICKET_ATTACHMENT_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf', 'csv', 'xlsx'] as const;
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const TICKET_ATTACHMENTS_PER_MESSAGE = 5;
export const TICKET_TRANSACTIONS_MAX = 20;

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_TEXT_MAX = 5000;

const text = (max: number) =>
  z
    .string({ error: ValidationKeys.required })
    .check((ctx) => {
      if (ctx.value.trim() === '') ctx.issues.push({ code: 'custom', message: ValidationKeys.required, input: ctx.value });
      else if (ctx.value.length > max)
        ctx.issues.push({ code: 'custom', message: 'validation.tooLong', input: ctx.value, params: { max } });
    });

const attachmentIds = z
  .array(z.number().int().positive().max(2_147_483_647), { error: ValidationKeys.invalid })
  .max(TICKET_ATTACHMENTS_PER_MESSAGE, { error: 'validation.tooManyFiles' })
  .optional();

/** A transaction id as the reports show it: digits only. */
export const TRANSACTION_ID_PATTERN = /^\d{6,20}$/;

export const ticketCreateSchema = z
  .object({
    subject: text(TICKET_SUBJECT_MAX),
    category: z.enum(TICKET_CATEGORIES, { error: ValidationKeys.required }),
    description: text(TICKET_TEXT_MAX),
    transactionIds: z
      .array(z.string().regex(TRANSACTION_ID_PATTERN, { error: 'validation.transactionId' }), { error: ValidationKeys.invalid })
      .max(TICKET_TRANSACTIONS_MAX, { error: 'validation.tooManyTransactions' })
      .optional(),
    periodId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
    attachmentIds,
  })
  .strict();
export type TicketCreate = z.infer<typeof ticketCreateSchema>;

export const ticketCommentSchema = z.object({ body: text(TICKET_TEXT_MAX), attachmentIds }).strict();
export type TicketCommentInput = z.infer<typeof ticketCommentSchema>;

export const ticketCloseSchema = z
  .object({
    rating: z.number({ error: ValidationKeys.required }).int().min(1, { error: 'validation.rating' }).max(5, { error: 'validation.rating' }),
    comment: z.string().max(TICKET_TEXT_MAX, { error: 'validation.tooLong' }).optional(),
  })
  .strict();
export type TicketClose = z.infer<typeof ticketCloseSchema>;

export const ticketStatusChangeSchema = z.object({ status: z.enum(TICKET_STATUSES), note: z.string().max(TICKET_TEXT_MAX).optional() }).strict();
export type TicketStatusChange = z.infer<typeof ticketStatusChangeSchema>;

/** One ticket in a list (merchant list and operator queue). */
export interface TicketSummary {
  id: number;
  merchantId: number;
  merchantName: string;
  subject: string;
  category: TicketCategory;
  status: TicketStatus;
  createdBy: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
  slaDueAt: string;
  overdue: boolean;
}

export interface TicketAttachment {
  id: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

export interface TicketComment {
  id: number;
  side: TicketSide;
  author: string;
  body: string;
  createdAt: string;
  attachments: TicketAttachment[];
}

export interface TicketEvent {
  id: number;
  side: TicketSide;
  actor: string;
  action: string;
  fromStatus: TicketStatus | null;
  toStatus: TicketStatus | null;
  createdAt: string;
}

export interface TicketDetail extends TicketSummary {
  description: string;
  transactionIds: string[];
  periodId: number | null;
  source: string | null;
  resolvedAt: string | null;
  closedAt: string | null;
  rating: { rating: number; comment: string | null } | null;
  canReopen: boolean;
  allowed: TicketStatus[];
  attachments: TicketAttachment[];
  comments: TicketComment[];
  events: TicketEvent[];
}

/** Repeated query keys arrive as a string or an array. */
const many = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item).max(10)])
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[])
    .optional();

const dayParam = z.string().refine(isDayKey, ValidationKeys.invalid).optional();

/** Filters of the merchant's list and the operator's queue (query string). */
export const ticketFilterShape = {
  status: many(z.enum(TICKET_STATUSES)),
  category: many(z.enum(TICKET_CATEGORIES)),
  from: dayParam.meta({ description: 'First creation day (YYYY-MM-DD, Vietnam time)' }),
  to: dayParam.meta({ description: 'Last creation day, inclusive' }),
  createdBy: dbIdParam.optional().meta({ description: 'users.id of the creator' }),
  keyword: z.string().trim().max(100, ValidationKeys.invalid).optional().meta({ description: 'Part of the subject, a ticket id or a linked transaction id' }),
};

export function checkTicketFilter(value: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (!value.from !== !value.to) ctx.addIssue({ code: 'custom', path: [value.from ? 'to' : 'from'], message: ValidationKeys.required });
  if (value.from && value.to && isDayKey(value.from) && isDayKey(value.to)) {
    const days = dayCount(value.from, value.to);
    if (days < 1 || days > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRange' });
  }
}

/**
 * Who uses tickets (docs/decisions.md): every role whose sidebar has MERCHANT_RECONCILIATION_ACCOUNTING.
 * Store roles among them see only tickets about their stores' transactions and their own.
 */
export const canUseTickets = (roles: readonly string[]): boolean =>
  roles.some((r) => (ROLE_ROUTE_CODES as Record<string, readonly string[] | undefined>)[r]?.includes('MERCHANT_RECONCILIATION_ACCOUNTING') ?? false);
