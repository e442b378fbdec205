/**
 * The public payer page's calls (no sign-in, rate-limited per IP): a link as a payer may see it (the
 * merchant's brand, never another field of the merchant), and in demo mode the payment itself. A
 * payment is one database transaction: the link's conditional UPDATE (a single-use link is taken by
 * exactly one payment: the row lock makes a concurrent second one see paid_at and match nothing), the
 * `transactions` row (so the report, dashboard and daily totals count it), the link's payment row, and
 * the webhook event when the payment integration queues one.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus, PaymentLinkApiPaths as Paths } from '@/domain/api';
import { chargedFee } from '@/domain/figures';
import {
  AMOUNT_TYPES,
  PAYMENT_LINK_CODE,
  PAYMENT_LINK_STATUSES,
  payableAmount,
  payerPaymentSchema,
  paymentLinkStatus,
  type AmountType,
  type PayerLink,
} from '@/domain/paymentLinks';
import { merchants, paymentLinkPayments, paymentLinks, transactions } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { enqueueWebhookEvent } from '../../lib/webhooks';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { langOnlyQuery } from '../../validation';

const codeParams = z.strictObject({ code: z.string().regex(PAYMENT_LINK_CODE) });

const payerLinkSchema = z.object({
  code: z.string(),
  merchantBrand: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  amountType: z.enum(AMOUNT_TYPES),
  amount: z.number().int().nullable(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  expiresAt: z.string().nullable(),
  canPay: z.boolean(),
});
const receiptSchema = z.object({
  transactionId: z.string(),
  amount: z.number().int(),
  paidAt: z.string(),
  status: z.enum(PAYMENT_LINK_STATUSES),
});

/** A 13-digit core transaction id: 5 then 12 random digits (the seeded ones start with 2). */
export const newTransactionId = (): string => `5${String(randomInt(1e12)).padStart(12, '0')}`;

export const payerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const { config } = app;
  const limited = { public: true, rateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: 60_000 } };

  async function linkByCode(code: string) {
    const [row] = await db
      .select({ link: paymentLinks, brand: merchants.brandName })
      .from(paymentLinks)
      .innerJoin(merchants, eq(merchants.id, paymentLinks.merchantId))
      .where(eq(paymentLinks.code, code));
    // An unknown code and a malformed one read the same: codes cannot be probed.
    if (!row) throw ApiError.notFound();
    return row;
  }

  function toPayerLink(row: Awaited<ReturnType<typeof linkByCode>>, now: Date): PayerLink {
    const l = row.link;
    const status = paymentLinkStatus(l, now);
    return {
      code: l.code,
      merchantBrand: row.brand,
      title: l.title,
      description: l.description,
      amountType: l.amountType as AmountType,
      amount: l.amount,
      minAmount: l.minAmount,
      maxAmount: l.maxAmount,
      status,
      expiresAt: l.expiresAt?.toISOString() ?? null,
      canPay: config.demoMode && status === 'ACTIVE',
    };
  }

  app.get(
    Paths.payerLink,
    {
      config: limited,
      schema: {
        tags: ['payment-links'],
        summary: 'Public: a payment link as its payer page shows it (brand, title, amount, status)',
        params: codeParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(payerLinkSchema) },
      },
    },
    async (request) => ok(request, toPayerLink(await linkByCode(request.params.code), new Date())),
  );

  app.post(
    Paths.payerPayment,
    {
      config: limited,
      schema: {
        tags: ['payment-links'],
        summary: 'Public, demo mode only: pay the link (a single-use link is paid exactly once)',
        params: codeParams,
        querystring: langOnlyQuery,
        body: payerPaymentSchema,
        response: { 200: envelopeSchema(receiptSchema) },
      },
    },
    async (request) => {
      // Outside demo mode the payment happens in the wallet app, never by this call.
      if (!config.demoMode) throw new ApiError(403, ApiStatus.FORBIDDEN, 'paymentLinks.payInWallet');
      const row = await linkByCode(request.params.code);
      const now = new Date();
      const status = paymentLinkStatus(row.link, now);
      if (status !== 'ACTIVE') throw new ApiError(409, ApiStatus.CONFLICT, `paymentLinks.payer.${status}`);
      const payable = payableAmount(row.link as Parameters<typeof payableAmount>[0], request.body.amount);
      if (!payable.ok) throw new ApiError(400, ApiStatus.VALIDATION, payable.message, payable.params);
      const { amount } = payable;
      const link = row.link;
      const fee = chargedFee({ status: 'SUCCESS', amount, refundedAmount: 0 });

      const receipt = await db.transaction(async (tx) => {
        // The row lock of this UPDATE serialises payments of one link; the conditions are read again
        // after a concurrent payment commits, so a used-up single-use link matches nothing here.
        const taken = await tx
          .update(paymentLinks)
          .set({
            paymentCount: sql`${paymentLinks.paymentCount} + 1`,
            collectedAmount: sql`${paymentLinks.collectedAmount} + ${amount}`,
            paidAt: link.singleUse ? now : null,
          })
          .where(
            and(
              eq(paymentLinks.id, link.id),
              isNull(paymentLinks.deactivatedAt),
              isNull(paymentLinks.paidAt),
              or(isNull(paymentLinks.expiresAt), gt(paymentLinks.expiresAt, now)),
            ),
          )
          .returning({ id: paymentLinks.id });
        if (taken.length === 0) return null;
        let transactionId = newTransactionId();
        for (let attempt = 0; ; attempt++) {
          try {
            // A savepoint, so a (vanishingly rare) id collision can draw again inside the transaction.
            await tx.transaction(async (sp) => {
              await sp.insert(transactions).values({
                id: transactionId,
                merchantId: link.merchantId,
                storeId: link.storeId,
                createdAt: now,
                authorizedAt: now,
                completedAt: now,
                status: 'SUCCESS',
                paymentMethod: 'WALLET',
                amount,
                fee,
                orderId: link.reference ?? link.code,
                description: link.title,
              });
            });
            break;
          } catch (err) {
            if (attempt < 3 && isUniqueViolation(err)) {
              transactionId = newTransactionId();
              continue;
            }
            throw err;
          }
        }
        await tx.insert(paymentLinkPayments).values({ merchantId: link.merchantId, linkId: link.id, transactionId, amount, createdAt: now });
        // Queued in this transaction: a payment that rolls back never announces itself.
        const event = { transactionId, amount, fee, paymentLinkCode: link.code, orderId: link.reference ?? link.code, paidAt: now.toISOString() };
        await enqueueWebhookEvent(tx, { merchantId: link.merchantId, type: 'payment.succeeded', data: event });
        if (link.singleUse) await enqueueWebhookEvent(tx, { merchantId: link.merchantId, type: 'link.paid', data: event });
        return { transactionId, amount, paidAt: now.toISOString(), status: link.singleUse ? ('PAID' as const) : ('ACTIVE' as const) };
      });
      if (!receipt) {
        const again = paymentLinkStatus((await linkByCode(request.params.code)).link, new Date());
        throw new ApiError(409, ApiStatus.CONFLICT, `paymentLinks.payer.${again === 'ACTIVE' ? 'PAID' : again}`);
      }
      request.log.info({ merchantId: link.merchantId, paymentLinkId: link.id, transactionId: receipt.transactionId }, 'payment link paid');
      return ok(request, receipt);
    },
  );
};
