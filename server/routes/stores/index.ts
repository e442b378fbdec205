/**
 * Offline stores of a merchant. Users whose roles are only store roles see only their assigned
 * stores: the server filters, the portal just shows what it gets.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiPaths, type StoreListItem } from '@/domain/api';
import { membershipsRepository } from '../../db/repositories/memberships';
import { envelopeSchema, ok } from '../../envelope';
import { attachmentDisposition, csvStream, xlsxStream } from '../../lib/export';
import { ApiError } from '../../errors';
import { offsetOf, pageQueryShape, pageSchema, sortParam, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam } from '../../validation';
import {
  EXPORT_CONTENT_TYPES,
  STORE_EXPORT_FORMATS,
  storeExportColumns,
  storeExportFileName,
  storeExportRows,
  storeExportSheetName,
} from './export';
import { storeQrRoutes } from './qr';
import { STORE_SORT_FIELDS, storesRepository } from './repository';

const storeSchema = z.object({
  id: z.number().int(),
  storeId: z.string(),
  storeName: z.string(),
  isActive: z.boolean(),
  isClaimedOa: z.boolean(),
  storePhoneNumber: z.string().nullable(),
  storeSlug: z.string(),
  storeStateCode: z.number().int(),
  officialAccountId: z.string().nullable(),
  address: z.string(),
});

/** Spec §3: the list adds rowIndex (1-based across pages) and name to each store. */
const storeListItemSchema = storeSchema.extend({ rowIndex: z.number().int().min(1), name: z.string() });

const STORE_OPTION_FIELDS = ['id', 'storeName'] as const;
const storeOptionField = z.enum(STORE_OPTION_FIELDS);

/** What selects and orders stores: shared by the list and its export, so an export is exactly what the list shows. */
const storeFilterShape = {
  sort: sortParam(STORE_SORT_FIELDS, 'id,desc'),
  keyword: z.string().trim().max(100).optional().meta({ description: 'Part of the store name or store code' }),
  isActive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
};

const storesQuery = apiQuery({ ...pageQueryShape, ...storeFilterShape });

const storesExportQuery = apiQuery({
  format: z.enum(STORE_EXPORT_FORMATS).meta({ description: 'csv (UTF-8 with BOM, for Excel) or xlsx' }),
  ...storeFilterShape,
});

const storeOptionsQuery = apiQuery({
  merchantCode: z.string().trim().min(1).max(64).meta({ description: 'The merchant’s partnerCode' }),
  requestType: z.enum(['SEARCH_BY_MERCHANT_CODE']),
  fieldNames: z
    .union([storeOptionField, z.array(storeOptionField).min(1).max(STORE_OPTION_FIELDS.length)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional()
    .meta({ description: 'Repeated key; the fields each option carries (default: id and storeName)' }),
  pagingType: z.enum(['NO_PAGING']).default('NO_PAGING'),
});

export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = storesRepository(app.database.db);
  const memberships = membershipsRepository(app.database.db);
  await app.register(storeQrRoutes);

  app.get(
    ApiPaths.merchantStores,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['stores'],
        summary: 'Stores of a merchant, newest first unless sorted (store roles: only their stores)',
        params: z.strictObject({ merchantId: idParam }),
        querystring: storesQuery,
        response: { 200: envelopeSchema(pageSchema(storeListItemSchema)) },
      },
    },
    async (request) => {
      const { merchant, storeIds } = membershipOf(request);
      const { keyword, isActive, sort } = request.query;
      const { rows, total } = await repo.page(merchant.id, { keyword, isActive, storeIds }, sort, request.query);
      const first = offsetOf(request.query) + 1;
      const items: StoreListItem[] = rows.map((store, i) => ({ ...store, rowIndex: first + i, name: store.storeName }));
      return ok(request, toPage(items, total, request.query));
    },
  );

  app.get(
    ApiPaths.merchantStoresExport,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['stores'],
        summary: 'Every store the list filter selects, as a CSV or XLSX file, unpaged (store roles: only their stores)',
        description:
          'Streams a file (not an envelope): Content-Disposition attachment, Cache-Control no-store. Errors before the ' +
          'first byte are the usual JSON envelope.',
        params: z.strictObject({ merchantId: idParam }),
        querystring: storesExportQuery,
        // Any: the body is a stream, which Fastify sends without serialising.
        response: { 200: z.unknown().meta({ description: 'The file: text/csv (UTF-8 with BOM) or XLSX' }) },
      },
    },
    async (request, reply) => {
      const { merchant, storeIds } = membershipOf(request);
      const { format, keyword, isActive, sort } = request.query;
      // Rows come from the database batch by batch as the client reads, so memory stays flat whatever the size;
      // a client that goes away destroys the stream, which stops the queries.
      const rows = storeExportRows(repo.stream(merchant.id, { keyword, isActive, storeIds }, sort), request.lang);
      const columns = storeExportColumns(request.lang);
      const file =
        format === 'csv' ? csvStream(rows, columns) : xlsxStream(rows, columns, storeExportSheetName(request.lang));
      return reply
        .header('Content-Type', EXPORT_CONTENT_TYPES[format])
        .header('Content-Disposition', attachmentDisposition(storeExportFileName(merchant.partnerCode, format)))
        .header('Cache-Control', 'no-store')
        .send(file);
    },
  );

  app.get(
    ApiPaths.storeOptions,
    {
      schema: {
        tags: ['stores'],
        summary: 'Store options of a merchant by partner code, unpaged (store roles: only their stores)',
        querystring: storeOptionsQuery,
        response: {
          200: envelopeSchema(z.array(z.object({ id: z.number().int().optional(), storeName: z.string().optional() }))),
        },
      },
    },
    async (request) => {
      callerOf(request);
      const merchantId = await memberships.findMerchantIdByPartnerCode(request.query.merchantCode);
      // An unknown code answers like a foreign one, so codes cannot be probed.
      if (merchantId === null) throw ApiError.forbidden();
      const { storeIds } = await app.requireMembership(request, merchantId);
      const fields = new Set(request.query.fieldNames ?? STORE_OPTION_FIELDS);
      const options = await repo.options(merchantId, storeIds);
      return ok(
        request,
        options.map((o) => ({
          ...(fields.has('id') ? { id: o.id } : {}),
          ...(fields.has('storeName') ? { storeName: o.storeName } : {}),
        })),
      );
    },
  );
};
