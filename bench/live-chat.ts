/**
 * Issue 18's live-chat budget: 1,000 concurrent websocket clients on one process, p99 delivery under
 * 200 ms, memory reported. One server (buildApp on an in-memory PGlite, migrated, no seed) listening on a
 * free port; 1,000 staff sockets of one merchant spread over 10 pages (100 per page) authenticate with
 * chat tokens; a customer then writes MESSAGES messages to each page through the repository the route
 * runs (insert + NOTIFY in one transaction). Delivery = from the send's start to the frame's arrival at
 * each socket of the page. The clients run in the same process (two cores shared), so the figure is
 * pessimistic. Run alone: `node --import tsx bench/live-chat.ts`.
 */
import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { pgliteDatabase, pgliteExtensions, rows } from '../server/db/client';
import { liveChatRepository } from '../server/lib/live-chat/repository';
import { signChatToken } from '../server/lib/live-chat/token';

export const LIVE_CHAT_P99_BUDGET_MS = 200;
const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 1_000);
const PAGES = 10;
const MESSAGES = 10;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measureLiveChat() {
  const database = pgliteDatabase(await PGlite.create({ extensions: pgliteExtensions }));
  await database.migrate();
  const db = database.db;
  const pepper = randomBytes(32).toString('base64url');
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', TOKEN_PEPPER: pepper, SEED: 'off', RATE_LIMIT_API_PER_MINUTE: '1000000' }), dataDir: null, clientDir: '/nonexistent-client-dir' };
  const app = await buildApp(config, { db: database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const sockets: WebSocket[] = [];
  try {
    const [merchant] = await rows<{ id: number }>(db, sql`insert into merchants (partner_code, name, brand_name, type, state_code) values ('MC_CHAT_BENCH', 'Bench', 'Bench', 'SME', 201) returning id`);
    const [user] = await rows<{ id: number }>(db, sql`insert into users (username, name, password_hash) values ('chat_bench', 'Bench', 'x') returning id`);
    await db.execute(sql`insert into memberships (merchant_id, user_id, roles) values (${merchant!.id}, ${user!.id}, array['MERCHANT_OWNER'])`);
    const [session] = await rows<{ id: number }>(
      db,
      sql`insert into sessions (token_hash, user_id, expires_at) values ('bench', ${user!.id}, now() + interval '1 day') returning id`,
    );
    const pages = await rows<{ id: number; merchant_id: number }>(
      db,
      sql`insert into business_pages (merchant_id, name, slug, status)
          select ${merchant!.id}, 'Bench ' || i, 'chat_bench_' || i, 'ACTIVE' from generate_series(1, ${PAGES}) as i returning id, merchant_id`,
    );
    const [customer] = await rows<{ id: number }>(db, sql`insert into customers (username, full_name) values ('chat_bench_customer', 'Khách bench') returning id`);

    const before = process.memoryUsage();
    const arrivals = new Map<string, number[]>();
    const url = `ws://127.0.0.1:${port}/api/live-chat/ws`;
    const connectStarted = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const page = pages[i % PAGES]!;
        const { token } = await signChatToken(pepper, { typ: 'staff', userId: user!.id, sessionId: session!.id, merchantId: merchant!.id, pageIds: [page.id] });
        const ws = new WebSocket(url);
        sockets.push(ws);
        await new Promise<void>((resolve, reject) => {
          ws.once('error', reject);
          ws.on('message', (data) => {
            const frame = JSON.parse(String(data)) as { type: string; message?: { body: string } };
            if (frame.type === 'ready') resolve();
            if (frame.type === 'message') {
              const at = performance.now();
              const list = arrivals.get(frame.message!.body) ?? [];
              list.push(at);
              arrivals.set(frame.message!.body, list);
            }
          });
          ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
        });
      }),
    );
    const connectMs = performance.now() - connectStarted;
    const connected = process.memoryUsage();

    const repo = liveChatRepository(db);
    const latencies: number[] = [];
    for (let m = 0; m < MESSAGES; m += 1) {
      for (const page of pages) {
        const conv = (await repo.conversationOfCustomer({ id: page.id, merchantId: page.merchant_id }, customer!.id, true))!;
        const body = `bench ${page.id} ${m}`;
        const started = performance.now();
        await repo.send(conv, { sender: 'CUSTOMER', senderUserId: null, kind: 'TEXT', body });
        const deadline = Date.now() + 10_000;
        while ((arrivals.get(body)?.length ?? 0) < CLIENTS / PAGES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
        const got = arrivals.get(body) ?? [];
        if (got.length < CLIENTS / PAGES) throw new Error(`message ${body} reached ${got.length} of ${CLIENTS / PAGES} sockets`);
        latencies.push(...got.map((at) => at - started));
      }
    }
    latencies.sort((a, b) => a - b);
    const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
    const result = {
      liveChatClients: CLIENTS,
      liveChatConnectAllMs: Math.round(connectMs),
      liveChatDeliveries: latencies.length,
      liveChatP50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
      liveChatP99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
      liveChatMaxMs: Math.round(latencies[latencies.length - 1]! * 10) / 10,
      liveChatRssMb: mb(connected.rss),
      liveChatHeapPerClientKb: Math.round(((connected.heapUsed - before.heapUsed) / CLIENTS / 1024) * 10) / 10,
      liveChatWithinBudget: percentile(latencies, 99) < LIVE_CHAT_P99_BUDGET_MS,
    };
    return result;
  } finally {
    for (const ws of sockets) ws.terminate();
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await measureLiveChat(), null, 2)}\n`);
}
