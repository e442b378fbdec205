/** What the order routes and the batch routes share: access, the order as the caller sees it, masking. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { ITEM_STATUSES, LEDGER_TYPES, ORDER_STATUSES, type DisbursementOrder, type OrderStatus } from '@/domain/disbursements';
import { maskAccountNumber, maskPhone } from '@/domain/masking';
import { idempotencyKeySchema } from '@/domain/promotions';
import { ApiError } from '../../errors';
import { requireRouteCode } from '../../lib/report-family/access';
import { callerOf, membershipOf } from '../../plugins/auth';
import { idParam } from '../../validation';
import type { Actor, DisbursementRepository } from './repository';

export const merchantParams = z.strictObject({ merchantId: idParam });
export const orderParams = z.strictObject({ merchantId: idParam, orderId: idParam });

export const tierSchema = z.object({ maxAmount: z.number().int().nullable(), approvals: z.number().int(), roles: z.array(z.string()) });
export const rulesSchema = z.object({ tiers: z.array(tierSchema), canEdit: z.boolean(), updatedAt: z.string().nullable() });
export const accountSchema = z.object({ balance: z.number().int(), canTopUp: z.boolean() });
export const ledgerSchema = z.object({
  id: z.number().int(),
  type: z.enum(LEDGER_TYPES),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reference: z.string(),
  orderId: z.number().int().nullable(),
  actorUsername: z.string().nullable(),
  createdAt: z.string(),
});
export const itemSchema = z.object({
  id: z.number().int(),
  rowNo: z.number().int(),
  tranId: z.string(),
  channel: z.enum(['WALLET', 'BANK']),
  account: z.string(),
  bankId: z.string().nullable(),
  holderName: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  description: z.string(),
  status: z.enum(ITEM_STATUSES),
  failureReason: z.string().nullable(),
});
export const orderSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['SINGLE', 'BATCH']),
  fileName: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  rowCount: z.number().int(),
  totalAmount: z.number().int(),
  totalFee: z.number().int(),
  requiredApprovals: z.number().int(),
  approverRoles: z.array(z.string()),
  approvals: z.array(z.object({ username: z.string(), createdAt: z.string() })),
  createdBy: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  successCount: z.number().int(),
  failedCount: z.number().int(),
  canApprove: z.boolean(),
  canReject: z.boolean(),
  canCancel: z.boolean(),
  items: z.array(itemSchema).optional(),
  audit: z
    .array(z.object({ id: z.number().int(), action: z.string(), actorUsername: z.string().nullable(), details: z.record(z.string(), z.unknown()), createdAt: z.string() }))
    .optional(),
});
export const challengeSchema = z.object({ otpId: z.string(), maskedAddress: z.string(), expiresAt: z.string(), resendAfterSeconds: z.number().int() });
export const idempotencyHeaders = z.object({
  'idempotency-key': idempotencyKeySchema.optional().meta({ description: 'A retry with the same key returns the first order' }),
});

export const maskedAccount = (channel: string, account: string) => (channel === 'WALLET' ? maskPhone(account) : maskAccountNumber(account)) ?? '';

/** The disbursement centre is for the roles whose sidebar has MERCHANT_DISBURSEMENT_MANAGEMENT. */
export function requireDisbursementAccess(request: FastifyRequest): Actor & { merchantId: number; demo: boolean } {
  const membership = membershipOf(request);
  requireRouteCode(membership, 'MERCHANT_DISBURSEMENT_MANAGEMENT');
  return { merchantId: membership.merchant.id, userId: callerOf(request).userId, roles: membership.roles, ip: request.ip ?? null, demo: request.server.config.demoMode };
}

export const otpFailure = (key: string, httpStatus = 400, status: number = ApiStatus.VALIDATION) => new ApiError(httpStatus, status, key);
export const otpSubject = (merchantId: number, orderId: number) => `merchant:${merchantId}:disbursement:${orderId}`;

/** An order as the caller sees it, with what the caller may do with it. */
export async function orderView(repo: DisbursementRepository, merchantId: number, orderId: number, actor: Actor, detail: boolean): Promise<DisbursementOrder> {
  const row = await repo.order(merchantId, orderId);
  if (!row) throw ApiError.notFound();
  const [view] = await viewsOf(repo, [row], actor);
  if (!detail) return view;
  const items = await repo.items(merchantId, orderId);
  const audit = await repo.auditOf(merchantId, orderId);
  return {
    ...view,
    items: items.map((i) => ({
      id: i.id,
      rowNo: i.rowNo,
      tranId: i.tranId,
      channel: i.channel as 'WALLET' | 'BANK',
      account: maskedAccount(i.channel, i.account),
      bankId: i.bankId,
      holderName: i.holderName,
      amount: i.amount,
      fee: i.fee,
      description: i.description,
      status: i.status as (typeof ITEM_STATUSES)[number],
      failureReason: i.failureReason,
    })),
    audit: audit.map(({ entry, actorUsername }) => ({
      id: entry.id,
      action: entry.action,
      actorUsername,
      details: entry.details as Record<string, unknown>,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

type OrderRow = NonNullable<Awaited<ReturnType<DisbursementRepository['order']>>>;
export async function viewsOf(repo: DisbursementRepository, rows: OrderRow[], actor: Actor): Promise<DisbursementOrder[]> {
  const approvals = await repo.approvalsOf(rows.map((r) => r.order.id));
  return rows.map(({ order, createdBy }) => {
    const mine = approvals.filter((a) => a.orderId === order.id);
    const pending = order.status === 'PENDING_APPROVAL';
    const checker = pending && order.createdBy !== actor.userId && order.approverRoles.some((r) => actor.roles.includes(r));
    return {
      id: order.id,
      code: order.code,
      kind: order.kind as 'SINGLE' | 'BATCH',
      fileName: order.fileName,
      status: order.status as OrderStatus,
      rowCount: order.rowCount,
      totalAmount: order.totalAmount,
      totalFee: order.totalFee,
      requiredApprovals: order.requiredApprovals,
      approverRoles: order.approverRoles,
      approvals: mine.map((a) => ({ username: a.username, createdAt: a.createdAt.toISOString() })),
      createdBy,
      createdAt: order.createdAt.toISOString(),
      decidedAt: order.decidedAt?.toISOString() ?? null,
      rejectReason: order.rejectReason,
      successCount: order.successCount,
      failedCount: order.failedCount,
      canApprove: checker && !mine.some((a) => a.userId === actor.userId),
      canReject: checker,
      canCancel: pending && order.createdBy === actor.userId,
    };
  });
}

