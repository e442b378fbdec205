/**
 * Disbursement centre (spec §2 disbursement-center/disbursement-management, MERCHANT_DISBURSEMENT_MANAGEMENT):
 * the rules shared by the portal's forms and the API. Money is integer đồng. A disbursement order pays one
 * payee (SINGLE) or the rows of a batch file (BATCH); it waits for the approvals its amount tier asks for
 * (maker-checker), the funds are reserved at the last approval, then each row is paid or fails.
 */
import { z } from 'zod';
import { feeFor } from './figures';
import type { SellingPlanRate } from './paymentIntegration';
import { PAYOUT_BANKS, isValidAccountNumber } from './payouts';
import type { Role } from './roles';
import { isValidPhone, ValidationKeys } from './validation';

export { DisbursementApiPaths } from './api';

export const DISBURSEMENT_CHANNELS = ['WALLET', 'BANK'] as const;
export type DisbursementChannel = (typeof DISBURSEMENT_CHANNELS)[number];

export const ORDER_STATUSES = ['PENDING_APPROVAL', 'REJECTED', 'CANCELLED', 'COMPLETED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ITEM_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'CANCELLED'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const LEDGER_TYPES = ['TOPUP', 'DISBURSEMENT', 'REVERSAL'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** Why a row was not paid (keys `disbursements.failure.<code>` of api.json). */
export const FAILURE_REASONS = ['ACCOUNT_LOCKED', 'ACCOUNT_NOT_FOUND'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** One row: at least 10.000 đ, at most 500.000.000 đ (whole đồng). */
export const MIN_DISBURSEMENT_AMOUNT = 10_000;
export const MAX_DISBURSEMENT_AMOUNT = 500_000_000;
/** The selling-plan service of disbursements (`/selling-plan/v1`) and the plan method of each channel. */
export const DISBURSEMENT_SERVICE_CODE = 'DISBURSEMENT';
export const PLAN_METHOD_OF_CHANNEL: Record<DisbursementChannel, string> = { WALLET: 'WALLET', BANK: 'BANK_ACCOUNT' };
/** The fee of one row of `amount` đồng paid through `channel`. */
export type DisbursementFee = (channel: DisbursementChannel, amount: number) => number;

/**
 * The provider's fee per row, from the rates of the merchant's DISBURSEMENT selling plan (the one source
 * of the centre, its screens, the integration centre's plan list and the disbursement report): the
 * plan's fixed fee plus its rate of the amount. A channel the plan does not price costs nothing.
 */
export function disbursementFee(rates: readonly SellingPlanRate[]): DisbursementFee {
  return (channel, amount) => {
    const rate = rates.find((r) => r.method === PLAN_METHOD_OF_CHANNEL[channel]);
    return rate ? rate.fixedFee + feeFor(amount, rate.rateBps) : 0;
  };
}
export const MAX_DESCRIPTION_LENGTH = 100;
export const MAX_BATCH_ROWS = 10_000;

/** The roles that open the disbursement centre (src/domain/sidebar.ts): makers and possible approvers. */
export const DISBURSEMENT_ROLES = ['MERCHANT_OWNER', 'ADMINISTRATOR'] as const satisfies readonly Role[];
/** Only the owner sets the approval rules. */
export const RULE_EDITOR_ROLES = ['MERCHANT_OWNER'] as const satisfies readonly Role[];
export const canEditDisbursementRules = (roles: readonly string[]) => roles.some((r) => (RULE_EDITOR_ROLES as readonly string[]).includes(r));

// ---------------------------------------------------------------------------------------------
// Approval rules
// ---------------------------------------------------------------------------------------------

export interface ApprovalTier {
  /** Orders up to this total (đồng, inclusive) use this tier; null on the last tier (no upper bound). */
  maxAmount: number | null;
  approvals: number;
  roles: Role[];
}

/** Default: up to 10.000.000 đ one approver, above two; owners and administrators approve. */
export const DEFAULT_TIERS: ApprovalTier[] = [
  { maxAmount: 10_000_000, approvals: 1, roles: ['MERCHANT_OWNER', 'ADMINISTRATOR'] },
  { maxAmount: null, approvals: 2, roles: ['MERCHANT_OWNER', 'ADMINISTRATOR'] },
];

export const RuleKeys = {
  order: 'validation.disbursement.tierOrder',
  last: 'validation.disbursement.tierLast',
  roles: 'validation.disbursement.tierRoles',
} as const;

const tierSchema = z.object({
  maxAmount: z.number().int().min(1).max(1_000_000_000_000).nullable(),
  approvals: z.number().int().min(1).max(3),
  roles: z.array(z.enum(DISBURSEMENT_ROLES)).max(DISBURSEMENT_ROLES.length),
});

/** Tiers in rising order, each bound above the previous one, the last without a bound, each with a role. */
export const approvalRulesSchema = z.strictObject({ tiers: z.array(tierSchema).min(1).max(5) }).check((ctx) => {
  const tiers = ctx.value.tiers;
  tiers.forEach((tier, i) => {
    const last = i === tiers.length - 1;
    if (tier.roles.length === 0) ctx.issues.push({ code: 'custom', message: RuleKeys.roles, path: ['tiers', i, 'roles'], input: tier.roles });
    if (last !== (tier.maxAmount === null)) {
      ctx.issues.push({ code: 'custom', message: RuleKeys.last, path: ['tiers', i, 'maxAmount'], input: tier.maxAmount });
    } else if (i > 0 && tier.maxAmount !== null && tier.maxAmount <= (tiers[i - 1].maxAmount ?? Infinity)) {
      ctx.issues.push({ code: 'custom', message: RuleKeys.order, path: ['tiers', i, 'maxAmount'], input: tier.maxAmount });
    }
  });
});
export type ApprovalRulesInput = z.infer<typeof approvalRulesSchema>;

/** The tier an order of `total` đồng falls in. */
export function tierFor(tiers: readonly ApprovalTier[], total: number): ApprovalTier {
  return tiers.find((t) => t.maxAmount === null || total <= t.maxAmount) ?? tiers[tiers.length - 1];
}

// ---------------------------------------------------------------------------------------------
// A payee row (single form, batch file rows)
// ---------------------------------------------------------------------------------------------

export const RowKeys = {
  channel: 'validation.disbursement.channel',
  phone: 'validation.phone',
  accountNumber: 'validation.payout.accountNumber',
  bank: 'validation.disbursement.bank',
  bankOnly: 'validation.disbursement.bankOnly',
  amount: 'validation.disbursement.amount',
  description: 'validation.disbursement.description',
  duplicate: 'validation.disbursement.duplicate',
  notFound: 'validation.disbursement.accountNotFound',
} as const;

export interface PayeeInput {
  channel: string;
  account: string;
  bankId?: string | null;
  amount: number | string;
  description?: string | null;
}
export interface PayeeRow {
  channel: DisbursementChannel;
  account: string;
  bankId: string | null;
  amount: number;
  description: string;
}
export type RowField = 'channel' | 'account' | 'bankId' | 'amount' | 'description';
export interface RowError {
  field: RowField;
  /** A message key; the API answers it translated. */
  message: string;
  params?: Record<string, unknown>;
}

const AMOUNT_TEXT = /^\d{1,12}$/;

/** Amount as written in a file or a form: digits only (dots and spaces of 1.000.000 allowed), whole đồng. */
export function parseAmount(value: number | string): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  const compact = value.trim().replace(/[.\s]/g, '');
  return AMOUNT_TEXT.test(compact) ? Number(compact) : null;
}

/** Checks one payee; returns the normalised row and every error (not just the first). */
export function checkPayee(input: PayeeInput): { row: PayeeRow | null; errors: RowError[] } {
  const errors: RowError[] = [];
  const channel = String(input.channel ?? '').trim().toUpperCase();
  const account = String(input.account ?? '').trim();
  const bankId = String(input.bankId ?? '').trim().toUpperCase() || null;
  const description = String(input.description ?? '').trim();
  const amount = parseAmount(input.amount ?? '');
  if (!(DISBURSEMENT_CHANNELS as readonly string[]).includes(channel)) errors.push({ field: 'channel', message: channel ? RowKeys.channel : ValidationKeys.required });
  if (!account) errors.push({ field: 'account', message: ValidationKeys.required });
  else if (channel === 'WALLET' && !isValidPhone(account)) errors.push({ field: 'account', message: RowKeys.phone });
  else if (channel === 'BANK' && !isValidAccountNumber(account)) errors.push({ field: 'account', message: RowKeys.accountNumber });
  if (channel === 'BANK' && !bankId) errors.push({ field: 'bankId', message: ValidationKeys.required });
  else if (channel === 'BANK' && !PAYOUT_BANKS.some((b) => b.id === bankId)) errors.push({ field: 'bankId', message: RowKeys.bank });
  else if (channel === 'WALLET' && bankId) errors.push({ field: 'bankId', message: RowKeys.bankOnly });
  if (amount === null || amount < MIN_DISBURSEMENT_AMOUNT || amount > MAX_DISBURSEMENT_AMOUNT) errors.push({ field: 'amount', message: RowKeys.amount });
  if (description.length > MAX_DESCRIPTION_LENGTH) errors.push({ field: 'description', message: RowKeys.description });
  if (errors.length > 0) return { row: null, errors };
  return { row: { channel: channel as DisbursementChannel, account, bankId: channel === 'BANK' ? bankId : null, amount: amount!, description }, errors };
}

/** Two rows paying the same account the same amount for the same reason are almost always a copy. */
export const duplicateKeyOf = (row: PayeeRow) => [row.channel, row.account, row.bankId ?? '', row.amount, row.description.toLowerCase()].join('|');

/** The single disbursement form and its API body. */
export const singleDisbursementSchema = z
  .strictObject({
    channel: z.enum(DISBURSEMENT_CHANNELS, { error: ValidationKeys.required }),
    account: z.string().max(30),
    bankId: z.string().max(10).nullable().optional(),
    amount: z.number().int(),
    description: z.string().max(200).optional(),
  })
  .check((ctx) => {
    for (const e of checkPayee(ctx.value).errors) ctx.issues.push({ code: 'custom', message: e.message, path: [e.field], input: ctx.value[e.field] });
  });
export type SingleDisbursementInput = z.infer<typeof singleDisbursementSchema>;

export const lookupSchema = z.strictObject({
  channel: z.enum(DISBURSEMENT_CHANNELS),
  account: z.string().max(30),
  bankId: z.string().max(10).nullable().optional(),
  /** The amount to be paid, when known: the fee shown is the plan's fee of it. */
  amount: z.number().int().min(MIN_DISBURSEMENT_AMOUNT).max(MAX_DISBURSEMENT_AMOUNT).optional(),
});

// ---------------------------------------------------------------------------------------------
// Batch file
// ---------------------------------------------------------------------------------------------

/** The template's header, in this order (language-independent codes, as the file must be read back). */
export const BATCH_COLUMNS = ['channel', 'account', 'bank_code', 'amount', 'description'] as const;
export const BATCH_COLUMN_FIELDS: Record<(typeof BATCH_COLUMNS)[number], RowField> = {
  channel: 'channel',
  account: 'account',
  bank_code: 'bankId',
  amount: 'amount',
  description: 'description',
};
export const BATCH_FILE_TYPES = ['csv', 'xlsx'] as const;
export type BatchFileType = (typeof BATCH_FILE_TYPES)[number];
/** 10.000 rows of a filled template stay well under this. */
export const MAX_BATCH_FILE_BYTES = 5 * 1024 * 1024;

/** Cells a spreadsheet would run as a formula (CSV injection): refused, never "repaired". */
export const looksLikeFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell);

