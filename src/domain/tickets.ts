/**
 * Support tickets (spec §3 "support tickets have comments, ratings, closes, attachments"; §2
 * reconciliation-accounting): categories, statuses, who may move a ticket where, SLA per category and
 * the zod schemas shared by the portal's forms and the API. Messages are `validation.*` keys.
 */
import { z } from 'zod';
import { ValidationKeys } from './validation';

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
