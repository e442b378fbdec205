/** The signed-in user's own account and services. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiPaths } from '@/domain/api';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { callerOf, hintedMembership } from '../../plugins/auth';
import { apiQuery, langOnlyQuery } from '../../validation';
import { meRepository } from './repository';

const meSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  userType: z.enum(['M4B_USER', 'SYSTEM', 'INTERNAL_USER']),
  linkedSSO: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

/**
 * `field` (spec §7 "GET /me (field)") names the parts of the spec §3 session payload that /me holds:
 * `id` and `userProfile` (the account without its id). Repeated keys select several (spec §9 arrays).
 */
export const ME_FIELDS = ['id', 'userProfile'] as const;
const meField = z.enum(ME_FIELDS);

const meQuery = apiQuery({
  field: z
    .union([meField, z.array(meField).min(1).max(ME_FIELDS.length)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional()
    .meta({ description: 'Only these parts: id, userProfile (repeated key for several); absent: the whole account' }),
});

const meAnswerSchema = z.union([
  meSchema,
  z.strictObject({ id: z.number().int().optional(), userProfile: meSchema.omit({ id: true }).optional() }),
]);

export const serviceSchema = z.object({
  id: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  status: z.string().nullable(),
});

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = meRepository(app.database.db);

  app.get(
    ApiPaths.me,
    {
      schema: {
        tags: ['me'],
        summary: 'The signed-in user, or only the parts named by field',
        querystring: meQuery,
        response: { 200: envelopeSchema(meAnswerSchema) },
      },
    },
    async (request) => {
      const me = await repo.findUser(callerOf(request).userId);
      if (!me) throw ApiError.sessionExpired();
      const fields = request.query.field;
      if (!fields) return ok(request, me);
      const { id, ...userProfile } = me;
      return ok(request, {
        ...(fields.includes('id') ? { id } : {}),
        ...(fields.includes('userProfile') ? { userProfile } : {}),
      });
    },
  );

  app.get(
    ApiPaths.meServices,
    {
      schema: {
        tags: ['me'],
        summary: 'The service catalogue with the chosen merchant’s registrations',
        description:
          'The merchant is the one named by the X-Merchant-Id header (sent by the portal once a merchant is chosen). ' +
          'It is checked against the caller’s memberships: 403 (status 3) when the caller is not a member. ' +
          'Without the header, every service comes with id and status null.',
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(serviceSchema)) },
      },
    },
    async (request) => {
      const membership = await hintedMembership(request);
      const rows = await repo.services(membership?.merchant.id ?? null);
      return ok(
        request,
        rows.map((s) => ({ ...s, name: translate(request.lang, `services.${s.code}`) })),
      );
    },
  );
};
