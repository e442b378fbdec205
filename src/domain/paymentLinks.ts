/**
 * Payment links (spec §2 payment-links, MERCHANT_PAYMENT_LINKS): a shareable page where a payer pays
 * the merchant a fixed amount or an amount they enter. Shared by the portal's forms, the payer page and
 * the API. Money is whole đồng; expiry is a wall-clock time in Asia/Ho_Chi_Minh.
 */
import { z } from 'zod';
import { dayCount, isDayKey, MAX_RANGE_DAYS, toDate } from './time';
import { dbIdParam, dbIdSchema, optionalField, requiredString, ValidationKeys } from './validation';

export const PAYMENT_LINK_STATUSES = ['ACTIVE', 'PAID', 'EXPIRED', 'DEACTIVATED'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** FIXED: the merchant sets the amount; OPEN: the payer enters it within [minAmount, maxAmount]. */
export const AMOUNT_TYPES = ['FIXED', 'OPEN'] as const;
export type AmountType = (typeof AMOUNT_TYPES)[number];

export const PAYMENT_LINK_LIMITS = {
  titleMaxLength: 100,
  descriptionMaxLength: 500,
  referenceMaxLength: 50,
  /** A wallet payment's bounds (đồng). */
  minAmount: 1_000,
  maxAmount: 100_000_000,
  keywordMaxLength: 50,
} as const;

/** Length of a link's code: 10 characters of a 55-letter alphabet (about 58 bits, not guessable). */
export const PAYMENT_LINK_CODE_LENGTH = 10;
/** No 0/O, 1/l/I: a code read aloud or retyped is not misread. */
export const PAYMENT_LINK_CODE_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PAYMENT_LINK_CODE = /^[a-km-zA-HJ-NP-Z2-9]{10}$/;

/** The payer page of a link, under the portal's base path (outside /app: no sign-in). */
export const payerPagePath = (code: string): string => `/portal/pay/${encodeURIComponent(code)}`;

export interface LinkState {
  singleUse: boolean;
  paidAt: string | Date | null;
  expiresAt: string | Date | null;
  deactivatedAt: string | Date | null;
}

/**
 * A link's status at `now`: deactivation wins, then a paid single-use link, then expiry. Never stored,
 * so it cannot go stale; the server filters by the same rules in SQL.
 */
export function paymentLinkStatus(link: LinkState, now: Date): PaymentLinkStatus {
  if (link.deactivatedAt) return 'DEACTIVATED';
  if (link.singleUse && link.paidAt) return 'PAID';
  if (link.expiresAt && new Date(link.expiresAt).getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

/** Missing → required; present but not a number → invalid; a fraction → whole đồng; outside the limits → range. */
export function linkMoneySchema(min: number = PAYMENT_LINK_LIMITS.minAmount, max: number = PAYMENT_LINK_LIMITS.maxAmount) {
  return z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? ValidationKeys.required : ValidationKeys.invalid) })
    .check((ctx) => {
      if (!Number.isInteger(ctx.value)) {
        ctx.issues.push({ code: 'custom', message: 'validation.wholeDong', input: ctx.value });
      } else if (ctx.value < min || ctx.value > max) {
        ctx.issues.push({ code: 'custom', message: 'validation.paymentLink.amountRange', input: ctx.value, params: { min, max } });
      }
    });
}

/** 'YYYY-MM-DDTHH:mm' read as a Vietnam wall-clock time (what the form's field gives). */
const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The instant of a Vietnam wall-clock 'YYYY-MM-DDTHH:mm', or null when it is not one. */
export function vietnamLocalInstant(value: unknown): Date | null {
  if (typeof value !== 'string' || !LOCAL_MINUTE.test(value) || !isDayKey(value.slice(0, 10))) return null;
  return toDate(value);
}

/**
 * Create body. A fixed link has `amount`; an open one may narrow the payer's range with min/max. The
 * expiry, when given, is a Vietnam wall-clock minute in the future. `now` is injectable for tests.
 */
