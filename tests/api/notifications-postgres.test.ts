/**
 * Live notifications across processes on PostgreSQL (issue 15): two real API server processes
 * (server/main.ts) on one database; the accountant's live stream is open on process A, the operator
 * answers the accountant's ticket through process B, and the stream on A delivers the TICKET_REPLY
 * (PostgreSQL LISTEN/NOTIFY, sent at B's commit). Runs when TEST_DATABASE_URL names a throwaway
 * PostgreSQL, on a database of its own:
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5439/postgres npx vitest run --project api tests/api/notifications-postgres.test.ts
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { freePort, ownDatabase, startServer, waitFor, type ServerProcess, describeOnPostgres } from './processes';

const url = process.env.TEST_DATABASE_URL;
const OWN_DATABASE = 'portal_test_notifications_live';
const SME = DemoMerchants.sme.id;

async function call(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { status: number; data: Record<string, unknown> } };
}

const login = async (base: string, username: string) =>
  (await call(base, null, 'POST', '/authentication/v1/login', { username, password: 'Demo@1234' })).json.data.token as string;

describeOnPostgres('live notifications across two server processes on one PostgreSQL', () => {
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    const own = await ownDatabase(url!, OWN_DATABASE);
    // A migrates and seeds; B starts on the ready database.
    for (const name of ['A', 'B']) {
      const server = startServer(await freePort(), { DATABASE_URL: own, AUTH_CACHE_MS: '0' });
      running.push(server);
      await waitFor(() => server.output().includes('merchant portal ready'), 150_000, () => `process ${name}: ${server.output().slice(-2000)}`);
    }
  }, 320_000);
  afterAll(async () => {
    for (const server of running) server.child.kill('SIGTERM');
    await Promise.all(running.map((s) => s.exited));
  }, 30_000);

  it('a reply made through process B reaches the accountant’s stream open on process A', async () => {
    const [a, b] = running;
    const accountantOnA = await login(a.base, DemoUsers.accountant.username);
    const accountantOnB = await login(b.base, DemoUsers.accountant.username);
    const opsOnB = await login(b.base, DemoUsers.ops.username);

    const controller = new AbortController();
    const stream = await fetch(`${a.base}/notification/v2/stream?merchantId=${SME}`, {
      headers: { authorization: `Bearer ${accountantOnA}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain(': ready');

    const created = await call(b.base, accountantOnB, 'POST', `/ticket/v1/merchants/${SME}/accountants/tickets`, {
      subject: 'Hai tiến trình',
      category: 'QUESTION',
      description: 'Kiểm tra thông báo trực tiếp',
    });
    expect(created.status).toBe(200);
    const ticketId = created.json.data.id as number;
    const reply = await call(b.base, opsOnB, 'POST', `/ops/tickets/${ticketId}/comments`, { body: 'Đã nhận, đang kiểm tra' });
    expect(reply.status).toBe(200);

    const deadline = Date.now() + 10_000;
    const timer = setTimeout(() => controller.abort(), 10_000);
    try {
      while (!text.includes('TICKET_REPLY') && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    const event = /event: notification\ndata: (.*)\n/.exec(text);
    expect(event, text).not.toBeNull();
    expect(JSON.parse(event![1])).toMatchObject({
      kind: 'TICKET_REPLY',
      merchantId: SME,
      params: { ticketId, subject: 'Hai tiến trình' },
      link: `/portal/app/reconciliation-accounting/${ticketId}`,
      readAt: null,
    });
    // And the count A answers agrees (read from the shared database).
    const summary = await call(a.base, accountantOnA, 'GET', `/notification/v1/user/notifications/summary?merchantId=${SME}`);
    expect(summary.json.data.unread).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
