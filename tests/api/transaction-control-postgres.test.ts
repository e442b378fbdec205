/**
 * Transaction control on PostgreSQL: the same matching and chunked rows as on PGlite (the provider's side
 * read as joined strings, times written back as the database wrote them), checked on 3,000 transactions.
 * Runs when TEST_DATABASE_URL is set, in a database of its own.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ownDatabase, describeOnPostgres } from './processes';
import { openDatabase, rows, type Database } from '../../server/db/client';
import { transactionControlRepository } from '../../server/routes/transaction-control/repository';

const url = process.env.TEST_DATABASE_URL;
const OWN_DATABASE = 'portal_test_transaction_control';
const DAY = '2030-03-01';
const N = 3_000;

describeOnPostgres('transaction control on PostgreSQL', () => {
  let database: Database;
  let merchantId: number;
  let userId: number;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null, databaseUrl: await ownDatabase(url!, OWN_DATABASE) });
    await database.migrate();
    const db = database.db;
    [{ id: merchantId }] = await rows<{ id: number }>(db, sql`insert into merchants (partner_code, name, brand_name, type, state_code) values ('MC_PG_TC', 'PG', 'PG', 'SME', 201) returning id`);
    [{ id: userId }] = await rows<{ id: number }>(db, sql`insert into users (username, name, password_hash) values ('pg_tc_user', 'PG', 'x') returning id`);
    // Microseconds in the times: they must come back exactly as stored.
    await db.execute(sql`insert into transactions (id, merchant_id, created_at, completed_at, status, payment_method, amount, fee, order_id)
      select (9400000000000 + i)::text, ${merchantId}, ${`${DAY}T00:00:00.123456+07:00`}::timestamptz + i * interval '1.000001 second', null,
        'SUCCESS', 'WALLET', 1000 + i, 0, 'P-' || i
      from generate_series(0, ${N - 1}) as i`);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  it('matches, stores in chunks and reads back every row exactly', async () => {
    const repo = transactionControlRepository(database.db);
    const scope = { merchantId, storeIds: null };
    // Every provider transaction but the last 10; every 3rd by order id only; every 100th 1 đ off; a quote and a comma in one id.
    const file = Array.from({ length: N - 10 }, (_, i) => ({
      rowNo: i + 2,
      transactionId: i % 3 === 0 ? null : String(9400000000000 + i),
      orderId: `P-${i}`,
      amount: 1000 + i + (i % 100 === 0 ? 1 : 0),
    }));
    file.push({ rowNo: N - 8, transactionId: 'X"1,\\', orderId: null as unknown as string, amount: 5 });
    const id = await repo.createRun(scope, { from: DAY, to: DAY, fileName: 'pg.csv', createdBy: userId, createdByName: 'pg_tc_user' }, file);
    const run = await repo.run(scope, id);
    expect(run?.totals.MATCHED.count).toBe(N - 10 - 30);
    // i = 0, 100, …, 2900: 30 × 1,000 + 100 × (0 + 1 + … + 29) = 73,500; the file says 1 đ more each.
    expect(run?.totals.AMOUNT_MISMATCH).toEqual({ count: 30, merchantAmount: 73_530, providerAmount: 73_500 });
    expect(run?.totals.ONLY_MERCHANT).toEqual({ count: 1, merchantAmount: 5, providerAmount: 0 });
    expect(run?.totals.ONLY_PROVIDER.count).toBe(10);
    const streamed = [];
    for await (const row of repo.stream(id, undefined)) streamed.push(row);
    expect(streamed.map((r) => r.seq)).toEqual(Array.from({ length: N + 1 }, (_, i) => i + 1));
    expect(streamed[N - 10]).toMatchObject({ class: 'ONLY_MERCHANT', transactionId: 'X"1,\\', orderId: null });
    const stored = await rows<{ created_at: string }>(database.db, sql`select created_at::text as created_at from transactions where id = '9400000000004'`);
    expect(streamed[4]).toMatchObject({ class: 'MATCHED', matchedBy: 'TRANSACTION_ID', transactionId: '9400000000004' });
    expect(new Date(streamed[4].providerCreatedAt!).getTime()).toBe(new Date(stored[0].created_at).getTime());
    expect(streamed[3]).toMatchObject({ class: 'MATCHED', matchedBy: 'ORDER_ID', transactionId: '9400000000003' });
    expect(streamed.at(-1)).toMatchObject({ class: 'ONLY_PROVIDER', transactionId: String(9400000000000 + N - 1) });
    const page = await repo.rows(id, 'MATCHED', { pageNumber: 29, pageSize: 100 });
    expect(page.map((r) => r.rowNo)).toEqual(streamed.filter((r) => r.class === 'MATCHED').slice(2900, 3000).map((r) => r.rowNo));
  });
});
