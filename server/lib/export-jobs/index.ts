/**
 * Exports of report lists without a row cap (see docs/reports.md). A small selection is sent in the
 * response; a large one becomes an export job written in the background to the shared blob storage (the
 * database, or S3 when configured: server/lib/files/blobs.ts), with progress in `export_jobs` and a
 * download later from any API process. Only the user who asked sees their jobs. A small file
 * is kept the same way as a finished job, so "Các file đã xuất" lists every export the user made; and
 * every export is written to the audit trail (./audit).
 *
 * Jobs run in the process that was asked: a restart marks the unfinished ones FAILED (see
 * failInterrupted) rather than leaving them RUNNING forever. On PostgreSQL other processes may be running
 * jobs of their own, so there only jobs older than STALE_JOB_MS are taken for interrupted. Rows come from the caller's keyset-batch iterator, never from one
 * long transaction: PGlite runs one query at a time, and a transaction would hold every other request.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiStatus } from '@/domain/api';
import { exportableColumns } from '@/domain/reportCenter';
import type { ExportFormat, ExportJob } from '@/domain/transactionReport';
import type { Database, Db } from '../../db/client';
import { exportJobs } from '../../db/schema';
import { ok } from '../../envelope';
import { ApiError } from '../../errors';
import { callerOf } from '../../plugins/auth';
import { attachmentDisposition, csvFromDatabase, csvStream, xlsxStream, type ExportColumn, type ExportRow } from '../export';
import { blobStorageFor, type BlobStorage } from '../files/blobs';
import { runPeriodically } from '../scheduler/periodic';
import { recordExport } from './audit';
import { notify } from '../notifications';

export { recordExport, exportTrail, EXPORT_KINDS, type ExportKind, type ExportAuditEntry } from './audit';
export { exportFileName, EXPORT_FILE_SLUGS } from './naming';

/** At or below `smallMaxRows` rows the file is sent at once; above, an export job is made (EXPORT_SMALL_MAX_ROWS; tests lower it). */
export const exportLimits = { smallMaxRows: 5_000 };
/** Finished files are kept this long, then deleted with their job. */
export const EXPORT_RETENTION_MS = 7 * 86_400_000;
/** Expired jobs are looked for this often (and at start), in every process: the deletes are idempotent. */
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Expired jobs deleted per statement, so a long backlog never becomes one long transaction. */
const PURGE_BATCH = 100;
/** On PostgreSQL, an unfinished job this old was cut short (no export runs for hours). */
export const STALE_JOB_MS = 3 * 60 * 60 * 1000;
/** Progress is written every this many rows (one UPDATE), not per row. */
const PROGRESS_EVERY = 20_000;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ReportExportRequest {
  /** The report key ('transaction-report', 'card-payment-report', …). */
  report: string;
  format: ExportFormat;
  /** In the user's chosen order, headers already translated. */
  columns: ExportColumn[];
  /** With extension. */
  fileName: string;
  sheetName: string;
  /** The validated filter and column keys, stored with the job. */
  params: Record<string, unknown>;
  count: () => Promise<number>;
  /** Called exactly once; batches from the database as the file is written. */
  rows: () => AsyncIterable<ExportRow>;
  /**
   * Optional, for CSV export jobs: the records as CSV text written by the database (Database.copyCsv),
   * each cell already as the CSV writer would make it. Used instead of `rows` when present: a million
   * rows decoded field by field in JavaScript is what made large exports slow.
   */
  csvChunks?: () => AsyncIterable<Buffer>;
  formatDate?: (date: Date) => string;
}

type JobRow = typeof exportJobs.$inferSelect;

