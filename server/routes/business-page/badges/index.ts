/**
 * business-page/{id}/badge-gamification: the page's customer badge rules (PAGE_ADMIN writes; PAGE_ADMIN
 * and ANALYST read, docs/decisions.md) and who holds each badge. Registered inside businessPageRoutes, so
 * the merchant scope is set; every call checks the route code, then the page role (requirePageRole:
 * another merchant's page 404, a missing role 403). Creating, editing or enabling a rule awards what is
 * already due at once; later awards come from reviews as they are written and the periodic evaluator.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus, BusinessPageApiPaths as Paths } from '@/domain/api';
import { BADGE_KINDS, BADGE_LIMITS, BADGE_READERS, BADGE_WRITERS, badgeRuleSchema, badgeStatusSchema, type BadgeRule, type BadgeRuleInput } from '@/domain/pageBadges';
import { maskPersonName } from '@/domain/masking';
import type { PageRole } from '@/domain/businessPages';
import { customers, pageBadgeAwards, pageBadgeRules } from '../../../db/schema';
import { envelopeSchema, ok } from '../../../envelope';
import { ApiError } from '../../../errors';
import { requirePageRole } from '../../../lib/page-access';
import { requireRouteCode } from '../../../lib/report-family/access';
import { callerOf, membershipOf } from '../../../plugins/auth';
import { idParam, langOnlyQuery } from '../../../validation';
import { awardBadges } from '../../../lib/page-badges';

const tags = ['business-page'];
const pageParams = z.strictObject({ merchantId: idParam, pageId: idParam });
const badgeParams = pageParams.extend({ badgeId: idParam });

const ruleSchema = z.object({
  id: z.number().int(),
  pageId: z.number().int(),
  name: z.string(),
  kind: z.enum(BADGE_KINDS),
  minPayments: z.number().int().nullable(),
  windowDays: z.number().int().nullable(),
  active: z.boolean(),
  awarded: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const holderSchema = z.object({ customerName: z.string(), source: z.enum(['PAYMENT', 'REVIEW']), awardedAt: z.string() });

type RuleRow = typeof pageBadgeRules.$inferSelect;
const toRule = (r: RuleRow, awarded: number): BadgeRule => ({
  id: r.id,
  pageId: r.pageId,
  name: r.name,
  kind: r.kind as BadgeRule['kind'],
  minPayments: r.minPayments,
  windowDays: r.windowDays,
  active: r.disabledAt === null,
  awarded,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The stored columns of a valid rule: thresholds only for PAYMENTS. */
const columnsOf = (body: BadgeRuleInput) => ({
  name: body.name.trim(),
  kind: body.kind,
  minPayments: body.kind === 'PAYMENTS' ? (body.minPayments ?? null) : null,
  windowDays: body.kind === 'PAYMENTS' ? (body.windowDays ?? null) : null,
});

async function badgeAccess(request: FastifyRequest, pageId: number, roles: readonly PageRole[]) {
  requireRouteCode(membershipOf(request), 'MERCHANT_BUSSINESS_PAGE_LIST');
  return requirePageRole(request, pageId, roles);
}

