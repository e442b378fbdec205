/**
 * One file naming for every export of a report, manual or scheduled:
 * `<report slug>_<partner code>_<from YYYYMMDD>_<to YYYYMMDD>_<made at YYYYMMDD-HHmm, Vietnam>.<ext>`,
 * e.g. `giao-dich_MC_SONGHAN_20261001_20261031_20261101-0700.xlsx`.
 */
import { formatInVietnam } from '@/domain/format';
import type { ExportFormat } from '@/domain/transactionReport';
import { asciiFileNamePart } from '../export';

/** The report's name in a file name (Vietnamese, ASCII), by report key. */
export const EXPORT_FILE_SLUGS: Readonly<Record<string, string>> = {
  'transaction-report': 'giao-dich',
  'card-payment-report': 'thanh-toan-the',
  'disbursement-report': 'chi-ho',
  'financing-report': 'tai-tro-von',
  'onetime-report': 'thanh-toan-dung-han',
  'nonpaid-report': 'chua-thanh-toan',
  'donation-history': 'lich-su-ung-ho',
};

export function exportFileName(report: string, partnerCode: string, from: string, to: string, format: ExportFormat, now = new Date()): string {
  const day = (d: string) => d.replaceAll('-', '');
  const slug = EXPORT_FILE_SLUGS[report] ?? asciiFileNamePart(report);
  return `${slug}_${asciiFileNamePart(partnerCode)}_${day(from)}_${day(to)}_${formatInVietnam(now, 'yyyyMMdd-HHmm')}.${format}`;
}