export interface CheckedRow {
  rowNo: number;
  channel: string;
  account: string;
  bankId: string | null;
  amount: number | null;
  description: string;
  /** Masked holder name from the lookup; null when the row has errors before it. */
  holderName: string | null;
  fee: number;
  errors: RowError[];
  /** Row number of the first row this one repeats. */
  duplicateOf: number | null;
}

// ---------------------------------------------------------------------------------------------
// API answers
// ---------------------------------------------------------------------------------------------

export interface DisbursementAccount {
  balance: number;
  canTopUp: boolean;
}
export interface LedgerEntry {
  id: number;
  type: LedgerType;
  amount: number;
  balanceAfter: number;
  reference: string;
  orderId: number | null;
  actorUsername: string | null;
  createdAt: string;
}
export interface TopUpSource {
  id: number;
  settlementCode: string;
  netAmount: number;
  settledAt: string;
}
export interface DisbursementItem {
  id: number;
  rowNo: number;
  tranId: string;
  channel: DisbursementChannel;
  /** Masked (phone or account number). */
  account: string;
  bankId: string | null;
  holderName: string;
  amount: number;
  fee: number;
  description: string;
  status: ItemStatus;
  failureReason: string | null;
}
export interface OrderApproval {
  username: string;
  createdAt: string;
}
export interface OrderAuditEntry {
  id: number;
  action: string;
  actorUsername: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}
