/**
 * Page reports (spec §2 report-management/{id}/overview, /post, /customer-message, /reconciliation; route
 * code BUSINESS_PAGE_REPORT_MANAGEMENT; §7 /official-account/v2). Every page call checks the route code
 * (403), then the page role (requirePageRole with PAGE_ABILITIES.reports: page admins and analysts;
 * another merchant's page answers 404). Ranges are whole Vietnam days, at most 366, `fromDate` ≤ `toDate`.
 * Each report has a CSV export (streamed, UTF-8 with BOM, headers in the caller's language).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageReportApiPaths as Paths } from '@/domain/api';
import { PAGE_ABILITIES } from '@/domain/businessPages';
import { POST_REPORT_SORT_FIELDS } from '@/domain/pageReports';
import { checkDateRange, dateRangeShape } from '@/domain/reportCenter';
import { formatDay, formatVietnamDateTime, type DayRange } from '@/domain/time';
import { envelopeSchema, ok } from '../../envelope';
import { translate, type Lang } from '../../i18n';
import { attachmentDisposition, csvStream, type ExportColumn, type ExportRow } from '../../lib/export';
import { requirePageRole } from '../../lib/page-access';
import { requireRouteCode } from '../../lib/report-family/access';
import { pageQueryShape, pageSchema, sortParam, toPage } from '../../pagination';
import { membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { reportRepository } from './repository';

const tags = ['report-management'];
const merchantParams = z.strictObject({ merchantId: idParam });
const pageParams = z.strictObject({ merchantId: idParam, pageId: idParam });
const rangeQuery = apiQuery(dateRangeShape).check(checkDateRange);
const postsQuery = apiQuery({ ...dateRangeShape, ...pageQueryShape, sort: sortParam(POST_REPORT_SORT_FIELDS, 'publishedAt,desc') }).check(checkDateRange);
const postsExportQuery = apiQuery({ ...dateRangeShape, sort: sortParam(POST_REPORT_SORT_FIELDS, 'publishedAt,desc') }).check(checkDateRange);
const fileResponse = { 200: z.unknown().meta({ description: 'The file: text/csv (UTF-8 with BOM)' }) };
const int = z.number().int();

const overviewDaySchema = z.object({ day: z.string(), followersGained: int, followersLost: int, pageViews: int, reach: int, engagements: int });
const overviewSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  totals: z.object({
    followersGained: int,
    followersLost: int,
    netFollowers: int,
    followers: int,
    pageViews: int,
    postViews: int,
    reach: int,
    reactions: int,
    comments: int,
    reviews: int,
    clicks: int,
    engagements: int,
  }),
  days: z.array(overviewDaySchema),
});
const postRowSchema = z.object({ postId: int, excerpt: z.string(), publishedAt: z.string().nullable(), reach: int, views: int, reactions: int, comments: int, clicks: int });
const customerMessagesSchema = z.object({
  available: z.boolean(),
  totals: z
    .object({ conversations: int, firstResponseMedianSeconds: int.nullable(), resolved: int, resolutionRate: z.number().nullable(), messagesIn: int, messagesOut: int })
    .nullable(),
  days: z.array(z.object({ day: z.string(), conversations: int, resolved: int, messagesIn: int, messagesOut: int, firstResponseMedianSeconds: int.nullable() })),
});
const reconciliationSchema = z.object({
  windowDays: int,
  totals: z.object({ clicks: int, payments: int, amount: int }),
  links: z.array(z.object({ paymentLinkId: int, code: z.string(), title: z.string(), clicks: int, payments: int, amount: int })),
  badges: z.array(z.object({ badgeId: int, name: z.string(), holders: int, payments: int, amount: int })),
});
const reportPageSchema = z.object({ id: int, name: z.string(), slug: z.string(), status: z.string() });

/** The CSV columns of each report, in order (headers: api.json exports.pageReports.<report>.<key>). */
const COLUMNS = {
  overview: ['day', 'followersGained', 'followersLost', 'pageViews', 'reach', 'engagements'],
  posts: ['postId', 'excerpt', 'publishedAt', 'reach', 'views', 'reactions', 'comments', 'clicks'],
  customerMessages: ['day', 'conversations', 'resolved', 'messagesIn', 'messagesOut', 'firstResponseMedianSeconds'],
  reconciliation: ['code', 'title', 'clicks', 'payments', 'amount'],
} as const;
type ReportKey = keyof typeof COLUMNS;

const columnsOf = (report: ReportKey, lang: Lang): ExportColumn[] =>
  COLUMNS[report].map((key) => ({
    key,
    header: translate(lang, `exports.pageReports.${report}.${key}`),
    type: key === 'amount' ? 'money' : key === 'excerpt' || key === 'code' || key === 'title' || key === 'day' || key === 'publishedAt' ? 'text' : 'number',
  }));

const FILE_NAMES: Record<ReportKey, string> = {
  overview: 'tong-quan',
  posts: 'bai-viet',
  customerMessages: 'tin-nhan',
  reconciliation: 'doi-soat',
};

function sendCsv(reply: FastifyReply, report: ReportKey, lang: Lang, pageId: number, range: DayRange, data: Iterable<ExportRow>) {
  const name = `bao-cao-trang_${pageId}_${FILE_NAMES[report]}_${range.from.replaceAll('-', '')}-${range.to.replaceAll('-', '')}.csv`;
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', attachmentDisposition(name))
    .header('Cache-Control', 'no-store')
    .send(csvStream(data, columnsOf(report, lang)));
}

/** Route code, then page role (another merchant's page: 404; a role without reports: 403). */
async function reportAccess(request: FastifyRequest, pageId: number) {
  const membership = membershipOf(request);
  requireRouteCode(membership, 'BUSINESS_PAGE_REPORT_MANAGEMENT');
  return requirePageRole(request, pageId, PAGE_ABILITIES.reports);
}

