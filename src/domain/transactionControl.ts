/**
 * Transaction control (spec §2 transaction-control, MERCHANT_TRANSACTION_CONTROL): the merchant's own
 * record of orders (a CSV or XLSX of the template) matched against the provider's transactions of a window
 * by transaction id, else order id, and amount. Shared by the portal (template texts, classes, ticket
 * prefill) and the server (file rows, amounts). Money is integer đồng.
 */
export { TransactionControlApiPaths } from './api';

/** MATCHED: same id, same amount. DUPLICATE: a file row repeating an earlier row's id (reported, matched once). */
export const CONTROL_CLASSES = ['MATCHED', 'AMOUNT_MISMATCH', 'ONLY_MERCHANT', 'ONLY_PROVIDER', 'DUPLICATE'] as const;
export type ControlClass = (typeof CONTROL_CLASSES)[number];
/** Classes a ticket can be opened from (something to ask the provider about). */
export const TICKET_CLASSES: readonly ControlClass[] = ['AMOUNT_MISMATCH', 'ONLY_MERCHANT', 'ONLY_PROVIDER'];

export const MAX_CONTROL_ROWS = 200_000;
/** 200,000 rows of the template are about 8 MB as CSV. */
export const MAX_CONTROL_FILE_BYTES = 20 * 1024 * 1024;
/** An XLSX is a zip: what it unpacks to is checked before it is opened (a zip bomb is small on the wire). */
export const MAX_XLSX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const MAX_ID_LENGTH = 64;
export const MAX_AMOUNT = 1_000_000_000_000;
export const CONTROL_FILE_TYPES = ['csv', 'xlsx'] as const;
export type ControlFileType = (typeof CONTROL_FILE_TYPES)[number];

/** The template's header in each language; a file may use either. Columns: transaction id, order id, amount. */
export const TEMPLATE_HEADERS: Record<'vi' | 'en', readonly [string, string, string]> = {
  vi: ['Mã giao dịch', 'Mã đơn hàng', 'Số tiền (đ)'],
  en: ['Transaction ID', 'Order ID', 'Amount (VND)'],
};

/** Message keys (validation.transactionControl.*) of a bad file row. */
export const ControlRowKeys = {
  noId: 'validation.transactionControl.noId',
  idTooLong: 'validation.transactionControl.idTooLong',
  amountMissing: 'validation.transactionControl.amountMissing',
  amountFormat: 'validation.transactionControl.amountFormat',
  amountFraction: 'validation.transactionControl.amountFraction',
  amountRange: 'validation.transactionControl.amountRange',
} as const;

export type AmountResult = { amount: number } | { error: (typeof ControlRowKeys)[keyof typeof ControlRowKeys] };

const CURRENCY = /\s*(đ|₫|vnđ|vnd|đồng|dong)\.?$/iu;
const SPACES = /[\s\u00a0\u202f]/gu;

/**
 * An amount as a merchant's file writes it: "150000", "150.000", "150,000 đ", "150 000" (groups of three),
 * or a number cell. A non-zero fraction ("150000,5", "150.000,50", 1500.5) is refused: đồng have no
 * fractions; a zero one ("150.000,00") is the whole amount. Anything else is not an amount.
 */
