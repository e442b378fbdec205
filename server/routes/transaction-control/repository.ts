/**
 * Control runs and their matching. The provider's successful transactions of the window come out of the
 * database in one row (a string_agg per column, ordered by time), the pairing is done here with hash maps
 * (matchControl: transaction id first, then order id among what is left, each side used once), and the run's
 * rows go back CONTROL_CHUNK_ROWS seqs of a class per database row (transaction_control_chunks), one array per
 * column. Measured on PGlite with 200,000 rows: a database row per run row, temporary tables or set-based
 * joins of the two sides each cost seconds; this costs a fraction. All of it in one transaction: a failure
 * leaves no run behind.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SUCCESSFUL_STATUSES } from '@/domain/figures';
import { dayBounds } from '@/domain/time';
import {
  CONTROL_CLASSES,
  duplicateKeyOf,
  emptyTotals,
  type ControlClass,
  type ControlFileRow,
  type ControlRow,
  type ControlRun,
  type ControlTotals,
} from '@/domain/transactionControl';
import { rows, type Db } from '../../db/client';
import { CONTROL_CHUNK_ROWS } from '../../db/schema/transaction-control';

/** Chunks per insert statement (each is 10 array parameters). */
const INSERT_CHUNKS = 200;
/** Rows (about) per query when streaming an export. */
export const EXPORT_BATCH_SIZE = 5_000;

export interface ControlScope {
  merchantId: number;
  /** null: the whole merchant; else only these stores' transactions (and only runs made within them). */
  storeIds: number[] | null;
}

export interface NewRun {
  from: string;
  to: string;
  fileName: string;
  createdBy: number;
  createdByName: string;
}

const chunkOf = (seq: number) => Math.floor((seq - 1) / CONTROL_CHUNK_ROWS);
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;
// Array literals, one parameter per column. JSON's arrays are PostgreSQL array literals once the brackets are braces: null is NULL, and a string's only
// escapes are \" and \\, which PostgreSQL reads the same way. Control characters (escaped otherwise by JSON) take
// the slow path. Built natively: 200,000 values a column, mapped one by one, cost about a second.
const intList = (values: ReadonlyArray<number | null>) => `{${JSON.stringify(values).slice(1, -1)}}`;
const quoted = (v: string) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
// eslint-disable-next-line no-control-regex -- control characters are what JSON would escape differently
const CONTROL = /[\u0000-\u001f]/;
function textList(values: ReadonlyArray<string | null>): string {
  const json = JSON.stringify(values);
  if (!json.includes('\\u') && !CONTROL.test(values.join(''))) return `{${json.slice(1, -1)}}`;
  return `{${values.map((v) => (v === null ? 'NULL' : quoted(v))).join(',')}}`;
}

/** The runs a scope sees: store-scoped callers only runs limited to stores they hold. */
function runVisible(scope: ControlScope): SQL {
  const merchant = sql`r.merchant_id = ${scope.merchantId}`;
  if (scope.storeIds === null) return merchant;
  return sql`${merchant} and r.store_ids is not null and r.store_ids <@ ${intArray(scope.storeIds)}`;
}

interface RunDbRow {
  id: number;
  created_at: Date | string;
  created_by_name: string;
  from_day: string;
  to_day: string;
  file_name: string;
  file_row_count: number;
  store_ids: number[] | null;
  totals: ControlTotals;
}

const toRun = (r: RunDbRow): ControlRun => ({
  id: r.id,
  createdAt: new Date(r.created_at).toISOString(),
  createdByName: r.created_by_name,
  from: String(r.from_day),
  to: String(r.to_day),
  fileName: r.file_name,
  fileRowCount: r.file_row_count,
  storeIds: r.store_ids,
  totals: { ...emptyTotals(), ...r.totals },
});

interface RowDbRow {
  seq: number;
  class: ControlClass;
  row_no: number | null;
  transaction_id: string | null;
  order_id: string | null;
  merchant_amount: number | string | null;
  provider_amount: number | string | null;
  provider_status: string | null;
  provider_created_at: Date | string | null;
  matched_by: ControlRow['matchedBy'];
  duplicate_of: number | null;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));