export function toExportJob(row: JobRow): ExportJob {
  return {
    id: row.id,
    report: row.report,
    format: row.format as ExportFormat,
    status: row.status as ExportJob['status'],
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function fileStream(request: Pick<ReportExportRequest, 'format' | 'columns' | 'sheetName' | 'formatDate'>, rows: AsyncIterable<ExportRow>): Readable {
  return request.format === 'csv'
    ? csvStream(rows, request.columns, { formatDate: request.formatDate })
    : xlsxStream(rows, request.columns, request.sheetName);
}

/**
 * The columns an export writes: the ones asked for (else the report's defaults), without those the
 * caller's role may not export (store-scoped roles: no customer personal data, no fees). Nothing left:
 * 403 with the reason.
 */
export function exportKeysFor<C extends string>(storeScoped: boolean, asked: readonly C[] | undefined, defaults: readonly C[]): C[] {
  const keys = exportableColumns(asked?.length ? asked : defaults, storeScoped);
  if (keys.length === 0) throw new ApiError(403, ApiStatus.FORBIDDEN, 'exports.errors.restrictedColumns');
  return keys;
}

/** Reads a whole (small) stream into memory. */
export async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
  return Buffer.concat(parts);
}

/** The audit trail's view of a request: the filter without the column keys, and the column keys. */
export function auditedParams(request: Pick<ReportExportRequest, 'params' | 'columns'>) {
  const { columns: _columns, ...filter } = request.params;
  return { filter, columns: request.columns.map((c) => c.key) };
}

/** Counts rows as they pass, reporting every PROGRESS_EVERY. */
async function* counted(rows: AsyncIterable<ExportRow>, onProgress: (n: number) => void): AsyncGenerator<ExportRow> {
  let n = 0;
  for await (const row of rows) {
    n += 1;
    if (n % PROGRESS_EVERY === 0) onProgress(n);
    yield row;
  }
  onProgress(n);
}

/** Passes a running count on each time it has grown by PROGRESS_EVERY since the last one passed. */
function everyProgressStep(onProgress: (n: number) => void): (n: number) => void {
  let reported = 0;
  return (n) => {
    if (n - reported >= PROGRESS_EVERY) {
      reported = n;
      onProgress(n);
    }
  };
}

export class ExportJobs {
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    readonly storage: BlobStorage,
  ) {}

  /** The blob key of a job's file. */
  fileKey(id: string): string {
    // Ids are UUIDs we made; the check keeps a crafted id from ever naming another file.
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error('bad export id');
    return `exports/${id}`;
  }

  /** Creates the job and starts writing its file; resolves once the job row exists. */
  async create(merchantId: number, userId: number, request: ReportExportRequest, totalRows: number): Promise<ExportJob> {
    const id = randomUUID();
    const row = await this.insertJob(id, merchantId, userId, request, totalRows, { status: 'QUEUED' }, new Date());
    const run = this.run(id, request).finally(() => this.running.delete(id));
    this.running.set(id, run);
    return toExportJob(row!);
  }

  /** Records a file already made (a small export sent at once) as a finished job, kept for re-download. */
  async createFinished(merchantId: number, userId: number, request: ReportExportRequest, totalRows: number, content: Buffer): Promise<ExportJob> {
    const id = randomUUID();
    await this.storage.put(this.fileKey(id), [content]);
    const now = new Date();
    const row = await this.insertJob(id, merchantId, userId, request, totalRows, { status: 'DONE', processedRows: totalRows, sizeBytes: content.length, finishedAt: now }, now);
    return toExportJob(row);
  }

  /** The job row of `request` (kept EXPORT_RETENTION_MS from `now`), with the state it starts in. */
  private async insertJob(
    id: string,
    merchantId: number,
    userId: number,
    request: ReportExportRequest,
    totalRows: number,
    state: Pick<typeof exportJobs.$inferInsert, 'status' | 'processedRows' | 'sizeBytes' | 'finishedAt'>,
    now: Date,
  ) {
    const [row] = await this.db
      .insert(exportJobs)
      .values({
        id,
        merchantId,
        userId,
        report: request.report,
        format: request.format,
        params: request.params,
        totalRows,
        fileName: request.fileName,
        expiresAt: new Date(now.getTime() + EXPORT_RETENTION_MS),
        ...state,
      })
      .returning();
    return row!;
  }

  private async run(id: string, request: ReportExportRequest): Promise<void> {
    const key = this.fileKey(id);
    let progress = Promise.resolve();
    const report = (n: number) => {
      progress = progress.then(async () => {
        await this.db.update(exportJobs).set({ processedRows: n }).where(eq(exportJobs.id, id));
      });
    };
    try {
      await this.db.update(exportJobs).set({ status: 'RUNNING' }).where(eq(exportJobs.id, id));
      let stored: { sizeBytes: number };
      if (request.format === 'csv' && request.csvChunks) {
        let written = 0;
        const step = everyProgressStep(report);
        const records = (n: number) => {
          written = n;
          step(n);
        };
        // Written to the storage as it is produced (1 MB database chunks or 5 MB S3 parts), never whole in memory.
        stored = await this.storage.put(key, Readable.from(csvFromDatabase(request.csvChunks(), request.columns, records)));
        report(written);
      } else {
        stored = await this.storage.put(key, fileStream(request, counted(request.rows(), report)));
      }
      await progress;
      // Done and told in one transaction: the requester's bell hears of the file only once it can be downloaded.
      await this.db.transaction(async (tx) => {
        const [done] = await tx
          .update(exportJobs)
          .set({ status: 'DONE', sizeBytes: stored.sizeBytes, finishedAt: new Date() })
          .where(eq(exportJobs.id, id))
          .returning({ merchantId: exportJobs.merchantId, userId: exportJobs.userId, fileName: exportJobs.fileName, report: exportJobs.report });
        if (!done) return;
        await notify(tx, {
          merchantId: done.merchantId,
          kind: 'EXPORT_READY',
          params: { fileName: done.fileName, report: done.report },
          link: '/portal/app/report-center',
          userIds: [done.userId],
        });
      });
    } catch (err) {
      await progress.catch(() => undefined);
      await this.storage.remove(key).catch(() => undefined);
      await this.db
        .update(exportJobs)
        .set({ status: 'FAILED', error: err instanceof Error ? err.message.slice(0, 500) : 'failed', finishedAt: new Date() })
        .where(eq(exportJobs.id, id))
        .catch(() => undefined);
    }
  }

  /** Waits for the jobs in flight (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  async list(merchantId: number, userId: number, page: { pageNumber: number; pageSize: number }, report?: string) {
    const where = and(
      eq(exportJobs.merchantId, merchantId),
      eq(exportJobs.userId, userId),
      report ? eq(exportJobs.report, report) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(exportJobs)
        .where(where)
        .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id))
        .limit(page.pageSize)
        .offset(page.pageNumber * page.pageSize),
      this.db.select({ total: sql<number>`count(*)::int` }).from(exportJobs).where(where),
    ]);
    return { rows: rows.map(toExportJob), total: total ?? 0 };
  }

  async get(merchantId: number, userId: number, id: string): Promise<ExportJob | null> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return null;
    const [row] = await this.db
      .select()
      .from(exportJobs)
      .where(and(eq(exportJobs.id, id), eq(exportJobs.merchantId, merchantId), eq(exportJobs.userId, userId)));
    return row ? toExportJob(row) : null;
  }

  /** The finished file, from whichever process made it; null when it is gone (purged, or lost from storage). */
  async openFile(id: string): Promise<Readable | null> {
    return this.storage.get(this.fileKey(id));
  }

  /** Jobs cut short by a restart can never finish: say so instead of showing them RUNNING forever. */
  async failInterrupted(startedBefore?: Date): Promise<void> {
    await this.db
      .update(exportJobs)
      .set({ status: 'FAILED', error: 'interrupted', finishedAt: new Date() })
      .where(and(inArray(exportJobs.status, ['QUEUED', 'RUNNING']), startedBefore ? lt(exportJobs.createdAt, startedBefore) : undefined));
  }

  /**
   * Deletes expired jobs and their files: the file first, then the row, so a failure leaves the row to
   * retry next time rather than a file nobody points to. Safe in several processes at once.
   */
  async purgeExpired(now = new Date()): Promise<number> {
    let purged = 0;
    for (;;) {
      const expired = await this.db
        .select({ id: exportJobs.id })
        .from(exportJobs)
        .where(lt(exportJobs.expiresAt, now))
        .orderBy(asc(exportJobs.expiresAt))
        .limit(PURGE_BATCH);
      if (expired.length === 0) return purged;
      const ids = expired.map((e) => e.id);
      for (const id of ids) await this.storage.remove(this.fileKey(id));
      const gone = await this.db.delete(exportJobs).where(inArray(exportJobs.id, ids)).returning({ id: exportJobs.id });
      purged += gone.length;
      if (expired.length < PURGE_BATCH) return purged;
    }
  }
}