export const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  const awardedCounts = async (ruleIds: number[]) => {
    if (!ruleIds.length) return new Map<number, number>();
    const rows = await db.select({ ruleId: pageBadgeAwards.ruleId, n: count() }).from(pageBadgeAwards).where(inArray(pageBadgeAwards.ruleId, ruleIds)).groupBy(pageBadgeAwards.ruleId);
    return new Map(rows.map((r) => [r.ruleId, r.n]));
  };
  const ruleOf = async (pageId: number, badgeId: number) => {
    const [row] = await db.select().from(pageBadgeRules).where(and(eq(pageBadgeRules.pageId, pageId), eq(pageBadgeRules.id, badgeId)));
    if (!row) throw ApiError.notFound();
    return row;
  };
  const answer = async (row: RuleRow) => toRule(row, (await awardedCounts([row.id])).get(row.id) ?? 0);

  app.get(
    Paths.badges,
    {
      schema: { tags, summary: 'The page\'s badge rules with how many customers hold each (PAGE_ADMIN, ANALYST)', params: pageParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(ruleSchema)) } },
    },
    async (request) => {
      const { pageId } = await badgeAccess(request, request.params.pageId, BADGE_READERS);
      const rules = await db.select().from(pageBadgeRules).where(eq(pageBadgeRules.pageId, pageId)).orderBy(asc(pageBadgeRules.id));
      const counts = await awardedCounts(rules.map((r) => r.id));
      return ok(request, rules.map((r) => toRule(r, counts.get(r.id) ?? 0)));
    },
  );

  app.post(
    Paths.badges,
    {
      schema: {
        tags,
        summary: 'Create a badge rule (PAGE_ADMIN): "N payments in D days" at the merchant or "first review"; customers who already qualify get it at once',
        params: pageParams,
        querystring: langOnlyQuery,
        body: badgeRuleSchema,
        response: { 200: envelopeSchema(ruleSchema) },
      },
    },
    async (request) => {
      const { pageId, merchantId } = await badgeAccess(request, request.params.pageId, BADGE_WRITERS);
      const actor = callerOf(request).userId;
      const created = await db.transaction(async (tx) => {
        // Counted under the page's rules lock, so two concurrent creations cannot pass the limit together.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('page_badge_rules'), ${pageId})`);
        const [{ n }] = (await tx.select({ n: count() }).from(pageBadgeRules).where(eq(pageBadgeRules.pageId, pageId))) as [{ n: number }];
        if (n >= BADGE_LIMITS.maxRulesPerPage) throw new ApiError(409, ApiStatus.CONFLICT, 'content.badgesTooMany');
        const [row] = await tx
          .insert(pageBadgeRules)
          .values({ merchantId, pageId, ...columnsOf(request.body), createdBy: actor, updatedBy: actor })
          .returning();
        return row!;
      });
      await awardBadges(db, { ruleId: created.id });
      return ok(request, await answer(created));
    },
  );

  app.put(
    Paths.badge,
    {
      schema: {
        tags,
        summary: 'Edit a badge rule (PAGE_ADMIN); badges already given stay with their holders',
        params: badgeParams,
        querystring: langOnlyQuery,
        body: badgeRuleSchema,
        response: { 200: envelopeSchema(ruleSchema) },
      },
    },
    async (request) => {
      const { pageId } = await badgeAccess(request, request.params.pageId, BADGE_WRITERS);
      await ruleOf(pageId, request.params.badgeId);
      const [row] = await db
        .update(pageBadgeRules)
        .set({ ...columnsOf(request.body), updatedBy: callerOf(request).userId, updatedAt: new Date() })
        .where(and(eq(pageBadgeRules.pageId, pageId), eq(pageBadgeRules.id, request.params.badgeId)))
        .returning();
      if (!row) throw ApiError.notFound();
      await awardBadges(db, { ruleId: row.id });
      return ok(request, await answer(row));
    },
  );

  app.put(
    Paths.badgeStatus,
    {
      schema: {
        tags,
        summary: 'Disable a badge rule (it awards nothing and its badges are not shown) or enable it again (PAGE_ADMIN)',
        params: badgeParams,
        querystring: langOnlyQuery,
        body: badgeStatusSchema,
        response: { 200: envelopeSchema(ruleSchema) },
      },
    },
    async (request) => {
      const { pageId } = await badgeAccess(request, request.params.pageId, BADGE_WRITERS);
      await ruleOf(pageId, request.params.badgeId);
      const now = new Date();
      const [row] = await db
        .update(pageBadgeRules)
        .set({ disabledAt: request.body.active ? null : now, updatedBy: callerOf(request).userId, updatedAt: now })
        .where(and(eq(pageBadgeRules.pageId, pageId), eq(pageBadgeRules.id, request.params.badgeId)))
        .returning();
      if (!row) throw ApiError.notFound();
      if (request.body.active) await awardBadges(db, { ruleId: row.id });
      return ok(request, await answer(row));
    },
  );

  app.get(
    Paths.badgeHolders,
    {
      schema: {
        tags,
        summary: 'The latest 100 customers given the badge, names masked (PAGE_ADMIN, ANALYST)',
        params: badgeParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(holderSchema)) },
      },
    },
    async (request) => {
      const { pageId } = await badgeAccess(request, request.params.pageId, BADGE_READERS);
      await ruleOf(pageId, request.params.badgeId);
      const rows = await db
        .select({ name: customers.fullName, source: pageBadgeAwards.source, awardedAt: pageBadgeAwards.awardedAt })
        .from(pageBadgeAwards)
        .innerJoin(customers, eq(customers.id, pageBadgeAwards.customerId))
        .where(eq(pageBadgeAwards.ruleId, request.params.badgeId))
        .orderBy(desc(pageBadgeAwards.awardedAt), desc(pageBadgeAwards.id))
        .limit(100);
      return ok(
        request,
        rows.map((r) => ({ customerName: maskPersonName(r.name) ?? '', source: r.source as 'PAYMENT' | 'REVIEW', awardedAt: r.awardedAt.toISOString() })),
      );
    },
  );
};
