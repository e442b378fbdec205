/**
 * Service management (spec §7 services calls under /services): the catalogue with the merchant's
 * registrations, eligibility, registration, landing pages and the PAYLATER page. Spec §6: the service
 * list is for MERCHANT_OWNER only, so every merchant-scoped route here refuses other roles with 403.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { canLoadServiceList } from '@/domain/permissions';
import {
  CATALOGUE_STATUSES,
  INELIGIBILITY_REASONS,
  ineligibilityReasons,
  initialRegistrationStatus,
  REGISTRATION_STATUSES,
  registerServiceSchema,
  serviceCodeSchema,
  ServiceApiPaths,
  ServiceCodes,
  type MerchantService,
} from '@/domain/services';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate, type Lang } from '../../i18n';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { servicesRepository, type ServiceRow } from './repository';

const serviceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  summary: z.string(),
  catalogueStatus: z.enum(CATALOGUE_STATUSES),
  registrationId: z.number().int().nullable(),
  status: z.enum(REGISTRATION_STATUSES).nullable(),
  registeredAt: z.string().nullable(),
  eligibleToSubscribe: z.boolean(),
  reasons: z.array(z.enum(INELIGIBILITY_REASONS)),
});
const eligibilitySchema = z.object({
  serviceId: z.number().int(),
  code: z.string(),
  eligible: z.boolean(),
  reasons: z.array(z.enum(INELIGIBILITY_REASONS)),
  messages: z.array(z.string()),
});
const landingSchema = z.object({
  code: z.string(),
  name: z.string(),
  title: z.string(),
  summary: z.string(),
  benefits: z.array(z.string()),
  steps: z.array(z.string()),
});
const paylaterSchema = z.object({
  service: serviceSchema,
  terms: z.object({
    installmentMonths: z.array(z.number().int()),
    merchantFeeBps: z.number().int(),
    minOrderAmount: z.number().int(),
    maxOrderAmount: z.number().int(),
    settlementPeriod: z.string(),
  }),
  landing: landingSchema,
});

const registrationStatus = z.enum(REGISTRATION_STATUSES);
const servicesQuery = apiQuery({
  ...pageQueryShape,
  keyword: z.string().trim().max(100).optional().meta({ description: 'Part of the service code or name (caller’s language)' }),
  activationStatuses: z
    .union([registrationStatus, z.array(registrationStatus).min(1).max(REGISTRATION_STATUSES.length)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional()
    .meta({ description: 'Repeated key; registration statuses to keep' }),
  status: z.enum(CATALOGUE_STATUSES).optional().meta({ description: 'Whether the provider offers the service' }),
  eligibleToSubscribe: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

const merchantParams = z.strictObject({ merchantId: idParam });
const serviceParams = z.strictObject({ merchantId: idParam, id: idParam });
const codeParams = z.strictObject({ code: serviceCodeSchema });

/** The merchant of the request, refused unless the caller is its MERCHANT_OWNER (§6). */
function requireOwner(request: FastifyRequest) {
  const membership = membershipOf(request);
  if (!canLoadServiceList(membership.roles)) throw ApiError.forbidden();
  return membership.merchant;
}

type MerchantFacts = { type: string; stateCode: number };

function toService(row: ServiceRow, merchant: MerchantFacts): MerchantService {
  const reasons = ineligibilityReasons({
    code: row.code,
    registration: { id: row.registrationId, status: row.status },
    catalogueStatus: row.catalogueStatus,
    merchant,
  });
  return { ...row, eligibleToSubscribe: reasons.length === 0, reasons };
}

const reasonText = (lang: Lang, reason: string) => translate(lang, `serviceManagement.reasons.${reason}`);

