/**
 * Export of the filtered payment-link list (POST /report-job/v1/…/payment-links/exports) through the
 * export jobs: the file at once when small, a job when large; CSV with BOM and formula-safe cells, or
 * XLSX; headers and words in the caller's language.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentLinkApiPaths as Paths } from '@/domain/api';
import { formatInVietnam } from '@/domain/format';
import {
  DEFAULT_PAYMENT_LINK_COLUMNS,
  PAYMENT_LINK_STATUSES,
  type PaymentLink,
  type PaymentLinkColumn,
} from '@/domain/paymentLinks';
import type { ExportFormat } from '@/domain/transactionReport';
import { formatVietnamDateTime } from '@/domain/time';
import { translate, type Lang } from '../../i18n';
import { asciiFileNamePart, type ExportColumn, type ExportRow } from '../../lib/export';
import { sendReportExport } from '../../lib/export-jobs';
import { membershipOf, merchantScope } from '../../plugins/auth';
import { paymentLinksRepository } from './repository';
import { exportQuery, filterOf, linkScope, merchantParams, PAYMENT_LINKS_KEY, tags } from './schemas';

const TYPES: Partial<Record<PaymentLinkColumn, ExportColumn['type']>> = {
  amount: 'money',
  collectedAmount: 'money',
  paymentCount: 'number',
  expiresAt: 'date',
  createdAt: 'date',
};
const WIDTHS: Partial<Record<PaymentLinkColumn, number>> = { code: 14, title: 36, storeName: 30, reference: 20, expiresAt: 20, createdAt: 20 };

export function linkExportColumns(lang: Lang, keys: readonly PaymentLinkColumn[]): ExportColumn[] {
  return keys.map((key) => ({
    key,
    header: translate(lang, `paymentLinks.columns.${key}`),
    type: TYPES[key] ?? 'text',
    width: WIDTHS[key] ?? 16,
  }));
}

/** Status, use and an open amount in words; times as Dates for the writers. */
export async function* linkExportRows(rows: AsyncIterable<PaymentLink>, lang: Lang): AsyncGenerator<ExportRow> {
  const status = Object.fromEntries(PAYMENT_LINK_STATUSES.map((s) => [s, translate(lang, `paymentLinks.status.${s}`)]));
  const single = translate(lang, 'paymentLinks.use.single');
  const multiple = translate(lang, 'paymentLinks.use.multiple');
  const open = translate(lang, 'paymentLinks.openAmount');
  for await (const link of rows) {
    yield {
      ...link,
      status: status[link.status],
      singleUse: link.singleUse ? single : multiple,
      // An open link has no one amount: the column says so in words (a text cell, never a formula).
      amount: link.amountType === 'FIXED' ? link.amount : open,
      expiresAt: link.expiresAt ? new Date(link.expiresAt) : null,
      createdAt: new Date(link.createdAt),
    };
  }
}

/** `lien-ket-thanh-toan_<partnerCode>_<from>_<to>_<YYYYMMDD-HHmm>.<ext>`. */
export function linkExportFileName(partnerCode: string, from: string, to: string, format: ExportFormat, now = new Date()): string {
  const day = (d: string) => d.replaceAll('-', '');
  return `lien-ket-thanh-toan_${asciiFileNamePart(partnerCode)}_${day(from)}_${day(to)}_${formatInVietnam(now, 'yyyyMMdd-HHmm')}.${format}`;
}

export const paymentLinkExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = paymentLinksRepository(app.database.db);

  app.post(
    Paths.exports,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Export the filtered links: the file at once (200) when small, else an export job (202)',
        params: merchantParams,
        querystring: exportQuery,
        response: { 200: z.unknown(), 202: z.unknown() },
      },
    },
    async (request, reply) => {
      const scope = linkScope(request);
      const { merchant } = membershipOf(request);
      const filter = filterOf(request.query);
      const keys = request.query.columns ?? [...DEFAULT_PAYMENT_LINK_COLUMNS];
      const { format } = request.query;
      // One instant for the whole file: a link's status does not change half-way through it.
      const now = new Date();
      return sendReportExport(request, reply, {
        report: PAYMENT_LINKS_KEY,
        format,
        columns: linkExportColumns(request.lang, keys),
        fileName: linkExportFileName(merchant.partnerCode, filter.from, filter.to, format),
        sheetName: translate(request.lang, 'paymentLinks.sheetName'),
        params: { ...filter, columns: keys },
        count: () => repo.count(scope, filter, now),
        rows: () => linkExportRows(repo.stream(scope, filter, now), request.lang),
        formatDate: formatVietnamDateTime,
      });
    },
  );
};
