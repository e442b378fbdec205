/**
 * Access changes act at once (issue 19, server/lib/auth-cache/broadcast.ts): a staff chat socket closes
 * with 4403 as soon as its user signs out, is removed from the merchant or loses the page role, although
 * the periodic re-check is far away (here 60 s); the session and membership caches are cleared too, so the
 * next call is refused. The same across two processes on PostgreSQL: tests/api/auth-cache-postgres.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businessPageMembers, businessPages, memberships, users } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { liveChatTiming } from '../../server/routes/live-chat';
import { WS_CLOSE } from '../../src/domain/liveChat';
import { isReady, openChat, type ChatClient } from './live-chat-helpers';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;

const within = <T>(p: Promise<T>, ms = 3000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

describe('access changes close live connections at once', () => {
  let t: TestApp;
  let wsUrl: string;
  let pageId: number;
  let owner: string;
  const open: ChatClient[] = [];
  const db = () => t.database.db;

  async function agent(username: string) {
    const [template] = await db().select().from(users).where(eq(users.username, 'owner_demo'));
    const [user] = await db().insert(users).values({ username, name: username, passwordHash: template!.passwordHash }).returning({ id: users.id });
    await db().insert(memberships).values({ merchantId: SME, userId: user!.id, roles: ['CUSTOMER_SERVICE'] });
    await db().insert(businessPageMembers).values({ pageId, userId: user!.id, pageRole: 'CHAT_AGENT' });
    return { id: user!.id, token: await t.login(username) };
  }
  async function socketOf(bearer: string) {
    const chat = await t.call(bearer, { method: 'POST', url: `/api/businesspage/v3/merchants/${SME}/live-chat/token` });
    expect(chat.statusCode).toBe(200);
    const c = await openChat(wsUrl);
    open.push(c);
    c.send({ type: 'auth', token: chat.json().data.token });
    await c.next(isReady);
    return c;
  }
  const inbox = (bearer: string) => t.call(bearer, { method: 'GET', url: `/api/businesspage/v3/merchants/${SME}/pages/${pageId}/live-chat/conversations` });

  beforeAll(async () => {
    liveChatTiming.recheckMs = 60_000;
    t = await makeApp({ demoMode: true, authCacheMs: 60_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    wsUrl = `ws://127.0.0.1:${port}/api/live-chat/ws`;
    const [page] = await db().insert(businessPages).values({ merchantId: SME, name: 'Trang quyền', slug: 'api_access_page', status: 'ACTIVE' }).returning({ id: businessPages.id });
    pageId = page!.id;
    owner = await t.login('owner_demo');
  }, 60_000);
  afterAll(async () => {
    for (const c of open) c.ws.terminate();
    await t?.close();
  });

  it('signing out closes the user’s sockets and refuses the token', async () => {
    const a = await agent('access_signout');
    expect((await inbox(a.token)).statusCode).toBe(200);
    const socket = await socketOf(a.token);
    const other = await agent('access_bystander');
    const bystander = await socketOf(other.token);
    expect((await t.call(a.token, { method: 'POST', url: '/api/authentication/v1/logout' })).statusCode).toBe(200);
    expect((await within(socket.closed)).code).toBe(WS_CLOSE.forbidden);
    expect((await inbox(a.token)).statusCode).toBe(401);
    // Someone else's sign-out leaves this socket open.
    expect(bystander.ws.readyState).toBe(bystander.ws.OPEN);
  });

  it('losing the page role or the membership closes the socket', async () => {
    const a = await agent('access_pagerole');
    const socket = await socketOf(a.token);
    const removed = await t.call(owner, { method: 'DELETE', url: `/api/businesspage/v3/merchants/${SME}/pages/${pageId}/members/${a.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await within(socket.closed)).code).toBe(WS_CLOSE.forbidden);
    expect((await inbox(a.token)).statusCode).toBe(403);

    const b = await agent('access_member');
    const second = await socketOf(b.token);
    const gone = await t.call(owner, { method: 'POST', url: `/api/authorization/v2/merchants/${SME}/users/${b.id}`, payload: { reqType: 'remove' } });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await within(second.closed)).code).toBe(WS_CLOSE.forbidden);
    expect((await inbox(b.token)).statusCode).toBe(403);
  });
});
