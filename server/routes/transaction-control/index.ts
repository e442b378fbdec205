/**
 * Transaction control (spec §2 transaction-control and transaction-control/{id}, MERCHANT_TRANSACTION_CONTROL):
 * the template, uploading the merchant's order file as a control run (matched in SQL, ./repository), the
 * runs, a run's totals and rows by class (paged in SQL) and their export through the report export jobs.
 * Who may: whoever's sidebar holds MERCHANT_TRANSACTION_CONTROL (src/domain/sidebar.ts); store-scoped roles
 * match against their stores' transactions only and see only runs made within their stores.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { isSafeFileName } from '@/domain/merchantInfo';
import { formatVietnamDateTime } from '@/domain/time';
import { checkRange, transactionFilterShape } from '@/domain/transactionReport';
import {
  CONTROL_CLASSES,
  CONTROL_FILE_TYPES,
  MAX_CONTROL_FILE_BYTES,
  MAX_CONTROL_ROWS,
  TEMPLATE_HEADERS,
  TransactionControlApiPaths as Paths,
  type ControlClass,
  type ControlRow,
} from '@/domain/transactionControl';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate, type Lang } from '../../i18n';
import { attachmentDisposition, xlsxStream, csvStream, type ExportColumn, type ExportRow } from '../../lib/export';
import { EXPORT_CONTENT_TYPES, exportFileName, sendReportExport } from '../../lib/export-jobs';
import { reportScopeOf } from '../../lib/report-family/access';
import { pageQueryShape, pageSchema } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { badControlFile, BadRowsError, readControlFile } from './file';
import { rowCountOf, transactionControlRepository, type ControlScope } from './repository';

/** Export jobs' and the OpenAPI tag's name of this report. */
export const TRANSACTION_CONTROL_KEY = 'transaction-control';
const FILE_SLUG = 'kiem-soat-giao-dich';
const tags = [TRANSACTION_CONTROL_KEY];
/** Bad rows named in the answer; the file is refused whatever their number. */
const ROWS_NAMED = 10;

const merchantParams = z.strictObject({ merchantId: idParam });
const runParams = z.strictObject({ merchantId: idParam, id: idParam });
const uploadQuery = apiQuery({ from: transactionFilterShape.from, to: transactionFilterShape.to }).superRefine(checkRange);
const classParam = z.enum(CONTROL_CLASSES).optional();
const rowsQuery = apiQuery({ ...pageQueryShape, class: classParam });
const exportQuery = apiQuery({ format: z.enum(CONTROL_FILE_TYPES), class: classParam });
const templateQuery = apiQuery({ format: z.enum(CONTROL_FILE_TYPES).default('xlsx') });

const totalsSchema = z.record(z.enum(CONTROL_CLASSES), z.object({ count: z.number().int(), merchantAmount: z.number().int(), providerAmount: z.number().int() }));
const runSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string(),
  from: z.string(),
  to: z.string(),
  fileName: z.string(),
  fileRowCount: z.number().int(),
  storeIds: z.array(z.number().int()).nullable(),
  totals: totalsSchema,
});
const rowSchema = z.object({
  seq: z.number().int(),
  class: z.enum(CONTROL_CLASSES),
  rowNo: z.number().int().nullable(),
  transactionId: z.string().nullable(),
  orderId: z.string().nullable(),
  merchantAmount: z.number().int().nullable(),
  providerAmount: z.number().int().nullable(),
  providerStatus: z.string().nullable(),
  providerCreatedAt: z.string().nullable(),
  matchedBy: z.enum(['TRANSACTION_ID', 'ORDER_ID']).nullable(),
  duplicateOf: z.number().int().nullable(),
});

const scopeOf = (request: FastifyRequest): ControlScope => reportScopeOf(membershipOf(request), 'MERCHANT_TRANSACTION_CONTROL');