export interface DisbursementOrder {
  id: number;
  code: string;
  kind: 'SINGLE' | 'BATCH';
  fileName: string | null;
  status: OrderStatus;
  rowCount: number;
  totalAmount: number;
  totalFee: number;
  requiredApprovals: number;
  approverRoles: string[];
  approvals: OrderApproval[];
  createdBy: string;
  createdAt: string;
  decidedAt: string | null;
  rejectReason: string | null;
  successCount: number;
  failedCount: number;
  /** What the caller may do now. */
  canApprove: boolean;
  canReject: boolean;
  canCancel: boolean;
  /** Only on the detail. */
  items?: DisbursementItem[];
  audit?: OrderAuditEntry[];
}
export interface PayeeLookup {
  holderName: string;
  fee: number;
}
export interface BatchValidation {
  uploadId: number;
  fileName: string;
  rowCount: number;
  errorCount: number;
  duplicateCount: number;
  totalAmount: number;
  totalFee: number;
  rows: CheckedRow[];
}
export interface ApprovalChallenge {
  otpId: string;
  maskedAddress: string;
  expiresAt: string;
  resendAfterSeconds: number;
}
export interface ApprovalRules {
  tiers: ApprovalTier[];
  canEdit: boolean;
  updatedAt: string | null;
}
