/**
 * The marketing budget's money (issue 17): the one module that changes `marketing_accounts` and writes
 * `marketing_ledger` (server/db/schema/marketing-budget.ts). Money is integer đồng.
 *
 * CONTRACT for callers (the budget routes, the campaigns module, seeds and tests):
 * - Every mover takes the CALLER'S transaction `tx` and does its work inside it: if the caller's
 *   transaction rolls back, the movement never happened. Call them inside `db.transaction(async (tx) => …)`.
 * - `amount` is a positive safe integer of đồng; anything else throws a validation ApiError and writes nothing.
 * - `idempotencyKey` (8-64 of [A-Za-z0-9._:-] is what clients send; internal callers may use any
 *   stable text up to 200 characters, e.g. `campaign:42:reserve`, `campaign:42:debit:2026-11-27:3`,
 *   `campaign:42:release`) is unique per merchant across ALL kinds. A repeat with the same key returns
 *   the first movement (`replayed: true`) and writes nothing; a repeat with the same key but another
 *   kind, amount or campaign throws 409 `marketing.idempotencyMismatch`. Two concurrent calls with one
 *   key are serialised by a transaction-scoped advisory lock, so exactly one moves money.
 * - Balances change only by conditional UPDATEs (`… WHERE balance >= $amount RETURNING …`), never
 *   SELECT-then-UPDATE, so concurrent movers can never take `balance` or `reserved` below zero (the
 *   table's CHECKs are the last guard).
 *
 *   topUp(tx, { merchantId, amount, source: 'WALLET'|'SETTLEMENT', userId, idempotencyKey })
 *     available += amount; TOPUP with a transaction reference (MKT…).
 *   reserveForCampaign(tx, { merchantId, campaignId, campaignName, amount, idempotencyKey, userId? })
 *     available → reserved. Throws 409 `marketing.insufficientBalance` (ApiStatus.CONFLICT, message in the
 *     caller's language with the available amount) when available < amount.
 *   debitFromReserve(tx, { merchantId, campaignId, campaignName, day: 'YYYY-MM-DD' (Asia/Ho_Chi_Minh), amount, idempotencyKey })
 *     reserved -= amount (spent). Throws 409 `marketing.insufficientReserve` when reserved < amount.
 *     The campaign-side cap (the campaign's spent <= its budget) is the campaigns module's, on its own row
 *     in the same tx. After a debit that takes available + reserved below the merchant's low-balance
 *     threshold (from at/above it: once per crossing), the merchant's owners, administrators and MARKETING
 *     users get a MARKETING_LOW_BALANCE notification (in the same tx).
 *   releaseReserve(tx, { merchantId, campaignId, campaignName, amount, idempotencyKey, userId? })
 *     reserved → available: the unspent budget of an ended (or rejected/cancelled) campaign, shown in the
 *     payment history as a refund. Throws 409 `marketing.insufficientReserve` when reserved < amount.
 *   accountOf(db, merchantId) → { balance, reserved, lowBalanceThreshold, updatedAt } (row created with 0).
 *
 * Every mover returns a LedgerMovement: { id, kind, amount, availableAfter, reservedAfter, transactionRef,
 * createdAt, replayed }.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ApiStatus } from '@/domain/api';
import { formatNumber } from '@/domain/format';
import type { LedgerKind, TopUpSource } from '@/domain/marketingBudget';
import { topUpReference } from '@/domain/marketingBudget';
import { isDayKey, vietnamToday } from '@/domain/time';
import type { Db } from '../../db/client';
import { marketingAccounts, marketingLedger, memberships } from '../../db/schema';
import { ApiError } from '../../errors';
import { notify, type Tx } from '../notifications';

export type { Tx };
type Executor = Db | Tx;

export interface LedgerMovement {
  id: number;
  kind: LedgerKind;
  amount: number;
  availableAfter: number;
  reservedAfter: number;
  transactionRef: string | null;
  createdAt: Date;
  /** True when this call repeated an earlier one's idempotency key and wrote nothing. */
  replayed: boolean;
}

