/**
 * E-contracts of a merchant under the provider's /contract/v1 base (spec §2 econtract-management, §4
 * SIGN_CONTRACT): list, detail with history, the PDF, the pending contract of onboarding, and signing
 * with a one-time code. Who reads and who signs are the shared rules of src/domain/econtracts.ts.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import {
  canSignContract,
  canSignNow,
  canViewContracts,
  contractFileName,
  contractOtpSubject,
  ECONTRACT_EVENT_ACTIONS,
  ECONTRACT_STATUSES,
  ECONTRACT_TYPES,
  EContractApiPaths,
  signContractSchema,
  type EContractDetail,
} from '@/domain/econtracts';
import { maskPhone } from '@/domain/masking';
import { formatDateTimeSeconds } from '@/domain/format';
import { users } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { asciiFileNamePart } from '../../lib/export/content-disposition';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { contentHashOf, type ContractParties } from './document';
import { otpRefusal } from './otp';
import { renderContractPdf } from './pdf';
import { econtractsRepository, renderRow, toContract, type ContractRow } from './repository';

const signerSchema = z.object({ userId: z.number().int().nullable(), username: z.string().nullable(), name: z.string() });
const contractSchema = z.object({
  id: z.number().int(),
  contractNo: z.string(),
  type: z.enum(ECONTRACT_TYPES),
  version: z.string(),
  title: z.string(),
  status: z.enum(ECONTRACT_STATUSES),
  issuedAt: z.string(),
  signedAt: z.string().nullable(),
  signer: signerSchema.nullable(),
  contentHash: z.string().nullable(),
});
const sectionSchema = z.object({ heading: z.string(), paragraphs: z.array(z.string()) });
const detailSchema = contractSchema.extend({
  parties: z.object({ merchantName: z.string(), partnerCode: z.string(), brandName: z.string(), representative: z.string() }),
  canSign: z.boolean(),
  signerPreview: z.object({ name: z.string(), username: z.string(), maskedPhone: z.string().nullable() }).nullable(),
  history: z.array(
    z.object({
      id: z.number().int(),
      action: z.enum(ECONTRACT_EVENT_ACTIONS),
      actorUsername: z.string().nullable(),
      actorName: z.string().nullable(),
      ip: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** The rendered content (Vietnamese, the contract's legal language), for an accessible in-page reading. */
  sections: z.array(sectionSchema),
});
const otpSchema = z.object({
  otpId: z.string(),
  expiresAt: z.string(),
  maskedAddress: z.string(),
  resendAfterSeconds: z.number().int(),
});

const merchantParams = z.strictObject({ merchantId: idParam });
const contractParams = z.strictObject({ merchantId: idParam, contractId: idParam });
const listQuery = apiQuery({
  ...pageQueryShape,
  status: z.enum(ECONTRACT_STATUSES).optional(),
  type: z.enum(ECONTRACT_TYPES).optional(),
});
const documentQuery = apiQuery({
  disposition: z.enum(['inline', 'attachment']).default('attachment').meta({ description: 'inline to view in the page' }),
});

const notPending = () => new ApiError(409, ApiStatus.CONFLICT, 'econtracts.notPending');

/** The caller's roles, refused unless they may read contracts. */
function requireViewer(request: FastifyRequest): string[] {
  const { roles } = membershipOf(request);
  if (!canViewContracts(roles)) throw ApiError.forbidden();
  return roles;
}

function requireSigner(request: FastifyRequest): string[] {
  const roles = requireViewer(request);
  if (!canSignContract(roles)) throw new ApiError(403, ApiStatus.FORBIDDEN, 'econtracts.notSigner');
  return roles;
}

