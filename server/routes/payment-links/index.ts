/**
 * Payment links (spec §2 payment-links, payment-links/create; MERCHANT_PAYMENT_LINKS): list with
 * filters and totals, create, detail with the VietQR code and the payments received, deactivate, and
 * export of the filtered list through the export jobs. Another merchant's ids answer 404 (403 for a
 * merchant the caller does not belong to); store-scoped roles see only their stores' links. The public
 * payer page's calls are in ./payer.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus, PaymentLinkApiPaths as Paths } from '@/domain/api';
import { paymentLinkCreateSchema, type PaymentLink } from '@/domain/paymentLinks';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { attachmentDisposition } from '../../lib/export';
import { buildVietQr } from '../../lib/vietqr';
import { AIO_COLLECTION_BANK_BIN, storeCollectionAccount } from '../../lib/vietqr/aio';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, langOnlyQuery } from '../../validation';
import { QR_PNG_OPTIONS } from '../stores/qr';
import { paymentLinkExportRoutes } from './export';
import { payerRoutes } from './payer';
import { paymentLinksRepository } from './repository';
import {
  filterOf,
  filterQuery,
  linkDetailSchema,
  linkParams,
  linkSchema,
  linkScope,
  listQuery,
  merchantParams,
  paymentSchema,
  tags,
  totalsSchema,
} from './schemas';

/**
 * The link's VietQR (EMVCo): the provider's collection account of the merchant (of the link's store when
 * it has one), the link's code as the reference, and the amount when it is fixed.
 */
export function linkQrPayload(link: Pick<PaymentLink, 'code' | 'title' | 'amountType' | 'amount' | 'storeId'>, merchantId: number, brandName: string): string {
  return buildVietQr({
    bankBin: AIO_COLLECTION_BANK_BIN,
    accountNumber: storeCollectionAccount(merchantId, link.storeId ?? 0),
    amount: link.amountType === 'FIXED' && link.amount ? link.amount : undefined,
    merchantName: brandName,
    merchantCity: 'Viet Nam',
    reference: link.code,
    purpose: link.title,
  });
}

export const paymentLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = paymentLinksRepository(app.database.db);
  await app.register(paymentLinkExportRoutes);
  await app.register(payerRoutes);

  async function linkOf(request: Parameters<typeof linkScope>[0], id: number) {
    const link = await repo.find(linkScope(request), id, new Date());
    if (!link) throw ApiError.notFound();
    return link;
  }

  app.get(
    Paths.links,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Payment links created in the day range, newest first, paged (store roles: only their stores)',
        params: merchantParams,
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(linkSchema)) },
      },
    },
    async (request) => {
      const { rows, total } = await repo.page(linkScope(request), filterOf(request.query), request.query, new Date());
      return ok(request, toPage(rows, total, request.query));
    },
  );

  app.get(
    Paths.totals,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Count, collected amount and count per status of the links the filter selects',
        params: merchantParams,
        querystring: filterQuery,
        response: { 200: envelopeSchema(totalsSchema) },
      },
    },
    async (request) => ok(request, await repo.totals(linkScope(request), filterOf(request.query), new Date())),
  );

  app.post(
    Paths.links,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Create a payment link (a store role must choose one of its stores)',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: paymentLinkCreateSchema,
        response: { 200: envelopeSchema(linkDetailSchema) },
      },
    },
    async (request) => {
      const scope = linkScope(request);
      const { merchant } = membershipOf(request);
      const body = request.body;
      if (body.storeId === undefined && scope.storeIds !== null) {
        throw new ApiError(400, ApiStatus.VALIDATION, 'paymentLinks.storeRequired');
      }
      if (body.storeId !== undefined && !(await repo.storeInScope(scope, body.storeId))) {
        throw new ApiError(400, ApiStatus.VALIDATION, 'paymentLinks.unknownStore');
      }
      const id = await repo.create(merchant.id, body, callerOf(request).userId);
      const link = await linkOf(request, id);
      request.log.info({ merchantId: merchant.id, paymentLinkId: id }, 'payment link created');
      return ok(request, { ...link, qrPayload: linkQrPayload(link, merchant.id, merchant.brandName) });
    },
  );

  app.get(
    Paths.link,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'One payment link with its VietQR payload',
        params: linkParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(linkDetailSchema) },
      },
    },
    async (request) => {
      const { merchant } = membershipOf(request);
      const link = await linkOf(request, request.params.id);
      return ok(request, { ...link, qrPayload: linkQrPayload(link, merchant.id, merchant.brandName) });
    },
  );

  app.get(
    Paths.payments,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'The payments received on a link, newest first (rows of the transaction report)',
        params: linkParams,
        querystring: apiQuery(pageQueryShape),
        response: { 200: envelopeSchema(pageSchema(paymentSchema)) },
      },
    },
    async (request) => {
      const link = await linkOf(request, request.params.id);
      const { rows, total } = await repo.payments(membershipOf(request).merchant.id, link.id, request.query);
      return ok(request, toPage(rows, total, request.query));
    },
  );

  app.post(
    Paths.deactivate,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Deactivate a link: its payer page then refuses payments (a paid or deactivated link: 409)',
        params: linkParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(linkDetailSchema) },
      },
    },
    async (request) => {
      const { merchant } = membershipOf(request);
      const scope = linkScope(request);
      await linkOf(request, request.params.id);
      if (!(await repo.deactivate(scope, request.params.id, callerOf(request).userId, new Date()))) {
        throw new ApiError(409, ApiStatus.CONFLICT, 'paymentLinks.notActive');
      }
      request.log.info({ merchantId: merchant.id, paymentLinkId: request.params.id }, 'payment link deactivated');
      const link = await linkOf(request, request.params.id);
      return ok(request, { ...link, qrPayload: linkQrPayload(link, merchant.id, merchant.brandName) });
    },
  );

  app.get(
    Paths.qrPng,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'The link’s VietQR as a PNG (download=true: as an attachment)',
        params: linkParams,
        querystring: apiQuery({ download: z.enum(['true', 'false']).optional() }),
        response: { 200: z.unknown().meta({ description: 'image/png' }) },
      },
    },
    async (request, reply) => {
      const { merchant } = membershipOf(request);
      const link = await linkOf(request, request.params.id);
      const { default: QRCode } = await import('qrcode');
      const png = await QRCode.toBuffer(linkQrPayload(link, merchant.id, merchant.brandName), QR_PNG_OPTIONS);
      reply.header('Content-Type', 'image/png').header('Cache-Control', 'no-store');
      if (request.query.download === 'true') reply.header('Content-Disposition', attachmentDisposition(`vietqr_${link.code}.png`));
      return reply.send(png);
    },
  );
};