export interface MarketingAccountRow {
  balance: number;
  reserved: number;
  lowBalanceThreshold: number;
  updatedAt: Date;
}

export interface TopUpInput {
  merchantId: number;
  amount: number;
  source: TopUpSource;
  userId: number | null;
  idempotencyKey: string;
}

export interface CampaignMoveInput {
  merchantId: number;
  campaignId: number;
  campaignName: string | null;
  amount: number;
  idempotencyKey: string;
  userId?: number | null;
}

export interface DebitInput extends CampaignMoveInput {
  /** The Asia/Ho_Chi_Minh day the spend is for (YYYY-MM-DD). */
  day: string;
}

/** Roles told when the marketing balance runs low. */
export const LOW_BALANCE_RECIPIENT_ROLES = ['MERCHANT_OWNER', 'ADMINISTRATOR', 'MARKETING'] as const;
/** Where the low-balance notification leads. */
export const MARKETING_BUDGET_LINK = '/portal/app/marketing-budget';

const MAX_KEY_LENGTH = 200;

function invalid(key: string, params: Record<string, unknown> = {}) {
  return new ApiError(400, ApiStatus.VALIDATION, key, params);
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw invalid('validation.marketingBudget.amountPositive');
}

function checkKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw invalid('validation.invalid');
}

function checkCampaign(input: CampaignMoveInput): void {
  if (!Number.isSafeInteger(input.campaignId) || input.campaignId <= 0) throw invalid('validation.invalid');
}

const movementColumns = {
  id: marketingLedger.id,
  kind: marketingLedger.kind,
  amount: marketingLedger.amount,
  campaignId: marketingLedger.campaignId,
  availableAfter: marketingLedger.availableAfter,
  reservedAfter: marketingLedger.reservedAfter,
  transactionRef: marketingLedger.transactionRef,
  createdAt: marketingLedger.createdAt,
};

interface MovementRow {
  id: number;
  kind: string;
  amount: number;
  campaignId: number | null;
  availableAfter: number;
  reservedAfter: number;
  transactionRef: string | null;
  createdAt: Date;
}

const toMovement = (row: MovementRow, replayed: boolean): LedgerMovement => ({
  id: row.id,
  kind: row.kind as LedgerKind,
  amount: row.amount,
  availableAfter: row.availableAfter,
  reservedAfter: row.reservedAfter,
  transactionRef: row.transactionRef,
  createdAt: row.createdAt,
  replayed,
});

/**
 * Serialises movers of one (merchant, key) and returns the earlier movement with that key, if any.
 * A same key with another kind, amount or campaign is a client bug: 409.
 */
