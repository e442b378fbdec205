/**
 * Marketing budget (issue 17; spec §2 marketing-budget, marketing-payment-history,
 * marketing-transaction-history; route code BUSINESS_PAGE_MARKETING_MANAGEMENT; §4 ADS gate; §6 roles).
 * Shared by the portal's forms and the server's routes: kinds, sources, limits, who may do what, the
 * API paths and the zod schemas of every input. Money is integer đồng.
 */
import { z } from 'zod';
import { addDays, dayCount, isDayKey, MAX_RANGE_DAYS } from './time';
import { ValidationKeys } from './validation';
// The paths live with the rest of the contract, so the dataProvider's import of them leaves this module's schemas out.
export { MarketingBudgetApiPaths } from './api';

export const LEDGER_KINDS = ['TOPUP', 'RESERVE', 'DEBIT', 'RELEASE'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What the payment history lists: money in (top-ups) and refunds of unspent campaign budget. */
export const PAYMENT_KINDS = ['TOPUP', 'RELEASE'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const TOPUP_SOURCES = ['WALLET', 'SETTLEMENT'] as const;
export type TopUpSource = (typeof TOPUP_SOURCES)[number];

/** Smallest and largest top-up (đồng). */
export const MIN_TOPUP_AMOUNT = 100_000;
export const MAX_TOPUP_AMOUNT = 1_000_000_000;
/** Low-balance alert threshold: 0 turns it off. */
export const MAX_LOW_BALANCE_THRESHOLD = 1_000_000_000;
/** What a merchant's account starts with before anyone sets a threshold. */
export const DEFAULT_LOW_BALANCE_THRESHOLD = 0;

/** Roles that manage marketing (top up, set the alert, run campaigns): owners and MARKETING (§6); administrators act for owners. */
export const MARKETING_MANAGER_ROLES = ['MERCHANT_OWNER', 'ADMINISTRATOR', 'MARKETING'] as const;
/** Roles that read the budget and the histories only. */
export const MARKETING_READER_ROLES = ['MERCHANT_ACCOUNTANT'] as const;

export const canManageMarketing = (roles: readonly string[]): boolean =>
  roles.some((r) => (MARKETING_MANAGER_ROLES as readonly string[]).includes(r));
export const canReadMarketingBudget = (roles: readonly string[]): boolean =>
  canManageMarketing(roles) || roles.some((r) => (MARKETING_READER_ROLES as readonly string[]).includes(r));

/** The header a client sends with a top-up (a new random key per confirmed top-up, the same on a retry). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9._:-]{8,64}$/, ValidationKeys.invalid);

export const MarketingValidationKeys = {
  amount: 'validation.marketingBudget.amount',
  threshold: 'validation.marketingBudget.threshold',
  dateRange: 'validation.marketingBudget.dateRange',
} as const;

/** Accepts a number or a digit string (a form's text field); anything else is refused with the field's message. */
function wholeDong(min: number, max: number, message: string) {
  return z.union([z.number(), z.string()], { error: ValidationKeys.required }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.replace(/[.,\s]/g, '');
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: ValidationKeys.required });
      return z.NEVER;
    }
    const n = /^\d{1,13}$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max || (typeof value === 'number' && !Number.isInteger(value))) {
      ctx.addIssue({ code: 'custom', message, params: { min, max } });
      return z.NEVER;
    }
    return n;
  });
}

export const topUpSchema = z.strictObject({
  amount: wholeDong(MIN_TOPUP_AMOUNT, MAX_TOPUP_AMOUNT, MarketingValidationKeys.amount),
  source: z.enum(TOPUP_SOURCES, { error: ValidationKeys.required }),
});
export type TopUpInput = z.input<typeof topUpSchema>;

export const thresholdSchema = z.strictObject({
  lowBalanceThreshold: wholeDong(0, MAX_LOW_BALANCE_THRESHOLD, MarketingValidationKeys.threshold),
});
export type ThresholdInput = z.input<typeof thresholdSchema>;

