/**
 * Business pages / official accounts (spec §2 business-page and its setting-page, stores, permissions,
 * permissions/create; route code MERCHANT_BUSSINESS_PAGE_LIST; §7 /official-account/v1, /businesspage/v2,
 * v3). Every call checks the route code, then the caller's page role (requirePageRole: another merchant's
 * page answers 404, a missing role 403). The rules per role are PAGE_ABILITIES (docs/decisions.md).
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus, BusinessPageApiPaths as Paths, type MerchantType } from '@/domain/api';
import {
  EDITABLE_STATUSES,
  missingForReview,
  normaliseSlug,
  PAGE_ABILITIES,
  PAGE_IMAGE_KINDS,
  PAGE_IMAGE_TYPES,
  PAGE_LIMITS,
  PAGE_ROLES,
  pageCreateSchema,
  pageMemberRoleSchema,
  pageMemberSchema,
  pageSettingsSchema,
  pageStoresSchema,
  type PageAbility,
  type PageRole,
} from '@/domain/businessPages';
import { auditEntries, businessPageMembers, businessPages, businessPageStores, stores } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../envelope';
import { ApiError } from '../../errors';
import { checkFile, fileStore, generatedStorageName } from '../../lib/files';
import { readOneFile } from '../../lib/files/upload';
import { actsAsPageAdmin, requirePageRole } from '../../lib/page-access';
import { requireRouteCode } from '../../lib/report-family/access';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { badgeRoutes } from './badges';
import { startBadgeEvaluator } from '../../lib/page-badges';
import { idParam, langOnlyQuery } from '../../validation';
import {
  lastPublishedPosts,
  memberSchema,
  merchantStoresWithPage,
  pageDto,
  pageFigures,
  pageMembers,
  pageSchema,
  pageStoreSchema,
  roleCandidates,
  slugTaken,
  toPageDto,
} from './repository';
import { accessChanged } from '../../lib/auth-cache/broadcast';
import { runInBackground } from '../../lib/scheduler/periodic';

const tags = ['business-page'];
const merchantParams = z.strictObject({ merchantId: idParam });
const pageParams = z.strictObject({ merchantId: idParam, pageId: idParam });
const imageParams = pageParams.extend({ kind: z.enum(PAGE_IMAGE_KINDS) });
const storeParams = pageParams.extend({ storeId: idParam });
const memberParams = pageParams.extend({ userId: idParam });

const invalid = (key: string, http = 400) => new ApiError(http, ApiStatus.VALIDATION, `validation.businessPage.${key}`);
const conflict = (key: string) => new ApiError(409, ApiStatus.CONFLICT, `validation.businessPage.${key}`);
const IMAGE_PROBLEMS: Record<string, string> = {
  fileTooLarge: 'imageTooLarge',
  fileType: 'imageType',
  fileContent: 'imageContent',
  svgUnsafe: 'svgUnsafe',
  fileEmpty: 'imageEmpty',
};
const badImage = (problem: string) => {
  if (problem === 'fileType') return new ApiError(400, ApiStatus.VALIDATION, 'validation.imageType');
  const key = IMAGE_PROBLEMS[problem] ?? 'imageContent';
  return new ApiError(problem === 'fileTooLarge' ? 413 : 400, ApiStatus.VALIDATION, `validation.businessPage.${key}`, { max: PAGE_LIMITS.imageMaxBytes / 1024 / 1024 });
};

/** The route code, then the page role the ability needs. */
async function pageAccess(request: FastifyRequest, pageId: number, ability: PageAbility) {
  requireRouteCode(membershipOf(request), 'MERCHANT_BUSSINESS_PAGE_LIST');
  return requirePageRole(request, pageId, PAGE_ABILITIES[ability]);
}

const toNull = (v: string | null | undefined): string | null => (v === '' || v == null ? null : v);

