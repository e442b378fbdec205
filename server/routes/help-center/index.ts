/**
 * Help centre (MERCHANT_HELP_CENTER, issue 15): the provider's help articles in the caller's language:
 * categories with their counts, a page of articles by category and/or search words (accents optional),
 * one article with related ones. Every signed-in merchant user reads them (every role's sidebar has the
 * help centre; operators are refused by requireSession like on any merchant API). Articles belong to
 * no merchant, so no merchant is named.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HelpCenterApiPaths as Paths } from '@/domain/api';
import { HELP_CATEGORIES, helpSearchShape } from '@/domain/helpCenter';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { helpArticlesRepository } from './repository';

const tags = ['help-center'];
const listQuery = apiQuery({ ...pageQueryShape, ...helpSearchShape });
const articleParams = z.strictObject({ id: idParam });

const summarySchema = z.object({
  id: z.number().int(),
  category: z.enum(HELP_CATEGORIES),
  title: z.string(),
  summary: z.string(),
  updatedAt: z.string(),
});
const articleSchema = summarySchema.extend({ body: z.string(), related: z.array(summarySchema) });
const categorySchema = z.object({ code: z.enum(HELP_CATEGORIES), articleCount: z.number().int() });

export const helpCenterRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = helpArticlesRepository(app.database.db);

  app.get(
    Paths.categories,
    {
      schema: {
        tags,
        summary: 'Help centre categories in display order, with how many articles each holds',
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(categorySchema)) },
      },
    },
    async (request) => ok(request, await repo.categories()),
  );

  app.get(
    Paths.articles,
    {
      schema: {
        tags,
        summary: 'A page of help articles in the caller’s language: a category and/or search words (accents optional, every word a prefix; best match first), else by category and order',
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(summarySchema)) },
      },
    },
    async (request) => {
      const { category, q, pageNumber, pageSize } = request.query;
      const { rows, total } = await repo.page({ category, q }, { pageNumber, pageSize }, request.lang);
      return ok(request, toPage(rows, total, { pageNumber, pageSize }));
    },
  );

  app.get(
    Paths.article,
    {
      schema: {
        tags,
        summary: 'One help article in the caller’s language (plain text: blank lines between paragraphs, "1. " lines are steps) with related articles of its category',
        params: articleParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(articleSchema) },
      },
    },
    async (request) => {
      const article = await repo.detail(request.params.id, request.lang);
      if (!article) throw ApiError.notFound();
      return ok(request, article);
    },
  );
};