const isoDay = z.string().refine(isDayKey, ValidationKeys.invalid);

function checkRange(value: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (!value.from || !value.to || !isDayKey(value.from) || !isDayKey(value.to)) return;
  const days = dayCount(value.from, value.to);
  if (days < 1 || days > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: MarketingValidationKeys.dateRange });
}

/** Both histories: an optional day range (Asia/Ho_Chi_Minh, at most MAX_RANGE_DAYS). */
const rangeShape = { from: isoDay.optional(), to: isoDay.optional() };

export const paymentFilterShape = {
  ...rangeShape,
  kind: z.enum(PAYMENT_KINDS).optional(),
  source: z.enum(TOPUP_SOURCES).optional(),
};
export const paymentFilterSchema = z.object(paymentFilterShape).superRefine(checkRange);
export type PaymentFilter = z.output<typeof paymentFilterSchema>;

export const transactionFilterShape = {
  ...rangeShape,
  campaignId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
};
export const marketingTransactionFilterSchema = z.object(transactionFilterShape).superRefine(checkRange);
export type MarketingTransactionFilter = z.output<typeof marketingTransactionFilterSchema>;

export const spendingQuerySchema = z.object({ from: isoDay, to: isoDay }).superRefine(checkRange);

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

// ---------------------------------------------------------------------------------------------
// API shapes
// ---------------------------------------------------------------------------------------------

export interface MarketingGate {
  /** §4: ADS has an id and a status other than INITIALIZED or REJECTED. */
  onboarded: boolean;
  /** The merchant's ADS registration status, null without one. */
  adsStatus: string | null;
  /** §4: ADS can be registered (no id or no status). */
  canRegister: boolean;
  /** The catalogue id of the ADS service (for the link to service-management/service/{id}). */
  adsServiceId: number | null;
  canManage: boolean;
  canRead: boolean;
}

export interface MarketingAccount {
  available: number;
  reserved: number;
  spentThisMonth: number;
  lowBalanceThreshold: number;
  /** balance + reserved is below the threshold (threshold > 0). */
  low: boolean;
  canManage: boolean;
  /** Top-ups create a real record only in demo mode (docs/decisions.md). */
  canTopUp: boolean;
  minTopUp: number;
  maxTopUp: number;
}

export interface MarketingPayment {
  id: number;
  kind: PaymentKind;
  amount: number;
  source: TopUpSource | null;
  transactionRef: string | null;
  campaignId: number | null;
  campaignName: string | null;
  availableAfter: number;
  createdAt: string;
}

/** One row of the transaction history: a campaign's debits of one day. */
export interface MarketingTransaction {
  day: string;
  campaignId: number;
  campaignName: string | null;
  amount: number;
  debits: number;
  lastAt: string;
}

export interface MarketingSpending {
  byDay: Array<{ day: string; amount: number }>;
  byCampaign: Array<{ campaignId: number; campaignName: string | null; amount: number }>;
  total: number;
}

/** Every day from `from` to `to`, with 0 for days without a debit (a chart shows gaps as zero). */
export function fillDays(from: string, to: string, rows: ReadonlyArray<{ day: string; amount: number }>): Array<{ day: string; amount: number }> {
  const byDay = new Map(rows.map((r) => [r.day, r.amount]));
  const out: Array<{ day: string; amount: number }> = [];
  const days = dayCount(from, to);
  if (days < 1 || days > MAX_RANGE_DAYS) return out;
  let day = from;
  for (let i = 0; i < days; i++) {
    out.push({ day, amount: byDay.get(day) ?? 0 });
    day = addDays(day, 1);
  }
  return out;
}

/** The first day of the Asia/Ho_Chi_Minh month of `today` (YYYY-MM-DD). */
export const monthStartOf = (today: string): string => `${today.slice(0, 7)}-01`;

/** A top-up's transaction reference: MKT + the day (YYMMDD) + the ledger id, zero-padded. */
export const topUpReference = (day: string, id: number): string => `MKT${day.slice(2).replace(/-/g, '')}${String(id).padStart(8, '0')}`;
