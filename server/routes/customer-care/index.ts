/**
 * Customer care (issue 18; spec §2 customer-care-management, {id}/customer-demographic, {id}/broadcast,
 * /create, /{broadcastId}; route code BUSINESS_PAGE_CUSTOMER_CARE; §5 ${name}).
 *
 * Every page-scoped call checks the route code, then the page role (requirePageRole: another merchant's
 * page 404, a role without care 403): CARE_ROLES.view reads demographics and broadcasts, CARE_ROLES.send
 * creates and cancels them. Broadcasts are sent by server/lib/broadcasts (started with the app, not under
 * test: tests run its passes themselves).
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus, CustomerCareApiPaths as Paths } from '@/domain/api';
import { AGE_BANDS, audienceSchema, EMPTY_AUDIENCE, type Audience } from '@/domain/audience';
import {
  ACTIVITY_BUCKETS,
  audienceCountSchema,
  BROADCAST_STATUSES,
  CARE_LIMITS,
  CARE_MESSAGES,
  CARE_ROLES,
  DEMOGRAPHIC_DIMENSIONS,
  DEMOGRAPHIC_POPULATIONS,
  makeBroadcastSchema,
  previewSchema,
  RECIPIENT_STATES,
  type Demographics,
} from '@/domain/customerCare';
import { fillCustomerTemplate } from '@/domain/customerTemplates';
import { CHAT_IMAGE_EXTENSIONS, LIVE_CHAT_LIMITS } from '@/domain/liveChat';
import { vietnamLocalInstant } from '@/domain/paymentLinks';
import { vietnamToday } from '@/domain/time';
import { businessPageMembers, businessPages, broadcastImages, broadcasts, pageTags, paymentLinks } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../envelope';
import { ApiError } from '../../errors';
import { translate, type Lang } from '../../i18n';
import { audienceMembersAfter, countAudience } from '../../lib/audience';
import { startBroadcastSender } from '../../lib/broadcasts';
import { attachmentDisposition, csvStream, xlsxStream, type ExportColumn, type ExportRow } from '../../lib/export';
import { checkFile, fileStore, generatedStorageName, type FileProblem } from '../../lib/files';
import { readOneFile, type UploadProblem } from '../../lib/files/upload';
import { actsAsPageAdmin, requirePageRole } from '../../lib/page-access';
import { requireRouteCode } from '../../lib/report-family/access';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { customerCareRepository } from './repository';
import { runInBackground } from '../../lib/scheduler/periodic';

const tags = ['customer-care'];
const ROUTE_CODE = 'BUSINESS_PAGE_CUSTOMER_CARE';
const int = z.number().int();

const merchantParams = z.strictObject({ merchantId: idParam });
const pageParams = merchantParams.extend({ pageId: idParam });
const broadcastParams = pageParams.extend({ broadcastId: idParam });

const demographicRowSchema = z.object({ key: z.string().nullable(), label: z.string().nullable().optional(), count: int });
const demographicsSchema = z.object({
  population: z.enum(DEMOGRAPHIC_POPULATIONS),
  total: int,
  ageBand: z.array(demographicRowSchema),
  gender: z.array(demographicRowSchema),
  province: z.array(demographicRowSchema),
  tag: z.array(demographicRowSchema),
  activity: z.array(demographicRowSchema),
});
const demographicsQuery = apiQuery({ population: z.enum(DEMOGRAPHIC_POPULATIONS).default('ALL') });
const exportQuery = apiQuery({ population: z.enum(DEMOGRAPHIC_POPULATIONS).default('ALL'), format: z.enum(['csv', 'xlsx']).default('csv') });
const fileResponse = { 200: z.unknown().meta({ description: 'The file: text/csv (UTF-8 with BOM) or XLSX' }) };

const figuresSchema = z.object({
  audienceSize: int.nullable(),
  sent: int,
  delivered: int,
  read: int,
  replied: int,
  unsubscribed: int,
  pending: int,
  deferred: int,
  skippedCap: int,
  skippedUnsubscribed: int,
});
const summarySchema = z.object({
  id: int,
  pageId: int,
  name: z.string(),
  status: z.enum(BROADCAST_STATUSES),
  scheduledAt: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  figures: figuresSchema,
});
const detailSchema = summarySchema.extend({
  audience: audienceSchema,
  message: z.string(),
  image: z.object({ name: z.string(), url: z.string() }).nullable(),
  paymentLink: z.object({ id: int, code: z.string(), title: z.string() }).nullable(),
  createdByName: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
const recipientSchema = z.object({
  customerId: int,
  customerName: z.string(),
  phone: z.string().nullable(),
  state: z.enum(RECIPIENT_STATES),
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  replied: z.boolean(),
});
const listQuery = apiQuery({ status: z.enum(BROADCAST_STATUSES).optional(), ...pageQueryShape });
const recipientsQuery = apiQuery({ state: z.enum(RECIPIENT_STATES).optional(), ...pageQueryShape });
const carePageSchema = z.object({ id: int, name: z.string(), slug: z.string(), status: z.string(), followers: int, chatting: int, broadcasts: int, canSend: z.boolean() });
const tagSchema = z.object({ id: int, name: z.string(), color: z.string() });
const linkSchema = z.object({ id: int, code: z.string(), title: z.string(), amountType: z.string(), amount: int.nullable() });
const imageSchema = z.object({ name: z.string(), fileName: z.string(), mimeType: z.string(), size: int });

/** The demographics as export rows: one per dimension and value, labelled in the caller's language. */
function* demographicRows(d: Demographics, lang: Lang): Generator<ExportRow> {
  const label = (dimension: (typeof DEMOGRAPHIC_DIMENSIONS)[number], key: string | null, tagName?: string | null) => {
    if (key === null) return translate(lang, dimension === 'tag' ? 'customerCare.export.untagged' : 'customerCare.export.unknown');
    if (dimension === 'ageBand' && (AGE_BANDS as readonly string[]).includes(key)) return translate(lang, `customerCare.ageBands.${key}`);
    if (dimension === 'gender') return translate(lang, `customerCare.genders.${key}`);
    if (dimension === 'activity' && (ACTIVITY_BUCKETS as readonly string[]).includes(key)) return translate(lang, `customerCare.activity.${key}`);
    if (dimension === 'tag') return tagName ?? key;
    return key;
  };
  for (const dimension of DEMOGRAPHIC_DIMENSIONS) {
    for (const row of d[dimension]) {
      yield {
        dimension: translate(lang, `customerCare.dimensions.${dimension}`),
        value: label(dimension, row.key, row.label),
        count: row.count,
        share: d.total > 0 ? Math.round((row.count / d.total) * 10_000) / 100 : 0,
      };
    }
  }
}

