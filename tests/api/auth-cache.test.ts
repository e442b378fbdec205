/**
 * The session and membership lookups are reused between calls (server/lib/auth-cache), and any write
 * clears them at once: a logout, a removed member or a revoked session never outlives the write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { ApiPaths } from '../../src/domain/api';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const ME = `/api${ApiPaths.me}`;
const LOGOUT = `/api${ApiPaths.logout}`;
const stores = (merchantId: number) => `/api/profile/v2/merchants/${merchantId}/stores?pageNumber=0&pageSize=10`;
const userUrl = (userId: number) => `/api/authorization/v2/merchants/${SME}/users/${userId}`;

describe('auth cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ authCacheMs: 60_000 });
  });
  afterAll(() => t.close());

  it('serves a repeated session lookup from memory, and the next write drops it', async () => {
    const token = await t.login(DemoUsers.owner.username);
    expect((await t.call(token, { method: 'GET', url: ME })).statusCode).toBe(200);
    // Revoked behind the server's back (no request): the cached lookup still answers…
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, (await userId(DemoUsers.owner.username))));
    expect((await t.call(token, { method: 'GET', url: ME })).statusCode).toBe(200);
    // …until any write goes through the server, even one that fails.
    expect((await t.call(token, { method: 'POST', url: `/api/authorization/v2/merchants/${SME}/users`, payload: {} })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.call(token, { method: 'GET', url: ME })).statusCode).toBe(401);
  });

  it('a logout ends the token at once', async () => {
    const token = await t.login(DemoUsers.owner.username);
    expect((await t.call(token, { method: 'GET', url: ME })).statusCode).toBe(200);
    expect((await t.call(token, { method: 'POST', url: LOGOUT })).statusCode).toBe(200);
    expect((await t.call(token, { method: 'GET', url: ME })).statusCode).toBe(401);
  });

  it('a member removed by the owner loses the merchant on the next call', async () => {
    const owner = await t.login(DemoUsers.owner.username);
    const accountant = await t.login(DemoUsers.accountant.username);
    expect((await t.call(accountant, { method: 'GET', url: stores(SME) })).statusCode).toBe(200);
    const removed = await t.call(owner, { method: 'POST', url: userUrl(await userId(DemoUsers.accountant.username)), payload: { reqType: 'remove' } });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await t.call(accountant, { method: 'GET', url: stores(SME) });
    expect(after.statusCode).toBe(403);
    expect(after.json().status).toBe(3);
  });

  async function userId(username: string): Promise<number> {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return row!.id;
  }
});
