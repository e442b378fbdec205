/**
 * Batch disbursements: the template, uploading a file that is validated whole (every row, duplicates
 * flagged) and kept as an upload, its errors as a file, submitting an upload without errors as one order
 * (once), and any order's per-row results as a file.
 */
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import {
  BATCH_COLUMN_FIELDS,
  BATCH_COLUMNS,
  BATCH_FILE_TYPES,
  checkPayee,
  DisbursementApiPaths,
  duplicateKeyOf,
  type DisbursementFee,
  MAX_BATCH_FILE_BYTES,
  RowKeys,
  type BatchFileType,
  type CheckedRow,
  type RowError,
} from '@/domain/disbursements';
import { isSafeFileName } from '@/domain/merchantInfo';
import { PAYOUT_BANKS } from '@/domain/payouts';
import { formatVietnamDateTime } from '@/domain/time';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate, type Lang } from '../../i18n';
import { attachmentDisposition, csvStream, xlsxStream, type ExportColumn, type ExportRow } from '../../lib/export';
import { EXPORT_CONTENT_TYPES } from '../../lib/export-jobs';
import { merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { maskedAccount, merchantParams, orderParams, orderSchema, orderView, requireDisbursementAccess } from './views';
import { badFile, readBatchFile, type RawRow } from './batch-file';
import { disbursementFeesOf } from './fees';
import { demoPayeeDirectory } from './payee-directory';
import type { DisbursementRepository } from './repository';

const formatQuery = apiQuery({ format: z.enum(BATCH_FILE_TYPES).default('csv') });
const uploadParams = z.strictObject({ merchantId: idParam, uploadId: idParam });
const fileResponse = { 200: z.unknown().meta({ description: 'The file: text/csv (UTF-8 with BOM) or XLSX' }) };

const errorSchema = z.object({ field: z.string(), message: z.string() });
const checkedRowSchema = z.object({
  rowNo: z.number().int(),
  channel: z.string(),
  account: z.string(),
  bankId: z.string().nullable(),
  amount: z.number().int().nullable(),
  description: z.string(),
  holderName: z.string().nullable(),
  fee: z.number().int(),
  errors: z.array(errorSchema),
  duplicateOf: z.number().int().nullable(),
});
const validationSchema = z.object({
  uploadId: z.number().int(),
  fileName: z.string(),
  rowCount: z.number().int(),
  errorCount: z.number().int(),
  duplicateCount: z.number().int(),
  totalAmount: z.number().int(),
  totalFee: z.number().int(),
  rows: z.array(checkedRowSchema),
});

/** Every row checked on its own, then against the rows above it (the first of two copies stays valid). */
export function checkRows(raw: RawRow[], feeOf: DisbursementFee): CheckedRow[] {
  const seen = new Map<string, number>();
  return raw.map(({ rowNo, cells }) => {
    const input = { channel: String(cells.channel), account: String(cells.account), bankId: String(cells.bank_code), amount: cells.amount, description: String(cells.description) };
    const { row, errors } = checkPayee(input);
    const out: CheckedRow = {
      rowNo,
      channel: input.channel.trim().toUpperCase(),
      account: input.account.trim(),
      bankId: input.bankId.trim().toUpperCase() || null,
      amount: row?.amount ?? (typeof cells.amount === 'number' && Number.isSafeInteger(cells.amount) ? cells.amount : null),
      description: input.description.trim(),
      holderName: null,
      fee: 0,
      errors: [...errors],
      duplicateOf: null,
    };
    if (!row) return out;
    out.fee = feeOf(row.channel, row.amount);
    out.holderName = demoPayeeDirectory.holderName(row.channel, row.account, row.bankId);
    if (!out.holderName) out.errors.push({ field: 'account', message: RowKeys.notFound });
    const key = duplicateKeyOf(row);
    const first = seen.get(key);
    if (first !== undefined) {
      out.duplicateOf = first;
      out.errors.push({ field: 'account', message: RowKeys.duplicate, params: { row: first } });
    } else seen.set(key, rowNo);
    return out;
  });
}

const translated = (lang: Lang, errors: RowError[]) => errors.map((e) => ({ field: e.field, message: translate(lang, e.message, e.params ?? {}) }));
const FIELD_COLUMN = Object.fromEntries(Object.entries(BATCH_COLUMN_FIELDS).map(([column, field]) => [field, column]));
const bankName = (id: string | null) => (id ? (PAYOUT_BANKS.find((b) => b.id === id)?.shortName ?? id) : '');

function sendFile(reply: FastifyReply, format: BatchFileType, fileName: string, rows: ExportRow[], columns: ExportColumn[], sheet: string) {
  const file = format === 'csv' ? csvStream(rows, columns, { formatDate: formatVietnamDateTime }) : xlsxStream(rows, columns, sheet);
  return reply
    .header('Content-Type', EXPORT_CONTENT_TYPES[format])
    .header('Content-Disposition', attachmentDisposition(`${fileName}.${format}`))
    .header('Cache-Control', 'no-store')
    .send(file);
}

/** Reads the one file part of the upload (at most MAX_BATCH_FILE_BYTES). */
async function readUpload(request: FastifyRequest): Promise<{ fileName: string; content: Buffer }> {
  if (!request.isMultipart()) throw badFile('notMultipart');
  let upload: { fileName: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_BATCH_FILE_BYTES, files: 1, fields: 0, parts: 1 } })) {
      if (part.type !== 'file' || part.fieldname !== 'file' || upload) throw badFile('notMultipart');
      if (!isSafeFileName(part.filename)) {
        part.file.resume();
        throw badFile('type');
      }
      upload = { fileName: part.filename.normalize('NFC'), content: await part.toBuffer() };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badFile('tooLarge');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badFile('notMultipart');
    throw err;
  }
  if (!upload) throw badFile('notMultipart');
  return upload;
}