const exportColumns = (lang: Lang): ExportColumn[] => [
  { key: 'dimension', header: translate(lang, 'customerCare.export.dimension'), type: 'text', width: 20 },
  { key: 'value', header: translate(lang, 'customerCare.export.value'), type: 'text', width: 30 },
  { key: 'count', header: translate(lang, 'customerCare.export.count'), type: 'number', width: 12 },
  { key: 'share', header: translate(lang, 'customerCare.export.share'), type: 'number', width: 12 },
];

export const customerCareRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const repo = customerCareRepository(db);
  let sender: ReturnType<typeof startBroadcastSender> | null = null;

  runInBackground(app, () => {
    sender = startBroadcastSender(db, app.log);
    return sender.stop;
  });

  await app.register(multipart, { preservePath: true, limits: { fileSize: LIVE_CHAT_LIMITS.attachmentMaxBytes, files: 1, fields: 0, parts: 1 } });
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.public) await merchantScope(request);
  });

  /** The route code, then a care role on the page (404 another merchant's page, 403 without one). */
  async function careAccess(request: FastifyRequest, pageId: number, roles: readonly ('PAGE_ADMIN' | 'CHAT_AGENT' | 'ANALYST')[]) {
    requireRouteCode(membershipOf(request), ROUTE_CODE);
    return requirePageRole(request, pageId, roles);
  }

  /** A payment link of the merchant that can still be paid (the chat's rule). */
  const payable = (merchantId: number) =>
    and(
      eq(paymentLinks.merchantId, merchantId),
      isNull(paymentLinks.deactivatedAt),
      or(isNull(paymentLinks.expiresAt), gt(paymentLinks.expiresAt, new Date())),
      or(eq(paymentLinks.singleUse, false), isNull(paymentLinks.paidAt)),
    );

  /** Tags of the audience must be this page's (another page's tag is refused, not silently matched by nobody). */
  async function checkTags(pageId: number, audience: Audience) {
    if (audience.tagIds.length === 0) return;
    const found = await db.select({ id: pageTags.id }).from(pageTags).where(and(eq(pageTags.pageId, pageId), inArray(pageTags.id, audience.tagIds)));
    if (found.length !== new Set(audience.tagIds).size) throw new ApiError(400, ApiStatus.VALIDATION, 'customerCare.unknownTag');
  }

  const scopeOf = (access: { merchantId: number; pageId: number }) => ({ merchantId: access.merchantId, pageId: access.pageId, population: 'PAGE' as const });

  app.get(
    Paths.pages,
    {
      schema: {
        tags,
        summary: 'The pages the caller may do customer care for, with followers, chatting customers and broadcasts',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(carePageSchema)) },
      },
    },
    async (request) => {
      const membership = membershipOf(request);
      requireRouteCode(membership, ROUTE_CODE);
      const merchantId = membership.merchant.id;
      const found = actsAsPageAdmin(membership)
        ? await db.select({ id: businessPages.id, role: sql<string>`'PAGE_ADMIN'` }).from(businessPages).where(eq(businessPages.merchantId, merchantId))
        : await db
            .select({ id: businessPages.id, role: businessPageMembers.pageRole })
            .from(businessPages)
            .innerJoin(businessPageMembers, and(eq(businessPageMembers.pageId, businessPages.id), eq(businessPageMembers.userId, callerOf(request).userId)))
            .where(and(eq(businessPages.merchantId, merchantId), inArray(businessPageMembers.pageRole, [...CARE_ROLES.view])));
      const senders = new Set(found.filter((p) => (CARE_ROLES.send as readonly string[]).includes(p.role)).map((p) => p.id));
      return ok(request, await repo.pages(found.map((p) => p.id), (id) => senders.has(id)));
    },
  );

  app.get(
    Paths.demographics,
    {
      schema: {
        tags,
        summary: "The page's followers and/or chatting customers by age band, gender, province, tag and last activity (each customer once per dimension)",
        params: pageParams,
        querystring: demographicsQuery,
        response: { 200: envelopeSchema(demographicsSchema) },
      },
    },
    async (request) => {
      await careAccess(request, request.params.pageId, CARE_ROLES.view);
      return ok(request, await repo.demographics(request.params.pageId, request.query.population));
    },
  );

  app.get(
    Paths.demographicsExport,
    { schema: { tags, summary: 'The demographics as CSV or XLSX: one row per dimension and value (count, share of the total in %)', params: pageParams, querystring: exportQuery, response: fileResponse } },
    async (request, reply) => {
      await careAccess(request, request.params.pageId, CARE_ROLES.view);
      const { population, format } = request.query;
      const d = await repo.demographics(request.params.pageId, population);
      const rowsOut = demographicRows(d, request.lang);
      const columns = exportColumns(request.lang);
      const name = `khach-hang_${request.params.pageId}_${population.toLowerCase()}_${vietnamToday().replaceAll('-', '')}.${format}`;
      return reply
        .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachmentDisposition(name))
        .header('Cache-Control', 'no-store')
        .send(format === 'csv' ? csvStream(rowsOut, columns) : xlsxStream(rowsOut, columns, translate(request.lang, 'customerCare.export.sheet')));
    },
  );

  app.get(
    Paths.tags,
    { schema: { tags, summary: "The page's tags (to choose an audience)", params: pageParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(tagSchema)) } } },
    async (request) => {
      await careAccess(request, request.params.pageId, CARE_ROLES.view);
      const list = await db.select({ id: pageTags.id, name: pageTags.name, color: pageTags.color }).from(pageTags).where(eq(pageTags.pageId, request.params.pageId)).orderBy(pageTags.name, pageTags.id);
      return ok(request, list);
    },
  );

  app.get(
    Paths.paymentLinks,
    {
      schema: { tags, summary: "The merchant's payment links that can still be paid, newest first (at most 50), to attach as a card", params: pageParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(linkSchema)) } },
    },
    async (request) => {
      const access = await careAccess(request, request.params.pageId, CARE_ROLES.send);
      const links = await db
        .select({ id: paymentLinks.id, code: paymentLinks.code, title: paymentLinks.title, amountType: paymentLinks.amountType, amount: paymentLinks.amount })
        .from(paymentLinks)
        .where(payable(access.merchantId))
        .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
        .limit(50);
      return ok(request, links);
    },
  );

  app.post(
    Paths.audienceCount,
    {
      schema: { tags, summary: "How many of the page's customers (followers and chatting customers) the audience reaches now", params: pageParams, querystring: langOnlyQuery, body: audienceCountSchema, response: { 200: envelopeSchema(z.object({ count: int })) } },
    },
    async (request) => {
      const access = await careAccess(request, request.params.pageId, CARE_ROLES.send);
      await checkTags(access.pageId, request.body.audience);
      return ok(request, { count: await countAudience(db, request.body.audience, scopeOf(access)) });
    },
  );

  app.post(
    Paths.preview,
    {
      schema: {
        tags,
        summary: 'The message as the first customer of the audience would read it (a sample name when the audience is empty)',
        params: pageParams,
        querystring: langOnlyQuery,
        body: previewSchema,
        response: { 200: envelopeSchema(z.object({ text: z.string(), customerName: z.string(), sample: z.boolean() })) },
      },
    },
    async (request) => {
      const access = await careAccess(request, request.params.pageId, CARE_ROLES.send);
      await checkTags(access.pageId, request.body.audience);
      const [first] = await audienceMembersAfter(db, request.body.audience, scopeOf(access), 0, 1);
      const [page] = await db.select({ name: businessPages.name }).from(businessPages).where(eq(businessPages.id, access.pageId));
      const customerName = first?.fullName ?? translate(request.lang, 'customerCare.sampleName');
      return ok(request, { text: fillCustomerTemplate(request.body.message, { name: customerName, page: page!.name }), customerName, sample: !first });
    },
  );

  const badFile = (problem: FileProblem | UploadProblem, http = problem === 'fileTooLarge' ? 413 : 400) =>
    new ApiError(http, ApiStatus.VALIDATION, problem === 'fileType' ? 'customerCare.imageType' : `liveChat.files.${problem}`);

  app.post(
    Paths.images,
    {
      schema: {
        tags,
        summary: 'Uploads one picture (jpg, jpeg, png; at most 5 MB, checked by content: the chat’s rules) for a broadcast of the page; multipart field `file`',
        params: pageParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(imageSchema) },
      },
    },
    async (request) => {
      const access = await careAccess(request, request.params.pageId, CARE_ROLES.send);
      const upload = await readOneFile(request, LIVE_CHAT_LIMITS.attachmentMaxBytes, badFile);
      const checked = checkFile(upload.content, upload.fileName, CHAT_IMAGE_EXTENSIONS, LIVE_CHAT_LIMITS.attachmentMaxBytes);
      if (!checked.ok) throw badFile(checked.problem);
      const storageName = generatedStorageName(checked.file.extension);
      const fileName = upload.fileName.split(/[\\/]/).pop()!.slice(0, 200);
      await fileStore(db).put(storageName, upload.content);
      await db.insert(broadcastImages).values({
        storageName,
        merchantId: access.merchantId,
        pageId: access.pageId,
        name: fileName,
        mimeType: checked.file.contentType,
        size: checked.file.sizeBytes,
        createdBy: callerOf(request).userId,
      });
      return ok(request, { name: storageName, fileName, mimeType: checked.file.contentType, size: checked.file.sizeBytes });
    },
  );

  app.get(
    Paths.broadcasts,
    {
      schema: {
        tags,
        summary: "The page's broadcasts, newest first, with their figures (audience, sent, delivered, read, replied, unsubscribed)",
        params: pageParams,
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(summarySchema)) },
      },
    },
    async (request) => {
      const access = await careAccess(request, request.params.pageId, CARE_ROLES.view);
      const { rows, total } = await repo.broadcasts(access.pageId, request.query);
      return ok(request, toPage(rows, total, request.query));
    },
  );

  app.post(
    Paths.broadcasts,
    {
      schema: {
        tags,
        summary:
          'Creates a broadcast: name, audience (tags and demographics of the page’s customers), message with ${name}/${page}, an optional picture (uploaded first) or payable payment link, sent now or at a Vietnam time',
        params: pageParams,
        querystring: langOnlyQuery,
        body: makeBroadcastSchema(),
        response: { 200: envelopeSchema(detailSchema) },
      },
    },
    async (request) => {
      const access = await careAccess(request, request.params.pageId, CARE_ROLES.send);
      // The schema checks the schedule against the clock of each request (makeBroadcastSchema's now).
      const input = request.body;
      const audience = { ...EMPTY_AUDIENCE, ...input.audience };
      await checkTags(access.pageId, audience);
      if (input.imageName) {
        const [image] = await db
          .select({ name: broadcastImages.storageName })
          .from(broadcastImages)
          .where(and(eq(broadcastImages.storageName, input.imageName), eq(broadcastImages.merchantId, access.merchantId), eq(broadcastImages.pageId, access.pageId)));
        if (!image) throw new ApiError(400, ApiStatus.VALIDATION, 'customerCare.unknownImage');
      }
      if (input.paymentLinkId) {
        const [link] = await db.select({ id: paymentLinks.id }).from(paymentLinks).where(and(eq(paymentLinks.id, input.paymentLinkId), payable(access.merchantId)));
        if (!link) throw new ApiError(400, ApiStatus.VALIDATION, 'liveChat.linkNotPayable');
      }
      if ((await countAudience(db, audience, scopeOf(access))) === 0) throw new ApiError(400, ApiStatus.VALIDATION, CARE_MESSAGES.noAudience);
      const now = new Date();
      const scheduledAt = input.sendMode === 'SCHEDULED' ? vietnamLocalInstant(input.scheduledAt!)! : now;
      const [created] = await db
        .insert(broadcasts)
        .values({
          merchantId: access.merchantId,
          pageId: access.pageId,
          name: input.name.trim(),
          audience,
          message: input.message,
          imageStorageName: input.imageName || null,
          paymentLinkId: input.paymentLinkId || null,
          scheduledAt,
          createdBy: callerOf(request).userId,
        })
        .returning({ id: broadcasts.id });
      if (input.sendMode === 'NOW') sender?.kick();
      return ok(request, (await repo.broadcast(access.merchantId, access.pageId, created!.id))!);
    },
  );

  app.get(
    Paths.broadcast,
    { schema: { tags, summary: 'One broadcast with its figures', params: broadcastParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(detailSchema) } } },
    async (request) => {
      const access = await careAccess(request, request.params.pageId, CARE_ROLES.view);
      const found = await repo.broadcast(access.merchantId, access.pageId, request.params.broadcastId);
      if (!found) throw ApiError.notFound();
      return ok(request, found);
    },
  );

  app.get(
    Paths.recipients,
    {
      schema: {
        tags,
        summary: "A broadcast's recipients (phone masked) with their state and their message's receipts, paged",
        params: broadcastParams,
        querystring: recipientsQuery,
        response: { 200: envelopeSchema(pageSchema(recipientSchema)) },
      },
    },
    async (request) => {
      const access = await careAccess(request, request.params.pageId, CARE_ROLES.view);
      const found = await repo.broadcast(access.merchantId, access.pageId, request.params.broadcastId);
      if (!found) throw ApiError.notFound();
      const q = { ...request.query, pageSize: Math.min(request.query.pageSize, CARE_LIMITS.recipientsMaxPageSize) };
      const { rows, total } = await repo.recipients(found.id, q);
      return ok(request, toPage(rows, total, q));
    },
  );

  app.post(
    Paths.cancel,
    { schema: { tags, summary: 'Cancels a broadcast that is still scheduled (one that started cannot be)', params: broadcastParams, querystring: langOnlyQuery, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      const access = await careAccess(request, request.params.pageId, CARE_ROLES.send);
      const { broadcastId } = request.params;
      const cancelled = await db
        .update(broadcasts)
        .set({ status: 'CANCELLED', cancelledAt: sql`now()`, cancelledBy: callerOf(request).userId, updatedAt: sql`now()` })
        .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.pageId, access.pageId), eq(broadcasts.merchantId, access.merchantId), eq(broadcasts.status, 'SCHEDULED')))
        .returning({ id: broadcasts.id });
      if (cancelled.length === 0) {
        const exists = await repo.broadcast(access.merchantId, access.pageId, broadcastId);
        if (!exists) throw ApiError.notFound();
        throw new ApiError(409, ApiStatus.CONFLICT, 'customerCare.notScheduled');
      }
      return okEmpty(request);
    },
  );
};