/** The one file part of the upload (at most MAX_CONTROL_FILE_BYTES). */
async function readUpload(request: FastifyRequest): Promise<{ fileName: string; content: Buffer }> {
  if (!request.isMultipart()) throw badControlFile('notMultipart');
  let upload: { fileName: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || upload) throw badControlFile('notMultipart');
      if (!isSafeFileName(part.filename)) {
        part.file.resume();
        throw badControlFile('type');
      }
      upload = { fileName: part.filename.normalize('NFC'), content: await part.toBuffer() };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badControlFile('tooLarge', { mb: MAX_CONTROL_FILE_BYTES / 1024 / 1024 });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badControlFile('notMultipart');
    throw err;
  }
  if (!upload) throw badControlFile('notMultipart');
  return upload;
}

/** A refused file's bad rows in words: "Dòng 5: …; Dòng 9: …" (the first ROWS_NAMED). */
function badRowsError(lang: Lang, err: BadRowsError): ApiError {
  const rows = err.errors
    .slice(0, ROWS_NAMED)
    .map((e) => translate(lang, 'transactionControl.rowError', { row: e.rowNo, error: translate(lang, e.message, e.params ?? {}) }))
    .join('; ');
  const count = new Set(err.errors.map((e) => e.rowNo)).size;
  return new ApiError(400, ApiStatus.VALIDATION, 'transactionControl.badRows', { count, rows });
}

export function controlExportColumns(lang: Lang): ExportColumn[] {
  const col = (key: string, type: ExportColumn['type'] = 'text', width = 16): ExportColumn => ({
    key,
    header: translate(lang, `transactionControl.columns.${key}`),
    type,
    width,
  });
  return [
    col('rowNo', 'number', 10),
    col('class', 'text', 28),
    col('transactionId', 'text', 18),
    col('orderId', 'text', 20),
    col('merchantAmount', 'money'),
    col('providerAmount', 'money'),
    col('difference', 'money'),
    col('providerStatus', 'text', 20),
    col('providerCreatedAt', 'date', 20),
    col('matchedBy', 'text', 18),
    col('duplicateOf', 'number', 12),
  ];
}

/** A run's row as a file row: class, status and match in words, the difference merchant − provider. */
export async function* controlExportRows(rows: AsyncIterable<ControlRow>, lang: Lang): AsyncGenerator<ExportRow> {
  const words = new Map<string, string>();
  const word = (key: string) => {
    let text = words.get(key);
    if (text === undefined) {
      text = translate(lang, key);
      words.set(key, text);
    }
    return text;
  };
  for await (const r of rows) {
    yield {
      ...r,
      class: word(`transactionControl.classes.${r.class}`),
      providerStatus: r.providerStatus ? word(`transactionReport.status.${r.providerStatus}`) : null,
      providerCreatedAt: r.providerCreatedAt ? new Date(r.providerCreatedAt) : null,
      matchedBy: r.matchedBy ? word(`transactionControl.matchedBy.${r.matchedBy}`) : null,
      difference: r.merchantAmount !== null && r.providerAmount !== null ? r.merchantAmount - r.providerAmount : null,
    };
  }
}