export function makePaymentLinkCreateSchema(now: () => Date = () => new Date()) {
  return z
    .strictObject({
      title: requiredString.max(PAYMENT_LINK_LIMITS.titleMaxLength, ValidationKeys.invalid),
      description: optionalField(z.string().max(PAYMENT_LINK_LIMITS.descriptionMaxLength, ValidationKeys.invalid)),
      amountType: z.enum(AMOUNT_TYPES, { error: ValidationKeys.required }),
      amount: linkMoneySchema().optional(),
      minAmount: linkMoneySchema().optional(),
      maxAmount: linkMoneySchema().optional(),
      singleUse: z.boolean({ error: ValidationKeys.required }),
      expiresAt: optionalField(z.string().refine((v) => vietnamLocalInstant(v) !== null, ValidationKeys.invalid)),
      storeId: dbIdSchema.optional(),
      reference: optionalField(
        z
          .string()
          .max(PAYMENT_LINK_LIMITS.referenceMaxLength, ValidationKeys.invalid)
          .regex(/^[A-Za-z0-9._:/-]*$/, 'validation.paymentLink.reference'),
      ),
    })
    .superRefine((value, ctx) => {
      if (value.amountType === 'FIXED') {
        if (value.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: ValidationKeys.required });
        if (value.minAmount !== undefined || value.maxAmount !== undefined) {
          ctx.addIssue({ code: 'custom', path: ['minAmount'], message: 'validation.paymentLink.rangeOnlyOpen' });
        }
      } else if (value.amountType === 'OPEN') {
        if (value.amount !== undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'validation.paymentLink.amountOnlyFixed' });
        if (value.minAmount !== undefined && value.maxAmount !== undefined && value.minAmount > value.maxAmount) {
          ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'validation.paymentLink.maxBelowMin' });
        }
      }
      if (value.expiresAt) {
        const at = vietnamLocalInstant(value.expiresAt);
        if (at && at.getTime() <= now().getTime()) {
          ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'validation.paymentLink.expiryInPast' });
        }
      }
    });
}
export const paymentLinkCreateSchema = makePaymentLinkCreateSchema();
export type PaymentLinkCreateInput = z.output<typeof paymentLinkCreateSchema>;

/** What a payer sends: the amount for an open link (for a fixed one, absent or equal to the link's). */
export const payerPaymentSchema = z.strictObject({ amount: linkMoneySchema().optional() });
export type PayerPaymentInput = z.infer<typeof payerPaymentSchema>;

/** The amount a payment on `link` must be, or the message key saying why `entered` is refused. */
export function payableAmount(
  link: { amountType: AmountType; amount: number | null; minAmount: number; maxAmount: number },
  entered: number | undefined,
): { ok: true; amount: number } | { ok: false; message: string; params?: Record<string, unknown> } {
  if (link.amountType === 'FIXED') {
    if (entered !== undefined && entered !== link.amount) return { ok: false, message: 'validation.paymentLink.amountFixed' };
    return { ok: true, amount: link.amount! };
  }
  if (entered === undefined) return { ok: false, message: ValidationKeys.required };
  if (entered < link.minAmount || entered > link.maxAmount) {
    return { ok: false, message: 'validation.paymentLink.amountRange', params: { min: link.minAmount, max: link.maxAmount } };
  }
  return { ok: true, amount: entered };
}

export interface PaymentLink {
  id: number;
  code: string;
  title: string;
  description: string | null;
  amountType: AmountType;
  /** Fixed links only. */
  amount: number | null;
  minAmount: number;
  maxAmount: number;
  singleUse: boolean;
  expiresAt: string | null;
  storeId: number | null;
  storeName: string | null;
  reference: string | null;
  status: PaymentLinkStatus;
  paymentCount: number;
  /** Σ of the payments received on the link (đồng). */
  collectedAmount: number;
  createdAt: string;
  createdBy: string | null;
  paidAt: string | null;
  deactivatedAt: string | null;
  /** The payer page, relative to the portal's origin. */
  payPath: string;
}