async function earlier(tx: Tx, merchantId: number, key: string, expect: { kind: LedgerKind; amount: number; campaignId: number | null }): Promise<LedgerMovement | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`marketing_ledger:${merchantId}:${key}`}, 0))`);
  const [row] = await tx
    .select(movementColumns)
    .from(marketingLedger)
    .where(and(eq(marketingLedger.merchantId, merchantId), eq(marketingLedger.idempotencyKey, key)));
  if (!row) return null;
  if (row.kind !== expect.kind || row.amount !== expect.amount || (row.campaignId ?? null) !== expect.campaignId) {
    throw new ApiError(409, ApiStatus.CONFLICT, 'marketing.idempotencyMismatch');
  }
  return toMovement(row, true);
}

async function ensureAccount(ex: Executor, merchantId: number): Promise<void> {
  await ex.insert(marketingAccounts).values({ merchantId }).onConflictDoNothing({ target: marketingAccounts.merchantId });
}

/** The merchant's marketing account (created with zeros on first sight). */
export async function accountOf(db: Executor, merchantId: number): Promise<MarketingAccountRow> {
  const read = () =>
    db
      .select({
        balance: marketingAccounts.balance,
        reserved: marketingAccounts.reserved,
        lowBalanceThreshold: marketingAccounts.lowBalanceThreshold,
        updatedAt: marketingAccounts.updatedAt,
      })
      .from(marketingAccounts)
      .where(eq(marketingAccounts.merchantId, merchantId));
  const [row] = await read();
  if (row) return row;
  await ensureAccount(db, merchantId);
  const [created] = await read();
  return created;
}

export async function topUp(tx: Tx, input: TopUpInput): Promise<LedgerMovement> {
  checkAmount(input.amount);
  checkKey(input.idempotencyKey);
  const again = await earlier(tx, input.merchantId, input.idempotencyKey, { kind: 'TOPUP', amount: input.amount, campaignId: null });
  if (again) return again;
  const [account] = await tx
    .insert(marketingAccounts)
    .values({ merchantId: input.merchantId, balance: input.amount })
    .onConflictDoUpdate({
      target: marketingAccounts.merchantId,
      set: { balance: sql`${marketingAccounts.balance} + ${input.amount}`, updatedAt: sql`now()` },
    })
    .returning({ balance: marketingAccounts.balance, reserved: marketingAccounts.reserved });
  const next = (await tx.execute(sql`select nextval(pg_get_serial_sequence('marketing_ledger', 'id'))::integer as id`)) as unknown as { rows: Array<{ id: number }> };
  const id = Number(next.rows[0].id);
  const [row] = await tx
    .insert(marketingLedger)
    .values({
      id,
      merchantId: input.merchantId,
      kind: 'TOPUP',
      amount: input.amount,
      source: input.source,
      transactionRef: topUpReference(vietnamToday(), id),
      idempotencyKey: input.idempotencyKey,
      availableAfter: account.balance,
      reservedAfter: account.reserved,
      createdByUserId: input.userId,
    })
    .returning(movementColumns);
  return toMovement(row, false);
}

export async function reserveForCampaign(tx: Tx, input: CampaignMoveInput): Promise<LedgerMovement> {
  checkAmount(input.amount);
  checkKey(input.idempotencyKey);
  checkCampaign(input);
  const again = await earlier(tx, input.merchantId, input.idempotencyKey, { kind: 'RESERVE', amount: input.amount, campaignId: input.campaignId });
  if (again) return again;
  const [account] = await tx
    .update(marketingAccounts)
    .set({
      balance: sql`${marketingAccounts.balance} - ${input.amount}`,
      reserved: sql`${marketingAccounts.reserved} + ${input.amount}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(marketingAccounts.merchantId, input.merchantId), sql`${marketingAccounts.balance} >= ${input.amount}`))
    .returning({ balance: marketingAccounts.balance, reserved: marketingAccounts.reserved });
  if (!account) {
    const { balance } = await accountOf(tx, input.merchantId);
    throw new ApiError(409, ApiStatus.CONFLICT, 'marketing.insufficientBalance', {
      available: formatNumber(balance),
      amount: formatNumber(input.amount),
    });
  }
  return record(tx, input, 'RESERVE', account, null);
}

export async function debitFromReserve(tx: Tx, input: DebitInput): Promise<LedgerMovement> {
  checkAmount(input.amount);
  checkKey(input.idempotencyKey);
  checkCampaign(input);
  if (!isDayKey(input.day)) throw invalid('validation.invalid');
  const again = await earlier(tx, input.merchantId, input.idempotencyKey, { kind: 'DEBIT', amount: input.amount, campaignId: input.campaignId });
  if (again) return again;
  const [account] = await tx
    .update(marketingAccounts)
    .set({ reserved: sql`${marketingAccounts.reserved} - ${input.amount}`, updatedAt: sql`now()` })
    .where(and(eq(marketingAccounts.merchantId, input.merchantId), sql`${marketingAccounts.reserved} >= ${input.amount}`))
    .returning({ balance: marketingAccounts.balance, reserved: marketingAccounts.reserved, threshold: marketingAccounts.lowBalanceThreshold });
  if (!account) throw new ApiError(409, ApiStatus.CONFLICT, 'marketing.insufficientReserve', { amount: formatNumber(input.amount) });
  const movement = await record(tx, input, 'DEBIT', account, input.day);
  // The row lock of the UPDATE orders concurrent debits, so exactly one of them sees the crossing.
  const after = account.balance + account.reserved;
  if (crossesBelow(after + input.amount, after, account.threshold)) {
    await notifyLowBalance(tx, input.merchantId, after, account.threshold);
  }
  return movement;
}

