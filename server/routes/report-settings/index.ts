/**
 * Report settings (spec §2 report-settings, /create, /{id}; MERCHANT_REPORT_SETTING_LIST): scheduled
 * reports with columns, stores, a daily/weekly/monthly schedule in Asia/Ho_Chi_Minh and recipients;
 * and the files they produce, listed by report type for download (the generic report list of §2).
 * A scheduled run e-mails its recipients that the file is ready; "run now" only makes the file.
 * The scheduler itself is server/lib/scheduler; this module starts it with the app (not under test).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import {
  REPORT_SETTING_TYPES,
  ReportCenterPaths,
  reportSettingSchema,
  SETTING_TYPE_ROUTE_CODES,
  type ReportFile,
  type ReportSetting,
  type ReportSettingBody,
  type ReportSettingType,
} from '@/domain/reportCenter';
import { nextRunAt } from '@/domain/time';
import { reportFiles, reportSettings, stores } from '../../db/schema';
import type { Membership } from '../../db/repositories/memberships';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../envelope';
import { ApiError } from '../../errors';
import { attachmentDisposition } from '../../lib/export';
import { runSettingNow, startReportScheduler, type ReportFileRow, type ReportSettingRow } from '../../lib/scheduler';
import { pageQueryShape, pageSchema, toPage, offsetOf } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam } from '../../validation';
import { canOpen, requireRouteCode } from '../../lib/report-family/access';
import { EXPORT_CONTENT_TYPES } from '../../lib/export-jobs';
import { runInBackground } from '../../lib/scheduler/periodic';

const params = z.strictObject({ merchantId: idParam });
const idParams = z.strictObject({ merchantId: idParam, id: idParam });
const typeParam = z.enum(REPORT_SETTING_TYPES).optional();
const tags = ['report-settings'];

const settingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  reportType: z.enum(REPORT_SETTING_TYPES),
  columns: z.array(z.string()),
  storeIds: z.array(z.number().int()),
  frequency: z.enum(['DAILY', 'WEEKLY', 'MONTHLY']),
  runTime: z.string(),
  dayOfWeek: z.number().int().nullable().optional(),
  dayOfMonth: z.number().int().nullable().optional(),
  recipients: z.array(z.string()),
  format: z.enum(['csv', 'xlsx']),
  isActive: z.boolean(),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const fileSchema = z.object({
  id: z.number().int(),
  settingId: z.number().int().nullable(),
  settingName: z.string().nullable(),
  reportType: z.enum(REPORT_SETTING_TYPES),
  periodFrom: z.string(),
  periodTo: z.string(),
  format: z.enum(['csv', 'xlsx']),
  fileName: z.string(),
  rowCount: z.number().int(),
  sizeBytes: z.number().int(),
  status: z.enum(['PENDING', 'READY', 'FAILED']),
  createdAt: z.string(),
});

function toSetting(row: ReportSettingRow & { createdByName?: string | null }): ReportSetting {
  return {
    id: row.id,
    name: row.name,
    reportType: row.reportType as ReportSettingType,
    columns: row.columns,
    storeIds: row.storeIds,
    frequency: row.frequency as ReportSetting['frequency'],
    runTime: row.runTime,
    dayOfWeek: row.dayOfWeek,
    dayOfMonth: row.dayOfMonth,
    recipients: row.recipients,
    format: row.format as ReportSetting['format'],
    isActive: row.isActive,
    nextRunAt: row.isActive && row.nextRunAt ? row.nextRunAt.toISOString() : null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdBy: row.createdByName ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toFile(row: Omit<ReportFileRow, 'content'>): ReportFile {
  return {
    id: row.id,
    settingId: row.settingId,
    settingName: row.settingName,
    reportType: row.reportType as ReportSettingType,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    format: row.format as ReportFile['format'],
    fileName: row.fileName,
    rowCount: row.rowCount,
    sizeBytes: row.sizeBytes,
    status: row.status as ReportFile['status'],
    createdAt: row.createdAt.toISOString(),
  };
}

/** The report types whose report the caller may open (and so schedule or download). */
const openTypes = (membership: Membership): ReportSettingType[] =>
  REPORT_SETTING_TYPES.filter((type) => canOpen(membership, SETTING_TYPE_ROUTE_CODES[type]));