const toRow = (r: RowDbRow): ControlRow => ({
  seq: r.seq,
  class: r.class,
  rowNo: r.row_no,
  transactionId: r.transaction_id,
  orderId: r.order_id,
  merchantAmount: num(r.merchant_amount),
  providerAmount: num(r.provider_amount),
  providerStatus: r.provider_status,
  providerCreatedAt: r.provider_created_at === null ? null : new Date(r.provider_created_at).toISOString(),
  matchedBy: r.matched_by,
  duplicateOf: r.duplicate_of,
});

/** For each row, the number of the earlier row it repeats (same duplicateKeyOf), else null. */
export function duplicatesOf(fileRows: readonly ControlFileRow[]): Array<number | null> {
  const seen = new Map<string, number>();
  return fileRows.map((row) => {
    const key = duplicateKeyOf(row);
    const first = seen.get(key);
    if (first !== undefined) return first;
    seen.set(key, row.rowNo);
    return null;
  });
}

/** The provider's side of a window, column by column, in time order (then id). */
export interface ProviderSide {
  ids: string[];
  orderIds: Array<string | null>;
  amounts: number[];
  statuses: string[];
  /** As the database writes them (text, written back unchanged). */
  createdAts: string[];
}

const SEP = '\u001f';
const NULL_MARK = '\u001e';

/**
 * Reads the transactions `from` selects as one row of joined strings (a result row per transaction costs
 * seconds at 200,000 on PGlite). A value holding the separator would split wrong: the lengths then disagree
 * and the side is read again row by row.
 */
async function providerSide(tx: Db, from: SQL): Promise<ProviderSide> {
  const order = sql`order by t.created_at, t.id`;
  const [joined] = await rows<{ n: number; ids: string | null; order_ids: string | null; amounts: string | null; statuses: string | null; created_ats: string | null }>(
    tx,
    sql`select count(*)::int as n, string_agg(t.id, ${SEP} ${order}) as ids, string_agg(coalesce(t.order_id, ${NULL_MARK}), ${SEP} ${order}) as order_ids,
      string_agg(t.amount::text, ${SEP} ${order}) as amounts, string_agg(t.status, ${SEP} ${order}) as statuses,
      string_agg(t.created_at::text, ${SEP} ${order}) as created_ats ${from}`,
  );
  if (joined.n === 0) return { ids: [], orderIds: [], amounts: [], statuses: [], createdAts: [] };
  const split = (v: string | null) => (v ?? '').split(SEP);
  const side: ProviderSide = {
    ids: split(joined.ids),
    orderIds: split(joined.order_ids).map((v) => (v === NULL_MARK ? null : v)),
    amounts: split(joined.amounts).map(Number),
    statuses: split(joined.statuses),
    createdAts: split(joined.created_ats),
  };
  if ([side.ids, side.orderIds, side.amounts, side.statuses, side.createdAts].every((c) => c.length === joined.n)) return side;
  const list = await rows<{ id: string; order_id: string | null; amount: string | number; status: string; created_at: string }>(
    tx,
    sql`select t.id, t.order_id, t.amount, t.status, t.created_at::text as created_at ${from} ${order}`,
  );
  return {
    ids: list.map((r) => r.id),
    orderIds: list.map((r) => r.order_id),
    amounts: list.map((r) => Number(r.amount)),
    statuses: list.map((r) => r.status),
    createdAts: list.map((r) => r.created_at),
  };
}

/** One chunk of a run's rows: a class's rows among seqs chunk × CONTROL_CHUNK_ROWS + 1 … (chunk + 1) × CONTROL_CHUNK_ROWS. */
export interface ControlChunk {
  class: ControlClass;
  chunk: number;
  seqs: number[];
  rowNos: Array<number | null>;
  transactionIds: Array<string | null>;
  orderIds: Array<string | null>;
  merchantAmounts: Array<number | null>;
  providerAmounts: Array<number | null>;
  providerStatuses: Array<string | null>;
  providerCreatedAts: Array<string | null>;
  matchedBy: Array<string | null>;
  duplicateOf: Array<number | null>;
}

/**
 * Pairs the file (rows in file order, duplicates marked) with the provider's side: by transaction id, then,
 * among what is left on both sides, by order id (each provider transaction goes to the first file row with
 * its order id; a file row takes the provider transaction with the smallest id). Classes: DUPLICATE (the
 * row repeats an earlier one: not paired), ONLY_MERCHANT, MATCHED (same amount), AMOUNT_MISMATCH; then the
 * provider's unpaired transactions, in time order, ONLY_PROVIDER. Seqs: file rows 1…n, then those.
 */
