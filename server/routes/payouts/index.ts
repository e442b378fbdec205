/**
 * Payout settings (spec §3, §7): GET /periods, GET /:merchantId/payouts, GET …/payouts/validate and
 * POST …/payouts/update under /profile/v2/merchants. Changing where money goes (destination, bank,
 * account number or holder) needs a one-time code sent to the caller (the shared OTP service) bound to
 * exactly the new settings; every saved change is audited with who, when, what (masked) and from where,
 * and a change of where the money goes is announced to the merchant's owners on their other channels.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import {
  changedPayoutFields,
  checkBankFields,
  needsOtp,
  normalizePayoutSettings,
  otpCodeSchema,
  PAYOUT_DESTINATIONS,
  PAYOUT_FIELDS,
  PAYOUT_PERIODS,
  PayoutApiPaths,
  payoutChangeDetails,
  payoutSettingsShape,
  type PayoutSettings,
  type PayoutSettingsValues,
} from '@/domain/payouts';
import { canChangePayout, canViewPayout } from '@/domain/permissions';
import { optionalField } from '@/domain/validation';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { normaliseAddress } from '../../lib/otp/address';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { notifyPayoutChange } from './notice';
import { payoutsRepository, StaleVersionError, type StoredPayout } from './repository';

const PERIOD_KEYS: Record<string, string> = { 'SRP.0000': 'payouts.periods.realTime', 'SRP.0001': 'payouts.periods.nextDay' };

const fieldSchema = z.enum(PAYOUT_FIELDS);
const detailsSchema = z.record(z.string(), z.object({ from: z.string().nullable(), to: z.string().nullable() }));
const auditSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actorUsername: z.string().nullable(),
  changes: z.array(fieldSchema),
  details: detailsSchema,
  otpVerified: z.boolean(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
const settingsSchema = z.object({
  merchantId: z.number().int(),
  wallet: z.string(),
  period: z.string(),
  reconciliationTime: z.string(),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  bankBrand: z.string().nullable(),
  bankCityId: z.string().nullable(),
  bankNameId: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  destinations: z.array(z.string()),
  canChange: z.boolean(),
  audit: z.array(auditSchema),
});
const challengeSchema = z.object({
  otpId: z.string(),
  maskedAddress: z.string(),
  expiresAt: z.string(),
  resendAfterSeconds: z.number().int(),
});

const merchantParams = z.strictObject({ merchantId: idParam });
const validateQuery = apiQuery(payoutSettingsShape).check((ctx) => checkBankFields(ctx.value, ctx));
const updateBody = z
  .strictObject({
    reqType: z.enum(['SEND_OTP', 'UPDATE']).meta({ description: 'SEND_OTP: send a code for these settings; UPDATE: save them' }),
    version: z.number().int().min(1).max(2_147_483_647).meta({ description: 'The version read with GET …/payouts' }),
    ...payoutSettingsShape,
    otpId: z.string().min(1).max(100).optional(),
    otpCode: optionalField(otpCodeSchema),
  })
  .check((ctx) => checkBankFields(ctx.value, ctx));

const otpFailure = (key: string, httpStatus = 400, status: number = ApiStatus.VALIDATION) => new ApiError(httpStatus, status, key);

/** Binds a code to exactly these settings of this merchant: a code sent for one account cannot save another. */
function otpSubject(merchantId: number, values: PayoutSettingsValues): string {
  const canonical = JSON.stringify(PAYOUT_FIELDS.map((f) => values[f] ?? null));
  return `merchant:${merchantId}:payout:${createHash('sha256').update(canonical).digest('hex')}`;
}

