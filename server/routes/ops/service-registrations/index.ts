/**
 * Operator review of service registrations (/api/ops/service-registrations, behind requireInternalUser):
 * the queue by status (default INITIALIZED, oldest first), approve (INITIALIZED → ACTIVE: for ADS the
 * merchant is then onboarded, spec §4, and marketing opens) and reject (INITIALIZED → REJECTED). Each move
 * is one guarded UPDATE (the status it leaves is in its WHERE), so two operators cannot both decide.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { REVIEW_STATUSES, ServiceReviewApiPaths as Paths, type ServiceRegistrationReview } from '@/domain/serviceReviews';
import type { RegistrationStatus } from '@/domain/services';
import { merchants, merchantServices, serviceDetails, services } from '../../../db/schema';
import { envelopeSchema, ok } from '../../../envelope';
import { ApiError } from '../../../errors';
import { apiQuery, idParam, langOnlyQuery } from '../../../validation';
import { operatorOf } from '../guard';

const tags = ['ops'];
const params = z.strictObject({ registrationId: idParam });
const reviewSchema = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  merchantName: z.string(),
  partnerCode: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  status: z.enum(REVIEW_STATUSES),
  registeredAt: z.string(),
});

export const opsServiceRegistrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  async function reviews(where: ReturnType<typeof eq>, lang: string): Promise<ServiceRegistrationReview[]> {
    const rows = await db
      .select({
        id: merchantServices.id,
        merchantId: merchants.id,
        merchantName: merchants.name,
        partnerCode: merchants.partnerCode,
        serviceCode: services.code,
        serviceName: lang === 'en' ? sql<string>`coalesce(${serviceDetails.nameEn}, ${services.code})` : sql<string>`coalesce(${serviceDetails.nameVi}, ${services.code})`,
        status: merchantServices.status,
        registeredAt: merchantServices.createdAt,
      })
      .from(merchantServices)
      .innerJoin(merchants, eq(merchants.id, merchantServices.merchantId))
      .innerJoin(services, eq(services.id, merchantServices.serviceId))
      .leftJoin(serviceDetails, eq(serviceDetails.serviceId, services.id))
      .where(where)
      .orderBy(asc(merchantServices.createdAt), asc(merchantServices.id))
      .limit(200);
    return rows.map((r) => ({ ...r, status: r.status as RegistrationStatus, registeredAt: r.registeredAt.toISOString() }));
  }

  app.get(
    Paths.queue,
    {
      schema: {
        tags,
        summary: 'Service registrations by status (default INITIALIZED: waiting for review), oldest first',
        querystring: apiQuery({ status: z.enum(REVIEW_STATUSES).default('INITIALIZED') }),
        response: { 200: envelopeSchema(z.array(reviewSchema)) },
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(request, await reviews(eq(merchantServices.status, request.query.status), request.lang));
    },
  );

  /** INITIALIZED → `to`, once; 404 for no registration, 409 when it is not waiting any more. */
  async function decide(registrationId: number, to: RegistrationStatus, operatorId: number, log: { info: (o: object, m: string) => void }) {
    const [row] = await db
      .update(merchantServices)
      .set({ status: to })
      .where(and(eq(merchantServices.id, registrationId), eq(merchantServices.status, 'INITIALIZED')))
      .returning({ id: merchantServices.id, merchantId: merchantServices.merchantId });
    if (!row) {
      const [exists] = await db.select({ id: merchantServices.id }).from(merchantServices).where(eq(merchantServices.id, registrationId));
      if (!exists) throw ApiError.notFound();
      throw new ApiError(409, ApiStatus.CONFLICT, 'serviceReviews.notPending');
    }
    log.info({ registrationId, merchantId: row.merchantId, status: to, operatorId }, 'service registration reviewed');
  }

  for (const [path, to, summary] of [
    [Paths.approve, 'ACTIVE', 'Approve a registration: INITIALIZED → ACTIVE (ADS: the merchant is onboarded, marketing opens)'],
    [Paths.reject, 'REJECTED', 'Reject a registration: INITIALIZED → REJECTED'],
  ] as const) {
    app.post(
      path,
      { schema: { tags, summary, params, querystring: langOnlyQuery, response: { 200: envelopeSchema(reviewSchema) } } },
      async (request) => {
        await decide(request.params.registrationId, to, operatorOf(request).userId, request.log);
        const [review] = await reviews(eq(merchantServices.id, request.params.registrationId), request.lang);
        return ok(request, review);
      },
    );
  }
};