export function matchControl(
  file: readonly ControlFileRow[],
  duplicateOf: ReadonlyArray<number | null>,
  provider: ProviderSide,
): { chunks: ControlChunk[]; totals: ControlTotals } {
  const byId = new Map<string, number>();
  provider.ids.forEach((id, i) => byId.set(id, i));
  const paired = new Int32Array(file.length).fill(-1);
  const matchedBy: Array<'TRANSACTION_ID' | 'ORDER_ID' | null> = new Array(file.length).fill(null);
  const used = new Uint8Array(provider.ids.length);
  file.forEach((row, i) => {
    if (duplicateOf[i] !== null || row.transactionId === null) return;
    const p = byId.get(row.transactionId);
    if (p === undefined) return;
    paired[i] = p;
    matchedBy[i] = 'TRANSACTION_ID';
    used[p] = 1;
  });
  // Order ids: the first file row still without a pair, and the smallest id among providers still free.
  const firstRow = new Map<string, number>();
  file.forEach((row, i) => {
    if (duplicateOf[i] !== null || paired[i] >= 0 || row.orderId === null || firstRow.has(row.orderId)) return;
    firstRow.set(row.orderId, i);
  });
  const smallest = new Map<string, number>();
  provider.orderIds.forEach((orderId, p) => {
    if (used[p] || orderId === null || !firstRow.has(orderId)) return;
    const best = smallest.get(orderId);
    if (best === undefined || provider.ids[p] < provider.ids[best]) smallest.set(orderId, p);
  });
  for (const [orderId, p] of smallest) {
    const i = firstRow.get(orderId)!;
    paired[i] = p;
    matchedBy[i] = 'ORDER_ID';
    used[p] = 1;
  }

  const totals = emptyTotals();
  const chunks = new Map<string, ControlChunk>();
  const add = (
    cls: ControlClass,
    seq: number,
    row: Omit<ControlRow, 'seq' | 'class' | 'providerCreatedAt' | 'matchedBy'> & { providerCreatedAt: string | null; matchedBy: string | null },
  ) => {
    const chunkNo = Math.floor((seq - 1) / CONTROL_CHUNK_ROWS);
    const key = `${cls}:${chunkNo}`;
    let c = chunks.get(key);
    if (!c) {
      c = { class: cls, chunk: chunkNo, seqs: [], rowNos: [], transactionIds: [], orderIds: [], merchantAmounts: [], providerAmounts: [], providerStatuses: [], providerCreatedAts: [], matchedBy: [], duplicateOf: [] };
      chunks.set(key, c);
    }
    c.seqs.push(seq);
    c.rowNos.push(row.rowNo);
    c.transactionIds.push(row.transactionId);
    c.orderIds.push(row.orderId);
    c.merchantAmounts.push(row.merchantAmount);
    c.providerAmounts.push(row.providerAmount);
    c.providerStatuses.push(row.providerStatus);
    c.providerCreatedAts.push(row.providerCreatedAt);
    c.matchedBy.push(row.matchedBy);
    c.duplicateOf.push(row.duplicateOf);
    const t = totals[cls];
    t.count += 1;
    t.merchantAmount += row.merchantAmount ?? 0;
    t.providerAmount += row.providerAmount ?? 0;
  };
  file.forEach((row, i) => {
    const p = paired[i];
    const found = p >= 0;
    const cls: ControlClass =
      duplicateOf[i] !== null ? 'DUPLICATE' : !found ? 'ONLY_MERCHANT' : provider.amounts[p] === row.amount ? 'MATCHED' : 'AMOUNT_MISMATCH';
    add(cls, i + 1, {
      rowNo: row.rowNo,
      transactionId: found ? provider.ids[p] : row.transactionId,
      orderId: row.orderId ?? (found ? provider.orderIds[p] : null),
      merchantAmount: row.amount,
      providerAmount: found ? provider.amounts[p] : null,
      providerStatus: found ? provider.statuses[p] : null,
      providerCreatedAt: found ? provider.createdAts[p] : null,
      matchedBy: matchedBy[i],
      duplicateOf: duplicateOf[i],
    });
  });
  let seq = file.length;
  provider.ids.forEach((id, p) => {
    if (used[p]) return;
    add('ONLY_PROVIDER', ++seq, {
      rowNo: null,
      transactionId: id,
      orderId: provider.orderIds[p],
      merchantAmount: null,
      providerAmount: provider.amounts[p],
      providerStatus: provider.statuses[p],
      providerCreatedAt: provider.createdAts[p],
      matchedBy: null,
      duplicateOf: null,
    });
  });
  return { chunks: [...chunks.values()], totals };
}

