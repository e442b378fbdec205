/**
 * The one error handler and the request-level rules around it: envelope on every failure, 404 for
 * unknown API paths, malformed and poisoned bodies, body limit, hidden 5xx details, request ids,
 * and 503 for requests that arrive while the server shuts down.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { makeApp, openTemplateDatabase, type TestApp } from './helpers';

const LOGIN = '/api/authentication/v1/login';

describe('error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ bodyLimitBytes: 4096 });
  });
  afterAll(() => t.close());

  const postRaw = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }, url = LOGIN) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  it('answers an unknown API path with 404 status 4 in the caller’s language', async () => {
    for (const [url, message] of [
      ['/api/nothing/here', 'Không tìm thấy dữ liệu'],
      ['/api/nothing/here?lang=en', 'No data found'],
      ['/api/profile/v2/merchants/1/stores/1/secret', 'Không tìm thấy dữ liệu'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 4, message });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/profile/v1/me' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json().status).toBe(4);
  });

  it('answers an undecodable URL with 400 status 2 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 2, message: 'Yêu cầu không hợp lệ' });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('refuses malformed JSON with 400 status 2', async () => {
    const res = await postRaw('{"username": "owner_demo", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 2, message: 'Nội dung yêu cầu không hợp lệ' });
  });

  it.each([
    ['__proto__', '{"username":"owner_demo","password":"Demo@1234","__proto__":{"isAdmin":true}}'],
    ['nested __proto__', '{"username":"owner_demo","password":"Demo@1234","x":{"__proto__":{"isAdmin":true}}}'],
    ['constructor.prototype', '{"username":"owner_demo","password":"Demo@1234","constructor":{"prototype":{"isAdmin":true}}}'],
  ])('rejects a %s poisoning body with 400 status 2 before any handler runs', async (_name, payload) => {
    const res = await postRaw(payload, { 'content-type': 'application/json' }, `${LOGIN}?lang=en`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 2, message: 'The request body is not valid' });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses a body over the limit with 413 status 2', async () => {
    const res = await postRaw(JSON.stringify({ username: 'owner_demo', password: 'x'.repeat(5000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 2, message: 'Nội dung yêu cầu quá lớn (tối đa 4 KB)' });
  });

  it('refuses a content type it does not parse with 415 status 2', async () => {
    const res = await postRaw('username=owner_demo&password=Demo%401234', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 2, message: 'Định dạng nội dung không được hỗ trợ, hãy gửi JSON' });
  });

  it('lists every invalid field in data.errors and leads with the first', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${LOGIN}?lang=en`, payload: { username: 5, extra: true } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(body.data.errors[0].message);
    expect(body.data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['extra', 'password', 'username']);
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'portal-42.abc' } });
    expect(kept.headers['x-request-id']).toBe('portal-42.abc');
    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\r\n<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hides the details of a server error behind a generic message and the request id', async () => {
    const token = await t.login('owner_demo');
    await t.database.close();
    const res = await t.call(token, { method: 'GET', url: '/api/profile/v1/me?lang=en', headers: { 'x-request-id': 'req-500-test' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 500,
      message: 'Something went wrong. Please try again later. (Request ID: req-500-test)',
      data: { requestId: 'req-500-test' },
    });
    expect(res.body).not.toMatch(/PGlite|stack|at |closed|Error/);
    const vi = await t.call(token, { method: 'GET', url: '/api/profile/v1/me', headers: { 'x-request-id': 'req-500-vi' } });
    expect(vi.json().message).toBe('Đã có lỗi xảy ra. Vui lòng thử lại sau. (Mã yêu cầu: req-500-vi)');
    // The details are in the log, for the operators.
    const logged = t.logs.map((l) => JSON.parse(l)).find((l) => l.reqId === 'req-500-test' && l.level === 50);
    expect(logged?.err?.stack).toBeTruthy();
  });
});

describe('graceful shutdown', () => {
  it('finishes the request in flight and answers a request arriving during shutdown with 503 status 503', async () => {
    const database = await openTemplateDatabase();
    // A database that answers only when told keeps the first request in flight while the shutdown starts.
    let pingStarted!: () => void;
    const firstInFlight = new Promise<void>((resolve) => (pingStarted = resolve));
    let answerPing!: () => void;
    const pingAnswered = new Promise<void>((resolve) => (answerPing = resolve));
    const slow = {
      ...database,
      ping: async () => {
        pingStarted();
        await pingAnswered;
      },
    };
    const app = await buildApp(testConfig(), { db: slow });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString()));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await firstInFlight;
    const closing = app.close();
    // The shutdown has begun once the app refuses new requests of its own.
    await vi.waitFor(
      () =>
        app.inject({ url: '/api/no-such-route' }).then(
          () => Promise.reject(new Error('still open')),
          () => undefined,
        ),
      { timeout: 5000, interval: 5 },
    );
    socket.write('GET /api/health?lang=en HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    answerPing();
    await closing;
    await ended;
    await database.close();

    const responses = received.split(/(?=HTTP\/1\.1 )/);
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(responses[0]).toContain('"db":"ok"');
    expect(responses[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(responses[1]).toContain('{"status":503,"message":"The service is restarting. Please try again in a moment."}');
  });
});