const services = new WeakMap<Database, ExportJobs>();

/** The one export-job service of an app's database. */
export function exportJobsOf(app: FastifyInstance): ExportJobs {
  let service = services.get(app.database);
  if (!service) {
    service = new ExportJobs(app.database.db, blobStorageFor(app.config.fileStorage, app.database.db));
    services.set(app.database, service);
  }
  return service;
}

/**
 * Called once while the app registers its routes (report-jobs module): jobs a restart cut short are
 * failed, expired jobs and files deleted now and every hour, and closing the app waits for the jobs in flight.
 */
export async function initExportJobs(app: FastifyInstance): Promise<void> {
  exportLimits.smallMaxRows = app.config.exportSmallMaxRows;
  const service = exportJobsOf(app);
  // The embedded database has one process: whatever is unfinished was this process's before the restart.
  const staleBefore = () => (app.database.kind === 'pglite' ? undefined : new Date(Date.now() - STALE_JOB_MS));
  await service.failInterrupted(staleBefore());
  const stopPurge = runPeriodically(
    PURGE_EVERY_MS,
    async () => {
      if (app.database.kind !== 'pglite') await service.failInterrupted(staleBefore());
      await service.purgeExpired();
    },
    (err) => app.log.warn({ err }, 'export files: purge of expired jobs failed'),
  );
  app.addHook('onClose', async () => {
    await stopPurge();
    await service.idle();
  });
}