export const econtractsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const repo = econtractsRepository(db);
  const demoMode = app.config.demoMode;

  async function callerAccount(userId: number) {
    const [row] = await db.select({ username: users.username, name: users.name, phone: users.phone }).from(users).where(eq(users.id, userId));
    if (!row) throw ApiError.tokenInvalid();
    return row;
  }

  async function contractOf(merchantId: number, contractId: number): Promise<ContractRow> {
    const row = await repo.find(merchantId, contractId);
    if (!row) throw ApiError.notFound();
    return row;
  }

  async function liveParties(merchantId: number): Promise<ContractParties> {
    const parties = await repo.partiesOf(merchantId);
    if (!parties) throw ApiError.notFound();
    return parties;
  }

  async function detailOf(request: FastifyRequest, row: ContractRow, roles: string[]): Promise<EContractDetail> {
    const caller = callerOf(request);
    const rendered = renderRow(row, await liveParties(row.merchantId));
    const canSign = canSignNow(roles, row.status as EContractDetail['status']);
    const account = canSign ? await callerAccount(caller.userId) : null;
    return {
      ...toContract(row),
      parties: {
        merchantName: rendered.parties.merchantName,
        partnerCode: rendered.parties.partnerCode,
        brandName: rendered.parties.brandName,
        representative: rendered.parties.representative,
      },
      canSign,
      signerPreview: account ? { name: account.name, username: account.username, maskedPhone: maskPhone(account.phone) } : null,
      history: await repo.history(row.merchantId, row.id),
      sections: rendered.sections,
    };
  }

  const actorOf = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    const account = await callerAccount(caller.userId);
    return { userId: caller.userId, username: account.username, name: account.name, ip: request.ip ?? null };
  };

  app.get(
    EContractApiPaths.list,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['econtracts'],
        summary: "The merchant's e-contracts, newest first (MERCHANT_OWNER, MERCHANT_OWNER_DONATION, ADMINISTRATOR, LEGAL)",
        params: merchantParams,
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(contractSchema)) },
      },
    },
    async (request) => {
      requireViewer(request);
      const { merchant } = membershipOf(request);
      const { status, type } = request.query;
      const { rows, total } = await repo.page(merchant.id, { status, type }, request.query);
      return ok(request, toPage(rows.map(toContract), total, request.query));
    },
  );

  app.get(
    EContractApiPaths.pending,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['econtracts'],
        summary: 'The contract onboarding asks to sign (the oldest pending one), or null',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(detailSchema.nullable()) },
      },
    },
    async (request) => {
      const roles = requireViewer(request);
      const { merchant } = membershipOf(request);
      const row = await repo.pending(merchant.id);
      return ok(request, row ? await detailOf(request, row, roles) : null);
    },
  );

  if (demoMode) {
    app.post(
      EContractApiPaths.demoReissue,
      {
        preHandler: merchantScope,
        schema: {
          tags: ['econtracts'],
          summary: 'Demo mode only: issue the payment-service contract again and put SIGN_CONTRACT back',
          params: merchantParams,
          querystring: langOnlyQuery,
          response: { 200: envelopeSchema(detailSchema) },
        },
      },
      async (request) => {
        const roles = requireSigner(request);
        const { merchant } = membershipOf(request);
        const id = await repo.reissue(merchant.id, new Date());
        return ok(request, await detailOf(request, await contractOf(merchant.id, id), roles));
      },
    );
  }

  app.get(
    EContractApiPaths.detail,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['econtracts'],
        summary: 'One contract with its parties, content, history (newest first) and whether the caller may sign it',
        params: contractParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(detailSchema) },
      },
    },
    async (request) => {
      const roles = requireViewer(request);
      const { merchant } = membershipOf(request);
      const row = await contractOf(merchant.id, request.params.contractId);
      return ok(request, await detailOf(request, row, roles));
    },
  );

  app.get(
    EContractApiPaths.document,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['econtracts'],
        summary: 'The contract as a PDF (not an envelope); signed contracts are rebuilt from what was signed',
        params: contractParams,
        querystring: documentQuery,
        response: { 200: z.unknown().meta({ description: 'application/pdf' }) },
      },
    },
    async (request, reply) => {
      requireViewer(request);
      const { merchant } = membershipOf(request);
      const row = await contractOf(merchant.id, request.params.contractId);
      const rendered = renderRow(row, await liveParties(merchant.id));
      const signature =
        row.status === 'SIGNED' && row.signedAt && row.contentHash
          ? {
              signerName: row.signerName ?? '',
              signerUsername: row.signerUsername ?? '',
              signedAtText: formatDateTimeSeconds(row.signedAt),
              contentHash: row.contentHash,
            }
          : null;
      const pdf = await renderContractPdf(rendered, signature);
      const { disposition } = request.query;
      if (disposition === 'attachment') await repo.addEvent(merchant.id, row.id, 'DOWNLOADED', await actorOf(request));
      const fileName = asciiFileNamePart(contractFileName(row.contractNo).replace(/\.pdf$/, ''));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `${disposition}; filename="${fileName}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    EContractApiPaths.otp,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['econtracts'],
        summary: "Send a one-time code for signing this contract to the signer's phone (owners only)",
        params: contractParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(otpSchema) },
      },
    },
    async (request) => {
      requireSigner(request);
      const { merchant } = membershipOf(request);
      const row = await contractOf(merchant.id, request.params.contractId);
      if (row.status !== 'PENDING') throw notPending();
      const actor = await actorOf(request);
      const account = await callerAccount(actor.userId);
      if (!account.phone) throw new ApiError(409, ApiStatus.CONFLICT, 'econtracts.noPhone');
      const issued = await app.otp.issue({
        purpose: 'ECONTRACT_SIGN',
        target: { channel: 'SMS', address: account.phone },
        userId: actor.userId,
        subject: contractOtpSubject(row.id),
        ip: request.ip,
        lang: request.lang,
      });
      await repo.addEvent(merchant.id, row.id, 'OTP_SENT', actor);
      return ok(request, {
        otpId: issued.otpId,
        expiresAt: issued.expiresAt.toISOString(),
        maskedAddress: issued.maskedAddress,
        resendAfterSeconds: issued.resendAfterSeconds,
      });
    },
  );

  app.post(
    EContractApiPaths.sign,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['econtracts'],
        summary: 'Sign a pending contract with the code sent for it; SIGN_CONTRACT goes once nothing is left to sign',
        params: contractParams,
        querystring: langOnlyQuery,
        body: signContractSchema,
        response: { 200: envelopeSchema(detailSchema) },
      },
    },
    async (request) => {
      const roles = requireSigner(request);
      const { merchant } = membershipOf(request);
      const row = await contractOf(merchant.id, request.params.contractId);
      // Checked before the code so a code is never spent on a contract that cannot be signed.
      if (row.status !== 'PENDING') throw notPending();
      const actor = await actorOf(request);
      const check = await app.otp.verify({
        otpId: request.body.otpId,
        code: request.body.otpCode,
        purpose: 'ECONTRACT_SIGN',
        userId: actor.userId,
        subject: contractOtpSubject(row.id),
      });
      if (check !== 'OK') throw otpRefusal(check);
      const parties = await liveParties(merchant.id);
      const contentHash = contentHashOf(renderRow(row, parties));
      const signed = await repo.sign(merchant.id, row.id, { signer: actor, parties, contentHash, signedAt: new Date() });
      if (!signed) throw notPending();
      request.log.info({ contractId: row.id, merchantId: merchant.id }, 'contract signed');
      return ok(request, await detailOf(request, await contractOf(merchant.id, row.id), roles));
    },
  );
};
