/**
 * Scheduled reports. The state is in the database only (`report_settings.next_run_at`, `report_files`),
 * so the scheduler survives restarts and several processes on one PostgreSQL can run it at once:
 *
 * 1. claim (one short transaction): due settings are locked FOR UPDATE SKIP LOCKED, a PENDING
 *    report_files row is inserted for the period of the due run (unique per setting and period, so a run
 *    is produced at most once) and next_run_at moves to the following run;
 * 2. produce (outside the transaction: PGlite serialises every query inside one): the rows are read by
 *    keyset and the file is stored on its report_files row, which becomes READY (or FAILED).
 *
 * A process that dies between 1 and 2 leaves a PENDING row; any process picks it up again once it is
 * older than STALE_PENDING_MS. Missed runs (server down) are caught up one period each.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, lt, lte } from 'drizzle-orm';
import {
  SETTING_TYPE_REPORTS,
  type ReportFileFormat,
  type ReportSchedule,
  type ReportSettingType,
} from '@/domain/reportCenter';
import { formatDay, nextRunAt, periodOf } from '@/domain/time';
import type { Db } from '../../db/client';
import { merchants, reportFiles, reportSettings, users } from '../../db/schema';
import { translate, type Lang } from '../../i18n';
import type { Notifier } from '../notifier';
import { auditedParams, collect, exportFileName, fileStream, recordExport } from '../export-jobs';
import { runPeriodically } from './periodic';
import { scheduledExportRequest } from './sources';

export type ReportSettingRow = typeof reportSettings.$inferSelect;
export type ReportFileRow = typeof reportFiles.$inferSelect;

/** How often a process looks for due reports. */
export const SCHEDULER_INTERVAL_MS = 30_000;
/** A PENDING file older than this is taken to be orphaned by a dead process and produced again. */
export const STALE_PENDING_MS = 10 * 60_000;
/** Settings claimed per transaction. */
const CLAIM_BATCH = 10;
/** Scheduled files are written in Vietnamese, the product's default language. */
const FILE_LANG: Lang = 'vi';

export const scheduleOf = (s: Pick<ReportSettingRow, 'frequency' | 'runTime' | 'dayOfWeek' | 'dayOfMonth'>): ReportSchedule => ({
  frequency: s.frequency as ReportSchedule['frequency'],
  runTime: s.runTime,
  dayOfWeek: s.dayOfWeek,
  dayOfMonth: s.dayOfMonth,
});

/** The name a run's file gets: the manual export's naming (report, partner, period, time made). */
export function reportFileName(type: ReportSettingType, partnerCode: string, fromDate: string, toDate: string, format: ReportFileFormat, now = new Date()) {
  return exportFileName(SETTING_TYPE_REPORTS[type], partnerCode, fromDate, toDate, format, now);
}

/** Writes the file of a claimed (PENDING) report_files row and marks it READY, or FAILED on error; audited. */
export async function produceFile(db: Db, fileId: number, log?: FastifyBaseLogger): Promise<ReportFileRow | null> {
  const [file] = await db.select().from(reportFiles).where(eq(reportFiles.id, fileId));
  if (!file) return null;
  const [setting] = file.settingId ? await db.select().from(reportSettings).where(eq(reportSettings.id, file.settingId)) : [];
  try {
    if (!setting) throw new Error('report setting removed');
    const [merchant] = await db.select({ partnerCode: merchants.partnerCode }).from(merchants).where(eq(merchants.id, file.merchantId));
    const request = scheduledExportRequest(db, {
      type: file.reportType as ReportSettingType,
      merchantId: file.merchantId,
      partnerCode: merchant!.partnerCode,
      fromDate: file.periodFrom,
      toDate: file.periodTo,
      storeIds: setting.storeIds,
      columns: setting.columns,
      format: file.format as ReportFileFormat,
      lang: FILE_LANG,
    });
    let rowCount = 0;
    const counted = async function* () {
      for await (const row of request.rows()) {
        rowCount++;
        yield row;
      }
    };
    const content = await collect(fileStream(request, counted()));
    const [ready] = await db
      .update(reportFiles)
      .set({ content, rowCount, sizeBytes: content.length, status: 'READY', fileName: request.fileName, createdAt: new Date() })
      .where(eq(reportFiles.id, fileId))
      .returning();
    const [author] = setting.createdBy
      ? await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, setting.createdBy))
      : [];
    await recordExport(db, {
      merchantId: file.merchantId,
      userId: author?.id ?? null,
      username: author?.username ?? null,
      kind: 'SCHEDULED',
      report: request.report,
      format: request.format,
      ...auditedParams(request),
      rowCount,
      fileName: request.fileName,
      reference: String(fileId),
    });
    log?.info({ fileId, settingId: setting.id, rowCount, sizeBytes: content.length }, 'scheduled report produced');
    return ready;
  } catch (err) {
    log?.error({ err, fileId }, 'scheduled report failed');
    const [failed] = await db.update(reportFiles).set({ status: 'FAILED' }).where(eq(reportFiles.id, fileId)).returning();
    return failed;
  }
}