export async function releaseReserve(tx: Tx, input: CampaignMoveInput): Promise<LedgerMovement> {
  checkAmount(input.amount);
  checkKey(input.idempotencyKey);
  checkCampaign(input);
  const again = await earlier(tx, input.merchantId, input.idempotencyKey, { kind: 'RELEASE', amount: input.amount, campaignId: input.campaignId });
  if (again) return again;
  const [account] = await tx
    .update(marketingAccounts)
    .set({
      balance: sql`${marketingAccounts.balance} + ${input.amount}`,
      reserved: sql`${marketingAccounts.reserved} - ${input.amount}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(marketingAccounts.merchantId, input.merchantId), sql`${marketingAccounts.reserved} >= ${input.amount}`))
    .returning({ balance: marketingAccounts.balance, reserved: marketingAccounts.reserved });
  if (!account) throw new ApiError(409, ApiStatus.CONFLICT, 'marketing.insufficientReserve', { amount: formatNumber(input.amount) });
  return record(tx, input, 'RELEASE', account, null);
}

/** Sets the low-balance alert threshold (0 turns it off). */
export async function setLowBalanceThreshold(tx: Tx, merchantId: number, threshold: number): Promise<MarketingAccountRow> {
  if (!Number.isSafeInteger(threshold) || threshold < 0) throw invalid('validation.marketingBudget.threshold');
  await ensureAccount(tx, merchantId);
  await tx
    .update(marketingAccounts)
    .set({ lowBalanceThreshold: threshold, updatedAt: sql`now()` })
    .where(eq(marketingAccounts.merchantId, merchantId));
  return accountOf(tx, merchantId);
}

/** Whether going from `before` to `after` (đồng) crosses below `threshold` (0: never). */
export function crossesBelow(before: number, after: number, threshold: number): boolean {
  return threshold > 0 && before >= threshold && after < threshold;
}

async function record(tx: Tx, input: CampaignMoveInput, kind: LedgerKind, account: { balance: number; reserved: number }, day: string | null): Promise<LedgerMovement> {
  const [row] = await tx
    .insert(marketingLedger)
    .values({
      merchantId: input.merchantId,
      kind,
      amount: input.amount,
      campaignId: input.campaignId,
      campaignName: input.campaignName,
      day,
      idempotencyKey: input.idempotencyKey,
      availableAfter: account.balance,
      reservedAfter: account.reserved,
      createdByUserId: input.userId ?? null,
    })
    .returning(movementColumns);
  return toMovement(row, false);
}

async function notifyLowBalance(tx: Tx, merchantId: number, remaining: number, threshold: number): Promise<void> {
  const people = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.merchantId, merchantId),
        eq(memberships.status, 'ACTIVE'),
        eq(memberships.invitationStatus, 'ACCEPT'),
        sql`${memberships.roles} && ${sql.raw(`array[${LOW_BALANCE_RECIPIENT_ROLES.map((r) => `'${r}'`).join(', ')}]::text[]`)}`,
      ),
    );
  if (people.length === 0) return;
  await notify(tx, {
    merchantId,
    kind: 'MARKETING_LOW_BALANCE',
    params: { remaining: formatNumber(remaining), threshold: formatNumber(threshold) },
    link: MARKETING_BUDGET_LINK,
    userIds: people.map((p) => p.userId),
  });
}
