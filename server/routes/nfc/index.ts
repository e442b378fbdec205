/**
 * The biometric (chip-ID/NFC) onboarding check (spec §2 /onboard/authentication-nfc, §4 todo actions)
 * under /authentication/v2/merchants. The check itself runs in the wallet app: the portal starts a
 * session, shows its QR code / deep link, and polls the result. BIOMETRIC_AUTHENTICATION may be skipped
 * (remembered per user and merchant); BIOMETRIC_AUTHENTICATION_REQUIRED may not. In demo mode a
 * completion route stands in for the phone.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import {
  BIOMETRIC_SESSION_MINUTES,
  BIOMETRIC_SESSION_STATUSES,
  BiometricApiPaths,
  biometricTodo,
  canVerifyBiometric,
} from '@/domain/econtracts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { langOnlyQuery, idParam } from '../../validation';
import { biometricRepository, type SessionRow } from './repository';

/** The wallet app's deep link for the chip-ID check; the code names the session, nothing more. */
export const BIOMETRIC_DEEP_LINK = 'vixanh://merchant/ekyc-nfc';

const stateSchema = z.object({
  pending: z.boolean(),
  required: z.boolean(),
  skipped: z.boolean(),
  canVerify: z.boolean(),
  demoCompletion: z.boolean(),
});
const sessionSchema = z.object({
  sessionId: z.string(),
  status: z.enum(BIOMETRIC_SESSION_STATUSES),
  expiresAt: z.string(),
  deepLink: z.string().optional(),
  qrSvg: z.string().optional(),
  demoCompletion: z.boolean(),
});

const merchantParams = z.strictObject({ merchantId: idParam });
const sessionParams = z.strictObject({ merchantId: idParam, sessionId: z.uuid() });

const conflict = (key: string) => new ApiError(409, ApiStatus.CONFLICT, key);

export const nfcRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = biometricRepository(app.database.db);
  const demoMode = app.config.demoMode;

  const sessionOut = (row: Pick<SessionRow, 'id' | 'status' | 'expiresAt'>) => ({
    sessionId: row.id,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    demoCompletion: demoMode,
  });

  async function stateOf(request: FastifyRequest) {
    const { merchant, roles } = membershipOf(request);
    const todo = biometricTodo(await repo.todoActions(merchant.id));
    return {
      pending: todo.pending,
      required: todo.required,
      skipped: todo.skippable && (await repo.skipped(merchant.id, callerOf(request).userId)),
      canVerify: canVerifyBiometric(roles),
      demoCompletion: demoMode,
    };
  }

  async function sessionOf(request: FastifyRequest, sessionId: string) {
    const { merchant } = membershipOf(request);
    const row = await repo.find(merchant.id, callerOf(request).userId, sessionId, new Date());
    // Another user's or merchant's session is "not found": ids are never confirmed to outsiders.
    if (!row) throw ApiError.notFound();
    return row;
  }

  app.get(
    BiometricApiPaths.state,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['biometric'],
        summary: 'Whether the merchant has a biometric todo, whether it is required, and whether the caller skipped it',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(stateSchema) },
      },
    },
    async (request) => ok(request, await stateOf(request)),
  );

  app.post(
    BiometricApiPaths.sessions,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['biometric'],
        summary: `Start a check: a QR code / deep link for the wallet app, valid ${BIOMETRIC_SESSION_MINUTES} minutes (the legal representative only)`,
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(sessionSchema) },
      },
    },
    async (request) => {
      const { merchant, roles } = membershipOf(request);
      if (!canVerifyBiometric(roles)) throw new ApiError(403, ApiStatus.FORBIDDEN, 'nfc.notRepresentative');
      const todo = biometricTodo(await repo.todoActions(merchant.id));
      if (!todo.pending) throw conflict('nfc.notPending');
      const code = randomBytes(24).toString('base64url');
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + BIOMETRIC_SESSION_MINUTES * 60_000);
      await repo.start(merchant.id, {
        id,
        userId: callerOf(request).userId,
        codeHash: createHash('sha256').update(code).digest('hex'),
        required: todo.required,
        expiresAt,
      });
      const deepLink = `${BIOMETRIC_DEEP_LINK}?code=${code}`;
      const { default: QRCode } = await import('qrcode');
      const qrSvg = await QRCode.toString(deepLink, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return ok(request, { ...sessionOut({ id, status: 'PENDING', expiresAt }), deepLink, qrSvg });
    },
  );

  app.get(
    BiometricApiPaths.session,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['biometric'],
        summary: "A check's result so far (PENDING, VERIFIED, FAILED, EXPIRED): the page polls it",
        params: sessionParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(sessionSchema) },
      },
    },
    async (request) => ok(request, sessionOut(await sessionOf(request, request.params.sessionId))),
  );

  app.post(
    BiometricApiPaths.skip,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['biometric'],
        summary: 'Skip the optional check (remembered for this user and merchant); the required one cannot be skipped',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(stateSchema) },
      },
    },
    async (request) => {
      const { merchant } = membershipOf(request);
      const todo = biometricTodo(await repo.todoActions(merchant.id));
      if (!todo.pending) throw conflict('nfc.notPending');
      if (todo.required) throw conflict('nfc.requiredNoSkip');
      await repo.skip(merchant.id, callerOf(request).userId);
      return ok(request, await stateOf(request));
    },
  );

  if (demoMode) {
    app.post(
      BiometricApiPaths.demoComplete,
      {
        preHandler: merchantScope,
        schema: {
          tags: ['biometric'],
          summary: 'Demo mode only: complete a pending check as if the wallet app had read the chip and matched the face',
          params: sessionParams,
          querystring: langOnlyQuery,
          response: { 200: envelopeSchema(sessionSchema) },
        },
      },
      async (request) => {
        const { merchant } = membershipOf(request);
        const row = await sessionOf(request, request.params.sessionId);
        if (row.status !== 'PENDING') throw conflict('nfc.sessionClosed');
        if (!(await repo.complete(merchant.id, row.id, 'DEMO', new Date()))) throw conflict('nfc.sessionClosed');
        request.log.info({ merchantId: merchant.id }, 'biometric check completed (demo)');
        return ok(request, sessionOut(await sessionOf(request, row.id)));
      },
    );

    app.post(
      BiometricApiPaths.demoReset,
      {
        preHandler: merchantScope,
        schema: {
          tags: ['biometric'],
          summary: "Demo mode only: put back the merchant's biometric todo of its last completed check",
          params: merchantParams,
          querystring: langOnlyQuery,
          response: { 200: envelopeSchema(stateSchema) },
        },
      },
      async (request) => {
        const { merchant, roles } = membershipOf(request);
        if (!canVerifyBiometric(roles)) throw new ApiError(403, ApiStatus.FORBIDDEN, 'nfc.notRepresentative');
        if (!(await repo.reset(merchant.id))) throw conflict('nfc.notPending');
        return ok(request, await stateOf(request));
      },
    );
  }
};