export const batchRoutes: FastifyPluginAsyncZod<{ repo: DisbursementRepository }> = async (app, { repo }) => {
  await app.register(multipart, { limits: { fileSize: MAX_BATCH_FILE_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    DisbursementApiPaths.template,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: `The batch template: header ${BATCH_COLUMNS.join(', ')}; channel WALLET (account = phone) or BANK (account number + bank code)`,
        params: merchantParams,
        querystring: formatQuery,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      requireDisbursementAccess(request);
      const columns = BATCH_COLUMNS.map((c) => ({ key: c, header: c, type: 'text' as const }));
      return sendFile(reply, request.query.format, 'chi-ho-mau', [], columns, 'chi-ho');
    },
  );

  app.post(
    DisbursementApiPaths.uploads,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary:
          'Validates a batch file (multipart, one part `file`, CSV or XLSX of the template, at most 5 MB and 10,000 rows, no formulas). ' +
          'Every row is checked (rules, holder lookup, duplicates) and the result kept as an upload; nothing is submitted.',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(validationSchema) },
      },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      const { fileName, content } = await readUpload(request);
      const rows = checkRows(await readBatchFile(fileName, content), await disbursementFeesOf(app.database.db, actor.merchantId));
      const uploadId = await repo.saveUpload(actor.merchantId, actor, fileName, rows);
      const valid = rows.filter((r) => r.errors.length === 0);
      return ok(request, {
        uploadId,
        fileName,
        rowCount: rows.length,
        errorCount: rows.length - valid.length,
        duplicateCount: rows.filter((r) => r.duplicateOf !== null).length,
        totalAmount: valid.reduce((s, r) => s + (r.amount ?? 0), 0),
        totalFee: valid.reduce((s, r) => s + r.fee, 0),
        rows: rows.map((r) => ({ ...r, account: r.errors.length ? r.account : maskedAccount(r.channel, r.account), errors: translated(request.lang, r.errors) })),
      });
    },
  );

  app.get(
    DisbursementApiPaths.uploadErrors,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: 'The rows of an upload with errors: row, column, error (in the caller’s language), as CSV or XLSX',
        params: uploadParams,
        querystring: formatQuery,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const actor = requireDisbursementAccess(request);
      const upload = await repo.upload(actor.merchantId, request.params.uploadId);
      if (!upload) throw ApiError.notFound();
      const lang = request.lang;
      const rows = upload.rows.flatMap((r) =>
        r.errors.map((e) => ({ rowNo: r.rowNo, field: FIELD_COLUMN[e.field] ?? e.field, error: translate(lang, e.message, e.params ?? {}) })),
      );
      const col = (key: string, type: 'text' | 'number' = 'text') => ({ key, header: translate(lang, `disbursements.columns.${key}`), type });
      return sendFile(reply, request.query.format, `chi-ho-loi-${upload.id}`, rows, [col('rowNo', 'number'), col('field'), col('error')], 'loi');
    },
  );

  app.post(
    DisbursementApiPaths.uploadSubmit,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: 'Submits an upload without errors as one batch order waiting for approval (a second submit answers the same order)',
        params: uploadParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(orderSchema) },
      },
    },
    async (request) => {
      const actor = requireDisbursementAccess(request);
      const upload = await repo.upload(actor.merchantId, request.params.uploadId);
      if (!upload) throw ApiError.notFound();
      if (upload.errorCount > 0) throw new ApiError(409, ApiStatus.CONFLICT, 'disbursements.uploadHasErrors');
      const rows = upload.rows.map((r) => ({
        channel: r.channel as 'WALLET' | 'BANK',
        account: r.account,
        bankId: r.bankId,
        amount: r.amount!,
        description: r.description,
        holderName: r.holderName!,
        fee: r.fee,
      }));
      const id = await repo.createOrder(actor.merchantId, { kind: 'BATCH', fileName: upload.fileName, rows, idempotencyKey: null, uploadId: upload.id }, actor);
      return ok(request, await orderView(repo, actor.merchantId, id, actor, false));
    },
  );

  app.get(
    DisbursementApiPaths.results,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['disbursements'],
        summary: 'Per-row results of an order (accounts masked; SUCCESS, FAILED with the reason) as CSV or XLSX',
        params: orderParams,
        querystring: formatQuery,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const actor = requireDisbursementAccess(request);
      const row = await repo.order(actor.merchantId, request.params.orderId);
      if (!row) throw ApiError.notFound();
      const lang = request.lang;
      const items = await repo.items(actor.merchantId, row.order.id);
      const rows = items.map((i) => ({
        rowNo: i.rowNo,
        tranId: i.tranId,
        channel: i.channel,
        account: maskedAccount(i.channel, i.account),
        bank: bankName(i.bankId),
        holderName: i.holderName,
        amount: i.amount,
        fee: i.fee,
        description: i.description,
        status: i.status,
        failureReason: i.failureReason ? translate(lang, `disbursements.failure.${i.failureReason}`) : '',
      }));
      const col = (key: string, type: ExportColumn['type'] = 'text'): ExportColumn => ({ key, header: translate(lang, `disbursements.columns.${key}`), type });
      const columns = [
        col('rowNo', 'number'),
        col('tranId'),
        col('channel'),
        col('account'),
        col('bank'),
        col('holderName'),
        col('amount', 'money'),
        col('fee', 'money'),
        col('description'),
        col('status'),
        col('failureReason'),
      ];
      return sendFile(reply, request.query.format, `chi-ho-ket-qua-${row.order.code}`, rows, columns, row.order.code);
    },
  );
};
