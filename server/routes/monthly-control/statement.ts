/**
 * The monthly statement: a PDF (pdf-lib with the e-contracts' embedded DejaVu Sans, so every Vietnamese
 * letter renders) and an XLSX (the export machinery's writer), both in Vietnamese like the scheduled
 * files: the month's figures, one line per period, and the sign-off.
 */
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { formatMoney } from '@/domain/format';
import type { MonthRow } from '@/domain/settlement';
import { formatDay, formatVietnamDateTime } from '@/domain/time';
import type { ExportColumn } from '../../lib/export';
import { translate, type Lang } from '../../i18n';
import { loadFonts, loadPdfLib, wrapText } from '../econtracts/pdf';
import type { StatementLine } from './repository';

/** The statement is written in Vietnamese, the product's language for documents. */
export const STATEMENT_LANG: Lang = 'vi';

const PAGE = { width: 841.89, height: 595.28 }; // A4 landscape: nine columns of money
const MARGIN = 40;

export interface StatementInput {
  merchantName: string;
  partnerCode: string;
  month: MonthRow;
  lines: StatementLine[];
  generatedAt: Date;
}

const t = (key: string, params: Record<string, unknown> = {}) => translate(STATEMENT_LANG, `settlement.statement.${key}`, params);
const money = (v: number | null) => (v === null ? '-' : formatMoney(v, 'vi'));
const word = (prefix: string, code: string | null) => (code ? translate(STATEMENT_LANG, `settlement.${prefix}.${code}`) : '-');
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The statement's table columns: key, header, width share, right-aligned. */
const COLUMNS: Array<{ key: keyof StatementLine; width: number; right?: boolean }> = [
  { key: 'day', width: 0.09 },
  { key: 'status', width: 0.11 },
  { key: 'grossAmount', width: 0.12, right: true },
  { key: 'refundedAmount', width: 0.1, right: true },
  { key: 'feeAmount', width: 0.1, right: true },
  { key: 'netAmount', width: 0.12, right: true },
  { key: 'paidOutAmount', width: 0.12, right: true },
  { key: 'payoutStatus', width: 0.11 },
  { key: 'bankReference', width: 0.13 },
];

function cellText(line: StatementLine, key: keyof StatementLine): string {
  const v = line[key];
  if (key === 'day') return formatDay(String(v));
  if (key === 'status') return word('periodStatuses', v as string);
  if (key === 'payoutStatus') return word('payoutStatuses', v as string | null);
  if (key === 'bankReference') return (v as string | null) ?? '-';
  return money(v as number | null);
}

export async function statementPdf(input: StatementInput): Promise<Uint8Array> {
  const fonts = await loadFonts();
  const { PDFDocument, fontkit, colours } = await loadPdfLib();
  const { ink: INK, muted: MUTED, brand: BRAND } = colours;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(fonts.regular, { subset: true });
  const bold = await doc.embedFont(fonts.bold, { subset: true });
  const { month } = input;
  doc.setTitle(t('title', { month: monthLabel(month.id) }));
  doc.setSubject(input.merchantName);
  doc.setLanguage('vi-VN');
  doc.setProducer('merchant-portal');
  doc.setCreator('merchant-portal');
  doc.setCreationDate(input.generatedAt);

  const width = PAGE.width - 2 * MARGIN;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const ensure = (height: number) => {
    if (y - height < MARGIN) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
  };
  const write = (text: string, o: { font?: PDFFont; size?: number; color?: RGB; gap?: number } = {}) => {
    const font = o.font ?? regular;
    const size = o.size ?? 10;
    for (const line of wrapText(text, font, size, width)) {
      ensure(size * 1.5);
      page.drawText(line, { x: MARGIN, y: y - size, size, font, color: o.color ?? INK });
      y -= size * 1.5;
    }
    y -= o.gap ?? 0;
  };

  write(t('title', { month: monthLabel(month.id) }).toUpperCase(), { font: bold, size: 15, color: BRAND, gap: 4 });
  write(`${t('merchant')}: ${input.merchantName} (${input.partnerCode})`);
  write(`${t('window')}: ${formatDay(month.fromDate)} – ${formatDay(month.toDate)}`);
  write(`${t('generatedAt')}: ${formatVietnamDateTime(input.generatedAt)}`, { color: MUTED, gap: 8 });

  const figures: Array<[string, string]> = [
    [t('successfulCount'), String(month.successfulCount)],
    [t('grossAmount'), money(month.grossAmount)],
    [t('refundedAmount'), money(month.refundedAmount)],
    [t('feeAmount'), money(month.feeAmount)],
    [t('netAmount'), money(month.netAmount)],
    [t('paidOutAmount'), money(month.paidOutAmount)],
  ];
  for (const [label, value] of figures) {
    ensure(16);
    page.drawText(label, { x: MARGIN, y: y - 10, size: 10, font: regular, color: MUTED });
    page.drawText(value, { x: MARGIN + 200, y: y - 10, size: 10, font: bold, color: INK });
    y -= 16;
  }
  y -= 10;

  const drawRow = (cells: string[], font: PDFFont) => {
    ensure(16);
    let x = MARGIN;
    COLUMNS.forEach((c, i) => {
      const w = c.width * width;
      const text = cells[i];
      const size = 8.5;
      const tx = c.right ? x + w - 6 - font.widthOfTextAtSize(text, size) : x;
      page.drawText(text, { x: tx, y: y - size, size, font, color: INK });
      x += w;
    });
    y -= 15;
  };
  drawRow(
    COLUMNS.map((c) => t(`columns.${c.key}`)),
    bold,
  );
  if (input.lines.length === 0) write(t('noPeriods'), { color: MUTED });
  for (const line of input.lines) drawRow(COLUMNS.map((c) => cellText(line, c.key)), regular);
  y -= 12;

  write(
    month.signedAt
      ? t('signedBy', { name: month.signedByName, role: translate(STATEMENT_LANG, `settlement.roles.${month.signedRole}`), at: formatVietnamDateTime(new Date(month.signedAt)) })
      : t('notSigned'),
    { font: bold },
  );
  write(t('footer'), { color: MUTED, size: 8.5 });
  return doc.save({ useObjectStreams: false });
}

/** The XLSX statement's columns (headers in Vietnamese). */
export const statementColumns = (): ExportColumn[] =>
  COLUMNS.map((c) => ({
    key: c.key,
    header: t(`columns.${c.key}`),
    type: c.right ? 'money' : 'text',
    width: c.right ? 16 : 14,
  }));

/** The XLSX statement's rows: one per period in words, then the month's total line. */
export function statementRows(input: StatementInput): Array<Record<string, unknown>> {
  const rows: Array<Record<string, unknown>> = input.lines.map((line) => ({
    ...line,
    day: formatDay(line.day),
    status: word('periodStatuses', line.status),
    payoutStatus: word('payoutStatuses', line.payoutStatus),
  }));
  const m = input.month;
  rows.push({
    day: t('total'),
    status: m.signedAt ? t('signedShort', { name: m.signedByName }) : t('notSigned'),
    grossAmount: m.grossAmount,
    refundedAmount: m.refundedAmount,
    feeAmount: m.feeAmount,
    netAmount: m.netAmount,
    paidOutAmount: m.paidOutAmount,
    payoutStatus: '',
    bankReference: '',
  });
  return rows;
}
