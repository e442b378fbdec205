/**
 * Control runs and their matching, done by the database: the file's rows go into a temporary table in
 * batches of multi-row inserts (unnest of one array parameter per column), the provider's successful transactions of the
 * window into another, and a few set-based statements pair them (transaction id first, then order
 * id among what is left, each side used once), write the run's rows and sum them per class. All of it in
 * one transaction: a failure leaves no run behind.
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

/** Rows per multi-row insert of the file (one array parameter per column). */
const INSERT_BATCH = 50_000;
/** Rows per query when streaming an export. */
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

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;
/** Array literals for one parameter per column (the file's ids are any text: quoted, NULL for none). */
const intList = (values: ReadonlyArray<number | null>) => `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
const textList = (values: ReadonlyArray<string | null>) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

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

/** Marks each row repeating an earlier row's key (duplicateKeyOf) with that row's number. */
export function withDuplicates(fileRows: readonly ControlFileRow[]): Array<ControlFileRow & { duplicateOf: number | null }> {
  const seen = new Map<string, number>();
  return fileRows.map((row) => {
    const key = duplicateKeyOf(row);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, row.rowNo);
    return { ...row, duplicateOf: first ?? null };
  });
}

const SELECT_ROW = sql`select seq, class, row_no, transaction_id, order_id, merchant_amount, provider_amount, provider_status,
  provider_created_at, matched_by, duplicate_of from transaction_control_rows`;

export function transactionControlRepository(db: Db) {
  return {
    /** Matches the file against the provider's side of the window and stores the run; returns its id. */
    async createRun(scope: ControlScope, run: NewRun, fileRows: readonly ControlFileRow[]): Promise<number> {
      const { start, end } = dayBounds({ from: run.from, to: run.to });
      const marked = withDuplicates(fileRows);
      return db.transaction(async (tx) => {
        const [created] = await rows<{ id: number }>(
          tx,
          sql`insert into transaction_control_runs (merchant_id, created_by, created_by_name, from_day, to_day, file_name, store_ids, file_row_count, totals)
            values (${scope.merchantId}, ${run.createdBy}, ${run.createdByName}, ${run.from}::date, ${run.to}::date, ${run.fileName},
              ${scope.storeIds === null ? null : intArray(scope.storeIds)}, ${fileRows.length}, '{}'::jsonb)
            returning id`,
        );
        const runId = created.id;
        // Hash joins and the sorts below stay in memory instead of spilling (PGlite's default is 4 MB).
        await tx.execute(sql`set local work_mem = '128MB'`);
        await tx.execute(sql`create temp table tc_file (row_no int, tx_id text, order_id text, amount bigint not null, dup_of int) on commit drop`);
        for (let i = 0; i < marked.length; i += INSERT_BATCH) {
          const batch = marked.slice(i, i + INSERT_BATCH);
          await tx.execute(sql`insert into tc_file select * from unnest(
            ${intList(batch.map((r) => r.rowNo))}::int[], ${textList(batch.map((r) => r.transactionId))}::text[],
            ${textList(batch.map((r) => r.orderId))}::text[], ${intList(batch.map((r) => r.amount))}::bigint[], ${intList(batch.map((r) => r.duplicateOf))}::int[])`);
        }
        const stores = scope.storeIds === null ? sql`` : sql`and t.store_id = any(${intArray(scope.storeIds)})`;
        await tx.execute(sql`create temp table tc_prov on commit drop as
          select t.id, t.order_id, t.amount, t.status, t.created_at from transactions t
          where t.merchant_id = ${scope.merchantId} and t.created_at >= ${start.toISOString()}::timestamptz and t.created_at < ${end.toISOString()}::timestamptz
            and t.status = any(${textArray(SUCCESSFUL_STATUSES)}) ${stores}`);
        await tx.execute(sql`analyze tc_file`);
        await tx.execute(sql`analyze tc_prov`);
        // Pairs by transaction id; then what is left by order id: each provider transaction with its lowest file row, then each file row once.
        await tx.execute(sql`create temp table tc_match on commit drop as
          with by_id as (
            select f.row_no, p.id as prov_id from tc_file f join tc_prov p on p.id = f.tx_id where f.dup_of is null
          )
          select row_no, prov_id, 'TRANSACTION_ID' as matched_by from by_id
          union all
          select row_no, prov_id, 'ORDER_ID' from (
            select distinct on (c.row_no) c.row_no, c.prov_id from (
              select distinct on (p.id) f.row_no, p.id as prov_id
              from tc_file f join tc_prov p on p.order_id = f.order_id
              where f.dup_of is null
                and not exists (select 1 from by_id m where m.row_no = f.row_no)
                and not exists (select 1 from by_id m where m.prov_id = p.id)
              order by p.id, f.row_no
            ) c order by c.row_no, c.prov_id
          ) d`);
        await tx.execute(sql`analyze tc_match`);
        await tx.execute(sql`insert into transaction_control_rows
            (run_id, seq, class, row_no, transaction_id, order_id, merchant_amount, provider_amount, provider_status, provider_created_at, matched_by, duplicate_of)
          select ${runId}::int, row_number() over (order by f.row_no),
            case when f.dup_of is not null then 'DUPLICATE' when m.row_no is null then 'ONLY_MERCHANT'
                 when p.amount = f.amount then 'MATCHED' else 'AMOUNT_MISMATCH' end,
            f.row_no, coalesce(p.id, f.tx_id), coalesce(f.order_id, p.order_id), f.amount, p.amount, p.status, p.created_at, m.matched_by, f.dup_of
          from tc_file f left join tc_match m on m.row_no = f.row_no left join tc_prov p on p.id = m.prov_id
          union all
          select ${runId}::int, ${fileRows.length}::int + row_number() over (order by p.created_at, p.id), 'ONLY_PROVIDER', null, p.id, p.order_id, null, p.amount, p.status, p.created_at, null, null
          from tc_prov p where not exists (select 1 from tc_match m where m.prov_id = p.id)`);
        const sums = await rows<{ class: ControlClass; count: number; merchant_amount: string | number; provider_amount: string | number }>(
          tx,
          sql`select class, count(*)::int as count, coalesce(sum(merchant_amount), 0) as merchant_amount, coalesce(sum(provider_amount), 0) as provider_amount
            from transaction_control_rows where run_id = ${runId} group by class`,
        );
        const totals = emptyTotals();
        for (const s of sums) totals[s.class] = { count: s.count, merchantAmount: Number(s.merchant_amount), providerAmount: Number(s.provider_amount) };
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
      const where = cls ? sql`run_id = ${runId} and class = ${cls}` : sql`run_id = ${runId}`;
      const list = await rows<RowDbRow>(db, sql`${SELECT_ROW} where ${where} order by seq limit ${page.pageSize} offset ${page.pageNumber * page.pageSize}`);
      return list.map(toRow);
    },

    /** Every row of the class (or all), in keyset batches: no long transaction, no row cap. */
    async *stream(runId: number, cls: ControlClass | undefined): AsyncGenerator<ControlRow> {
      let after = 0;
      for (;;) {
        const classWhere = cls ? sql`and class = ${cls}` : sql``;
        const batch = await rows<RowDbRow>(db, sql`${SELECT_ROW} where run_id = ${runId} ${classWhere} and seq > ${after} order by seq limit ${EXPORT_BATCH_SIZE}`);
        for (const r of batch) yield toRow(r);
        if (batch.length < EXPORT_BATCH_SIZE) return;
        after = batch[batch.length - 1].seq;
      }
    },
  };
}

export type TransactionControlRepository = ReturnType<typeof transactionControlRepository>;

/** How many rows a filter of a run holds, from its stored totals (no count query). */
export const rowCountOf = (run: ControlRun, cls: ControlClass | undefined): number =>
  cls ? run.totals[cls].count : CONTROL_CLASSES.reduce((sum, c) => sum + run.totals[c].count, 0);
