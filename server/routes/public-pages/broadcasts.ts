/**
 * The customer's side of broadcasts (issue 18 customer care): the signed-in demo customer stops a page's
 * broadcasts (never sent one again: the sender records SKIPPED_UNSUBSCRIBED), and reads whether they did.
 * Every broadcast message says how (its footer), and carries clientMessageId `broadcast:<id>` so the
 * chat widget can offer the button under it. Customer actions go through the login rate limit.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CustomerCareApiPaths as Paths } from '@/domain/api';
import { broadcastUnsubscribes } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { unsubscribe } from '../../lib/broadcasts';
import { requireCustomer } from '../../lib/customer-session';
import { langOnlyQuery } from '../../validation';
import { publicPagesRepository } from './repository';
import { slugParams, tags } from './schemas';

const stateSchema = z.object({ unsubscribed: z.boolean() });

export const broadcastUnsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const repo = publicPagesRepository(db);
  const limited = { public: true, rateLimit: { max: app.config.rateLimit.loginPerMinute, timeWindow: 60_000 } };

  const isUnsubscribed = async (pageId: number, customerId: number) =>
    (
      await db
        .select({ pageId: broadcastUnsubscribes.pageId })
        .from(broadcastUnsubscribes)
        .where(and(eq(broadcastUnsubscribes.pageId, pageId), eq(broadcastUnsubscribes.customerId, customerId)))
    ).length > 0;

  app.get(
    Paths.unsubscribe,
    {
      config: { public: true },
      schema: { tags, summary: "Demo mode: whether the signed-in customer stopped the page's broadcasts", params: slugParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(stateSchema) } },
    },
    async (request) => {
      const customer = await requireCustomer(request);
      const page = await repo.activePage(request.params.slug);
      return ok(request, { unsubscribed: await isUnsubscribed(page.id, customer.id) });
    },
  );

  app.post(
    Paths.unsubscribe,
    {
      config: limited,
      schema: { tags, summary: "Demo mode: the signed-in customer stops the page's broadcasts (again: no change)", params: slugParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(stateSchema) } },
    },
    async (request) => {
      const customer = await requireCustomer(request);
      const page = await repo.activePage(request.params.slug);
      await unsubscribe(db, page.id, customer.id);
      return ok(request, { unsubscribed: true });
    },
  );
};