const rangeOf = (q: { fromDate: string; toDate: string }): DayRange => ({ from: q.fromDate, to: q.toDate });

export const reportManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = reportRepository(app.database.db);
  app.addHook('preHandler', merchantScope);

  app.get(
    Paths.pages,
    {
      schema: { tags, summary: 'The merchant’s pages whose reports the caller may open (page admins and analysts)', params: merchantParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(reportPageSchema)) } },
    },
    async (request) => {
      const membership = membershipOf(request);
      requireRouteCode(membership, 'BUSINESS_PAGE_REPORT_MANAGEMENT');
      const mine = [];
      for (const page of await repo.pages(membership.merchant.id)) {
        try {
          await requirePageRole(request, page.id, PAGE_ABILITIES.reports);
          mine.push(page);
        } catch {
          // No report role on this page: not listed.
        }
      }
      return ok(request, mine);
    },
  );

  app.get(
    Paths.overview,
    {
      schema: {
        tags,
        summary: 'Overview: followers gained and lost, page views, reach (distinct viewers), engagement, per Vietnam day and in total',
        params: pageParams,
        querystring: rangeQuery,
        response: { 200: envelopeSchema(overviewSchema) },
      },
    },
    async (request) => {
      await reportAccess(request, request.params.pageId);
      return ok(request, await repo.overview(request.params.pageId, rangeOf(request.query)));
    },
  );

  app.get(
    Paths.overviewExport,
    { schema: { tags, summary: 'Overview per day as CSV', params: pageParams, querystring: rangeQuery, response: fileResponse } },
    async (request, reply) => {
      await reportAccess(request, request.params.pageId);
      const range = rangeOf(request.query);
      const { days } = await repo.overview(request.params.pageId, range);
      return sendCsv(reply, 'overview', request.lang, request.params.pageId, range, days.map((d) => ({ ...d, day: formatDay(d.day) })));
    },
  );

  app.get(
    Paths.posts,
    {
      schema: {
        tags,
        summary: 'Posts published in the range with their reach (distinct viewers), views, reactions, comments and clicks to date; paged and sortable',
        params: pageParams,
        querystring: postsQuery,
        response: { 200: envelopeSchema(pageSchema(postRowSchema)) },
      },
    },
    async (request) => {
      await reportAccess(request, request.params.pageId);
      const { content, total } = await repo.posts(request.params.pageId, rangeOf(request.query), request.query.sort, request.query);
      return ok(request, toPage(content, total, request.query));
    },
  );

  app.get(
    Paths.postsExport,
    { schema: { tags, summary: 'Every post of the post report as CSV (same order)', params: pageParams, querystring: postsExportQuery, response: fileResponse } },
    async (request, reply) => {
      await reportAccess(request, request.params.pageId);
      const range = rangeOf(request.query);
      // A page publishes a few posts a day at most: a year of them fits one answer.
      const { content } = await repo.posts(request.params.pageId, range, request.query.sort, { pageNumber: 0, pageSize: 5000 });
      return sendCsv(
        reply,
        'posts',
        request.lang,
        request.params.pageId,
        range,
        content.map((p) => ({ ...p, publishedAt: p.publishedAt ? formatVietnamDateTime(new Date(p.publishedAt)) : '' })),
      );
    },
  );

  app.get(
    Paths.customerMessages,
    {
      schema: {
        tags,
        summary:
          'Customer messages (live chat) per Vietnam day and in total: conversations started, of them resolved now, messages in and out (notes not counted), median first response in seconds',
        params: pageParams,
        querystring: rangeQuery,
        response: { 200: envelopeSchema(customerMessagesSchema) },
      },
    },
    async (request) => {
      await reportAccess(request, request.params.pageId);
      return ok(request, await repo.customerMessages(request.params.pageId, rangeOf(request.query)));
    },
  );

  app.get(
    Paths.customerMessagesExport,
    { schema: { tags, summary: 'Customer messages per Vietnam day as CSV', params: pageParams, querystring: rangeQuery, response: fileResponse } },
    async (request, reply) => {
      await reportAccess(request, request.params.pageId);
      const range = rangeOf(request.query);
      const report = await repo.customerMessages(request.params.pageId, range);
      return sendCsv(
        reply,
        'customerMessages',
        request.lang,
        request.params.pageId,
        range,
        report.days.map((d) => ({ ...d, day: formatDay(d.day), firstResponseMedianSeconds: d.firstResponseMedianSeconds ?? '' })),
      );
    },
  );

  app.get(
    Paths.reconciliation,
    {
      schema: {
        tags,
        summary: 'Payments attributed to the page: payment-link clicks on the page and the payments on those links within 7 days after a click, per link',
        params: pageParams,
        querystring: rangeQuery,
        response: { 200: envelopeSchema(reconciliationSchema) },
      },
    },
    async (request) => {
      const access = await reportAccess(request, request.params.pageId);
      return ok(request, await repo.reconciliation(access.pageId, access.merchantId, rangeOf(request.query)));
    },
  );

  app.get(
    Paths.reconciliationExport,
    { schema: { tags, summary: 'The reconciliation per payment link as CSV', params: pageParams, querystring: rangeQuery, response: fileResponse } },
    async (request, reply) => {
      const access = await reportAccess(request, request.params.pageId);
      const range = rangeOf(request.query);
      const { links } = await repo.reconciliation(access.pageId, access.merchantId, range);
      return sendCsv(reply, 'reconciliation', request.lang, request.params.pageId, range, links.map((l) => ({ ...l })));
    },
  );
};
