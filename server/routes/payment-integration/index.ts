/**
 * Payment integration centre (MERCHANT_PAYMENT_INTEGRATION: owners, administrators, DEVELOPER, MIG_DEV,
 * per src/domain/sidebar.ts): API credentials per environment, webhook settings, "send test event", the
 * delivery log with resend, and the selling plans. The signed merchant API is ./merchant-api.ts; the
 * delivery worker (server/lib/webhooks/worker.ts) starts with the server.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CREDENTIAL_STATUSES,
  credentialCreateSchema,
  credentialRotateSchema,
  DELIVERY_STATUSES,
  ENVIRONMENTS,
  PaymentIntegrationApiPaths as Paths,
  WEBHOOK_EVENT_TYPES,
  webhookSettingsSchema,
} from '@/domain/paymentIntegration';
import { envelopeSchema, ok } from '../../envelope';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery, RequestValidationError } from '../../validation';
import { requireRouteCode } from '../../lib/report-family/access';
import { secretBox } from '../../lib/merchant-api/crypto';
import { enqueueTestEvent } from '../../lib/webhooks';
import { signingSecrets, startWebhookWorker } from '../../lib/webhooks/worker';
import { credentialOut, integrationErrors, integrationRepository, type Actor } from './repository';
import { merchantApiRoutes } from './merchant-api';
import { runInBackground } from '../../lib/scheduler/periodic';

const tags = ['payment-integration'];

const credentialSchema = z.object({
  id: z.number().int(),
  environment: z.enum(ENVIRONMENTS),
  partnerCode: z.string(),
  accessKey: z.string(),
  secretLast4: z.string(),
  status: z.enum(CREDENTIAL_STATUSES),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
const issuedSchema = z.object({
  credential: credentialSchema,
  secretKey: z.string().meta({ description: 'The secret key in clear: sent this once, never again' }),
});
const webhookOutSchema = z.object({
  environment: z.enum(ENVIRONMENTS),
  url: z.string(),
  redirectUrl: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  updatedAt: z.string().nullable(),
});
const overviewSchema = z.object({ partnerCode: z.string(), credentials: z.array(credentialSchema), webhooks: z.array(webhookOutSchema) });
const deliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  environment: z.enum(ENVIRONMENTS),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  lastHttpStatus: z.number().int().nullable(),
  lastLatencyMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
const sellingPlanSchema = z.object({
  serviceCode: z.string(),
  planCode: z.string(),
  planName: z.string(),
  effectiveFrom: z.string(),
  rates: z.array(z.object({ method: z.string(), rateBps: z.number().int(), fixedFee: z.number().int() })),
});

const merchantParams = z.strictObject({ merchantId: idParam });
const credentialParams = z.strictObject({ merchantId: idParam, credentialId: idParam });
const environmentParams = z.strictObject({ merchantId: idParam, environment: z.enum(ENVIRONMENTS) });
const deliveryParams = z.strictObject({ merchantId: idParam, deliveryId: idParam });

/** The merchant of a caller who may open the integration centre (403 otherwise). */
function integrationMerchant(request: FastifyRequest) {
  const membership = membershipOf(request);
  requireRouteCode(membership, 'MERCHANT_PAYMENT_INTEGRATION');
  return membership.merchant;
}
const actorOf = (request: FastifyRequest): Actor => ({ userId: callerOf(request).userId, ip: request.ip ?? null });

