/** GET /health. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ rateLimit: { apiPerMinute: 3, loginPerMinute: 3 } });
  });
  afterAll(() => t.close());

  it('answers without a token while the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, message: 'Thành công', data: { db: 'ok', demo: true } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not rate limited (load balancers poll it)', async () => {
    for (let i = 0; i < 10; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health?lang=en' })).statusCode).toBe(200);
  });

  it('refuses unknown parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health?verbose=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(2);
  });

  it('answers 503 status 503 when the database is down', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health?lang=en' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 503, message: 'The database is not responding', data: { db: 'down' } });
    const vi = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(vi.json().message).toBe('Cơ sở dữ liệu không phản hồi');
  });
});