function* chunksOf<T>(out: { chunks: T[] }, size: number): Generator<T[]> {
  for (let i = 0; i < out.chunks.length; i += size) yield out.chunks.slice(i, i + size);
}

/** A run's rows out of their chunks, one per array element. */
const SELECT_ROWS = sql`select u.seq, c.class, u.row_no, u.transaction_id, u.order_id, u.merchant_amount, u.provider_amount, u.provider_status,
    u.provider_created_at, u.matched_by, u.duplicate_of
  from transaction_control_chunks c cross join lateral unnest(c.seqs, c.row_nos, c.transaction_ids, c.order_ids, c.merchant_amounts,
    c.provider_amounts, c.provider_statuses, c.provider_created_ats, c.matched_by, c.duplicate_of)
    as u(seq, row_no, transaction_id, order_id, merchant_amount, provider_amount, provider_status, provider_created_at, matched_by, duplicate_of)`;

export function transactionControlRepository(db: Db) {
  return {
    /** Matches the file against the provider's side of the window and stores the run; returns its id. */
    async createRun(scope: ControlScope, run: NewRun, fileRows: readonly ControlFileRow[]): Promise<number> {
      const { start, end } = dayBounds({ from: run.from, to: run.to });
      // Seqs follow the file's row order.
      const file = fileRows.every((r, i) => i === 0 || fileRows[i - 1].rowNo < r.rowNo) ? fileRows : [...fileRows].sort((a, b) => a.rowNo - b.rowNo);
      return db.transaction(async (tx) => {
        const [created] = await rows<{ id: number }>(
          tx,
          sql`insert into transaction_control_runs (merchant_id, created_by, created_by_name, from_day, to_day, file_name, store_ids, file_row_count, totals)
            values (${scope.merchantId}, ${run.createdBy}, ${run.createdByName}, ${run.from}::date, ${run.to}::date, ${run.fileName},
              ${scope.storeIds === null ? null : intArray(scope.storeIds)}, ${fileRows.length}, '{}'::jsonb)
            returning id`,
        );
        const runId = created.id;
        const stores = scope.storeIds === null ? sql`` : sql`and t.store_id = any(${intArray(scope.storeIds)})`;
        const provider = await providerSide(
          tx,
          sql`from transactions t where t.merchant_id = ${scope.merchantId} and t.created_at >= ${start.toISOString()}::timestamptz
            and t.created_at < ${end.toISOString()}::timestamptz and t.status = any(${textArray(SUCCESSFUL_STATUSES)}) ${stores}`,
        );
        const out = matchControl(file, duplicatesOf(file), provider);
        for (const batch of chunksOf(out, INSERT_CHUNKS)) {
          await tx.execute(sql`insert into transaction_control_chunks (run_id, class, chunk, row_count, seqs, row_nos, transaction_ids, order_ids,
              merchant_amounts, provider_amounts, provider_statuses, provider_created_ats, matched_by, duplicate_of)
            values ${sql.join(
              batch.map(
                (c) => sql`(${runId}, ${c.class}, ${c.chunk}, ${c.seqs.length}, ${intList(c.seqs)}::int[], ${intList(c.rowNos)}::int[],
                  ${textList(c.transactionIds)}::text[], ${textList(c.orderIds)}::text[], ${intList(c.merchantAmounts)}::bigint[],
                  ${intList(c.providerAmounts)}::bigint[], ${textList(c.providerStatuses)}::text[], ${textList(c.providerCreatedAts)}::timestamptz[],
                  ${textList(c.matchedBy)}::text[], ${intList(c.duplicateOf)}::int[])`,
              ),
              sql`, `,
            )}`);
        }
        const sums = CONTROL_CLASSES.map((cls) => ({ class: cls, ...out.totals[cls] }));
        const totals = emptyTotals();
        for (const s of sums) totals[s.class] = { count: s.count, merchantAmount: s.merchantAmount, providerAmount: s.providerAmount };
        await tx.execute(sql`update transaction_control_runs set totals = ${JSON.stringify(totals)}::jsonb where id = ${runId}`);
        return runId;
      });
    },

    async runs(scope: ControlScope, page: { pageNumber: number; pageSize: number }): Promise<{ content: ControlRun[]; total: number }> {
      const where = runVisible(scope);
      const [list, [{ total }]] = [
        await rows<RunDbRow>(
          db,
          sql`select r.id, r.created_at, r.created_by_name, r.from_day::text as from_day, r.to_day::text as to_day, r.file_name, r.file_row_count, r.store_ids, r.totals
            from transaction_control_runs r where ${where}
            order by r.created_at desc, r.id desc limit ${page.pageSize} offset ${page.pageNumber * page.pageSize}`,
        ),
        await rows<{ total: number }>(db, sql`select count(*)::int as total from transaction_control_runs r where ${where}`),
      ];
      return { content: list.map(toRun), total };
    },

    async run(scope: ControlScope, id: number): Promise<ControlRun | null> {
      const [row] = await rows<RunDbRow>(
        db,
        sql`select r.id, r.created_at, r.created_by_name, r.from_day::text as from_day, r.to_day::text as to_day, r.file_name, r.file_row_count, r.store_ids, r.totals
          from transaction_control_runs r where r.id = ${id} and ${runVisible(scope)}`,
      );
      return row ? toRun(row) : null;
    },

    /** A page of a run's rows (the run already checked against the caller), in file order then provider-only. */
    async rows(runId: number, cls: ControlClass | undefined, page: { pageNumber: number; pageSize: number }): Promise<ControlRow[]> {
      const skip = page.pageNumber * page.pageSize;
      if (!cls) {
        // Every class: seqs are 1, 2, … without gaps, so the page is seqs skip + 1 … skip + pageSize.
        const list = await rows<RowDbRow>(
          db,
          sql`${SELECT_ROWS} where c.run_id = ${runId} and c.chunk between ${chunkOf(skip + 1)} and ${chunkOf(skip + page.pageSize)}
            and u.seq > ${skip} and u.seq <= ${skip + page.pageSize} order by u.seq`,
        );
        return list.map(toRow);
      }
      // One class: its chunks' row counts, added up, say which chunks hold the page.
      const chunks = await rows<{ chunk: number; row_count: number }>(
        db,
        sql`select chunk, row_count from transaction_control_chunks where run_id = ${runId} and class = ${cls} order by chunk`,
      );
      const wanted: number[] = [];
      let before = 0;
      let skipInWanted = 0;
      for (const c of chunks) {
        if (before + c.row_count > skip && before < skip + page.pageSize) {
          if (wanted.length === 0) skipInWanted = skip - before;
          wanted.push(c.chunk);
        }
        before += c.row_count;
      }
      if (wanted.length === 0) return [];
      const list = await rows<RowDbRow>(
        db,
        sql`${SELECT_ROWS} where c.run_id = ${runId} and c.class = ${cls} and c.chunk = any(${intArray(wanted)})
          order by u.seq limit ${page.pageSize} offset ${skipInWanted}`,
      );
      return list.map(toRow);
    },

    /** Every row of the class (or all), in seq order, a few chunks per query: no long transaction, no row cap. */
    async *stream(runId: number, cls: ControlClass | undefined): AsyncGenerator<ControlRow> {
      const classWhere = cls ? sql`and c.class = ${cls}` : sql``;
      const [{ last }] = await rows<{ last: number | null }>(
        db,
        sql`select max(chunk) as last from transaction_control_chunks c where c.run_id = ${runId} ${classWhere}`,
      );
      const step = Math.max(1, Math.floor(EXPORT_BATCH_SIZE / CONTROL_CHUNK_ROWS));
      for (let from = 0; from <= (last ?? -1); from += step) {
        const batch = await rows<RowDbRow>(
          db,
          sql`${SELECT_ROWS} where c.run_id = ${runId} ${classWhere} and c.chunk between ${from} and ${from + step - 1} order by u.seq`,
        );
        for (const r of batch) yield toRow(r);
      }
    },
  };
}

export type TransactionControlRepository = ReturnType<typeof transactionControlRepository>;

/** How many rows a filter of a run holds, from its stored totals (no count query). */
export const rowCountOf = (run: ControlRun, cls: ControlClass | undefined): number =>
  cls ? run.totals[cls].count : CONTROL_CLASSES.reduce((sum, c) => sum + run.totals[c].count, 0);
