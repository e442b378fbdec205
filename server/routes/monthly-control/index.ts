/**
 * Monthly control (spec §2 monthly-control, MERCHANT_MONTHLY_CONTROL): one row per month with the
 * figures of its days, the payouts paid, its statement (PDF and XLSX, in Vietnamese) and a sign-off by
 * an owner or a merchant accountant, once a month is over, once, with who and when (audited).
 * Store-scoped callers see only their stores' figures and no fees; another merchant's months are its own.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus, SettlementApiPaths } from '@/domain/api';
import { canSignOffMonth, monthParam, MONTH_SIGNOFF_ROLES } from '@/domain/settlement';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { asciiFileNamePart, attachmentDisposition } from '../../lib/export';
import { collect, fileStream } from '../../lib/export-jobs';
import { reportScopeOf } from '../../lib/report-family/access';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { closeDays } from '../period-control/repository';
import { monthRowSchema } from '../period-control/schemas';
import type { Scope } from '../transaction-report/repository';
import { isMonthOver, monthsRepository } from './repository';
import { STATEMENT_LANG, statementColumns, statementPdf, statementRows, type StatementInput } from './statement';
import { translate } from '../../i18n';
import { formatVietnamDateTime } from '@/domain/time';

const tags = ['monthly-control'];
const merchantParams = z.strictObject({ merchantId: idParam });
const monthParams = z.strictObject({ merchantId: idParam, id: monthParam });
const statementQuery = apiQuery({ format: z.enum(['pdf', 'xlsx']) });

const monthScope = (request: FastifyRequest): Scope => reportScopeOf(membershipOf(request), 'MERCHANT_MONTHLY_CONTROL');

export const monthlyControlRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const repo = monthsRepository(db);
  const maySignOff = (request: FastifyRequest) => {
    const { roles, storeIds } = membershipOf(request);
    return canSignOffMonth(roles, storeIds);
  };

  /** A month the merchant has (listed), else 404. */
  async function knownMonth(scope: Scope, month: string) {
    if (!(await repo.months(scope.merchantId)).includes(month)) throw ApiError.notFound();
  }

  app.get(
    SettlementApiPaths.months,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Months from the first settlement period to this one, newest first, with their figures, payouts paid and sign-off',
        params: merchantParams,
        querystring: apiQuery({ ...pageQueryShape }),
        response: { 200: envelopeSchema(pageSchema(monthRowSchema)) },
      },
    },
    async (request) => {
      const scope = monthScope(request);
      await closeDays(db, scope.merchantId);
      const all = await repo.months(scope.merchantId);
      const { pageNumber, pageSize } = request.query;
      const slice = all.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize);
      const rows = [];
      for (const month of slice) rows.push(await repo.row(scope, month, maySignOff(request)));
      return ok(request, toPage(rows, all.length, request.query));
    },
  );

  app.get(
    SettlementApiPaths.month,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'One month (yyyy-MM)', params: monthParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(monthRowSchema) } },
    },
    async (request) => {
      const scope = monthScope(request);
      await knownMonth(scope, request.params.id);
      return ok(request, await repo.row(scope, request.params.id, maySignOff(request)));
    },
  );

  app.get(
    SettlementApiPaths.monthStatement,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: "The month's statement as a file (not an envelope): PDF or XLSX, in Vietnamese, one line per period",
        params: monthParams,
        querystring: statementQuery,
        response: { 200: z.unknown().meta({ description: 'application/pdf or XLSX' }) },
      },
    },
    async (request, reply) => {
      const scope = monthScope(request);
      const month = request.params.id;
      await knownMonth(scope, month);
      const { merchant } = membershipOf(request);
      const input: StatementInput = {
        merchantName: merchant.name,
        partnerCode: merchant.partnerCode,
        month: await repo.row(scope, month, false),
        lines: await repo.lines(scope, month),
        generatedAt: new Date(),
      };
      const base = asciiFileNamePart(`doi-soat-${merchant.partnerCode}-${month}`);
      if (request.query.format === 'pdf') {
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', attachmentDisposition(`${base}.pdf`))
          .header('Cache-Control', 'no-store')
          .send(Buffer.from(await statementPdf(input)));
      }
      const file = await collect(
        fileStream(
          { format: 'xlsx', columns: statementColumns(), sheetName: translate(STATEMENT_LANG, 'settlement.statement.sheet'), formatDate: formatVietnamDateTime },
          (async function* () {
            yield* statementRows(input);
          })(),
        ),
      );
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachmentDisposition(`${base}.xlsx`))
        .header('Cache-Control', 'no-store')
        .send(file);
    },
  );

  app.post(
    SettlementApiPaths.monthSignOff,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Signs a month off (merchant owner or merchant accountant, merchant-wide; once the month is over; once: 409 after)',
        params: monthParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(monthRowSchema) },
      },
    },
    async (request) => {
      const scope = monthScope(request);
      if (!maySignOff(request)) throw ApiError.forbidden();
      const month = request.params.id;
      await knownMonth(scope, month);
      if (!isMonthOver(month)) throw new ApiError(409, ApiStatus.CONFLICT, 'settlement.monthOpen');
      const caller = callerOf(request);
      const { roles } = membershipOf(request);
      const current = await repo.row(scope, month, false);
      const signed = await repo.signOff(
        {
          merchantId: scope.merchantId,
          month,
          signedBy: caller.userId,
          signedByName: caller.username,
          signedRole: MONTH_SIGNOFF_ROLES.find((r) => roles.includes(r))!,
          netAmount: current.netAmount ?? 0,
        },
        { ip: request.ip },
      );
      if (!signed) throw new ApiError(409, ApiStatus.CONFLICT, 'settlement.monthSigned');
      return ok(request, await repo.row(scope, month, true));
    },
  );
};
