/**
 * The signed merchant API (`/payment/v2/open/…`): no session, the request signature authenticates the
 * merchant (server/lib/merchant-api). Get a transaction, refund one (Idempotency-Key; the transaction
 * report's refund logic, so the same never-over-the-amount and replay rules), create and get a payment link
 * (the payment links' repository and rules). SANDBOX keys read the
 * merchant's data but their refunds are checked and answered without moving money (`simulated: true`).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentIntegrationApiPaths as Paths, SIGNATURE_HEADERS, SIGNATURE_MAX_AGE_SECONDS } from '@/domain/paymentIntegration';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY, refundSchema } from '@/domain/transactionReport';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { apiQuery } from '../../validation';
import { secretBox } from '../../lib/merchant-api/crypto';
import { signedHeadersOf, signedRouteSecurity, verifySignedRequest, type SignedCaller } from '../../lib/merchant-api';
import { and, eq } from 'drizzle-orm';
import { ApiStatus } from '@/domain/api';
import { PAYMENT_LINK_CODE, paymentLinkCreateSchema } from '@/domain/paymentLinks';
import { merchants, paymentLinks } from '../../db/schema';
import { linkQrPayload } from '../payment-links';
import { paymentLinksRepository } from '../payment-links/repository';
import { linkDetailSchema } from '../payment-links/schemas';
import { refund, refundErrors } from '../transaction-report/refunds';
import { transactionsRepository } from '../transaction-report/repository';
import { detailSchema } from '../transaction-report/schemas';

const tags = ['merchant-api'];
const rawBodies = new WeakMap<FastifyRequest, string>();

export const SIGNING_DESCRIPTION = [
  'Signed with the credentials of the payment integration centre, no session token.',
  `Headers: \`${SIGNATURE_HEADERS.accessKey}\` (access key), \`${SIGNATURE_HEADERS.timestamp}\` (unix seconds, or milliseconds: 13 digits), \`${SIGNATURE_HEADERS.signature}\` =`,
  'hex HMAC-SHA256 under the secret key of `METHOD + "\\n" + path with query + "\\n" + timestamp + "\\n" + raw body`.',
  `Timestamps more than ${SIGNATURE_MAX_AGE_SECONDS / 60} minutes off are refused; a signature is accepted once (replays: 401).`,
  'Example: secret `sk_test`, `GET /api/payment/v2/open/transactions/1000000000001`, timestamp `1767225600`, empty body:',
  'sign `GET\\n/api/payment/v2/open/transactions/1000000000001\\n1767225600\\n` → `X-Signature: <hex HMAC>`.',
].join(' ');

const transactionParams = z.strictObject({ transactionId: z.string().regex(/^\d{1,20}$/) });
const refundOut = z.object({
  id: z.number().int().nullable(),
  transactionId: z.string(),
  amount: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  replayed: z.boolean(),
  simulated: z.boolean(),
});

export const merchantApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const box = secretBox(app.config.tokenPepper);
  const transactions = transactionsRepository(db);
  const links = paymentLinksRepository(db);

  /** One link of the signing merchant with its VietQR payload (404 for another merchant's code). */
  async function linkOut(merchantId: number, id: number) {
    const [merchant] = await db.select({ brandName: merchants.brandName }).from(merchants).where(eq(merchants.id, merchantId));
    const link = await links.find({ merchantId, storeIds: null }, id, new Date());
    if (!link || !merchant) throw ApiError.notFound();
    return { ...link, qrPayload: linkQrPayload(link, merchantId, merchant.brandName) };
  }
  const limited = { public: true, rateLimit: { max: 120, timeWindow: 60_000 } };

  // The signature covers the body byte for byte: keep the raw text next to the parsed JSON.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    if (body === '') return done(null, undefined);
    jsonParser(request, body as string, done);
  });

  async function signed(request: FastifyRequest): Promise<SignedCaller> {
    const caller = await verifySignedRequest(
      db,
      box,
      { method: request.method, url: request.url, body: rawBodies.get(request) ?? '', ...signedHeadersOf(request.headers) },
      new Date(),
    );
    request.log.info({ merchantId: caller.merchantId, credentialId: caller.credentialId }, 'merchant api call');
    return caller;
  }

  app.get(
    Paths.openTransaction,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Get one transaction of the signing merchant',
        description: SIGNING_DESCRIPTION,
        security: signedRouteSecurity,
        params: transactionParams,
        querystring: apiQuery({}),
        response: { 200: envelopeSchema(detailSchema) },
      },
    },
    async (request) => {
      const caller = await signed(request);
      const detail = await transactions.detail({ merchantId: caller.merchantId, storeIds: null }, request.params.transactionId);
      if (!detail) throw ApiError.notFound();
      return ok(request, detail);
    },
  );

  app.post(
    Paths.openRefunds,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Refund (part of) a transaction; Idempotency-Key header required, a repeat returns the first refund',
        description: SIGNING_DESCRIPTION,
        security: signedRouteSecurity,
        params: transactionParams,
        querystring: apiQuery({}),
        body: refundSchema,
        response: { 200: envelopeSchema(refundOut) },
      },
    },
    async (request) => {
      const caller = await signed(request);
      const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw refundErrors.keyRequired();
      const scope = { merchantId: caller.merchantId, storeIds: null };
      const { transactionId } = request.params;
      const { amount } = request.body;
      const reason = request.body.reason?.trim() || null;
      if (caller.environment === 'SANDBOX') {
        const detail = await transactions.detail(scope, transactionId);
        if (!detail) throw ApiError.notFound();
        if (!['SUCCESS', 'PARTIALLY_REFUNDED'].includes(detail.status)) throw refundErrors.notRefundable();
        if (amount > detail.refundable) throw refundErrors.exceeds(detail.refundable);
        return ok(request, { id: null, transactionId, amount, reason, createdAt: new Date().toISOString(), replayed: false, simulated: true });
      }
      if (caller.createdBy === null) throw ApiError.forbidden();
      // refund() queues the refund.succeeded webhook in its own transaction.
      const result = await refund(db, scope, { transactionId, amount, reason, key, userId: caller.createdBy });
      return ok(request, { ...result, simulated: false });
    },
  );

  app.post(
    Paths.openLinks,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Create a payment link of the signing merchant (same rules as the portal form)',
        description: SIGNING_DESCRIPTION,
        security: signedRouteSecurity,
        querystring: apiQuery({}),
        body: paymentLinkCreateSchema,
        response: { 200: envelopeSchema(linkDetailSchema) },
      },
    },
    async (request) => {
      const caller = await signed(request);
      const body = request.body;
      if (body.storeId !== undefined && !(await links.storeInScope({ merchantId: caller.merchantId, storeIds: null }, body.storeId))) {
        throw new ApiError(400, ApiStatus.VALIDATION, 'paymentLinks.unknownStore');
      }
      const id = await links.create(caller.merchantId, body, caller.createdBy);
      request.log.info({ merchantId: caller.merchantId, paymentLinkId: id }, 'payment link created through the merchant api');
      return ok(request, await linkOut(caller.merchantId, id));
    },
  );

  app.get(
    Paths.openLink,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Get a payment link of the signing merchant by its code',
        description: SIGNING_DESCRIPTION,
        security: signedRouteSecurity,
        params: z.strictObject({ code: z.string().regex(PAYMENT_LINK_CODE) }),
        querystring: apiQuery({}),
        response: { 200: envelopeSchema(linkDetailSchema) },
      },
    },
    async (request) => {
      const caller = await signed(request);
      const [row] = await db
        .select({ id: paymentLinks.id })
        .from(paymentLinks)
        .where(and(eq(paymentLinks.merchantId, caller.merchantId), eq(paymentLinks.code, request.params.code)));
      if (!row) throw ApiError.notFound();
      return ok(request, await linkOut(caller.merchantId, row.id));
    },
  );
};