export const transactionControlRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = transactionControlRepository(app.database.db);
  await app.register(multipart, { limits: { fileSize: MAX_CONTROL_FILE_BYTES, files: 1, fields: 0, parts: 1 } });

  const runOf = async (request: FastifyRequest) => {
    const run = await repo.run(scopeOf(request), (request.params as { id: number }).id);
    if (!run) throw ApiError.notFound();
    return run;
  };

  app.get(
    Paths.template,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: `The order file template: header ${TEMPLATE_HEADERS.vi.join(', ')} (vi) or ${TEMPLATE_HEADERS.en.join(', ')} (en), in the caller's language`,
        params: merchantParams,
        querystring: templateQuery,
        response: { 200: z.unknown().meta({ description: 'The file: text/csv (UTF-8 with BOM) or XLSX' }) },
      },
    },
    async (request, reply) => {
      scopeOf(request);
      const format = request.query.format;
      const headers = TEMPLATE_HEADERS[request.lang];
      // Ids stay text (a leading 0 and all 13 digits are part of them); the amount is a whole-đồng number.
      const columns: ExportColumn[] = headers.map((header, i) => ({ key: String(i), header, type: i === 2 ? 'money' : 'text', width: 22 }));
      const file = format === 'csv' ? csvStream([], columns, {}) : xlsxStream([], columns, translate(request.lang, 'transactionControl.sheetName'));
      return reply
        .header('Content-Type', EXPORT_CONTENT_TYPES[format])
        .header('Content-Disposition', attachmentDisposition(`${FILE_SLUG}_mau.${format}`))
        .header('Cache-Control', 'no-store')
        .send(file);
    },
  );

  app.post(
    Paths.runs,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary:
          `Matches the merchant's order file (multipart, one part \`file\`: CSV or XLSX of the template, at most ${MAX_CONTROL_FILE_BYTES / 1024 / 1024} MB ` +
          `and ${MAX_CONTROL_ROWS} rows) against the provider's successful transactions of from..to and keeps it as a control run. ` +
          'A bad file or any bad row (named by number) refuses the whole file and writes nothing.',
        params: merchantParams,
        querystring: uploadQuery,
        response: { 200: envelopeSchema(runSchema) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const caller = callerOf(request);
      const { fileName, content } = await readUpload(request);
      let fileRows;
      try {
        fileRows = await readControlFile(fileName, content);
      } catch (err) {
        if (err instanceof BadRowsError) throw badRowsError(request.lang, err);
        throw err;
      }
      const { from, to } = request.query;
      const id = await repo.createRun(scope, { from, to, fileName, createdBy: caller.userId, createdByName: caller.username }, fileRows);
      return ok(request, (await repo.run(scope, id))!);
    },
  );

  app.get(
    Paths.runs,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Control runs, newest first', params: merchantParams, querystring: apiQuery(pageQueryShape), response: { 200: envelopeSchema(pageSchema(runSchema)) } },
    },
    async (request) => {
      const { pageNumber, pageSize } = request.query;
      const page = await repo.runs(scopeOf(request), { pageNumber, pageSize });
      return ok(request, { content: page.content, totalElements: page.total, pageNumber, pageSize });
    },
  );

  app.get(
    Paths.run,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'A control run with its totals per class', params: runParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(runSchema) } },
    },
    async (request) => ok(request, await runOf(request)),
  );

  app.get(
    Paths.rows,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: "A run's rows, of one class or all: file rows in file order, then the provider-only transactions",
        params: runParams,
        querystring: rowsQuery,
        response: { 200: envelopeSchema(pageSchema(rowSchema)) },
      },
    },
    async (request) => {
      const run = await runOf(request);
      const { pageNumber, pageSize } = request.query;
      const cls = request.query.class as ControlClass | undefined;
      const content = await repo.rows(run.id, cls, { pageNumber, pageSize });
      return ok(request, { content, totalElements: rowCountOf(run, cls), pageNumber, pageSize });
    },
  );

  app.post(
    Paths.exports,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: "A run's rows (one class or all) as CSV or XLSX, no row cap: the file at once (200) when small, else an export job (202)",
        params: runParams,
        querystring: exportQuery,
        response: { 200: z.unknown(), 202: z.unknown() },
      },
    },
    async (request, reply) => {
      const run = await runOf(request);
      const { merchant } = membershipOf(request);
      const { format, lang } = { format: request.query.format, lang: request.lang };
      const cls = request.query.class as ControlClass | undefined;
      return sendReportExport(request, reply, {
        report: TRANSACTION_CONTROL_KEY,
        format,
        columns: controlExportColumns(lang),
        fileName: exportFileName(FILE_SLUG, merchant.partnerCode, run.from, run.to, format).replace(`.${format}`, `_${run.id}.${format}`),
        sheetName: translate(lang, 'transactionControl.sheetName'),
        params: { runId: run.id, class: cls ?? null },
        count: async () => rowCountOf(run, cls),
        rows: () => controlExportRows(repo.stream(run.id, cls), lang),
        formatDate: formatVietnamDateTime,
      });
    },
  );
};
