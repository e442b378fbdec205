/** The caller's merchants (choose-merchant list) and one merchant by id. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiPaths } from '@/domain/api';
import { MERCHANT_SORT_FIELDS, membershipsRepository, toMerchantPayload } from '../../db/repositories/memberships';
import { envelopeSchema, ok } from '../../envelope';
import { pageQueryShape, pageSchema, sortParam, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';

export const merchantSchema = z.object({
  id: z.number().int(),
  partnerCode: z.string(),
  name: z.string(),
  brandName: z.string(),
  type: z.enum(['SME', 'BPU', 'BUDDHIST_SANGHA', 'TOP_BRAND', 'P2M']),
  stateCode: z.number().int(),
  relationshipRole: z.string().nullable(),
  linkedWithMaster: z.boolean(),
  internalGroup: z.object({ groupCode: z.string() }).nullable(),
  todoActions: z.array(z.enum(['SIGN_CONTRACT', 'BIOMETRIC_AUTHENTICATION', 'BIOMETRIC_AUTHENTICATION_REQUIRED', 'SHOW_POPUP_NOTIFY_PAYOUT'])),
  roles: z.array(z.string()).meta({ description: 'The caller’s roles in this merchant' }),
  accountPayout: z.object({ period: z.string().nullable(), wallet: z.string().nullable() }).nullable().optional(),
});

const listQuery = apiQuery({
  requestType: z.enum(['LOGIN_MERCHANTS']).default('LOGIN_MERCHANTS'),
  ...pageQueryShape,
  sort: sortParam(MERCHANT_SORT_FIELDS, 'name,asc'),
});

export const merchantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const memberships = membershipsRepository(app.database.db);

  app.get(
    ApiPaths.merchants,
    {
      schema: {
        tags: ['merchants'],
        summary: 'Merchants the caller belongs to (active memberships only), by name unless sorted, with the caller’s roles',
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(merchantSchema)) },
      },
    },
    async (request) => {
      const { rows, total } = await memberships.pageForUser(callerOf(request).userId, request.query.sort, request.query);
      return ok(request, toPage(rows, total, request.query));
    },
  );

  app.get(
    ApiPaths.merchant,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['merchants'],
        summary: 'One merchant of the caller (403 when the caller is not a member)',
        params: z.strictObject({ merchantId: idParam }),
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(merchantSchema) },
      },
    },
    async (request) => {
      const { merchant, roles } = membershipOf(request);
      return ok(request, toMerchantPayload(merchant, roles));
    },
  );
};
