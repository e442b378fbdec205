/**
 * Marketing budget routes (issue 17; spec §2 marketing-budget, marketing-payment-history,
 * marketing-transaction-history; route code BUSINESS_PAGE_MARKETING_MANAGEMENT; §4 ADS gate; §6 roles),
 * under /api/businesspage/v3/merchants/:merchantId/marketing (src/domain/marketingBudget.ts).
 *
 * - gate: whether marketing is open (ADS onboarded) and what the caller may do; answers before onboarding.
 * - Every other route passes the gate (server/lib/marketing/gate.ts): 403 with a clear message before ADS
 *   is onboarded, 403 without the route code, and for writes 403 for readers (accountants).
 * - Top-up: demo mode only (docs/decisions.md), an Idempotency-Key header is required; a retry with the
 *   same key answers the first top-up and writes nothing.
 * - Histories page in SQL; exports (CSV/XLSX) stream every row the filter selects.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { formatInVietnam } from '@/domain/format';
import {
  EXPORT_FORMATS,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  LEDGER_KINDS,
  MAX_TOPUP_AMOUNT,
  MarketingBudgetApiPaths as Paths,
  MIN_TOPUP_AMOUNT,
  monthStartOf,
  PAYMENT_KINDS,
  paymentFilterShape,
  spendingQuerySchema,
  thresholdSchema,
  topUpSchema,
  TOPUP_SOURCES,
  transactionFilterShape,
  fillDays,
  type MarketingAccount,
  type MarketingPayment,
  type MarketingTransaction,
} from '@/domain/marketingBudget';
import { formatVietnamDateTime, vietnamToday } from '@/domain/time';
import type { Db } from '../../db/client';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate, type Lang } from '../../i18n';
import { attachmentDisposition, asciiFileNamePart, csvStream, xlsxStream, type ExportColumn, type ExportRow } from '../../lib/export';
import { EXPORT_CONTENT_TYPES } from '../../lib/export-jobs';
import { marketingGateOf, requireAdsOnboarded, type MarketingAccess } from '../../lib/marketing/gate';
import { accountOf, setLowBalanceThreshold, topUp } from '../../lib/marketing/ledger';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { marketingBudgetRepository, type MarketingBudgetRepository } from './repository';

const tags = ['marketing-budget'];
const merchantParams = z.strictObject({ merchantId: idParam });

const gateSchema = z.object({
  onboarded: z.boolean(),
  adsStatus: z.string().nullable(),
  canRegister: z.boolean(),
  adsServiceId: z.number().int().nullable(),
  canManage: z.boolean(),
  canRead: z.boolean(),
});

const accountSchema = z.object({
  available: z.number().int(),
  reserved: z.number().int(),
  spentThisMonth: z.number().int(),
  lowBalanceThreshold: z.number().int(),
  low: z.boolean(),
  canManage: z.boolean(),
  canTopUp: z.boolean(),
  minTopUp: z.number().int(),
  maxTopUp: z.number().int(),
});

const movementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number().int(),
  transactionRef: z.string().nullable(),
  replayed: z.boolean(),
  createdAt: z.string(),
});

const paymentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_KINDS),
  amount: z.number().int(),
  source: z.enum(TOPUP_SOURCES).nullable(),
  transactionRef: z.string().nullable(),
  campaignId: z.number().int().nullable(),
  campaignName: z.string().nullable(),
  availableAfter: z.number().int(),
  createdAt: z.string(),
});

const transactionSchema = z.object({
  day: z.string(),
  campaignId: z.number().int(),
  campaignName: z.string().nullable(),
  amount: z.number().int(),
  debits: z.number().int(),
  lastAt: z.string(),
});

const spendingSchema = z.object({
  byDay: z.array(z.object({ day: z.string(), amount: z.number().int() })),
  byCampaign: z.array(z.object({ campaignId: z.number().int(), campaignName: z.string().nullable(), amount: z.number().int() })),
  total: z.number().int(),
});

const rangeRefine = (value: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  const check = spendingQuerySchema.safeParse(value);
  if (value.from && value.to && !check.success) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.marketingBudget.dateRange' });
};

const paymentsQuery = apiQuery({ ...pageQueryShape, ...paymentFilterShape }).superRefine(rangeRefine);
const paymentsExportQuery = apiQuery({ ...paymentFilterShape, format: z.enum(EXPORT_FORMATS).default('csv') }).superRefine(rangeRefine);
const transactionsQuery = apiQuery({ ...pageQueryShape, ...transactionFilterShape }).superRefine(rangeRefine);
const transactionsExportQuery = apiQuery({ ...transactionFilterShape, format: z.enum(EXPORT_FORMATS).default('csv') }).superRefine(rangeRefine);
const spendingQuery = apiQuery({ from: z.string(), to: z.string() }).superRefine((value, ctx) => {
  if (!spendingQuerySchema.safeParse(value).success) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.marketingBudget.dateRange' });
});

const fileResponse = { 200: z.unknown().meta({ description: 'The file: text/csv (UTF-8 with BOM) or XLSX' }) };

async function accountView(db: Db, repo: MarketingBudgetRepository, access: MarketingAccess, demo: boolean): Promise<MarketingAccount> {
  const account = await accountOf(db, access.merchantId);
  const spentThisMonth = await repo.spentSince(access.merchantId, monthStartOf(vietnamToday()));
  const total = account.balance + account.reserved;
  return {
    available: account.balance,
    reserved: account.reserved,
    spentThisMonth,
    lowBalanceThreshold: account.lowBalanceThreshold,
    low: account.lowBalanceThreshold > 0 && total < account.lowBalanceThreshold,
    canManage: access.canManage,
    canTopUp: access.canManage && demo,
    minTopUp: MIN_TOPUP_AMOUNT,
    maxTopUp: MAX_TOPUP_AMOUNT,
  };
}

// ---------------------------------------------------------------------------------------------
// Exports
// ---------------------------------------------------------------------------------------------

const PAYMENT_COLUMNS: ReadonlyArray<Omit<ExportColumn, 'header'>> = [
  { key: 'createdAt', type: 'text', width: 22 },
  { key: 'kind', type: 'text', width: 26 },
  { key: 'source', type: 'text', width: 20 },
  { key: 'amount', type: 'money', width: 16 },
  { key: 'transactionRef', type: 'text', width: 22 },
  { key: 'campaign', type: 'text', width: 30 },
  { key: 'availableAfter', type: 'money', width: 20 },
];

const TRANSACTION_COLUMNS: ReadonlyArray<Omit<ExportColumn, 'header'>> = [
  { key: 'day', type: 'text', width: 12 },
  { key: 'campaignId', type: 'number', width: 14 },
  { key: 'campaign', type: 'text', width: 30 },
  { key: 'debits', type: 'number', width: 14 },
  { key: 'amount', type: 'money', width: 16 },
];

const headed = (columns: ReadonlyArray<Omit<ExportColumn, 'header'>>, lang: Lang): ExportColumn[] =>
  columns.map((c) => ({ ...c, header: translate(lang, `marketing.export.${c.key}`) }));

async function* paymentRows(rows: AsyncIterable<MarketingPayment>, lang: Lang): AsyncGenerator<ExportRow> {
  for await (const r of rows) {
    yield {
      createdAt: formatVietnamDateTime(new Date(r.createdAt)),
      kind: translate(lang, `marketing.export.kinds.${r.kind}`),
      source: r.source ? translate(lang, `marketing.export.sources.${r.source}`) : '',
      amount: r.amount,
      transactionRef: r.transactionRef ?? '',
      campaign: r.campaignName ?? (r.campaignId ? `#${r.campaignId}` : ''),
      availableAfter: r.availableAfter,
    };
  }
}

async function* transactionRows(rows: AsyncIterable<MarketingTransaction>): AsyncGenerator<ExportRow> {
  for await (const r of rows) {
    yield { day: r.day.split('-').reverse().join('/'), campaignId: r.campaignId, campaign: r.campaignName ?? `#${r.campaignId}`, debits: r.debits, amount: r.amount };
  }
}

function sendFile(reply: FastifyReply, format: (typeof EXPORT_FORMATS)[number], name: string, rows: AsyncIterable<ExportRow>, columns: ExportColumn[], sheet: string) {
  const file = format === 'csv' ? csvStream(rows, columns) : xlsxStream(rows, columns, sheet);
  return reply
    .header('Content-Type', EXPORT_CONTENT_TYPES[format])
    .header('Content-Disposition', attachmentDisposition(`${name}_${formatInVietnam(new Date(), 'yyyyMMdd-HHmm')}.${format}`))
    .header('Cache-Control', 'no-store')
    .send(file);
}

export const marketingBudgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const repo = marketingBudgetRepository(db);

  app.get(
    Paths.gate,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Whether marketing is open for the merchant (spec §4: ADS onboarded), the ADS status and what the caller may do',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(gateSchema) },
      },
    },
    async (request) => ok(request, await marketingGateOf(request)),
  );

  app.get(
    Paths.account,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'The marketing budget: available, reserved for campaigns, spent this month (Asia/Ho_Chi_Minh), low-balance threshold (đồng)',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(accountSchema) },
      },
    },
    async (request) => {
      const access = await requireAdsOnboarded(request);
      return ok(request, await accountView(db, repo, access, app.config.demoMode));
    },
  );

  app.post(
    Paths.topUps,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Demo mode: tops the budget up from the merchant wallet or settlement funds; a retry with the same Idempotency-Key answers the first top-up',
        params: merchantParams,
        querystring: langOnlyQuery,
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().optional().meta({ description: 'Required: 8-64 of A-Z a-z 0-9 . _ : -' }) }),
        body: topUpSchema,
        response: { 200: envelopeSchema(z.object({ movement: movementSchema, account: accountSchema })) },
      },
    },
    async (request) => {
      const access = await requireAdsOnboarded(request, { manage: true });
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string' || key === '') throw new ApiError(400, ApiStatus.VALIDATION, 'marketing.idempotencyRequired');
      if (!idempotencyKeySchema.safeParse(key).success) throw new ApiError(400, ApiStatus.VALIDATION, 'validation.invalid');
      if (!app.config.demoMode) throw new ApiError(409, ApiStatus.CONFLICT, 'marketing.demoOnly');
      const { amount, source } = request.body;
      const movement = await db.transaction((tx) => topUp(tx, { merchantId: access.merchantId, amount, source, userId: access.userId, idempotencyKey: `topup:${key}` }));
      if (!movement.replayed) request.log.info({ merchantId: access.merchantId, ledgerId: movement.id, amount, source }, 'marketing top-up');
      return ok(request, {
        movement: { id: movement.id, kind: movement.kind, amount: movement.amount, transactionRef: movement.transactionRef, replayed: movement.replayed, createdAt: movement.createdAt.toISOString() },
        account: await accountView(db, repo, access, app.config.demoMode),
      });
    },
  );

  app.put(
    Paths.threshold,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Sets the low-balance alert threshold (đồng; 0 turns the alert off)',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: thresholdSchema,
        response: { 200: envelopeSchema(accountSchema) },
      },
    },
    async (request) => {
      const access = await requireAdsOnboarded(request, { manage: true });
      await db.transaction((tx) => setLowBalanceThreshold(tx, access.merchantId, request.body.lowBalanceThreshold));
      return ok(request, await accountView(db, repo, access, app.config.demoMode));
    },
  );

  app.get(
    Paths.spending,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Spending (DEBIT) by Asia/Ho_Chi_Minh day (every day of the range, 0 when none) and by campaign',
        params: merchantParams,
        querystring: spendingQuery,
        response: { 200: envelopeSchema(spendingSchema) },
      },
    },
    async (request) => {
      const access = await requireAdsOnboarded(request);
      const { from, to } = request.query;
      const spending = await repo.spending(access.merchantId, from, to);
      return ok(request, { ...spending, byDay: fillDays(from, to, spending.byDay) });
    },
  );

  app.get(
    Paths.payments,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Payment history: top-ups and refunds of unspent campaign budget (RELEASE), newest first, paged',
        params: merchantParams,
        querystring: paymentsQuery,
        response: { 200: envelopeSchema(pageSchema(paymentSchema)) },
      },
    },
    async (request) => {
      const access = await requireAdsOnboarded(request);
      const { rows, total } = await repo.payments(access.merchantId, request.query, request.query);
      return ok(request, toPage(rows, total, request.query));
    },
  );

  app.get(
    Paths.paymentsExport,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Every payment the filter selects as CSV or XLSX (streamed, no row cap)', params: merchantParams, querystring: paymentsExportQuery, response: fileResponse },
    },
    async (request, reply) => {
      const access = await requireAdsOnboarded(request);
      const { format, ...filter } = request.query;
      const name = `marketing-payments_${asciiFileNamePart(membershipOf(request).merchant.partnerCode)}`;
      return sendFile(reply, format, name, paymentRows(repo.streamPayments(access.merchantId, filter), request.lang), headed(PAYMENT_COLUMNS, request.lang), translate(request.lang, 'marketing.export.paymentsSheet'));
    },
  );

  app.get(
    Paths.transactions,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Transaction history: the debits of each campaign per Asia/Ho_Chi_Minh day, newest day first, paged; with the debited campaigns for the filter',
        params: merchantParams,
        querystring: transactionsQuery,
        response: {
          200: envelopeSchema(pageSchema(transactionSchema).extend({ campaigns: z.array(z.object({ campaignId: z.number().int(), campaignName: z.string().nullable() })) })),
        },
      },
    },
    async (request) => {
      const access = await requireAdsOnboarded(request);
      const { rows, total } = await repo.transactions(access.merchantId, request.query, request.query);
      return ok(request, { ...toPage(rows, total, request.query), campaigns: await repo.debitedCampaigns(access.merchantId) });
    },
  );

  app.get(
    Paths.transactionsExport,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Every campaign-day of debits the filter selects as CSV or XLSX (streamed, no row cap)', params: merchantParams, querystring: transactionsExportQuery, response: fileResponse },
    },
    async (request, reply) => {
      const access = await requireAdsOnboarded(request);
      const { format, ...filter } = request.query;
      const name = `marketing-transactions_${asciiFileNamePart(membershipOf(request).merchant.partnerCode)}`;
      return sendFile(reply, format, name, transactionRows(repo.streamTransactions(access.merchantId, filter)), headed(TRANSACTION_COLUMNS, request.lang), translate(request.lang, 'marketing.export.transactionsSheet'));
    },
  );
};