export const businessPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(multipart, { preservePath: true, limits: { fileSize: PAGE_LIMITS.imageMaxBytes, files: 1, fields: 0, parts: 1 } });

  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.public) await merchantScope(request);
  });

  // Payment badges are awarded by a periodic pass (payments are recorded elsewhere).
  runInBackground(app, () => startBadgeEvaluator(db, app.log));

  const loadPage = async (pageId: number) => (await db.select().from(businessPages).where(eq(businessPages.id, pageId)))[0]!;

  app.get(
    Paths.pages,
    {
      schema: {
        tags,
        summary: 'The merchant\'s pages the caller may open (owners and administrators: all) with status, followers, attached stores and the caller\'s page role',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: {
          200: envelopeSchema(z.object({ canCreate: z.boolean(), pages: z.array(pageSchema.extend({ myRole: z.enum(PAGE_ROLES), lastPostAt: z.string().nullable() })) })),
        },
      },
    },
    async (request) => {
      const membership = membershipOf(request);
      requireRouteCode(membership, 'MERCHANT_BUSSINESS_PAGE_LIST');
      const admin = actsAsPageAdmin(membership);
      const userId = callerOf(request).userId;
      const rows = await db
        .select({ page: businessPages, role: businessPageMembers.pageRole })
        .from(businessPages)
        .leftJoin(businessPageMembers, and(eq(businessPageMembers.pageId, businessPages.id), eq(businessPageMembers.userId, userId)))
        .where(eq(businessPages.merchantId, membership.merchant.id))
        .orderBy(desc(businessPages.updatedAt), desc(businessPages.id));
      const visible = rows.filter((r) => admin || r.role);
      const ids = visible.map((r) => r.page.id);
      const [figures, lastPosts] = await Promise.all([pageFigures(db, ids), lastPublishedPosts(db, ids)]);
      return ok(request, {
        canCreate: admin,
        pages: visible.map((r) => {
          const f = figures.get(r.page.id)!;
          return {
            ...toPageDto(r.page, f.followers, f.stores),
            myRole: admin ? 'PAGE_ADMIN' : (r.role as PageRole),
            lastPostAt: lastPosts.get(r.page.id)?.toISOString() ?? null,
          };
        }),
      });
    },
  );

  app.post(
    Paths.pages,
    {
      schema: {
        tags,
        summary: 'Create a DRAFT page (merchant owners and administrators): name and a unique §5 identifier as its address',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: pageCreateSchema,
        response: { 200: envelopeSchema(pageSchema) },
      },
    },
    async (request) => {
      const membership = membershipOf(request);
      requireRouteCode(membership, 'MERCHANT_BUSSINESS_PAGE_LIST');
      if (!actsAsPageAdmin(membership)) throw ApiError.forbidden();
      const slug = normaliseSlug(request.body.slug);
      const created = await db.transaction(async (tx) => {
        if (await slugTaken(tx, slug)) throw conflict('slugTaken');
        const [page] = await tx
          .insert(businessPages)
          .values({ merchantId: membership.merchant.id, name: request.body.name.trim(), slug, createdBy: callerOf(request).userId })
          .onConflictDoNothing()
          .returning();
        if (!page) throw conflict('slugTaken');
        return page;
      });
      return ok(request, toPageDto(created, 0, 0));
    },
  );

  app.get(
    Paths.page,
    {
      schema: {
        tags,
        summary: 'One page with its settings and the caller\'s page role (every page role)',
        params: pageParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(pageSchema.extend({ myRole: z.enum(PAGE_ROLES) })) },
      },
    },
    async (request) => {
      const access = await pageAccess(request, request.params.pageId, 'view');
      return ok(request, { ...(await pageDto(db, await loadPage(access.pageId))), myRole: access.role });
    },
  );

  app.put(
    Paths.page,
    {
      schema: {
        tags,
        summary: 'setting-page: name, address, description (§5 byte length), category, hotline, web and Facebook addresses, opening hours (PAGE_ADMIN; DRAFT or ACTIVE pages)',
        params: pageParams,
        querystring: langOnlyQuery,
        body: pageSettingsSchema,
        response: { 200: envelopeSchema(pageSchema) },
      },
    },
    async (request) => {
      const { pageId } = await pageAccess(request, request.params.pageId, 'manageSettings');
      const body = request.body;
      const slug = normaliseSlug(body.slug);
      const updated = await db.transaction(async (tx) => {
        const [page] = await tx.select().from(businessPages).where(eq(businessPages.id, pageId)).for('update');
        if (!EDITABLE_STATUSES.includes(page!.status as never)) throw invalid('notEditable', 409);
        if (await slugTaken(tx, slug, pageId)) throw conflict('slugTaken');
        const [row] = await tx
          .update(businessPages)
          .set({
            name: body.name.trim(),
            slug,
            description: body.description ?? '',
            category: toNull(body.category),
            hotline: toNull(body.hotline),
            website: toNull(body.website),
            facebook: toNull(body.facebook),
            openingHours: body.openingHours,
            updatedAt: new Date(),
          })
          .where(eq(businessPages.id, pageId))
          .returning();
        return row!;
      });
      return ok(request, await pageDto(db, updated));
    },
  );

  app.post(
    Paths.pageImage,
    {
      schema: {
        tags,
        summary: 'Upload the avatar or the cover (PAGE_ADMIN): multipart, one part `file`, §5 image types checked by content, safe SVG only, at most 2 MiB',
        params: imageParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(pageSchema) },
      },
    },
    async (request) => {
      const { pageId } = await pageAccess(request, request.params.pageId, 'manageSettings');
      const upload = await readOneFile(request, PAGE_LIMITS.imageMaxBytes, (problem) => badImage(problem));
      const checked = checkFile(upload.content, upload.fileName, PAGE_IMAGE_TYPES, PAGE_LIMITS.imageMaxBytes);
      if (!checked.ok) throw badImage(checked.problem);
      const name = generatedStorageName(checked.file.extension);
      const column = request.params.kind === 'avatar' ? 'avatarFile' : 'coverFile';
      const updated = await db.transaction(async (tx) => {
        const [page] = await tx.select().from(businessPages).where(eq(businessPages.id, pageId)).for('update');
        if (!EDITABLE_STATUSES.includes(page!.status as never)) throw invalid('notEditable', 409);
        await fileStore(tx).put(name, upload.content);
        const [row] = await tx
          .update(businessPages)
          .set({ [column]: name, updatedAt: new Date() })
          .where(eq(businessPages.id, pageId))
          .returning();
        const previous = page![column];
        if (previous) await fileStore(tx).remove(previous);
        return row!;
      });
      return ok(request, await pageDto(db, updated));
    },
  );

  app.get(
    Paths.imageFile,
    {
      config: { public: true },
      schema: { tags, summary: 'A page\'s avatar or cover by its generated name (public: the public page shows it); 404 for any other file', params: z.strictObject({ name: z.string().max(100) }) },
    },
    async (request, reply) => {
      const { name } = request.params;
      const [page] = await db
        .select({ id: businessPages.id })
        .from(businessPages)
        .where(sql`${businessPages.avatarFile} = ${name} or ${businessPages.coverFile} = ${name}`)
        .limit(1);
      const content = page ? await fileStore(db).get(name) : null;
      if (!content) throw ApiError.notFound();
      const ext = name.slice(name.lastIndexOf('.') + 1);
      const type = ext === 'png' ? 'image/png' : ext === 'svg' ? 'image/svg+xml' : 'image/jpeg';
      return reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(content);
    },
  );

  app.post(
    Paths.submit,
    {
      schema: { tags, summary: 'Submit a DRAFT page for the provider\'s review (PAGE_ADMIN): DRAFT → PENDING_REVIEW', params: pageParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(pageSchema) } },
    },
    async (request) => {
      const { pageId } = await pageAccess(request, request.params.pageId, 'manageSettings');
      const page = await loadPage(pageId);
      if (page.status !== 'DRAFT') throw invalid('notDraft', 409);
      const missing = missingForReview(page);
      if (missing.length) throw invalid('incomplete');
      const [row] = await db
        .update(businessPages)
        .set({ status: 'PENDING_REVIEW', submittedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(businessPages.id, pageId), eq(businessPages.status, 'DRAFT')))
        .returning();
      if (!row) throw invalid('notDraft', 409);
      return ok(request, await pageDto(db, row));
    },
  );

  // --- stores ---------------------------------------------------------------------------------

  app.get(
    Paths.stores,
    {
      schema: {
        tags,
        summary: 'The merchant\'s offline stores with the page each is attached to (every page role)',
        params: pageParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(pageStoreSchema)) },
      },
    },
    async (request) => {
      const { merchantId } = await pageAccess(request, request.params.pageId, 'view');
      return ok(request, await merchantStoresWithPage(db, merchantId));
    },
  );

  app.post(
    Paths.stores,
    {
      schema: {
        tags,
        summary: 'Attach one of the merchant\'s stores (PAGE_ADMIN): sets its isClaimedOa and officialAccountId; a store belongs to at most one page',
        params: pageParams,
        querystring: langOnlyQuery,
        body: pageStoresSchema,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const { pageId, merchantId } = await pageAccess(request, request.params.pageId, 'manageSettings');
      const { storeId } = request.body;
      await db.transaction(async (tx) => {
        const [store] = await tx.select({ id: stores.id }).from(stores).where(and(eq(stores.id, storeId), eq(stores.merchantId, merchantId))).for('update');
        if (!store) throw invalid('unknownStore');
        const [attached] = await tx.insert(businessPageStores).values({ merchantId, pageId, storeId }).onConflictDoNothing().returning();
        if (!attached) throw conflict('storeTaken');
        await tx.update(stores).set({ isClaimedOa: true, officialAccountId: String(pageId) }).where(eq(stores.id, storeId));
      });
      return okEmpty(request);
    },
  );

  app.delete(
    Paths.store,
    {
      schema: { tags, summary: 'Detach a store from the page (PAGE_ADMIN): clears isClaimedOa and officialAccountId', params: storeParams, querystring: langOnlyQuery, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const { pageId } = await pageAccess(request, request.params.pageId, 'manageSettings');
      const { storeId } = request.params;
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(businessPageStores)
          .where(and(eq(businessPageStores.pageId, pageId), eq(businessPageStores.storeId, storeId)))
          .returning();
        if (!removed.length) throw ApiError.notFound();
        await tx.update(stores).set({ isClaimedOa: false, officialAccountId: null }).where(eq(stores.id, storeId));
      });
      return okEmpty(request);
    },
  );

  // --- permissions ----------------------------------------------------------------------------

  app.get(
    Paths.members,
    {
      schema: { tags, summary: 'The page\'s granted page roles (every page role)', params: pageParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(memberSchema)) } },
    },
    async (request) => {
      const { pageId } = await pageAccess(request, request.params.pageId, 'view');
      return ok(request, await pageMembers(db, pageId));
    },
  );

  app.get(
    Paths.memberCandidates,
    {
      schema: {
        tags,
        summary: 'Staff who may be granted a page role (PAGE_ADMIN): active members whose roles open business pages, other than owners and administrators',
        params: pageParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(z.object({ userId: z.number().int(), username: z.string(), name: z.string(), roles: z.array(z.string()) }))) },
      },
    },
    async (request) => {
      const { merchantId } = await pageAccess(request, request.params.pageId, 'managePermissions');
      return ok(request, await roleCandidates(db, merchantId, membershipOf(request).merchant.type as MerchantType));
    },
  );

  /** Grants or changes a page role; the user must be one of the candidates. */
  async function grant(request: FastifyRequest, pageId: number, merchantId: number, userId: number, pageRole: PageRole, change: boolean) {
    const candidates = await roleCandidates(db, merchantId, membershipOf(request).merchant.type as MerchantType);
    if (!candidates.some((c) => c.userId === userId)) throw invalid('notCandidate');
    const actor = callerOf(request).userId;
    accessChanged(request, [userId]);
    await db.transaction(async (tx) => {
      if (change) {
        const updated = await tx
          .update(businessPageMembers)
          .set({ pageRole, grantedBy: actor })
          .where(and(eq(businessPageMembers.pageId, pageId), eq(businessPageMembers.userId, userId)))
          .returning();
        if (!updated.length) throw ApiError.notFound();
      } else {
        const inserted = await tx.insert(businessPageMembers).values({ pageId, userId, pageRole, grantedBy: actor }).onConflictDoNothing().returning();
        if (!inserted.length) throw conflict('alreadyMember');
      }
      await tx.insert(auditEntries).values({ merchantId, actorUserId: actor, targetUserId: userId, action: 'PAGE_ROLE_GRANT', details: { pageId, pageRole }, ip: request.ip });
    });
  }

  app.post(
    Paths.members,
    {
      schema: { tags, summary: 'permissions/create: grant a page role to a staff member (PAGE_ADMIN)', params: pageParams, querystring: langOnlyQuery, body: pageMemberSchema, response: { 200: envelopeSchema(z.array(memberSchema)) } },
    },
    async (request) => {
      const { pageId, merchantId } = await pageAccess(request, request.params.pageId, 'managePermissions');
      await grant(request, pageId, merchantId, request.body.userId, request.body.pageRole, false);
      return ok(request, await pageMembers(db, pageId));
    },
  );

  app.put(
    Paths.member,
    {
      schema: { tags, summary: 'Change a member\'s page role (PAGE_ADMIN)', params: memberParams, querystring: langOnlyQuery, body: pageMemberRoleSchema, response: { 200: envelopeSchema(z.array(memberSchema)) } },
    },
    async (request) => {
      const { pageId, merchantId } = await pageAccess(request, request.params.pageId, 'managePermissions');
      await grant(request, pageId, merchantId, request.params.userId, request.body.pageRole, true);
      return ok(request, await pageMembers(db, pageId));
    },
  );

  app.delete(
    Paths.member,
    {
      schema: { tags, summary: 'Remove a member\'s page role (PAGE_ADMIN)', params: memberParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(memberSchema)) } },
    },
    async (request) => {
      const { pageId, merchantId } = await pageAccess(request, request.params.pageId, 'managePermissions');
      const { userId } = request.params;
      const actor = callerOf(request).userId;
      accessChanged(request, [userId]);
      await db.transaction(async (tx) => {
        const removed = await tx.delete(businessPageMembers).where(and(eq(businessPageMembers.pageId, pageId), eq(businessPageMembers.userId, userId))).returning();
        if (!removed.length) throw ApiError.notFound();
        await tx.insert(auditEntries).values({ merchantId, actorUserId: actor, targetUserId: userId, action: 'PAGE_ROLE_REVOKE', details: { pageId }, ip: request.ip });
      });
      return ok(request, await pageMembers(db, pageId));
    },
  );

  await app.register(badgeRoutes);
};
