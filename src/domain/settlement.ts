/**
 * Settlement periods, payouts and monthly control (period-control, monthly-control, payout-report and the
 * operator's settle): shared by the screens and the API. A period is one Vietnam day of a merchant's
 * payments; its figures are those of src/domain/figures.ts over the day's transactions.
 */
import { z } from 'zod';
import { ValidationKeys } from './validation';

export const PERIOD_STATUSES = ['READY', 'CONFIRMED', 'DISPUTED'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

export const PAYOUT_STATUSES = ['PENDING', 'PAID', 'FAILED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Who may confirm or dispute a period (merchant-wide members only). */
export const PERIOD_CONFIRM_ROLES = ['MERCHANT_OWNER', 'ADMINISTRATOR', 'MERCHANT_ACCOUNTANT'] as const;
/** Who may sign off a month: an owner or an accountant (merchant-wide). */
export const MONTH_SIGNOFF_ROLES = ['MERCHANT_OWNER', 'MERCHANT_ACCOUNTANT'] as const;

const hasAny = (roles: readonly string[], allowed: readonly string[]) => roles.some((r) => allowed.includes(r));
export const canConfirmPeriod = (roles: readonly string[], storeIds: readonly number[] | null) =>
  storeIds === null && hasAny(roles, PERIOD_CONFIRM_ROLES);
export const canSignOffMonth = (roles: readonly string[], storeIds: readonly number[] | null) =>
  storeIds === null && hasAny(roles, MONTH_SIGNOFF_ROLES);

export const DISPUTE_REASON_MAX = 1000;
export const BANK_REFERENCE_MAX = 64;
export const FAILURE_REASON_MAX = 300;

export const disputeSchema = z.strictObject({
  reason: z.string({ error: ValidationKeys.required }).trim().min(5, ValidationKeys.required).max(DISPUTE_REASON_MAX, ValidationKeys.invalid),
});
export type DisputeInput = z.input<typeof disputeSchema>;

export const settleSchema = z
  .strictObject({
    status: z.enum(['PAID', 'FAILED']),
    bankReference: z.string().trim().max(BANK_REFERENCE_MAX, ValidationKeys.invalid).regex(/^[A-Za-z0-9._/-]*$/, ValidationKeys.invalid).optional(),
    reason: z.string().trim().max(FAILURE_REASON_MAX, ValidationKeys.invalid).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'PAID' && !v.bankReference) ctx.addIssue({ code: 'custom', path: ['bankReference'], message: ValidationKeys.required });
    if (v.status === 'FAILED' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: ValidationKeys.required });
  });
export type SettleInput = z.input<typeof settleSchema>;

/** `yyyy-MM`. */
export const MONTH_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])$/;
export const monthParam = z.string().regex(MONTH_PATTERN, ValidationKeys.invalid);

/** First and last day of a month `yyyy-MM`. */
export function monthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** Money figures of a window; fee and net null for store-scoped viewers (they see no fees). */
export interface SettlementFigures {
  successfulCount: number;
  grossAmount: number;
  refundedAmount: number;
  feeAmount: number | null;
  netAmount: number | null;
}

export interface PayoutInfo {
  payoutId: string;
  status: PayoutStatus;
  amount: number;
  payoutAt: string;
  destination: string;
  accountMasked: string | null;
  bankNameId: string | null;
  bankReference: string | null;
  failureReason: string | null;
  settledAt: string | null;
}

export interface PeriodRow extends SettlementFigures {
  id: number;
  day: string;
  periodCode: string;
  payoutDate: string;
  status: PeriodStatus;
  /** Paid out: the payout's amount once PAID, else 0. */
  paidOutAmount: number;
  payoutStatus: PayoutStatus | null;
  bankReference: string | null;
}

export interface PeriodDetail extends PeriodRow {
  payout: PayoutInfo | null;
  confirmedByName: string | null;
  confirmedAt: string | null;
  disputedByName: string | null;
  disputedAt: string | null;
  disputeReason: string | null;
  ticketId: number | null;
  canConfirm: boolean;
}

export interface MonthRow extends SettlementFigures {
  /** `yyyy-MM`. */
  id: string;
  fromDate: string;
  toDate: string;
  periodCount: number;
  paidOutAmount: number;
  signedByName: string | null;
  signedRole: string | null;
  signedAt: string | null;
  canSignOff: boolean;
}

export interface OpsPeriodRow {
  id: number;
  merchantId: number;
  merchantName: string;
  partnerCode: string;
  day: string;
  payoutDate: string;
  periodCode: string;
  amount: number;
  destination: string;
  accountMasked: string | null;
  payoutId: string;
  payoutStatus: PayoutStatus;
  failureReason: string | null;
}
