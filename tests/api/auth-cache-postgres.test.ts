/**
 * Two API processes on one PostgreSQL with the session and membership caches ON (the default): a sign-out
 * or a removal made through process A is refused by process B on the very next call, although B had the
 * session and the membership cached (server/lib/auth-cache/broadcast.ts: A answers only once B has
 * confirmed the NOTIFY, so the next call cannot overtake it).
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5439/postgres npx vitest run --project api tests/api/auth-cache-postgres.test.ts
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { ACK_WAIT_MS } from '../../server/lib/auth-cache/broadcast';
import { describeOnPostgres, freePort, ownDatabase, startServer, waitFor, type ServerProcess } from './processes';

const url = process.env.TEST_DATABASE_URL;
const SME = DemoMerchants.sme.id;
const PASSWORD = 'Demo@1234';

async function call(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { status: number; data: Record<string, unknown> } };
}
const login = async (base: string, username: string) => {
  const res = await call(base, null, 'POST', '/authentication/v1/login', { username, password: PASSWORD });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.token as string;
};
const stores = (base: string, token: string) => call(base, token, 'GET', `/profile/v2/merchants/${SME}/stores`);

describeOnPostgres('session and membership caches across two processes on one PostgreSQL', () => {
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    const own = await ownDatabase(url!, 'portal_test_auth_cache');
    for (const name of ['A', 'B']) {
      // A long cache: only the NOTIFY can explain a refusal on B.
      const server = startServer(await freePort(), { DATABASE_URL: own, AUTH_CACHE_MS: '60000' });
      running.push(server);
      await waitFor(() => server.output().includes('merchant portal ready'), 150_000, () => `process ${name}: ${server.output().slice(-2000)}`);
    }
  }, 320_000);
  afterAll(async () => {
    for (const server of running) server.child.kill('SIGTERM');
    await Promise.all(running.map((s) => s.exited));
  }, 30_000);

  it('a sign-out on A is refused by B on the next call, every time', async () => {
    const [a, b] = running;
    // Repeated: a NOTIFY alone reaches B a moment after A answers, and the next call could overtake it.
    for (let round = 0; round < 12; round += 1) {
      const token = await login(a.base, 'owner_demo');
      expect((await stores(b.base, token)).status).toBe(200);
      expect((await stores(b.base, token)).status).toBe(200);
      expect((await call(a.base, token, 'POST', '/authentication/v1/logout')).status).toBe(200);
      expect((await stores(b.base, token)).status, `round ${round}`).toBe(401);
    }
  });

  it('A answers a sign-out only once B has confirmed it: with B frozen it waits ACK_WAIT_MS, then says so in its log', async () => {
    const [a, b] = running;
    const token = await login(a.base, 'owner_demo');
    expect((await stores(b.base, token)).status).toBe(200);
    const quick = Date.now();
    const other = await login(a.base, 'owner_demo');
    expect((await call(a.base, other, 'POST', '/authentication/v1/logout')).status).toBe(200);
    expect(Date.now() - quick).toBeLessThan(ACK_WAIT_MS);
    b.child.kill('SIGSTOP');
    try {
      const started = Date.now();
      expect((await call(a.base, token, 'POST', '/authentication/v1/logout')).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(ACK_WAIT_MS - 50);
      // Logged before the answer, but the log comes through a pipe that the answer may overtake.
      await waitFor(() => a.output().includes('access change not confirmed by every process in time'), 5000, () => a.output().slice(-2000));
    } finally {
      b.child.kill('SIGCONT');
    }
    // B, woken, reads the NOTIFY it slept through (which of that and a call comes first is not defined).
    let status = 0;
    for (const until = Date.now() + 5000; status !== 401 && Date.now() < until; ) status = (await stores(b.base, token)).status;
    expect(status).toBe(401);
  });

  it('a member removed on A is refused by B on the next call', async () => {
    const [a, b] = running;
    const owner = await login(a.base, 'owner_demo');
    const username = `cache_member_${Date.now() % 100000}`;
    const created = await call(a.base, owner, 'POST', `/authorization/v2/merchants/${SME}/users`, {
      username, fullname: 'Kế toán tạm', password: PASSWORD, passwordConfirm: PASSWORD, role: 'MERCHANT_ACCOUNTANT',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const member = await login(b.base, username);
    expect((await stores(b.base, member)).status).toBe(200);
    expect((await stores(b.base, member)).status).toBe(200);
    const userId = (created.json.data as { id: number }).id;
    const removed = await call(a.base, owner, 'POST', `/authorization/v2/merchants/${SME}/users/${userId}`, { reqType: 'remove' });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect((await stores(b.base, member)).status).toBe(403);
  });
});