/** Inserts the PENDING file row of one run of `setting` (the caller holds the setting). */
async function pendingFile(
  db: Pick<Db, 'insert'>,
  setting: ReportSettingRow,
  partnerCode: string,
  period: { fromDate: string; toDate: string },
  replace: boolean,
): Promise<number | null> {
  const values = {
    merchantId: setting.merchantId,
    settingId: setting.id,
    settingName: setting.name,
    reportType: setting.reportType,
    periodFrom: period.fromDate,
    periodTo: period.toDate,
    format: setting.format,
    fileName: reportFileName(setting.reportType as ReportSettingType, partnerCode, period.fromDate, period.toDate, setting.format as ReportFileFormat),
    status: 'PENDING',
    recipients: setting.recipients,
  };
  const insert = db.insert(reportFiles).values(values);
  const [row] = replace
    ? await insert
        .onConflictDoUpdate({
          target: [reportFiles.settingId, reportFiles.periodFrom, reportFiles.periodTo],
          set: { status: 'PENDING', format: values.format, fileName: values.fileName, settingName: values.settingName, recipients: values.recipients, createdAt: new Date() },
        })
        .returning({ id: reportFiles.id })
    : await insert.onConflictDoNothing().returning({ id: reportFiles.id });
  return row?.id ?? null;
}

/** Claims due settings (see the module comment) and returns the file rows to produce. */
async function claimDue(db: Db, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ setting: reportSettings, partnerCode: merchants.partnerCode })
      .from(reportSettings)
      .innerJoin(merchants, eq(merchants.id, reportSettings.merchantId))
      .where(and(eq(reportSettings.isActive, true), lte(reportSettings.nextRunAt, now)))
      .orderBy(asc(reportSettings.nextRunAt))
      .limit(CLAIM_BATCH)
      .for('update', { of: reportSettings, skipLocked: true });
    const fileIds: number[] = [];
    for (const { setting, partnerCode } of due) {
      const runAt = setting.nextRunAt!;
      const schedule = scheduleOf(setting);
      const id = await pendingFile(tx, setting, partnerCode, periodOf(schedule, runAt), false);
      if (id !== null) fileIds.push(id);
      await tx
        .update(reportSettings)
        .set({ nextRunAt: nextRunAt(schedule, runAt), lastRunAt: runAt })
        .where(eq(reportSettings.id, setting.id));
    }
    return fileIds;
  });
}

/**
 * PENDING files left behind by a process that stopped mid-run; claimed by moving their clock. Judged by
 * the real clock (not the pass's `now`): staleness is about how long a process has been silent.
 */
async function claimStale(db: Db): Promise<number[]> {
  const now = new Date();
  const stale = await db
    .update(reportFiles)
    .set({ createdAt: now })
    .where(
      inArray(
        reportFiles.id,
        db
          .select({ id: reportFiles.id })
          .from(reportFiles)
          .where(and(eq(reportFiles.status, 'PENDING'), lt(reportFiles.createdAt, new Date(now.getTime() - STALE_PENDING_MS))))
          .limit(CLAIM_BATCH)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: reportFiles.id });
  return stale.map((s) => s.id);
}

/**
 * Tells a scheduled run's recipients by e-mail that its file is ready (name, period, rows) and where to
 * download it: the file itself stays behind the portal's sign-in (customer data does not travel by mail).
 * A failed delivery is logged; the file stands.
 */
export async function emailRecipients(file: ReportFileRow, notifier: Notifier, log?: FastifyBaseLogger): Promise<number> {
  if (file.status !== 'READY') return 0;
  const params = {
    name: file.settingName ?? translate(FILE_LANG, `reportCenter.settingTypes.${file.reportType}`),
    period: file.periodFrom === file.periodTo ? formatDay(file.periodFrom) : `${formatDay(file.periodFrom)}–${formatDay(file.periodTo)}`,
    fileName: file.fileName,
    rows: file.rowCount,
  };
  let sent = 0;
  for (const to of file.recipients) {
    try {
      await notifier.send({
        channel: 'EMAIL',
        to,
        title: translate(FILE_LANG, 'reportCenter.email.title', params),
        text: translate(FILE_LANG, 'reportCenter.email.text', params),
      });
      sent++;
    } catch (err) {
      log?.error({ err: (err as Error).message, fileId: file.id }, 'scheduled report e-mail failed');
    }
  }
  return sent;
}

/**
 * One pass: produces every run due at `now` (catching up missed runs) and, with a notifier, e-mails each
 * run's recipients; returns the files produced.
 */
export async function runDueReports(db: Db, now: Date = new Date(), log?: FastifyBaseLogger, notifier?: Notifier): Promise<ReportFileRow[]> {
  const produced: ReportFileRow[] = [];
  for (let round = 0; round < 100; round++) {
    const ids = [...(await claimDue(db, now)), ...(round === 0 ? await claimStale(db) : [])];
    if (ids.length === 0) break;
    for (const id of ids) {
      const file = await produceFile(db, id, log);
      if (file) {
        produced.push(file);
        if (notifier) await emailRecipients(file, notifier, log);
      }
    }
  }
  return produced;
}

/** "Run now": the last complete period of the setting's schedule, produced at once (replacing an older file). */
export async function runSettingNow(db: Db, setting: ReportSettingRow, partnerCode: string, now: Date = new Date(), log?: FastifyBaseLogger) {
  const id = await pendingFile(db, setting, partnerCode, periodOf(scheduleOf(setting), now), true);
  return id === null ? null : produceFile(db, id, log);
}

/** Starts the periodic pass; returns the function that stops it (waiting for a pass in progress). */
export function startReportScheduler(db: Db, log: FastifyBaseLogger, notifier?: Notifier, intervalMs = SCHEDULER_INTERVAL_MS): () => Promise<void> {
  return runPeriodically(
    intervalMs,
    () => runDueReports(db, new Date(), log, notifier),
    (err) => log.error({ err }, 'report scheduler pass failed'),
    // A first pass soon after start catches up what was due while the server was down.
    { firstDelayMs: Math.min(2_000, intervalMs) },
  );
}
