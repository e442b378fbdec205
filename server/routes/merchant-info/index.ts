/**
 * Merchant info and KYB (spec §3, §4, §7): the merchant with its KYB state and documents, document
 * upload/replace/download, editing (which sends the merchant back to approval), categories and
 * validations for the form, registration of a new merchant and linking to a master merchant.
 *
 * Uploads are multipart with one part, `file`. The content decides the type (magic bytes); files are
 * stored under generated names (server/lib/files) and only ever sent back as attachments.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import {
  allowedExtensions,
  CATEGORY_TYPES,
  documentTypeParam,
  isPublicDocument,
  linkMerchantSchema,
  MAX_DOCUMENT_BYTES,
  merchantEditSchema,
  MerchantInfoApiPaths,
  merchantValidations,
  registerMerchantSchema,
  type MerchantDocumentType,
} from '@/domain/merchantInfo';
import { canEditMerchantInfo, canLinkMerchants, canViewMerchantInfo } from '@/domain/permissions';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { attachmentDisposition, checkFile, type FileProblem } from '../../lib/files';
import { readOneFile } from '../../lib/files/upload';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { ConflictError, merchantInfoRepository, type Actor } from './repository';

/** A user may hold this many merchants that are still new or waiting for documents before registering another. */
const MAX_PENDING_REGISTRATIONS = 5;

const merchantParams = z.strictObject({ merchantId: idParam });
const documentParams = z.strictObject({ merchantId: idParam, documentId: idParam });

const documentSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  isPublic: z.boolean(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const linkRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  partnerCode: z.string(),
  relationshipRole: z.string().nullable(),
  groupRole: z.string().nullable(),
});
const infoSchema = z.object({
  id: z.number().int(),
  partnerCode: z.string(),
  name: z.string(),
  brandName: z.string(),
  type: z.string(),
  stateCode: z.number().int(),
  kybStatus: z.string(),
  awaitingApproval: z.boolean(),
  inKyb: z.boolean(),
  nextStep: z.string(),
  editBlock: z.string().nullable(),
  relationshipRole: z.string().nullable(),
  linkedWithMaster: z.boolean(),
  master: linkRefSchema.nullable(),
  linkedMerchants: z.array(linkRefSchema),
  internalGroup: z.object({ groupCode: z.string() }).nullable(),
  profile: z
    .object({
      companyTypeCode: z.string(),
      industryCode: z.string(),
      taxCode: z.string(),
      businessAddress: z.string(),
      representativeName: z.string(),
      contactPhone: z.string(),
      contactEmail: z.string(),
      website: z.string(),
      sellingChannel: z.string(),
    })
    .nullable(),
  documents: z.array(documentSchema),
  missingDocuments: z.array(z.string()),
  canEdit: z.boolean(),
  canLink: z.boolean(),
  updatedAt: z.string().nullable(),
});

const FILE_PROBLEM_STATUS: Record<FileProblem, number> = {
  fileEmpty: 400,
  fileTooLarge: 413,
  fileType: 400,
  fileContent: 400,
  svgUnsafe: 400,
};

function badFile(problem: FileProblem | 'fileName' | 'fileMissing' | 'notMultipart', params: Record<string, unknown> = {}) {
  const http = problem === 'notMultipart' ? 415 : problem === 'fileName' || problem === 'fileMissing' ? 400 : FILE_PROBLEM_STATUS[problem];
  return new ApiError(http, ApiStatus.VALIDATION, `merchantInfo.${problem}`, params);
}

function conflict(err: unknown): never {
  if (err instanceof ConflictError) {
    if (err.key === 'messages.notFound') throw ApiError.notFound();
    const http = err.key === 'merchantInfo.unknownCompanyType' || err.key === 'merchantInfo.unknownIndustry' ? 400 : 409;
    throw new ApiError(http, http === 400 ? ApiStatus.VALIDATION : ApiStatus.CONFLICT, err.key);
  }
  throw err;
}

const actorOf = (request: FastifyRequest): Actor => ({ userId: callerOf(request).userId, ip: request.ip ?? null });

