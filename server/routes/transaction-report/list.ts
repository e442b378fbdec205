/** Transaction report list (offset pages, or keyset pages past the first ones) and the totals of the filter. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { TransactionReportPaths as Paths } from '@/domain/transactionReport';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { merchantScope } from '../../plugins/auth';
import { decodeCursor, transactionsRepository } from './repository';
import { filterOf, filterQuery, listQuery, merchantParams, rowSchema, tags, totalsSchema, transactionScope, visibleRow } from './schemas';

export const transactionListRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = transactionsRepository(app.database.db);

  app.get(
    Paths.list,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Transactions of the filter, newest first (offset pages, or keyset with cursor for deep pages)',
        params: merchantParams,
        querystring: listQuery,
        response: {
          200: envelopeSchema(
            z.object({
              content: z.array(rowSchema),
              totalElements: z.number().int(),
              pageNumber: z.number().int(),
              pageSize: z.number().int(),
              nextCursor: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const scope = transactionScope(request);
      const filter = filterOf(request.query);
      const { pageNumber, pageSize } = request.query;
      let after = null;
      if (request.query.cursor) {
        after = decodeCursor(request.query.cursor);
        if (!after) throw new ApiError(400, ApiStatus.VALIDATION, 'transactionReport.errors.badCursor');
      }
      const page = await repo.pageWithCount(scope, filter, { pageNumber, pageSize }, after);
      return ok(request, { content: page.rows.map((row) => visibleRow(row, scope)), totalElements: page.total, pageNumber, pageSize, nextCursor: page.nextCursor });
    },
  );

  app.get(
    Paths.totals,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Figures of the filter (src/domain/figures.ts): successful count, gross, refunds, fees, net, and sums by status',
        params: merchantParams,
        querystring: filterQuery,
        response: { 200: envelopeSchema(totalsSchema) },
      },
    },
    async (request) => ok(request, await repo.totals(transactionScope(request), filterOf(request.query))),
  );
};
