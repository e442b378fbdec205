/**
 * PostgreSQL ends the server's connections (a restart, a failover, pg_terminate_backend): the process keeps
 * running, answers the next request on new connections, and listens again for the other processes' news,
 * under its name; an access change NOTIFYd while it was not listening is not served from its cache after.
 * Before the pool had an error listener, an ended idle connection was an uncaught exception that stopped it.
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5439/postgres npx vitest run --project api tests/api/postgres-connection-loss.test.ts
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { describeOnPostgres, freePort, ownDatabase, startServer, waitFor, type ServerProcess } from './processes';

const url = process.env.TEST_DATABASE_URL;
const NAME = `portal_test_connection_loss_${process.pid}`;

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
const listening = () =>
  onServer(async (c) => (await c.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and query like 'LISTEN %'`, [NAME])).rows[0].n as number);
const authListeners = () =>
  onServer(async (c) => (await c.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and application_name like 'portal-auth %'`, [NAME])).rows[0].n as number);

describeOnPostgres('the server outlives PostgreSQL ending its connections', () => {
  let server: ServerProcess;
  let own: string;
  beforeAll(async () => {
    own = await ownDatabase(url!, NAME);
    // A long cache: only clearing it on the new LISTEN explains the refusal at the end.
    server = startServer(await freePort(), { DATABASE_URL: own, AUTH_CACHE_MS: '60000' });
    await waitFor(() => server.output().includes('merchant portal ready'), 150_000, () => server.output().slice(-2000));
  }, 180_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await onServer((c) => c.query(`drop database if exists ${NAME} with (force)`));
  }, 30_000);

  it('keeps running, answers on new connections and listens again', async () => {
    const login = () =>
      fetch(`${server.base}/authentication/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'owner_demo', password: 'Demo@1234' }),
      });
    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    const token = ((await signedIn.json()) as { data: { token: string } }).data.token;
    const stores = async () =>
      (await fetch(`${server.base}/profile/v2/merchants/${DemoMerchants.sme.id}/stores`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await stores()).toBe(200);
    expect(await listening()).toBeGreaterThan(0);
    expect(await authListeners()).toBe(1);

    const ended = await onServer(async (c) => (await c.query(`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1) t`, [NAME])).rows[0].n as number);
    expect(ended).toBeGreaterThan(0);
    // Another process signs every session out while this one is not listening: the NOTIFY is missed.
    const other = new pg.Client({ connectionString: own });
    await other.connect();
    await other.query(`update sessions set revoked_at = now() where revoked_at is null`);
    await other.query(`select pg_notify('portal_auth', '{"userIds":null}')`);
    await other.end();
    await new Promise((r) => setTimeout(r, 500));

    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/uncaught|Release called on client/i);
    // The LISTEN connections are replaced after their retry delay (server/db/postgres.ts); the auth listener's
    // return clears the cache, so the revoked session is refused long before the cache's 60 s run out. Only
    // GETs until then: a sign-in (a write) would clear the cache anyway.
    const until = Date.now() + 10_000;
    let status = await stores();
    while (status !== 401 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      status = await stores();
    }
    expect(status).toBe(401);
    expect(await authListeners()).toBe(1);
    expect(await listening()).toBeGreaterThan(0);
    expect((await login()).status).toBe(200);
  }, 60_000);
});
