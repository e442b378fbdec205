/**
 * Disbursement centre (spec §2 disbursement-center/disbursement-management; MERCHANT_DISBURSEMENT_MANAGEMENT,
 * which the sidebar table gives owners and administrators). Balance and ledger with demo top-ups from the
 * merchant's settlements; payee lookup; disbursement orders of one payee or a batch file (./batch.ts) that
 * wait for the approvals their amount tier asks (maker-checker: never the maker, each approver confirms with
 * a one-time code); the last approval reserves the funds and pays, once, whatever the concurrency.
 * Another merchant's order ids answer 404; a merchant the caller does not belong to, 403.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import {
  approvalRulesSchema,
  canEditDisbursementRules,
  checkPayee,
  DisbursementApiPaths,
  feeOf,
  ITEM_STATUSES,
  LEDGER_TYPES,
  lookupSchema,
  ORDER_STATUSES,
  singleDisbursementSchema,
  type DisbursementOrder,
  type OrderStatus,
} from '@/domain/disbursements';
import { maskAccountNumber, maskPhone } from '@/domain/masking';
import { otpCodeSchema } from '@/domain/payouts';
import { idempotencyKeySchema } from '@/domain/promotions';
import { users } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { requireRouteCode } from '../../lib/report-family/access';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { demoPayeeDirectory } from './payee-directory';
import { disbursementRepository, type Actor, type DisbursementRepository } from './repository';

export const merchantParams = z.strictObject({ merchantId: idParam });
const orderParams = z.strictObject({ merchantId: idParam, orderId: idParam });

const tierSchema = z.object({ maxAmount: z.number().int().nullable(), approvals: z.number().int(), roles: z.array(z.string()) });
const rulesSchema = z.object({ tiers: z.array(tierSchema), canEdit: z.boolean(), updatedAt: z.string().nullable() });
const accountSchema = z.object({ balance: z.number().int(), canTopUp: z.boolean() });
const ledgerSchema = z.object({
  id: z.number().int(),
  type: z.enum(LEDGER_TYPES),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reference: z.string(),
  orderId: z.number().int().nullable(),
  actorUsername: z.string().nullable(),
  createdAt: z.string(),
});
const itemSchema = z.object({
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
const orderSchema = z.object({
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
const challengeSchema = z.object({ otpId: z.string(), maskedAddress: z.string(), expiresAt: z.string(), resendAfterSeconds: z.number().int() });
const idempotencyHeaders = z.object({
  'idempotency-key': idempotencyKeySchema.optional().meta({ description: 'A retry with the same key returns the first order' }),
});

export const maskedAccount = (channel: string, account: string) => (channel === 'WALLET' ? maskPhone(account) : maskAccountNumber(account)) ?? '';

/** The disbursement centre is for the roles whose sidebar has MERCHANT_DISBURSEMENT_MANAGEMENT. */
export function requireDisbursementAccess(request: FastifyRequest): Actor & { merchantId: number; demo: boolean } {
  const membership = membershipOf(request);
  requireRouteCode(membership, 'MERCHANT_DISBURSEMENT_MANAGEMENT');
  return { merchantId: membership.merchant.id, userId: callerOf(request).userId, roles: membership.roles, ip: request.ip ?? null, demo: request.server.config.demoMode };
}

