/**
 * Live chat across processes on PostgreSQL (issue 18): two real API server processes (server/main.ts)
 * on one database. The owner's socket and the demo customer's socket are open on process A; the
 * customer writes through process B and the owner's socket on A receives it; the owner answers through
 * B and the customer's socket on A receives it (LISTEN/NOTIFY, sent at B's commit). Runs when
 * TEST_DATABASE_URL names a throwaway PostgreSQL, on a database of its own:
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5439/postgres npx vitest run --project api tests/api/live-chat-postgres.test.ts
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnPostgres } from './processes';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD, DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { isMessage, isReady, openChat, type ChatClient } from './live-chat-helpers';

const url = process.env.TEST_DATABASE_URL;
/** Per run: two runs of this file at once (a full suite beside a single file) must not drop each other's database. */
const OWN_DATABASE = `portal_test_live_chat_${process.pid}`;
const SME = DemoMerchants.sme.id;
const root = join(import.meta.dirname, '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

function start(port: number, databaseUrl: string): Running {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'info', NODE_ENV: 'test', BACKGROUND_JOBS: 'off', AUTH_CACHE_MS: '0' },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}/api`, output: () => output, exited };
}

async function waitFor(condition: () => boolean, ms: number, what: () => string) {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function call(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { status: number; data: Record<string, unknown> } };
}

const login = async (base: string, username: string) =>
  (await call(base, null, 'POST', '/authentication/v1/login', { username, password: DEMO_PASSWORD })).json.data.token as string;

describeOnPostgres('live chat across two server processes on one PostgreSQL', () => {
  const running: Running[] = [];
  const sockets: ChatClient[] = [];
  let slug = '';

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop database if exists ${OWN_DATABASE} with (force)`);
    await client.query(`create database ${OWN_DATABASE}`);
    await client.end();
    const own = new URL(url!);
    own.pathname = `/${OWN_DATABASE}`;
    // A migrates and seeds; B starts on the ready database.
    for (const name of ['A', 'B']) {
      const server = start(await freePort(), own.toString());
      running.push(server);
      await waitFor(() => server.output().includes('merchant portal ready'), 150_000, () => `process ${name}: ${server.output().slice(-2000)}`);
    }
    const db = new pg.Client({ connectionString: own.toString() });
    await db.connect();
    const found = await db.query<{ slug: string }>(`select slug from business_pages where merchant_id = $1 and status = 'ACTIVE' order by id limit 1`, [SME]);
    slug = found.rows[0]!.slug;
    await db.end();
  }, 320_000);
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const server of running) server.child.kill('SIGTERM');
    await Promise.all(running.map((s) => s.exited));
    if (url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${OWN_DATABASE} with (force)`);
      await client.end();
    }
  }, 30_000);

  it('a message sent through process B reaches the socket open on process A, both ways', async () => {
    const [a, b] = running;
    const wsA = a!.base.replace('http://', 'ws://') + '/live-chat/ws';
    const ownerOnA = await login(a!.base, DemoUsers.owner.username);
    const ownerOnB = await login(b!.base, DemoUsers.owner.username);
    const customerOnA = (await call(a!.base, null, 'POST', '/public/customer-sessions', { username: 'customer_demo', password: DEMO_PASSWORD })).json.data.token as string;
    const customerOnB = (await call(b!.base, null, 'POST', '/public/customer-sessions', { username: 'customer_demo', password: DEMO_PASSWORD })).json.data.token as string;

    const ownerToken = await call(a!.base, ownerOnA, 'POST', `/businesspage/v3/merchants/${SME}/live-chat/token`);
    expect(ownerToken.status).toBe(200);
    const owner = await openChat(wsA);
    sockets.push(owner);
    owner.send({ type: 'auth', token: ownerToken.json.data.token });
    await owner.next(isReady);

    const sent = await call(b!.base, customerOnB, 'POST', `/public/pages/${slug}/chat/messages`, { body: 'Xin chào từ tiến trình B' });
    expect(sent.status).toBe(200);
    const got = await owner.next(isMessage('Xin chào từ tiến trình B'), 10_000);
    expect(got.message).toMatchObject({ sender: 'CUSTOMER', kind: 'TEXT' });
    const conversationId = got.message.conversationId;
    const pageId = got.message.pageId;

    const customerToken = await call(a!.base, customerOnA, 'POST', `/public/pages/${slug}/chat/token`);
    expect(customerToken.json.data.conversationId).toBe(conversationId);
    const customer = await openChat(wsA);
    sockets.push(customer);
    customer.send({ type: 'auth', token: customerToken.json.data.token });
    await customer.next(isReady);

    const reply = await call(b!.base, ownerOnB, 'POST', `/businesspage/v3/merchants/${SME}/pages/${pageId}/live-chat/conversations/${conversationId}/messages`, {
      kind: 'TEXT',
      body: 'Chào bạn, tiến trình B trả lời',
    });
    expect(reply.status).toBe(200);
    const answer = await customer.next(isMessage('Chào bạn, tiến trình B trả lời'), 10_000);
    expect(answer.message).toMatchObject({ sender: 'STAFF', senderUserId: null });
    // The owner's socket on A is told the customer's socket showed it (delivered, written by A).
    await owner.next((f) => f.type === 'receipt' && f.kind === 'delivered' && f.upToId === reply.json.data.id, 10_000);
    // Each message reached each socket once.
    expect(owner.frames.filter((f) => f.type === 'message' && f.message.body === 'Xin chào từ tiến trình B')).toHaveLength(1);
  }, 60_000);
});