/**
 * The one call a report route makes: a small selection is sent as the file (200, attachment) and kept in
 * the user's export history; a large one answers 202 with the job in the envelope. Both are audited.
 */
export async function sendReportExport(request: FastifyRequest, reply: FastifyReply, exportRequest: ReportExportRequest) {
  const membership = request.membership;
  if (!membership) throw new Error('sendReportExport needs merchantScope');
  const caller = callerOf(request);
  const jobs = exportJobsOf(request.server);
  const total = await exportRequest.count();
  const audit = (kind: 'MANUAL' | 'JOB', reference: string) =>
    recordExport(request.server.database.db, {
      merchantId: membership.merchant.id,
      userId: caller.userId,
      username: caller.username,
      kind,
      report: exportRequest.report,
      format: exportRequest.format,
      ...auditedParams(exportRequest),
      rowCount: total,
      fileName: exportRequest.fileName,
      reference,
    });
  if (total <= exportLimits.smallMaxRows) {
    // At most smallMaxRows rows: made in memory, so it can be kept for "Các file đã xuất" before it is sent.
    const content = await collect(fileStream(exportRequest, exportRequest.rows()));
    const kept = await jobs.createFinished(membership.merchant.id, caller.userId, exportRequest, total, content);
    await audit('MANUAL', kept.id);
    return reply
      .header('Content-Type', EXPORT_CONTENT_TYPES[exportRequest.format])
      .header('Content-Disposition', attachmentDisposition(exportRequest.fileName))
      .header('Cache-Control', 'no-store')
      .send(content);
  }
  const job = await jobs.create(membership.merchant.id, caller.userId, exportRequest, total);
  await audit('JOB', job.id);
  return reply.code(202).send(ok(request, job));
}
