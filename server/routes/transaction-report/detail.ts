/** One transaction with its refunds, and the steps of its payment (tracing). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TRACE_STEPS, TransactionReportPaths as Paths } from '@/domain/transactionReport';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { merchantScope } from '../../plugins/auth';
import { apiQuery } from '../../validation';
import { transactionsRepository } from './repository';
import { detailSchema, idParams, tags, transactionScope, visibleRow } from './schemas';

export const transactionDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = transactionsRepository(app.database.db);

  app.get(
    Paths.detail,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'One transaction with its refunds',
        params: idParams,
        querystring: apiQuery({}),
        response: { 200: envelopeSchema(detailSchema) },
      },
    },
    async (request) => {
      const scope = transactionScope(request);
      const detail = await repo.detail(scope, request.params.id);
      if (!detail) throw ApiError.notFound();
      return ok(request, visibleRow(detail, scope));
    },
  );

  app.get(
    Paths.tracing,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'The steps of a payment, oldest first',
        params: idParams,
        querystring: apiQuery({}),
        response: {
          200: envelopeSchema(
            z.object({
              transaction: detailSchema,
              steps: z.array(z.object({ step: z.enum(TRACE_STEPS), at: z.string(), amount: z.number().int().nullable(), detail: z.string().nullable() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const scope = transactionScope(request);
      const detail = await repo.detail(scope, request.params.id);
      if (!detail) throw ApiError.notFound();
      return ok(request, { transaction: visibleRow(detail, scope), steps: repo.trace(detail) });
    },
  );
};
