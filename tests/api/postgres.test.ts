/**
 * The same migrations, seed and routes on a PostgreSQL server (DATABASE_URL). Runs only when
 * TEST_DATABASE_URL names a throwaway database: its public and drizzle schemas are dropped first.
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_test npx vitest run --project api tests/api/postgres.test.ts
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnPostgres } from './processes';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { TRANSACTION_COLUMNS } from '@/domain/transactionReport';
import { presetRange, vietnamToday } from '@/domain/time';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { exportJobsOf, exportLimits } from '../../server/lib/export-jobs';

const url = process.env.TEST_DATABASE_URL;

describeOnPostgres('PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;');
    await client.end();
    app = await buildApp(testConfig({ databaseUrl: url! }));
  }, 60_000);
  afterAll(() => app?.close());

  it('migrates, seeds and serves the same answers as the embedded database', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 0, message: 'Thành công', data: { db: 'ok', demo: true } });
    const login = await app.inject({ method: 'POST', url: '/api/authentication/v1/login', payload: { username: 'cashier_demo', password: 'Demo@1234' } });
    const token = login.json().data.token as string;
    const auth = { authorization: `Bearer ${token}` };
    const stores = await app.inject({ method: 'GET', url: `/api/profile/v2/merchants/${DemoMerchants.sme.id}/stores?keyword=${encodeURIComponent('Sông Hàn')}`, headers: auth });
    expect(stores.json().data.totalElements).toBe(1);
    const foreign = await app.inject({ method: 'GET', url: `/api/profile/v2/merchants/${DemoMerchants.other.id}`, headers: auth });
    expect(foreign.statusCode).toBe(403);
    for (let i = 0; i < 5; i++) {
      await app.inject({ method: 'POST', url: '/api/authentication/v1/login', payload: { username: 'admin_demo', password: 'Wrong@1234' } });
    }
    const locked = await app.inject({ method: 'POST', url: '/api/authentication/v1/login', payload: { username: 'admin_demo', password: 'Demo@1234' } });
    expect(locked.json().status).toBe(11);
  });

  it('writes a large CSV export with COPY TO STDOUT: the same file as the small-export writer', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/authentication/v1/login', payload: { username: 'owner_demo', password: 'Demo@1234' } });
    const auth = { authorization: `Bearer ${login.json().data.token as string}` };
    const range = presetRange('last7Days', vietnamToday());
    const url = `/api/transaction/v3/merchants/${DemoMerchants.sme.id}/transaction-report/exports?from=${range.from}&to=${range.to}&format=csv&${TRANSACTION_COLUMNS.map((c) => `columns=${c}`).join('&')}`;
    const small = await app.inject({ method: 'POST', url, headers: auth });
    expect(small.statusCode, small.body).toBe(200);
    exportLimits.smallMaxRows = 10;
    try {
      const started = await app.inject({ method: 'POST', url, headers: auth });
      expect(started.statusCode, started.body).toBe(202);
      await exportJobsOf(app).idle();
      const file = await app.inject({ method: 'GET', url: `/api/report-job/v1/merchants/${DemoMerchants.sme.id}/exports/${started.json().data.id}/file`, headers: auth });
      expect(file.rawPayload.length).toBeGreaterThan(1000);
      expect(file.rawPayload.equals(small.rawPayload)).toBe(true);
    } finally {
      exportLimits.smallMaxRows = 5_000;
    }
  });

  it('does not seed twice', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const count = async () => (await client.query('select count(*)::int as n from users')).rows[0].n as number;
    const before = await count();
    const again = await buildApp(testConfig({ databaseUrl: url! }));
    await again.close();
    expect(await count()).toBe(before);
    await client.end();
  });
});