export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = servicesRepository(app.database.db);

  async function serviceOf(merchantId: number, serviceId: number, lang: Lang) {
    const row = await repo.find(merchantId, serviceId, lang);
    if (!row) throw ApiError.notFound();
    return row;
  }

  app.get(
    ServiceApiPaths.list,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['services'],
        summary: 'The service catalogue with the merchant’s registrations, paged (MERCHANT_OWNER only)',
        params: merchantParams,
        querystring: servicesQuery,
        response: { 200: envelopeSchema(pageSchema(serviceSchema)) },
      },
    },
    async (request) => {
      const merchant = requireOwner(request);
      const { keyword, activationStatuses, status, eligibleToSubscribe } = request.query;
      let eligible;
      if (eligibleToSubscribe !== undefined) {
        // Codes this merchant may never register whatever the registration (KYB, merchant type): the
        // same domain rule, asked once per catalogue code so the filter stays in SQL.
        const codes = await repo.codes();
        const blockedCodes = codes.filter(
          (code) => ineligibilityReasons({ code, registration: null, catalogueStatus: 'ACTIVE', merchant }).length > 0,
        );
        eligible = { value: eligibleToSubscribe, blockedCodes };
      }
      const { rows, total } = await repo.page(merchant.id, { keyword, activationStatuses, status, eligible }, request.lang, request.query);
      return ok(request, toPage(rows.map((row) => toService(row, merchant)), total, request.query));
    },
  );

  app.post(
    ServiceApiPaths.list,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['services'],
        summary: 'Register a service (MERCHANT_OWNER only); refused with 409 status 9 and the reason when not eligible',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: registerServiceSchema,
        response: { 200: envelopeSchema(serviceSchema) },
      },
    },
    async (request) => {
      const merchant = requireOwner(request);
      const row = await serviceOf(merchant.id, request.body.serviceId, request.lang);
      const refuse = (reason: string) =>
        new ApiError(409, ApiStatus.CONFLICT, 'serviceManagement.notEligible', { reason: reasonText(request.lang, reason) });
      const [reason] = toService(row, merchant).reasons;
      if (reason) throw refuse(reason);
      const created = await repo.register(merchant.id, row.id, initialRegistrationStatus(row.code), callerOf(request).userId);
      if (!created) throw refuse('ALREADY_REGISTERED');
      request.log.info({ merchantId: merchant.id, service: row.code }, 'service registered');
      return ok(request, toService(await serviceOf(merchant.id, row.id, request.lang), merchant));
    },
  );

  app.get(
    ServiceApiPaths.one,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['services'],
        summary: 'One catalogue service with the merchant’s registration (MERCHANT_OWNER only)',
        params: serviceParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(serviceSchema) },
      },
    },
    async (request) => {
      const merchant = requireOwner(request);
      return ok(request, toService(await serviceOf(merchant.id, request.params.id, request.lang), merchant));
    },
  );

  app.get(
    ServiceApiPaths.eligible,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['services'],
        summary: 'Whether the merchant can register the service now, with every reason it cannot (MERCHANT_OWNER only)',
        params: serviceParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(eligibilitySchema) },
      },
    },
    async (request) => {
      const merchant = requireOwner(request);
      const service = toService(await serviceOf(merchant.id, request.params.id, request.lang), merchant);
      return ok(request, {
        serviceId: service.id,
        code: service.code,
        eligible: service.eligibleToSubscribe,
        reasons: service.reasons,
        messages: service.reasons.map((reason) => reasonText(request.lang, reason)),
      });
    },
  );

  app.get(
    ServiceApiPaths.paylater,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['services'],
        summary: 'The later-payment (PAYLATER) page: the merchant’s registration, terms and landing content (MERCHANT_OWNER only)',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(paylaterSchema) },
      },
    },
    async (request) => {
      const merchant = requireOwner(request);
      const [row, terms, landing] = await Promise.all([
        repo.findByCode(merchant.id, ServiceCodes.paylater, request.lang),
        repo.terms(ServiceCodes.paylater),
        repo.landing(ServiceCodes.paylater, request.lang),
      ]);
      if (!row || !terms || !landing) throw ApiError.notFound();
      return ok(request, { service: toService(row, merchant), terms, landing });
    },
  );

  app.get(
    ServiceApiPaths.landingPage,
    {
      schema: {
        tags: ['services'],
        summary: 'Landing page (template) of a service code, in the caller’s language',
        params: codeParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(landingSchema) },
      },
    },
    async (request) => {
      const landing = await repo.landing(request.params.code, request.lang);
      if (!landing) throw ApiError.notFound();
      return ok(request, landing);
    },
  );
};
