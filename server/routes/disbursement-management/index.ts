/**
 * Disbursement centre (spec §2 disbursement-center/disbursement-management; MERCHANT_DISBURSEMENT_MANAGEMENT,
 * which the sidebar table gives owners and administrators). Balance and ledger with demo top-ups from the
 * merchant's settlements; payee lookup; disbursement orders of one payee or a batch file (./batch.ts) that
 * wait for the approvals their amount tier asks (maker-checker: never the maker, each approver confirms with
 * a one-time code); the last approval reserves the funds and pays, once, whatever the concurrency.
 * Another merchant's order ids answer 404; a merchant the caller does not belong to, 403.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import {
  approvalRulesSchema,
  canEditDisbursementRules,
  checkPayee,
  DisbursementApiPaths,
  lookupSchema,
  ORDER_STATUSES,
  singleDisbursementSchema,
  MIN_DISBURSEMENT_AMOUNT,
} from '@/domain/disbursements';
import { formatNumber } from '@/domain/format';
import { otpCodeSchema } from '@/domain/payouts';
import { users } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { batchRoutes } from './batch';
import { disbursementFeesOf } from './fees';
import { demoPayeeDirectory } from './payee-directory';
import { disbursementRepository } from './repository';
import {
  accountSchema,
  challengeSchema,
  idempotencyHeaders,
  ledgerSchema,
  merchantParams,
  orderParams,
  orderSchema,
  orderView,
  otpFailure,
  otpSubject,
  requireDisbursementAccess,
  rulesSchema,
  viewsOf,
} from './views';

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
      const actor = requireDisbursementAccess(request);
      const { row, errors } = checkPayee({ ...request.body, amount: request.body.amount ?? MIN_DISBURSEMENT_AMOUNT });
      if (!row) throw new ApiError(400, ApiStatus.VALIDATION, errors[0].message);
      const holderName = demoPayeeDirectory.holderName(row.channel, row.account, row.bankId);
      if (!holderName) throw new ApiError(404, ApiStatus.NOT_FOUND, 'validation.disbursement.accountNotFound');
      return ok(request, { holderName, fee: (await disbursementFeesOf(app.database.db, actor.merchantId))(row.channel, row.amount) });
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
        { kind: 'SINGLE', fileName: null, rows: [{ ...row, holderName, fee: (await disbursementFeesOf(app.database.db, actor.merchantId))(row.channel, row.amount) }], idempotencyKey: request.headers['idempotency-key'] ?? null, uploadId: null },
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
        // The approver reads what they sign: the order, its rows and the total paid out (fees apart).
        textParams: { order: view.code, count: formatNumber(view.rowCount, request.lang), amount: formatNumber(view.totalAmount, request.lang) },
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

  await app.register(batchRoutes, { repo });
};