export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = payoutsRepository(app.database.db);

  async function currentOf(merchantId: number): Promise<StoredPayout> {
    const current = await repo.get(merchantId);
    if (!current) throw ApiError.notFound();
    return current;
  }

  async function settingsOf(request: FastifyRequest, merchantId: number): Promise<PayoutSettings> {
    const current = await currentOf(merchantId);
    return {
      ...current,
      merchantId,
      updatedAt: current.updatedAt?.toISOString() ?? null,
      destinations: [...PAYOUT_DESTINATIONS],
      canChange: canChangePayout(membershipOf(request).roles),
      audit: await repo.audit(merchantId),
    };
  }

  /** Where the caller's one-time code goes: their phone by SMS, else their e-mail (normalised). */
  async function codeTargetOf(userId: number): Promise<{ channel: 'SMS' | 'EMAIL'; address: string } | null> {
    const contact = await repo.contactOf(userId);
    if (contact?.phone) return { channel: 'SMS', address: normaliseAddress('SMS', contact.phone) };
    if (contact?.email) return { channel: 'EMAIL', address: normaliseAddress('EMAIL', contact.email) };
    return null;
  }

  function requireChanger(request: FastifyRequest) {
    if (!canChangePayout(membershipOf(request).roles)) throw ApiError.forbidden();
  }

  app.get(
    PayoutApiPaths.periods,
    {
      schema: {
        tags: ['payouts'],
        summary: 'Payout periods (spec §3: SRP.0000 real time, SRP.0001 T+1) with names in the caller’s language',
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(z.object({ code: z.string(), name: z.string() }))) },
      },
    },
    async (request) => {
      callerOf(request);
      return ok(
        request,
        PAYOUT_PERIODS.map((code) => ({ code, name: translate(request.lang, PERIOD_KEYS[code]) })),
      );
    },
  );

  app.get(
    PayoutApiPaths.payouts,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['payouts'],
        summary: 'Payout settings with the newest audit entries (owners, administrator, merchant accountant)',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(settingsSchema) },
      },
    },
    async (request) => {
      const { merchant, roles } = membershipOf(request);
      if (!canViewPayout(roles)) throw ApiError.forbidden();
      return ok(request, await settingsOf(request, merchant.id));
    },
  );

  app.get(
    PayoutApiPaths.validate,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['payouts'],
        summary:
          'Checks new payout settings and tells which fields change (old → new, account numbers masked) and whether a one-time code is needed (owners)',
        params: merchantParams,
        querystring: validateQuery,
        response: { 200: envelopeSchema(z.object({ changes: z.array(fieldSchema), details: detailsSchema, requiresOtp: z.boolean() })) },
      },
    },
    async (request) => {
      requireChanger(request);
      const { merchant } = membershipOf(request);
      const current = await currentOf(merchant.id);
      const next = normalizePayoutSettings(request.query);
      const changes = changedPayoutFields(current, next);
      return ok(request, { changes, details: payoutChangeDetails(current, next, changes), requiresOtp: needsOtp(changes) });
    },
  );

  app.post(
    PayoutApiPaths.update,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['payouts'],
        summary:
          'SEND_OTP: sends a one-time code bound to these settings to the caller; UPDATE: saves them (with the code when ' +
          'the destination, bank, account number or holder changes). Owners only; audited.',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: updateBody,
        response: { 200: envelopeSchema(z.union([settingsSchema, challengeSchema])) },
      },
    },
    async (request) => {
      requireChanger(request);
      const { merchant } = membershipOf(request);
      const caller = callerOf(request);
      const body = request.body;
      const next = normalizePayoutSettings(body);
      const current = await currentOf(merchant.id);
      const changes = changedPayoutFields(current, next);
      const subject = otpSubject(merchant.id, next);

      if (body.reqType === 'SEND_OTP') {
        if (!needsOtp(changes)) throw otpFailure('payouts.otpNotNeeded');
        if (current.version !== body.version) throw new ApiError(409, ApiStatus.CONFLICT, 'payouts.staleVersion');
        const target = await codeTargetOf(caller.userId);
        if (!target) throw otpFailure('payouts.noContact', 409, ApiStatus.CONFLICT);
        const issued = await app.otp.issue({
          purpose: 'PAYOUT_CHANGE',
          target,
          userId: caller.userId,
          subject,
          ip: request.ip,
          lang: request.lang,
        });
        return ok(request, { ...issued, expiresAt: issued.expiresAt.toISOString() });
      }

      // Saving what is already saved is a success with nothing written: a retried request is harmless.
      if (changes.length === 0) return ok(request, await settingsOf(request, merchant.id));
      if (current.version !== body.version) throw new ApiError(409, ApiStatus.CONFLICT, 'payouts.staleVersion');
      const otpRequired = needsOtp(changes);
      if (otpRequired) {
        if (!body.otpId || !body.otpCode) throw otpFailure('payouts.otpRequired', 400, ApiStatus.SECOND_FACTOR_REQUIRED);
        const check = await app.otp.verify({
          otpId: body.otpId,
          code: body.otpCode,
          purpose: 'PAYOUT_CHANGE',
          userId: caller.userId,
          subject,
        });
        request.log.info({ merchantId: merchant.id, otp: check === 'OK' ? 'accepted' : 'refused' }, 'payout change code checked');
        if (check === 'WRONG') throw otpFailure('payouts.otpWrong');
        if (check === 'EXPIRED') throw otpFailure('payouts.otpExpired');
        if (check === 'TOO_MANY_TRIES') throw otpFailure('payouts.otpTooManyTries', 429, ApiStatus.TOO_MANY_REQUESTS);
        if (check !== 'OK') throw otpFailure('payouts.otpInvalid');
      }
      const at = new Date();
      try {
        await repo.update(merchant.id, next, changes, body.version, {
          actorUserId: caller.userId,
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          otpVerified: otpRequired,
        });
      } catch (err) {
        if (err instanceof StaleVersionError) throw new ApiError(409, ApiStatus.CONFLICT, 'payouts.staleVersion');
        throw err;
      }
      if (otpRequired) {
        const provedAt = await codeTargetOf(caller.userId);
        await notifyPayoutChange(app, request, repo, { merchantId: merchant.id, merchantName: merchant.name, next, at, provedAt });
      }
      return ok(request, await settingsOf(request, merchant.id));
    },
  );
};
