/**
 * What each money figure means: one definition used by the dashboard, the report totals and status
 * chips, exports, scheduled reports, the donation dashboard and every later screen (period and monthly
 * control). Integer đồng throughout.
 *
 * - A payment is *successful* when the money came in: SUCCESS, PARTIALLY_REFUNDED or REFUNDED. Failed
 *   and pending payments count nowhere in the money figures.
 * - Gross = the amount of successful payments. Refunds = what was given back on them (refunds are taken
 *   off separately, so gross counts a payment that was later refunded).
 * - Fees apply to successful payments only, on the part the merchant keeps: a refund is free and gives
 *   back the fee of the refunded part (a fully refunded payment carries no fee). A payment's stored
 *   `fee` is that charged fee; `feeFor` computes it.
 * - Net = gross − refunds − fees: what the merchant is paid.
 */
import type { TransactionStatus } from './transactionReport';

/** Statuses of payments whose money came in (later refunds are taken off as refunds). */
export const SUCCESSFUL_STATUSES: readonly TransactionStatus[] = ['SUCCESS', 'PARTIALLY_REFUNDED', 'REFUNDED'];

export const isSuccessful = (status: TransactionStatus): boolean => SUCCESSFUL_STATUSES.includes(status);

/**
 * The provider's fee rate in basis points (1.1 % = 1.0 % service fee + 10 % VAT, the demo e-contract's
 * rate). Per-merchant fee plans (selling plans) replace it when they land.
 */
export const DEFAULT_FEE_RATE_BPS = 110;

/** The fee charged on `keptAmount` đồng (amount − refunded) at `rateBps`, rounded half up to the đồng. */
export function feeFor(keptAmount: number, rateBps: number = DEFAULT_FEE_RATE_BPS): number {
  if (keptAmount <= 0) return 0;
  // BigInt: amount × rate may pass 2^53 for the largest amounts a payment allows.
  return Number((BigInt(keptAmount) * BigInt(rateBps) + 5_000n) / 10_000n);
}

/** The fee a payment carries in its state: none unless successful, and none on what was refunded. */
export function chargedFee(
  payment: { status: TransactionStatus; amount: number; refundedAmount: number },
  rateBps: number = DEFAULT_FEE_RATE_BPS,
): number {
  return isSuccessful(payment.status) ? feeFor(payment.amount - payment.refundedAmount, rateBps) : 0;
}

/** Sums of one status over a set of payments: the shape the daily totals and the report totals give. */
export interface StatusTotals {
  status: TransactionStatus;
  count: number;
  amount: number;
  fee: number;
  refundedAmount: number;
}

export interface Figures {
  /** Payments whose money came in (refunded ones included). */
  successfulCount: number;
  /** Of those, payments refunded in full or in part. */
  refundedCount: number;
  failedCount: number;
  pendingCount: number;
  grossAmount: number;
  refundedAmount: number;
  feeAmount: number;
  /** grossAmount − refundedAmount − feeAmount. */
  netAmount: number;
}

export const EMPTY_FIGURES: Figures = {
  successfulCount: 0,
  refundedCount: 0,
  failedCount: 0,
  pendingCount: 0,
  grossAmount: 0,
  refundedAmount: 0,
  feeAmount: 0,
  netAmount: 0,
};

/** The figures of a set of payments from their per-status sums (any number of rows per status). */
export function figuresOf(rows: readonly StatusTotals[]): Figures {
  const f = { ...EMPTY_FIGURES };
  for (const r of rows) {
    if (r.status === 'FAILED') f.failedCount += r.count;
    else if (r.status === 'PENDING') f.pendingCount += r.count;
    if (!isSuccessful(r.status)) continue;
    f.successfulCount += r.count;
    if (r.status !== 'SUCCESS') f.refundedCount += r.count;
    f.grossAmount += r.amount;
    f.refundedAmount += r.refundedAmount;
    f.feeAmount += r.fee;
  }
  f.netAmount = f.grossAmount - f.refundedAmount - f.feeAmount;
  return f;
}

/** The figures of payment rows themselves (tests and small sets): each row is its own status sum. */
export const figuresOfPayments = (
  payments: ReadonlyArray<{ status: TransactionStatus; amount: number; fee: number; refundedAmount: number }>,
): Figures => figuresOf(payments.map((p) => ({ status: p.status, count: 1, amount: p.amount, fee: p.fee, refundedAmount: p.refundedAmount })));

/** Change from the previous period, in whole per cent (null when there was nothing before). */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) * 100) / Math.abs(previous));
}