/** Detail only: the VietQR (EMVCo) payload, carrying the amount when fixed. */
export interface PaymentLinkDetail extends PaymentLink {
  qrPayload: string;
}

export interface PaymentLinkTotals {
  count: number;
  collectedAmount: number;
  byStatus: Array<{ status: PaymentLinkStatus; count: number }>;
}

/** A payment received on a link: a row of the transaction report. */
export interface PaymentLinkPayment {
  transactionId: string;
  amount: number;
  fee: number;
  status: string;
  createdAt: string;
}

/** What the public payer page gets: the link as a payer may see it, nothing else of the merchant. */
export interface PayerLink {
  code: string;
  merchantBrand: string;
  title: string;
  description: string | null;
  amountType: AmountType;
  amount: number | null;
  minAmount: number;
  maxAmount: number;
  status: PaymentLinkStatus;
  expiresAt: string | null;
  /** Demo mode: "Thanh toán" completes the payment here. */
  canPay: boolean;
}

export interface PayerReceipt {
  transactionId: string;
  amount: number;
  paidAt: string;
  status: PaymentLinkStatus;
}

/** Columns of the list and its export, in display order. */
export const PAYMENT_LINK_COLUMNS = [
  'code',
  'title',
  'status',
  'amount',
  'singleUse',
  'storeName',
  'reference',
  'paymentCount',
  'collectedAmount',
  'expiresAt',
  'createdAt',
] as const;
export type PaymentLinkColumn = (typeof PAYMENT_LINK_COLUMNS)[number];
export const DEFAULT_PAYMENT_LINK_COLUMNS: readonly PaymentLinkColumn[] = [
  'code',
  'title',
  'status',
  'amount',
  'storeName',
  'paymentCount',
  'collectedAmount',
  'createdAt',
];

// ---------------------------------------------------------------------------------------------
// Filter (query string of the list, its totals and its export)
// ---------------------------------------------------------------------------------------------

/** Repeated query keys arrive as a string or an array. */
const many = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item).max(50)])
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[])
    .optional();

const dayField = z.string({ error: ValidationKeys.required }).refine(isDayKey, ValidationKeys.invalid);
const amountParam = z.coerce
  .number({ error: ValidationKeys.invalid })
  .int(ValidationKeys.invalid)
  .min(0, ValidationKeys.invalid)
  .max(PAYMENT_LINK_LIMITS.maxAmount, ValidationKeys.invalid)
  .optional();

export const paymentLinkFilterShape = {
  from: dayField.meta({ description: 'First creation day (YYYY-MM-DD, Vietnam time)' }),
  to: dayField.meta({ description: 'Last creation day, inclusive' }),
  status: many(z.enum(PAYMENT_LINK_STATUSES)),
  storeId: many(dbIdParam).meta({ description: 'stores.id, repeated key' }),
  minAmount: amountParam.meta({ description: 'Fixed links: amount ≥ this; open links: their range reaches it' }),
  maxAmount: amountParam.meta({ description: 'Fixed links: amount ≤ this; open links: their range starts at or below it' }),
  keyword: z
    .string()
    .trim()
    .max(PAYMENT_LINK_LIMITS.keywordMaxLength, ValidationKeys.invalid)
    .optional()
    .meta({ description: 'Part of the code, title or merchant reference' }),
};

export function checkLinkFilter(value: { from: string; to: string; minAmount?: number; maxAmount?: number }, ctx: z.RefinementCtx): void {
  if (isDayKey(value.from) && isDayKey(value.to)) {
    const days = dayCount(value.from, value.to);
    if (days < 1 || days > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRange' });
  }
  if (value.minAmount !== undefined && value.maxAmount !== undefined && value.minAmount > value.maxAmount) {
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'validation.paymentLink.maxBelowMin' });
  }
}

export const paymentLinkFilterSchema = z.object(paymentLinkFilterShape).superRefine(checkLinkFilter);
export type PaymentLinkFilter = z.output<typeof paymentLinkFilterSchema>;