/** The one `file` part of a document upload (at most 6 MiB), refused with this module's own messages. */
const readUpload = (request: FastifyRequest) => readOneFile(request, MAX_DOCUMENT_BYTES, (problem) => badFile(problem));

export const merchantInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = merchantInfoRepository(app.database.db);
  // Encapsulated here: only this module's routes accept multipart bodies. Fastify's 1 MiB JSON limit stays
  // for everything else; the file limit is the spec's 6 MiB, checked while streaming.
  // preservePath: busboy would otherwise cut '../../x.png' down to 'x.png'; a crafted name must be refused, not repaired.
  await app.register(multipart, { preservePath: true, limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 0, parts: 1 } });

  const requireViewer = (request: FastifyRequest) => {
    const { roles } = membershipOf(request);
    if (!canViewMerchantInfo(roles)) throw ApiError.forbidden();
  };
  const requireEditor = (request: FastifyRequest) => {
    const { roles } = membershipOf(request);
    if (!canEditMerchantInfo(roles)) throw ApiError.forbidden();
  };
  const infoOf = async (request: FastifyRequest, merchantId: number) => {
    const membership = await app.requireMembership(request, merchantId);
    return repo.info(membership.merchant, membership.roles);
  };

  app.get(
    MerchantInfoApiPaths.info,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['merchant-info'],
        summary: 'The merchant with its KYB state (§4), next step, profile fields, documents and links (KYB viewers only)',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(infoSchema) },
      },
    },
    async (request) => {
      requireViewer(request);
      const { merchant, roles } = membershipOf(request);
      return ok(request, await repo.info(merchant, roles));
    },
  );

  app.post(
    MerchantInfoApiPaths.info,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['merchant-info'],
        summary:
          'Saves the merchant fields. A real change sends the merchant back to approval: a verified merchant to 203, ' +
          'others to 110 with every required document on file, else 106. Locked (109, 204) and under-review (110, 203) refuse.',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: merchantEditSchema,
        response: { 200: envelopeSchema(infoSchema) },
      },
    },
    async (request) => {
      requireEditor(request);
      const { merchant } = membershipOf(request);
      await repo.update(merchant.id, request.body, actorOf(request)).catch(conflict);
      return ok(request, await infoOf(request, merchant.id));
    },
  );

  app.post(
    MerchantInfoApiPaths.documents,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['merchant-info'],
        summary:
          'Uploads a document of `type` (multipart, one part named `file`, at most 6 MiB). ID front, ID back and logo ' +
          'replace the one on file. The content must match the name (jpg/jpeg, png, svg for the logo, pdf); SVG with scripts is refused.',
        params: merchantParams,
        querystring: apiQuery({ type: documentTypeParam }),
        response: { 200: envelopeSchema(documentSchema) },
      },
    },
    async (request) => {
      requireEditor(request);
      const { merchant } = membershipOf(request);
      const type = request.query.type;
      const upload = await readUpload(request);
      const id = await storeChecked(merchant.id, type, null, upload, actorOf(request));
      const saved = (await repo.documentsOf(merchant.id, true)).find((d) => d.id === id)!;
      return ok(request, saved);
    },
  );

  app.post(
    MerchantInfoApiPaths.document,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['merchant-info'],
        summary: 'Replaces the file of one document of the merchant (same rules as the upload; the old file is deleted)',
        params: documentParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(documentSchema) },
      },
    },
    async (request) => {
      requireEditor(request);
      const { merchant } = membershipOf(request);
      const existing = await repo.findDocument(merchant.id, request.params.documentId);
      if (!existing) throw ApiError.notFound();
      const upload = await readUpload(request);
      const id = await storeChecked(merchant.id, existing.docType as MerchantDocumentType, existing.id, upload, actorOf(request));
      const saved = (await repo.documentsOf(merchant.id, true)).find((d) => d.id === id)!;
      return ok(request, saved);
    },
  );

  async function storeChecked(
    merchantId: number,
    type: MerchantDocumentType,
    replaceId: number | null,
    upload: { fileName: string; content: Buffer },
    actor: Actor,
  ): Promise<number> {
    const extensions = allowedExtensions(type);
    const checked = checkFile(upload.content, upload.fileName, extensions, MAX_DOCUMENT_BYTES);
    if (!checked.ok) throw badFile(checked.problem, { types: extensions.join(', ') });
    return repo
      .saveDocument(merchantId, type, replaceId, { ...checked.file, fileName: upload.fileName, content: upload.content }, actor)
      .catch(conflict);
  }

  app.get(
    MerchantInfoApiPaths.documentFile,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['merchant-info'],
        summary:
          'The file of a document, as an attachment with a safe name (not an envelope). Private documents: KYB viewers ' +
          'of the merchant only; public ones (logo, public documents): any member.',
        params: documentParams,
        querystring: langOnlyQuery,
        response: { 200: z.unknown().meta({ description: 'The file bytes' }) },
      },
    },
    async (request, reply) => {
      const { merchant, roles } = membershipOf(request);
      const doc = await repo.findDocument(merchant.id, request.params.documentId);
      if (!doc) throw ApiError.notFound();
      if (!isPublicDocument(doc.docType) && !canViewMerchantInfo(roles)) throw ApiError.forbidden();
      const content = await repo.fileContent(doc.storageName);
      if (!content) throw ApiError.notFound();
      return (
        reply
          .header('Content-Type', doc.contentType)
          .header('Content-Disposition', attachmentDisposition(doc.fileName))
          .header('Content-Length', String(content.length))
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          // Opened directly, the file runs nothing (an SVG is checked on upload; this is the second wall).
          .header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
          .send(content)
      );
    },
  );

  app.get(
    MerchantInfoApiPaths.categories,
    {
      schema: {
        tags: ['merchant-info'],
        summary: 'Options of the merchant form: INDUSTRY (with MCC) or COMPANY_TYPE, named in the caller’s language',
        querystring: apiQuery({ type: z.enum(CATEGORY_TYPES) }),
        response: {
          200: envelopeSchema(z.array(z.object({ code: z.string(), name: z.string(), mcc: z.string().nullable() }))),
        },
      },
    },
    async (request) => {
      callerOf(request);
      return ok(request, await repo.categories(request.query.type, request.lang));
    },
  );

  app.get(
    MerchantInfoApiPaths.validations,
    {
      schema: {
        tags: ['merchant-info'],
        summary: 'The rules the merchant form and uploads follow: document types and extensions, 6 MiB limit, field lengths',
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.record(z.string(), z.unknown())) },
      },
    },
    async (request) => {
      callerOf(request);
      return ok(request, merchantValidations() as unknown as Record<string, unknown>);
    },
  );

  app.post(
    MerchantInfoApiPaths.register,
    {
      schema: {
        tags: ['merchant-info'],
        summary:
          'Registers a new merchant (state 101 new) with the caller as MERCHANT_OWNER. At most 5 new or waiting-update ' +
          'merchants per user. A tax code already registered answers the same (it is not revealed) and flags the new ' +
          'merchant for KYB review.',
        querystring: langOnlyQuery,
        body: registerMerchantSchema,
        response: { 200: envelopeSchema(infoSchema) },
      },
    },
    async (request) => {
      const merchant = await repo.register(request.body, actorOf(request), MAX_PENDING_REGISTRATIONS).catch(conflict);
      request.log.info({ merchantId: merchant.id }, 'merchant registered');
      return ok(request, await infoOf(request, merchant.id));
    },
  );

  app.post(
    MerchantInfoApiPaths.linkedMerchants,
    {
      schema: {
        tags: ['merchant-info'],
        summary:
          'Links a merchant to a master merchant (SHARING or SATELLITE, with a group role). The caller must be an owner of ' +
          'both; the master must be a verified MASTER_MERCHANT; a merchant is linked to one master at most.',
        querystring: langOnlyQuery,
        body: linkMerchantSchema,
        response: { 200: envelopeSchema(infoSchema) },
      },
    },
    async (request) => {
      const { merchantId, masterMerchantId } = request.body;
      for (const id of [merchantId, masterMerchantId]) {
        const membership = await app.requireMembership(request, id);
        if (!canLinkMerchants(membership.roles)) throw ApiError.forbidden();
      }
      await repo.link(request.body, actorOf(request)).catch(conflict);
      return ok(request, await infoOf(request, merchantId));
    },
  );
};