export const paymentIntegrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const box = secretBox(app.config.tokenPepper);
  const repo = integrationRepository(db, box);

  runInBackground(app, () => startWebhookWorker(db, { box, allowPrivate: app.config.demoMode, log: app.log }));

  await app.register(merchantApiRoutes);

  app.get(
    Paths.overview,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Credentials (secret keys shown by their last 4 characters only) and webhook settings per environment',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(overviewSchema) },
      },
    },
    async (request) => {
      const merchant = integrationMerchant(request);
      const [credentials, webhooks] = await Promise.all([repo.credentials(merchant.id), repo.webhooks(merchant.id)]);
      return ok(request, {
        partnerCode: merchant.partnerCode,
        credentials: credentials.map((c) => credentialOut(c, merchant.partnerCode)),
        webhooks,
      });
    },
  );

  app.post(
    Paths.credentials,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Create the credentials of an environment (one active key each); the secret key is in this answer only',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: credentialCreateSchema,
        response: { 200: envelopeSchema(issuedSchema) },
      },
    },
    async (request) => {
      const merchant = integrationMerchant(request);
      const { row, secretKey } = await repo.create(merchant.id, request.body.environment, actorOf(request));
      request.log.info({ merchantId: merchant.id, credentialId: row.id, environment: row.environment }, 'api credential created');
      return ok(request, { credential: credentialOut(row, merchant.partnerCode), secretKey });
    },
  );

  app.post(
    Paths.rotate,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Rotate an active key: a new key is issued (secret in this answer only); the old one keeps working for the overlap hours',
        params: credentialParams,
        querystring: langOnlyQuery,
        body: credentialRotateSchema,
        response: { 200: envelopeSchema(issuedSchema) },
      },
    },
    async (request) => {
      const merchant = integrationMerchant(request);
      const { row, secretKey } = await repo.rotate(merchant.id, request.params.credentialId, request.body.overlapHours, actorOf(request), new Date());
      request.log.info({ merchantId: merchant.id, credentialId: row.id, rotated: request.params.credentialId }, 'api credential rotated');
      return ok(request, { credential: credentialOut(row, merchant.partnerCode), secretKey });
    },
  );

  app.post(
    Paths.revoke,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Revoke a key at once (active or in its overlap period)',
        params: credentialParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(credentialSchema) },
      },
    },
    async (request) => {
      const merchant = integrationMerchant(request);
      const row = await repo.revoke(merchant.id, request.params.credentialId, actorOf(request), new Date());
      request.log.info({ merchantId: merchant.id, credentialId: row.id }, 'api credential revoked');
      return ok(request, credentialOut(row, merchant.partnerCode));
    },
  );

  app.put(
    Paths.webhook,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Webhook (IPN) URL, redirect URL and event types of an environment (https only in PRODUCTION)',
        params: environmentParams,
        querystring: langOnlyQuery,
        // Both environments' rules are checked below; the contract shows the common shape.
        body: webhookSettingsSchema('SANDBOX'),
        response: { 200: envelopeSchema(webhookOutSchema) },
      },
    },
    async (request) => {
      const merchant = integrationMerchant(request);
      const { environment } = request.params;
      // The path's environment decides the URL rules (https only in PRODUCTION): answered like any body error.
      const parsed = webhookSettingsSchema(environment).safeParse(request.body, { reportInput: true });
      if (!parsed.success) throw new RequestValidationError(parsed.error, 'body', request.body);
      await repo.saveWebhook(merchant.id, environment, parsed.data, actorOf(request), new Date());
      const saved = (await repo.webhooks(merchant.id)).find((w) => w.environment === environment)!;
      return ok(request, saved);
    },
  );

  app.post(
    Paths.testEvent,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Queue a webhook.test event to the environment’s URL; it shows in the delivery log',
        params: environmentParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(deliverySchema) },
      },
    },
    async (request) => {
      const merchant = integrationMerchant(request);
      const { environment } = request.params;
      const now = new Date();
      const settings = (await repo.webhooks(merchant.id)).find((w) => w.environment === environment)!;
      if (!settings.url) throw integrationErrors.noWebhookUrl();
      if ((await signingSecrets(db, box, merchant.id, environment, now)).length === 0) throw integrationErrors.noCredential();
      const queued = await db.transaction(async (tx) => {
        const row = await enqueueTestEvent(tx, merchant.id, environment);
        await repo.audit(tx, merchant.id, actorOf(request), 'WEBHOOK_TEST_SENT', environment, { eventId: row.eventId });
        return row;
      });
      return ok(request, (await repo.deliveryView(merchant.id, queued.id))!);
    },
  );

  app.get(
    Paths.deliveries,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Webhook delivery log, newest first: event, status, HTTP status of the last attempt, latency, attempts',
        params: merchantParams,
        querystring: apiQuery({ ...pageQueryShape, environment: z.enum(ENVIRONMENTS).optional() }),
        response: { 200: envelopeSchema(pageSchema(deliverySchema)) },
      },
    },
    async (request) => {
      const merchant = integrationMerchant(request);
      const { rows, total } = await repo.deliveries(merchant.id, request.query.environment, request.query);
      return ok(request, toPage(rows, total, request.query));
    },
  );

  app.post(
    Paths.resend,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Send a delivered or failed event again now (same event id)',
        params: deliveryParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(deliverySchema) },
      },
    },
    async (request) => {
      const merchant = integrationMerchant(request);
      const row = await repo.resend(merchant.id, request.params.deliveryId, actorOf(request), new Date());
      return ok(request, (await repo.deliveryView(merchant.id, row.id))!);
    },
  );

  app.get(
    Paths.sellingPlans,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['selling-plans'],
        summary: 'The fee plan of each payment service of the merchant, with its rates (read-only)',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(sellingPlanSchema)) },
      },
    },
    async (request) => {
      const merchant = integrationMerchant(request);
      return ok(request, await repo.sellingPlans(merchant.id, request.lang));
    },
  );
};