export function parseControlAmount(value: string | number | null | undefined): AmountResult {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { error: ControlRowKeys.amountFormat };
    if (!Number.isInteger(value)) return { error: ControlRowKeys.amountFraction };
    return value > 0 && value <= MAX_AMOUNT ? { amount: value } : { error: ControlRowKeys.amountRange };
  }
  const text = String(value ?? '').trim().replace(CURRENCY, '').trim();
  if (text === '') return { error: ControlRowKeys.amountMissing };
  if (text.startsWith('-')) return { error: ControlRowKeys.amountRange };
  let whole: string | null = null;
  let fraction = '';
  const plain = /^\d+$/u;
  // Groups of three with one separator: 150.000 · 1,500,000 · 1 500 000
  const grouped = /^\d{1,3}(?:([.,\s\u00a0\u202f])\d{3})(?:\1\d{3})*$/u;
  if (plain.test(text) || grouped.test(text)) whole = text;
  else {
    // A decimal mark followed by 1–2 digits, after a plain or grouped whole part with the other mark.
    const m = /^(.+)([.,])(\d{1,2})$/u.exec(text);
    if (m) {
      const [, head, mark] = m;
      const headOk = plain.test(head) || (grouped.test(head) && !head.includes(mark));
      if (headOk) {
        whole = head;
        fraction = m[3];
      }
    }
  }
  if (whole === null) return { error: ControlRowKeys.amountFormat };
  if (/[1-9]/.test(fraction)) return { error: ControlRowKeys.amountFraction };
  const digits = whole.replace(/[.,]/g, '').replace(SPACES, '');
  if (digits.length > 13) return { error: ControlRowKeys.amountRange };
  const amount = Number(digits);
  return amount > 0 && amount <= MAX_AMOUNT ? { amount } : { error: ControlRowKeys.amountRange };
}

export interface ControlFileRow {
  rowNo: number;
  transactionId: string | null;
  orderId: string | null;
  amount: number;
}
export interface ControlRowError {
  rowNo: number;
  message: string;
  params?: Record<string, unknown>;
}

const idOf = (value: string | number | null | undefined): string | null => {
  const text = String(value ?? '').trim();
  return text === '' ? null : text;
};

/** One file row checked: an id (transaction or order) and a whole, positive amount. */
export function checkControlRow(
  rowNo: number,
  cells: readonly [string | number | null | undefined, string | number | null | undefined, string | number | null | undefined],
): { row: ControlFileRow } | { errors: ControlRowError[] } {
  const transactionId = idOf(cells[0]);
  const orderId = idOf(cells[1]);
  const errors: ControlRowError[] = [];
  if (!transactionId && !orderId) errors.push({ rowNo, message: ControlRowKeys.noId });
  if ((transactionId?.length ?? 0) > MAX_ID_LENGTH || (orderId?.length ?? 0) > MAX_ID_LENGTH) {
    errors.push({ rowNo, message: ControlRowKeys.idTooLong, params: { max: MAX_ID_LENGTH } });
  }
  const amount = parseControlAmount(cells[2]);
  if ('error' in amount) errors.push({ rowNo, message: amount.error, params: { value: String(cells[2] ?? '').slice(0, 30) } });
  if (errors.length > 0 || !('amount' in amount)) return { errors };
  return { row: { rowNo, transactionId, orderId, amount: amount.amount } };
}

/** Two rows naming the same transaction id (or, without one, the same order id) are one order written twice. */
export const duplicateKeyOf = (row: ControlFileRow): string => (row.transactionId ? `t:${row.transactionId}` : `o:${row.orderId}`);

export interface ClassTotals {
  count: number;
  merchantAmount: number;
  providerAmount: number;
}
export type ControlTotals = Record<ControlClass, ClassTotals>;

export interface ControlRun {
  id: number;
  createdAt: string;
  createdByName: string;
  from: string;
  to: string;
  fileName: string;
  fileRowCount: number;
  /** Limited to these stores' transactions (the uploader's stores); null: the whole merchant. */
  storeIds: number[] | null;
  totals: ControlTotals;
}

export interface ControlRow {
  seq: number;
  class: ControlClass;
  rowNo: number | null;
  transactionId: string | null;
  orderId: string | null;
  merchantAmount: number | null;
  providerAmount: number | null;
  providerStatus: string | null;
  providerCreatedAt: string | null;
  matchedBy: 'TRANSACTION_ID' | 'ORDER_ID' | null;
  duplicateOf: number | null;
}

export const emptyTotals = (): ControlTotals =>
  Object.fromEntries(CONTROL_CLASSES.map((c) => [c, { count: 0, merchantAmount: 0, providerAmount: 0 }])) as ControlTotals;