const otpFailure = (key: string, httpStatus = 400, status: number = ApiStatus.VALIDATION) => new ApiError(httpStatus, status, key);
const otpSubject = (merchantId: number, orderId: number) => `merchant:${merchantId}:disbursement:${orderId}`;

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
async function viewsOf(repo: DisbursementRepository, rows: OrderRow[], actor: Actor): Promise<DisbursementOrder[]> {
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

export const disbursementManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = disbursementRepository(app.database.db, demoPayeeDirectory);

  app.get(
    DisbursementApiPaths.account,
    {
      preHandler: merchantScope,
      schema: { tags: ['disbursements'], summary: 'Disbursement balance (đồng)', params: merchantParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(accountSchema) } },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      return ok(request, { balance: await repo.balance(actor.merchantId), canTopUp: actor.demo });
    },
  );

  app.get(
    DisbursementApiPaths.ledger,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: 'Ledger of the disbursement balance: top-ups, disbursements (debited at the last approval), reversals of failed rows; newest first',
        params: merchantParams,
        querystring: apiQuery(pageQueryShape),
        response: { 200: envelopeSchema(pageSchema(ledgerSchema)) },
      },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      const { rows, total } = await repo.ledger(actor.merchantId, request.query);
      return ok(request, toPage(rows, total, request.query));
    },
  );

  app.get(
    DisbursementApiPaths.topUpSources,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: 'Demo mode: settled settlements of the merchant not yet moved to the disbursement balance',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(z.object({ id: z.number().int(), settlementCode: z.string(), netAmount: z.number().int(), settledAt: z.string() }))) },
      },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      if (!actor.demo) throw new ApiError(409, ApiStatus.CONFLICT, 'disbursements.demoOnly');
      return ok(request, await repo.topUpSources(actor.merchantId));
    },
  );

  app.post(
    DisbursementApiPaths.topUps,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: 'Demo mode: moves a settled settlement’s net amount to the disbursement balance (each settlement once); audited',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: z.strictObject({ settlementId: idParam }),
        response: { 200: envelopeSchema(accountSchema) },
      },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      if (!actor.demo) throw new ApiError(409, ApiStatus.CONFLICT, 'disbursements.demoOnly');
      const balance = await repo.topUp(actor.merchantId, request.body.settlementId, actor);
      return ok(request, { balance, canTopUp: true });
    },
  );

  app.get(
    DisbursementApiPaths.rules,
    {
      preHandler: merchantScope,
      schema: { tags: ['disbursements'], summary: 'Approval tiers (by order total) and who approves', params: merchantParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(rulesSchema) } },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      const { tiers, updatedAt } = await repo.tiersOf(actor.merchantId);
      return ok(request, { tiers, canEdit: canEditDisbursementRules(actor.roles), updatedAt: updatedAt?.toISOString() ?? null });
    },
  );

  app.put(
    DisbursementApiPaths.rules,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: 'Sets the approval tiers (owner only); orders already waiting keep the rule they were made under. Audited',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: approvalRulesSchema,
        response: { 200: envelopeSchema(rulesSchema) },
      },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      if (!canEditDisbursementRules(actor.roles)) throw ApiError.forbidden();
      await repo.setTiers(actor.merchantId, request.body.tiers, actor);
      const { tiers, updatedAt } = await repo.tiersOf(actor.merchantId);
      return ok(request, { tiers, canEdit: true, updatedAt: updatedAt?.toISOString() ?? null });
    },
  );

  app.post(
    DisbursementApiPaths.lookup,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: 'Looks up the holder of a wallet phone or bank account (masked name) and the fee; demo mode simulates the directory',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: lookupSchema,
        response: { 200: envelopeSchema(z.object({ holderName: z.string(), fee: z.number().int() })) },
      },
    },
    async (request) => {
      requireDisbursementAccess(request);
      const { row, errors } = checkPayee({ ...request.body, amount: 10_000_000 });
      if (!row) throw new ApiError(400, ApiStatus.VALIDATION, errors[0].message);
      const holderName = demoPayeeDirectory.holderName(row.channel, row.account, row.bankId);
      if (!holderName) throw new ApiError(404, ApiStatus.NOT_FOUND, 'validation.disbursement.accountNotFound');
      return ok(request, { holderName, fee: feeOf(row.channel) });
    },
  );

  app.get(
    DisbursementApiPaths.orders,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: 'Disbursement orders, newest first, paged, optionally by status',
        params: merchantParams,
        querystring: apiQuery({ ...pageQueryShape, status: z.enum(ORDER_STATUSES).optional() }),
        response: { 200: envelopeSchema(pageSchema(orderSchema)) },
      },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      const { rows, total } = await repo.orders(actor.merchantId, { status: request.query.status }, request.query);
      return ok(request, toPage(await viewsOf(repo, rows, actor), total, request.query));
    },
  );

  app.post(
    DisbursementApiPaths.orders,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: 'Creates a single disbursement (wallet phone or bank account) waiting for approval; the holder must exist',
        params: merchantParams,
        querystring: langOnlyQuery,
        headers: idempotencyHeaders,
        body: singleDisbursementSchema,
        response: { 200: envelopeSchema(orderSchema) },
      },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      const { row } = checkPayee(request.body);
      if (!row) throw new ApiError(400, ApiStatus.VALIDATION, 'validation.invalid');
      const holderName = demoPayeeDirectory.holderName(row.channel, row.account, row.bankId);
      if (!holderName) throw new ApiError(404, ApiStatus.NOT_FOUND, 'validation.disbursement.accountNotFound');
      const id = await repo.createOrder(
        actor.merchantId,
        { kind: 'SINGLE', fileName: null, rows: [{ ...row, holderName, fee: feeOf(row.channel) }], idempotencyKey: request.headers['idempotency-key'] ?? null, uploadId: null },
        actor,
      );
      request.log.info({ merchantId: actor.merchantId, orderId: id }, 'disbursement order created');
      return ok(request, await orderView(repo, actor.merchantId, id, actor, true));
    },
  );

  app.get(
    DisbursementApiPaths.order,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: 'One order with its rows (accounts masked), approvals and audit trail',
        params: orderParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(orderSchema) },
      },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      return ok(request, await orderView(repo, actor.merchantId, request.params.orderId, actor, true));
    },
  );

  app.post(
    DisbursementApiPaths.approvalOtp,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: 'Sends the approver a one-time code bound to this order (approvers other than the maker only)',
        params: orderParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(challengeSchema) },
      },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      const view = await orderView(repo, actor.merchantId, request.params.orderId, actor, false);
      if (view.status !== 'PENDING_APPROVAL') throw new ApiError(409, ApiStatus.CONFLICT, 'disbursements.alreadyDecided');
      if (!view.canApprove) {
        throw new ApiError(403, ApiStatus.FORBIDDEN, view.canCancel ? 'disbursements.ownOrder' : view.canReject ? 'disbursements.alreadyApproved' : 'disbursements.notApprover');
      }
      const [contact] = await app.database.db.select({ phone: users.phone, email: users.email }).from(users).where(eq(users.id, actor.userId));
      const target = contact?.phone ? ({ channel: 'SMS', address: contact.phone } as const) : contact?.email ? ({ channel: 'EMAIL', address: contact.email } as const) : null;
      if (!target) throw new ApiError(409, ApiStatus.CONFLICT, 'payouts.noContact');
      const issued = await app.otp.issue({
        purpose: 'DISBURSEMENT_APPROVE',
        target,
        userId: actor.userId,
        subject: otpSubject(actor.merchantId, view.id),
        ip: request.ip,
        lang: request.lang,
      });
      await repo.audit(actor.merchantId, view.id, actor, 'OTP_SENT', { channel: target.channel });
      return ok(request, { ...issued, expiresAt: issued.expiresAt.toISOString() });
    },
  );

  app.post(
    DisbursementApiPaths.approve,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary:
          'Approves with the one-time code. The last approval the tier asks for reserves the funds (refused, nothing recorded, ' +
          'when the balance does not cover amount + fees) and pays every row once; failed rows are reversed. Audited.',
        params: orderParams,
        querystring: langOnlyQuery,
        body: z.strictObject({ otpId: z.string().min(1).max(100), otpCode: otpCodeSchema }),
        response: { 200: envelopeSchema(orderSchema) },
      },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      const { orderId } = request.params;
      // Existence and rights first: a code is not spent on an order the caller cannot approve.
      const view = await orderView(repo, actor.merchantId, orderId, actor, false);
      if (view.status !== 'PENDING_APPROVAL') throw new ApiError(409, ApiStatus.CONFLICT, 'disbursements.alreadyDecided');
      if (!view.canApprove) {
        throw new ApiError(403, ApiStatus.FORBIDDEN, view.canCancel ? 'disbursements.ownOrder' : view.canReject ? 'disbursements.alreadyApproved' : 'disbursements.notApprover');
      }
      const check = await app.otp.verify({
        otpId: request.body.otpId,
        code: request.body.otpCode,
        purpose: 'DISBURSEMENT_APPROVE',
        userId: actor.userId,
        subject: otpSubject(actor.merchantId, orderId),
      });
      request.log.info({ merchantId: actor.merchantId, orderId, otp: check === 'OK' ? 'accepted' : 'refused' }, 'disbursement approval code checked');
      if (check === 'WRONG') throw otpFailure('payouts.otpWrong');
      if (check === 'EXPIRED') throw otpFailure('payouts.otpExpired');
      if (check === 'TOO_MANY_TRIES') throw otpFailure('payouts.otpTooManyTries', 429, ApiStatus.TOO_MANY_REQUESTS);
      if (check !== 'OK') throw otpFailure('payouts.otpInvalid');
      let outcome;
      try {
        outcome = await repo.approve(actor.merchantId, orderId, actor);
      } catch (err) {
        // Nothing was recorded: the approver may use the same code again once the balance is topped up.
        if (err instanceof ApiError && err.messageKey === 'disbursements.insufficientBalance') await app.otp.giveBack(request.body.otpId);
        throw err;
      }
      request.log.info({ merchantId: actor.merchantId, orderId, outcome }, 'disbursement order approved');
      return ok(request, await orderView(repo, actor.merchantId, orderId, actor, true));
    },
  );

  const closeBody = z.strictObject({ reason: z.string().trim().max(200).optional() });
  for (const [path, how] of [
    [DisbursementApiPaths.reject, 'REJECT'],
    [DisbursementApiPaths.cancel, 'CANCEL'],
  ] as const) {
    app.post(
      path,
      {
        preHandler: merchantScope,
        schema: {
          tags: ['disbursements'],
          summary: how === 'REJECT' ? 'An approver (not the maker) rejects a waiting order; audited' : 'The maker cancels a waiting order; audited',
          params: orderParams,
          querystring: langOnlyQuery,
          body: closeBody,
          response: { 200: envelopeSchema(orderSchema) },
        },
      },
      async (request) => {
        const actor = requireDisbursementAccess(request);
        await repo.close(actor.merchantId, request.params.orderId, actor, how, request.body.reason || null);
        return ok(request, await orderView(repo, actor.merchantId, request.params.orderId, actor, true));
      },
    );
  }

};
