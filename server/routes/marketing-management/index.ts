/**
 * Marketing campaigns and templates of the merchant's pages (issue 17; spec §2 marketing-management,
 * {id}, {id}/campaign/create, {id}/campaign/{campaignId}, {id}/marketing-template; route code
 * BUSINESS_PAGE_MARKETING_MANAGEMENT). Every call passes the marketing gate (server/lib/marketing/gate.ts:
 * route code, role, ADS onboarded — 403 otherwise); writes need a managing role (owners, administrators,
 * MARKETING). Another merchant's page, campaign or template answers 404. Moves are applied by
 * server/lib/marketing/campaigns.ts (conditional, audited, with their money in the same transaction).
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { audienceSchema, type Audience } from '@/domain/audience';
import {
  allowedActions,
  BUDGET_KINDS,
  CAMPAIGN_LIMITS,
  CAMPAIGN_STATUSES,
  campaignInputSchema,
  campaignMoveSchema,
  campaignUpdateSchema,
  costPerResult,
  CTAS,
  MarketingCampaignApiPaths as Paths,
  MERCHANT_ACTIONS,
  OBJECTIVES,
  parseCampaignSource,
  templateInputSchema,
  type CampaignAction,
  type CampaignStatus,
  type Objective,
} from '@/domain/marketingCampaigns';
import { CONTENT_IMAGE_EXTENSIONS, CONTENT_LIMITS, pageMediaUrl } from '@/domain/pageContent';
import { businessPages, customers, marketingCampaignDelivery, marketingCampaignEvents, marketingCampaigns, marketingTemplates, pageMedia, pageTags, paymentLinks } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../envelope';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { countAudience } from '../../lib/audience';
import { checkFile, fileStore, generatedStorageName } from '../../lib/files';
import { readOneFile } from '../../lib/files/upload';
import {
  activeLinkCondition,
  campaignOf,
  createCampaign,
  createTemplate,
  moveCampaign,
  pageOf,
  templateOf,
  toCampaignDto,
  toTemplateDto,
  updateCampaign,
  updateTemplate,
  type ActorRef,
} from '../../lib/marketing/campaigns';
import { deliveryPass, startDeliveryRunner } from '../../lib/marketing/delivery';
import { requireAdsOnboarded } from '../../lib/marketing/gate';
import { pageQueryShape, pageSchema, toPage, offsetOf } from '../../pagination';
import { callerOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { isLocalRequest } from '../demo';
import { runInBackground } from '../../lib/scheduler/periodic';

const tags = ['marketing-management'];
const int = z.number().int();
const merchantParams = z.strictObject({ merchantId: idParam });
const pageParams = z.strictObject({ merchantId: idParam, pageId: idParam });
const campaignParams = z.strictObject({ merchantId: idParam, pageId: idParam, campaignId: idParam });
const templateParams = z.strictObject({ merchantId: idParam, pageId: idParam, templateId: idParam });
const actionParams = campaignParams.extend({ action: z.enum(['submit', 'pause', 'resume', 'end']) });

const statusEnum = z.enum(CAMPAIGN_STATUSES);
const countsSchema = z.record(z.string(), int);
const marketingPageSchema = z.object({ id: int, name: z.string(), slug: z.string(), status: z.string(), campaigns: int, counts: countsSchema });
const campaignSchema = z.object({
  id: int,
  pageId: int,
  name: z.string(),
  objective: z.enum(OBJECTIVES),
  audience: audienceSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  budgetKind: z.enum(BUDGET_KINDS),
  budgetAmount: int,
  reserveAmount: int,
  reserved: int,
  spent: int,
  released: int,
  status: statusEnum,
  rejectReason: z.string().nullable(),
  text: z.string(),
  imageName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  cta: z.enum(CTAS),
  paymentLinkId: int.nullable(),
  templateId: int.nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: int,
});
const campaignDetailSchema = campaignSchema.extend({
  actions: z.array(z.enum(MERCHANT_ACTIONS)),
  paymentLink: z.object({ id: int, code: z.string(), title: z.string() }).nullable(),
  pageName: z.string(),
});
const templateSchema = z.object({
  id: int,
  pageId: int,
  name: z.string(),
  text: z.string(),
  imageName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  cta: z.enum(CTAS),
  paymentLinkId: int.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const deliveryDaySchema = z.object({ day: z.string(), impressions: int, clicks: int, follows: int, payments: int, spend: int, costPerResult: int.nullable() });
const deliverySchema = z.object({ days: z.array(deliveryDaySchema), totals: deliveryDaySchema.omit({ day: true }) });
const eventSchema = z.object({
  id: int,
  action: z.string(),
  actorKind: z.string(),
  actorName: z.string().nullable(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
const sourceSchema = z.object({
  kind: z.enum(['template', 'campaign']),
  templateId: int.nullable(),
  name: z.string(),
  objective: z.enum(OBJECTIVES).nullable(),
  audience: audienceSchema.nullable(),
  budgetKind: z.enum(BUDGET_KINDS).nullable(),
  budgetAmount: int.nullable(),
  text: z.string(),
  imageName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  cta: z.enum(CTAS),
  paymentLinkId: int.nullable(),
});

const ACTION_OF: Record<'submit' | 'pause' | 'resume' | 'end', CampaignAction> = {
  submit: 'SUBMIT',
  pause: 'PAUSE',
  resume: 'RESUME',
  end: 'END',
};

const badImage = (problem: string, http = 400) => new ApiError(problem === 'fileTooLarge' ? 413 : http, ApiStatus.VALIDATION, `content.image.${problem}`);

const merchantActor = (request: FastifyRequest): ActorRef => {
  const caller = callerOf(request);
  return { kind: 'MERCHANT', userId: caller.userId, name: caller.username };
};

const merchantActions = (status: CampaignStatus) => allowedActions(status, 'MERCHANT') as (typeof MERCHANT_ACTIONS)[number][];

export const marketingManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // Starts and ends campaigns on time in every process (guarded moves: safe side by side); the simulated
  // delivery runs in demo mode only.
  runInBackground(app, () => startDeliveryRunner(db, app.log, { deliver: app.config.demoMode }));

  // Demo mode: one pass now, from this machine only (the browser test and a demonstrator use it).
  if (app.config.demoMode) {
    app.post(
      Paths.demoDeliveryPass,
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Demo mode, this machine only: one delivery pass now (start due campaigns, deliver the current tick, end finished ones)',
          querystring: langOnlyQuery,
          response: { 200: envelopeSchema(z.object({ ended: int, started: int, delivered: int })) },
        },
      },
      async (request) => {
        if (!isLocalRequest(request)) throw new ApiError(403, ApiStatus.FORBIDDEN, 'demo.localOnly');
        return ok(request, await deliveryPass(db, { deliver: true }));
      },
    );
  }

  await app.register(async (scoped) => {
    await scoped.register(multipart, { preservePath: true, limits: { fileSize: CONTENT_LIMITS.maxImageBytes, files: 1, fields: 0, parts: 1 } });
    scoped.addHook('preHandler', merchantScope);
    routes(scoped);
  });

  function routes(r: typeof app) {
    r.get(
      Paths.pages,
      {
        schema: { tags, summary: 'The merchant’s pages with their campaigns counted by status', params: merchantParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(marketingPageSchema)) } },
      },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request);
        const pages = await db
          .select({ id: businessPages.id, name: businessPages.name, slug: businessPages.slug, status: businessPages.status })
          .from(businessPages)
          .where(eq(businessPages.merchantId, merchantId))
          .orderBy(asc(businessPages.id));
        const counted = await db
          .select({ pageId: marketingCampaigns.pageId, status: marketingCampaigns.status, n: count() })
          .from(marketingCampaigns)
          .where(eq(marketingCampaigns.merchantId, merchantId))
          .groupBy(marketingCampaigns.pageId, marketingCampaigns.status);
        return ok(
          request,
          pages.map((page) => {
            const counts = Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, 0]));
            for (const c of counted) if (c.pageId === page.id) counts[c.status] = Number(c.n);
            return { ...page, campaigns: Object.values(counts).reduce((a, b) => a + b, 0), counts };
          }),
        );
      },
    );

    r.get(
      Paths.page,
      { schema: { tags, summary: 'One page of the merchant (name and status)', params: pageParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.object({ id: int, name: z.string(), slug: z.string(), status: z.string(), canManage: z.boolean() })) } } },
      async (request) => {
        const access = await requireAdsOnboarded(request);
        const page = await pageOf(db, access.merchantId, request.params.pageId);
        return ok(request, { ...page, canManage: access.canManage });
      },
    );

    r.get(
      Paths.campaigns,
      {
        schema: {
          tags,
          summary: 'Campaigns of a page, newest first, optionally of one status (paged)',
          params: pageParams,
          querystring: apiQuery({ status: statusEnum.optional(), ...pageQueryShape }),
          response: { 200: envelopeSchema(pageSchema(campaignSchema)) },
        },
      },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request);
        const { pageId } = request.params;
        await pageOf(db, merchantId, pageId);
        const where = and(
          eq(marketingCampaigns.merchantId, merchantId),
          eq(marketingCampaigns.pageId, pageId),
          request.query.status ? eq(marketingCampaigns.status, request.query.status) : undefined,
        );
        const [rows, [total]] = await Promise.all([
          db.select().from(marketingCampaigns).where(where).orderBy(desc(marketingCampaigns.id)).limit(request.query.pageSize).offset(offsetOf(request.query)),
          db.select({ n: count() }).from(marketingCampaigns).where(where),
        ]);
        return ok(request, toPage(rows.map(toCampaignDto), Number(total.n), request.query));
      },
    );

    r.post(
      Paths.campaigns,
      { schema: { tags, summary: 'Create a DRAFT campaign (owners, administrators, MARKETING)', params: pageParams, querystring: langOnlyQuery, body: campaignInputSchema, response: { 200: envelopeSchema(campaignSchema) } } },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request, { manage: true });
        return ok(request, toCampaignDto(await createCampaign(db, merchantId, request.params.pageId, request.body, merchantActor(request))));
      },
    );

    const detail = async (merchantId: number, pageId: number, campaignId: number) => {
      const row = await campaignOf(db, merchantId, pageId, campaignId);
      const page = await pageOf(db, merchantId, pageId);
      const [link] = row.paymentLinkId
        ? await db.select({ id: paymentLinks.id, code: paymentLinks.code, title: paymentLinks.title }).from(paymentLinks).where(and(eq(paymentLinks.id, row.paymentLinkId), eq(paymentLinks.merchantId, merchantId)))
        : [];
      return { ...toCampaignDto(row), actions: merchantActions(row.status as CampaignStatus), paymentLink: link ?? null, pageName: page.name };
    };

    r.get(
      Paths.campaign,
      { schema: { tags, summary: 'A campaign with the moves the caller’s merchant may make', params: campaignParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(campaignDetailSchema) } } },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request);
        const { pageId, campaignId } = request.params;
        return ok(request, await detail(merchantId, pageId, campaignId));
      },
    );

    r.put(
      Paths.campaign,
      {
        schema: {
          tags,
          summary: 'Edit a DRAFT or REJECTED campaign at the version it was read (409 when it changed meanwhile or cannot be edited)',
          params: campaignParams,
          querystring: langOnlyQuery,
          body: campaignUpdateSchema,
          response: { 200: envelopeSchema(campaignDetailSchema) },
        },
      },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request, { manage: true });
        const { pageId, campaignId } = request.params;
        await updateCampaign(db, merchantId, pageId, campaignId, request.body.version, request.body.campaign, merchantActor(request), request.lang);
        return ok(request, await detail(merchantId, pageId, campaignId));
      },
    );

    r.post(
      Paths.campaignAction,
      {
        schema: {
          tags,
          summary: 'Submit for review (DRAFT, REJECTED), pause (RUNNING), resume (PAUSED) or end (SCHEDULED, RUNNING, PAUSED: the unspent reserve returns); 409 for any other move',
          params: actionParams,
          querystring: langOnlyQuery,
          body: campaignMoveSchema,
          response: { 200: envelopeSchema(campaignDetailSchema) },
        },
      },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request, { manage: true });
        const { pageId, campaignId, action } = request.params;
        await campaignOf(db, merchantId, pageId, campaignId);
        await moveCampaign(db, campaignId, ACTION_OF[action], merchantActor(request), { version: request.body.version, lang: request.lang });
        return ok(request, await detail(merchantId, pageId, campaignId));
      },
    );

    r.get(
      Paths.campaignDelivery,
      { schema: { tags, summary: 'Delivery by Vietnam day with totals and cost per result', params: campaignParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(deliverySchema) } } },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request);
        const { pageId, campaignId } = request.params;
        const campaign = await campaignOf(db, merchantId, pageId, campaignId);
        const rows = await db
          .select({
            day: marketingCampaignDelivery.day,
            impressions: marketingCampaignDelivery.impressions,
            clicks: marketingCampaignDelivery.clicks,
            follows: marketingCampaignDelivery.follows,
            payments: marketingCampaignDelivery.payments,
            spend: marketingCampaignDelivery.spend,
          })
          .from(marketingCampaignDelivery)
          .where(eq(marketingCampaignDelivery.campaignId, campaignId))
          .orderBy(asc(marketingCampaignDelivery.day));
        const objective = campaign.objective as Objective;
        const totals = rows.reduce(
          (t, d) => ({ impressions: t.impressions + d.impressions, clicks: t.clicks + d.clicks, follows: t.follows + d.follows, payments: t.payments + d.payments, spend: t.spend + d.spend }),
          { impressions: 0, clicks: 0, follows: 0, payments: 0, spend: 0 },
        );
        return ok(request, {
          days: rows.map((d) => ({ ...d, costPerResult: costPerResult(objective, d) })),
          totals: { ...totals, costPerResult: costPerResult(objective, totals) },
        });
      },
    );

    r.get(
      Paths.campaignEvents,
      { schema: { tags, summary: 'The audit of the campaign: every creation, edit and move (who, from, to, reason, when)', params: campaignParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(eventSchema)) } } },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request);
        const { pageId, campaignId } = request.params;
        await campaignOf(db, merchantId, pageId, campaignId);
        const rows = await db.select().from(marketingCampaignEvents).where(eq(marketingCampaignEvents.campaignId, campaignId)).orderBy(asc(marketingCampaignEvents.id)).limit(1000);
        return ok(
          request,
          rows.map((e) => ({
            id: e.id,
            action: e.action,
            actorKind: e.actorKind,
            // Operators are the provider's staff: the merchant sees their role, not their account.
            actorName: e.actorKind === 'MERCHANT' ? e.actorName : null,
            fromStatus: e.fromStatus,
            toStatus: e.toStatus,
            reason: e.reason,
            at: e.at.toISOString(),
          })),
        );
      },
    );

    r.get(
      Paths.campaignSource,
      {
        schema: {
          tags,
          summary: 'What a new campaign starts from: `from` = template:<id> or campaign:<id> of the page (404 for another page’s)',
          params: pageParams,
          querystring: apiQuery({ from: z.string().max(40) }),
          response: { 200: envelopeSchema(sourceSchema) },
        },
      },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request);
        const { pageId } = request.params;
        const source = parseCampaignSource(request.query.from);
        if (!source) throw new ApiError(400, ApiStatus.VALIDATION, 'validation.invalid');
        if (source.kind === 'template') {
          const t = await templateOf(db, merchantId, pageId, source.id);
          return ok(request, {
            kind: 'template' as const,
            templateId: t.id,
            name: t.name,
            objective: null,
            audience: null,
            budgetKind: null,
            budgetAmount: null,
            text: t.text,
            imageName: t.imageName,
            imageUrl: t.imageName ? pageMediaUrl(t.imageName) : null,
            cta: toTemplateDto(t).cta,
            paymentLinkId: t.paymentLinkId,
          });
        }
        const c = toCampaignDto(await campaignOf(db, merchantId, pageId, source.id));
        return ok(request, {
          kind: 'campaign' as const,
          templateId: c.templateId,
          name: c.name,
          objective: c.objective,
          audience: c.audience,
          budgetKind: c.budgetKind,
          budgetAmount: c.budgetAmount,
          text: c.text,
          imageName: c.imageName,
          imageUrl: c.imageUrl,
          cta: c.cta,
          paymentLinkId: c.paymentLinkId,
        });
      },
    );

    r.post(
      Paths.audienceEstimate,
      {
        schema: {
          tags,
          summary: 'How many wallet customers the audience reaches now (the same condition delivery uses)',
          params: pageParams,
          querystring: langOnlyQuery,
          body: z.strictObject({ audience: audienceSchema }),
          response: { 200: envelopeSchema(z.object({ count: int })) },
        },
      },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request);
        const { pageId } = request.params;
        await pageOf(db, merchantId, pageId);
        const audience: Audience = request.body.audience;
        return ok(request, { count: await countAudience(db, audience, { merchantId, pageId, population: 'WALLET' }) });
      },
    );

    r.get(
      Paths.audienceOptions,
      {
        schema: {
          tags,
          summary: 'The audience form’s choices: the page’s customer tags and the provinces wallet customers live in',
          params: pageParams,
          querystring: langOnlyQuery,
          response: { 200: envelopeSchema(z.object({ tags: z.array(z.object({ id: int, name: z.string(), color: z.string() })), provinces: z.array(z.string()) })) },
        },
      },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request);
        const { pageId } = request.params;
        await pageOf(db, merchantId, pageId);
        const pageTagRows = await db
          .select({ id: pageTags.id, name: pageTags.name, color: pageTags.color })
          .from(pageTags)
          .where(and(eq(pageTags.pageId, pageId), eq(pageTags.merchantId, merchantId)))
          .orderBy(asc(pageTags.name))
          .limit(200);
        const provinces = await db
          .selectDistinct({ province: customers.province })
          .from(customers)
          .where(isNotNull(customers.province))
          .orderBy(asc(customers.province))
          .limit(100);
        return ok(request, { tags: pageTagRows, provinces: provinces.map((p) => p.province!) });
      },
    );

    r.get(
      Paths.paymentLinks,
      {
        schema: {
          tags,
          summary: 'The merchant’s active payment links (a campaign’s call to action may open one)',
          params: pageParams,
          querystring: langOnlyQuery,
          response: { 200: envelopeSchema(z.array(z.object({ id: int, code: z.string(), title: z.string() }))) },
        },
      },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request);
        await pageOf(db, merchantId, request.params.pageId);
        const rows = await db
          .select({ id: paymentLinks.id, code: paymentLinks.code, title: paymentLinks.title })
          .from(paymentLinks)
          .where(activeLinkCondition(merchantId))
          .orderBy(desc(paymentLinks.id))
          .limit(200);
        return ok(request, rows);
      },
    );

    r.post(
      Paths.media,
      {
        schema: {
          tags,
          summary: 'Upload a creative’s image (managers): multipart, one part `file`, jpg/jpeg/png/svg checked by content, at most 5 MiB',
          params: pageParams,
          querystring: langOnlyQuery,
          response: { 200: envelopeSchema(z.object({ name: z.string(), url: z.string() })) },
        },
      },
      async (request) => {
        const { merchantId, userId } = await requireAdsOnboarded(request, { manage: true });
        const { pageId } = request.params;
        await pageOf(db, merchantId, pageId);
        const upload = await readOneFile(request, CONTENT_LIMITS.maxImageBytes, badImage);
        const checked = checkFile(upload.content, upload.fileName, CONTENT_IMAGE_EXTENSIONS, CONTENT_LIMITS.maxImageBytes);
        if (!checked.ok) throw badImage(checked.problem);
        const name = generatedStorageName(checked.file.extension);
        await db.transaction(async (tx) => {
          await fileStore(tx).put(name, upload.content);
          await tx.insert(pageMedia).values({ storageName: name, pageId, contentType: checked.file.contentType, sizeBytes: checked.file.sizeBytes, uploadedBy: userId });
        });
        return ok(request, { name, url: pageMediaUrl(name) });
      },
    );

    r.get(
      Paths.templates,
      { schema: { tags, summary: 'The page’s creative templates, newest first', params: pageParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(templateSchema)) } } },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request);
        const { pageId } = request.params;
        await pageOf(db, merchantId, pageId);
        const rows = await db
          .select()
          .from(marketingTemplates)
          .where(and(eq(marketingTemplates.merchantId, merchantId), eq(marketingTemplates.pageId, pageId)))
          .orderBy(desc(marketingTemplates.id))
          .limit(500);
        return ok(request, rows.map(toTemplateDto));
      },
    );

    r.post(
      Paths.templates,
      { schema: { tags, summary: 'Create a template (placeholders ${name} and ${page} only)', params: pageParams, querystring: langOnlyQuery, body: templateInputSchema, response: { 200: envelopeSchema(templateSchema) } } },
      async (request) => {
        const { merchantId, userId } = await requireAdsOnboarded(request, { manage: true });
        return ok(request, toTemplateDto(await createTemplate(db, merchantId, request.params.pageId, request.body, userId)));
      },
    );

    r.get(
      Paths.template,
      { schema: { tags, summary: 'One template', params: templateParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(templateSchema) } } },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request);
        const { pageId, templateId } = request.params;
        return ok(request, toTemplateDto(await templateOf(db, merchantId, pageId, templateId)));
      },
    );

    r.put(
      Paths.template,
      { schema: { tags, summary: 'Edit a template', params: templateParams, querystring: langOnlyQuery, body: templateInputSchema, response: { 200: envelopeSchema(templateSchema) } } },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request, { manage: true });
        const { pageId, templateId } = request.params;
        return ok(request, toTemplateDto(await updateTemplate(db, merchantId, pageId, templateId, request.body)));
      },
    );

    r.delete(
      Paths.template,
      { schema: { tags, summary: 'Delete a template (campaigns made from it keep their creative)', params: templateParams, querystring: langOnlyQuery, response: { 200: emptyEnvelopeSchema } } },
      async (request) => {
        const { merchantId } = await requireAdsOnboarded(request, { manage: true });
        const { pageId, templateId } = request.params;
        await templateOf(db, merchantId, pageId, templateId);
        await db.delete(marketingTemplates).where(and(eq(marketingTemplates.id, templateId), eq(marketingTemplates.merchantId, merchantId)));
        return okEmpty(request);
      },
    );

    r.post(
      Paths.templateDuplicate,
      { schema: { tags, summary: 'Duplicate a template (named after it with a copy mark)', params: templateParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(templateSchema) } } },
      async (request) => {
        const { merchantId, userId } = await requireAdsOnboarded(request, { manage: true });
        const { pageId, templateId } = request.params;
        const t = await templateOf(db, merchantId, pageId, templateId);
        const [row] = await db
          .insert(marketingTemplates)
          .values({
            merchantId,
            pageId,
            name: translate(request.lang, 'marketingCampaigns.copyOf', { name: t.name }).slice(0, CAMPAIGN_LIMITS.templateNameMaxLength),
            text: t.text,
            imageName: t.imageName,
            cta: t.cta,
            paymentLinkId: t.paymentLinkId,
            createdBy: userId,
          })
          .returning();
        return ok(request, toTemplateDto(row));
      },
    );
  }
};