function requireSettings(request: FastifyRequest): Membership {
  const membership = membershipOf(request);
  requireRouteCode(membership, 'MERCHANT_REPORT_SETTING_LIST');
  return membership;
}

/**
 * Produced files hold every store the setting chose: a store-scoped user (who could only see their own
 * stores' rows) gets none of them.
 */
function filesMembership(request: FastifyRequest): Membership {
  const membership = membershipOf(request);
  if (membership.storeIds !== null) throw ApiError.forbidden();
  return membership;
}

const fileColumns = {
  id: reportFiles.id,
  merchantId: reportFiles.merchantId,
  settingId: reportFiles.settingId,
  settingName: reportFiles.settingName,
  reportType: reportFiles.reportType,
  periodFrom: reportFiles.periodFrom,
  periodTo: reportFiles.periodTo,
  format: reportFiles.format,
  fileName: reportFiles.fileName,
  rowCount: reportFiles.rowCount,
  sizeBytes: reportFiles.sizeBytes,
  status: reportFiles.status,
  recipients: reportFiles.recipients,
  createdAt: reportFiles.createdAt,
};

export const reportSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  runInBackground(app, () => startReportScheduler(db, app.log, app.notifier));

  const findSetting = async (merchantId: number, id: number) => {
    const [row] = await db.select().from(reportSettings).where(and(eq(reportSettings.merchantId, merchantId), eq(reportSettings.id, id)));
    if (!row) throw ApiError.notFound();
    return row;
  };

  /** Rules the schema cannot know: the caller may open the type's report, the stores are the merchant's. */
  const checkBody = async (membership: Membership, body: ReportSettingBody) => {
    requireRouteCode(membership, SETTING_TYPE_ROUTE_CODES[body.reportType]);
    const ids = [...new Set(body.storeIds)];
    if (ids.length) {
      const found = await db
        .select({ id: stores.id })
        .from(stores)
        .where(and(eq(stores.merchantId, membership.merchant.id), inArray(stores.id, ids)));
      if (found.length !== ids.length) throw new ApiError(400, ApiStatus.VALIDATION, 'reportCenter.errors.unknownStore');
    }
    return { ...body, storeIds: ids };
  };

  const valuesOf = (body: ReportSettingBody) => ({
    name: body.name.trim(),
    reportType: body.reportType,
    columns: body.columns,
    storeIds: body.storeIds,
    frequency: body.frequency,
    runTime: body.runTime,
    dayOfWeek: body.frequency === 'WEEKLY' ? (body.dayOfWeek ?? null) : null,
    dayOfMonth: body.frequency === 'MONTHLY' ? (body.dayOfMonth ?? null) : null,
    recipients: [...new Set(body.recipients.map((r) => r.toLowerCase()))],
    format: body.format,
    isActive: body.isActive,
    nextRunAt: body.isActive ? nextRunAt(body, new Date()) : null,
    updatedAt: new Date(),
  });

  app.get(
    ReportCenterPaths.reportSettings,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Report settings of the merchant, newest first, optionally of one report type',
        params,
        querystring: apiQuery({ ...pageQueryShape, type: typeParam }),
        response: { 200: envelopeSchema(pageSchema(settingSchema)) },
      },
    },
    async (request) => {
      const membership = requireSettings(request);
      const types = openTypes(membership).filter((t) => !request.query.type || t === request.query.type);
      const where = and(eq(reportSettings.merchantId, membership.merchant.id), inArray(reportSettings.reportType, types.length ? types : ['-']));
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(reportSettings).where(where).orderBy(desc(reportSettings.id)).limit(request.query.pageSize).offset(offsetOf(request.query)),
        db.select({ total: count() }).from(reportSettings).where(where),
      ]);
      return ok(request, toPage(rows.map((r) => toSetting(r)), total, request.query));
    },
  );

  app.post(
    ReportCenterPaths.reportSettings,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Create a report setting; its first run is computed at once', params, querystring: apiQuery({}), body: reportSettingSchema, response: { 200: envelopeSchema(settingSchema) } },
    },
    async (request) => {
      const membership = requireSettings(request);
      const body = await checkBody(membership, request.body);
      const [row] = await db
        .insert(reportSettings)
        .values({ ...valuesOf(body), merchantId: membership.merchant.id, createdBy: callerOf(request).userId })
        .returning();
      return ok(request, toSetting({ ...row, createdByName: callerOf(request).username }));
    },
  );

  /** The setting named by the path, for a caller who may manage settings and open that report type. */
  async function settingOf(request: FastifyRequest, id: number) {
    const membership = requireSettings(request);
    const setting = await findSetting(membership.merchant.id, id);
    requireRouteCode(membership, SETTING_TYPE_ROUTE_CODES[setting.reportType as ReportSettingType]);
    return { membership, setting };
  }

  app.get(
    ReportCenterPaths.reportSetting,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'One report setting', params: idParams, querystring: apiQuery({}), response: { 200: envelopeSchema(settingSchema) } },
    },
    async (request) => {
      const { setting: row } = await settingOf(request, request.params.id);
      return ok(request, toSetting(row));
    },
  );

  app.put(
    ReportCenterPaths.reportSetting,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Replace a report setting (the next run is recomputed)', params: idParams, querystring: apiQuery({}), body: reportSettingSchema, response: { 200: envelopeSchema(settingSchema) } },
    },
    async (request) => {
      const { membership, setting: existing } = await settingOf(request, request.params.id);
      const body = await checkBody(membership, request.body);
      const [row] = await db
        .update(reportSettings)
        .set(valuesOf(body))
        .where(and(eq(reportSettings.merchantId, membership.merchant.id), eq(reportSettings.id, existing.id)))
        .returning();
      return ok(request, toSetting(row));
    },
  );

  app.delete(
    ReportCenterPaths.reportSetting,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Delete a report setting (files already produced stay listed)', params: idParams, querystring: apiQuery({}), response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const { membership, setting: existing } = await settingOf(request, request.params.id);
      await db.delete(reportSettings).where(and(eq(reportSettings.merchantId, membership.merchant.id), eq(reportSettings.id, existing.id)));
      return okEmpty(request);
    },
  );

  app.post(
    ReportCenterPaths.reportSettingRun,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Produce the last complete period of the schedule now', params: idParams, querystring: apiQuery({}), response: { 200: envelopeSchema(fileSchema) } },
    },
    async (request) => {
      const { membership, setting } = await settingOf(request, request.params.id);
      const file = await runSettingNow(db, setting, membership.merchant.partnerCode, new Date(), request.log);
      if (!file) throw ApiError.notFound();
      return ok(request, toFile(file));
    },
  );

  app.get(
    ReportCenterPaths.reportFiles,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Produced report files, newest first, by report type (only types whose report the caller may open)',
        params,
        querystring: apiQuery({ ...pageQueryShape, type: typeParam, settingId: idParam.optional() }),
        response: { 200: envelopeSchema(pageSchema(fileSchema)) },
      },
    },
    async (request) => {
      const membership = filesMembership(request);
      const { type, settingId } = request.query;
      if (type) requireRouteCode(membership, SETTING_TYPE_ROUTE_CODES[type]);
      const types = type ? [type] : openTypes(membership);
      const conditions: SQL[] = [
        eq(reportFiles.merchantId, membership.merchant.id),
        inArray(reportFiles.reportType, types.length ? types : ['-']),
      ];
      if (settingId) conditions.push(eq(reportFiles.settingId, settingId));
      const where = and(...conditions);
      const [rows, [{ total }]] = await Promise.all([
        db.select(fileColumns).from(reportFiles).where(where).orderBy(desc(reportFiles.id)).limit(request.query.pageSize).offset(offsetOf(request.query)),
        db.select({ total: count() }).from(reportFiles).where(where),
      ]);
      return ok(request, toPage(rows.map(toFile), total, request.query));
    },
  );

  app.get(
    ReportCenterPaths.reportFileDownload,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Download a produced report file', params: idParams, querystring: apiQuery({}), response: { 200: z.unknown() } },
    },
    async (request, reply) => {
      const membership = filesMembership(request);
      const [file] = await db
        .select()
        .from(reportFiles)
        .where(and(eq(reportFiles.merchantId, membership.merchant.id), eq(reportFiles.id, request.params.id)));
      if (!file || file.status !== 'READY' || !file.content) throw ApiError.notFound();
      requireRouteCode(membership, SETTING_TYPE_ROUTE_CODES[file.reportType as ReportSettingType]);
      return reply
        .header('Content-Type', EXPORT_CONTENT_TYPES[file.format as 'csv' | 'xlsx'])
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('Cache-Control', 'no-store')
        .send(file.content);
    },
  );
};
