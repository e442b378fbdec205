/**
 * POST /error-reports against a real chat-service stand-in: a node:http receiver on 127.0.0.1
 * records every webhook POST, and the tests check exactly what arrives and what does not.
 * The plugin is registered alone on a bare Fastify instance, under /api as the app mounts it.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import errorReports, { type ErrorReportsOptions } from '../../server/routes/error-reports';

interface Received {
  /** Arrival time (Date.now()) at the receiver. */
  at: number;
  path: string;
  contentType: string | undefined;
  body: { text: string };
}

let receiver: Server;
let hookBase: string;
let received: Received[] = [];
/** How the receiver answers: a status, or hang for the timeout tests. */
let behaviour: { status: number; hang: boolean } = { status: 200, hang: false };

beforeAll(async () => {
  receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        at: Date.now(),
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text: string },
      });
      if (behaviour.hang) return; // never answers; the plugin's timeout must cut it
      res.writeHead(behaviour.status, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const apps: FastifyInstance[] = [];

async function buildApp(options: Partial<ErrorReportsOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // Stands in for the app's auth plugin: a signed-in caller has request.auth.
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const user = request.headers['x-test-user'];
    (request as unknown as { auth: unknown }).auth =
      typeof user === 'string' ? { userId: 42, username: user, sessionId: 1 } : null;
  });
  await app.register(errorReports, { prefix: '/api', webhookUrls: [`${hookBase}/chat/hook?key=webhook-key-1`], ...options });
  await app.ready();
  apps.push(app);
  return app;
}

beforeEach(() => {
  received = [];
  behaviour = { status: 200, hang: false };
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** Waits until `count` webhook POSTs have arrived (or fails). */
async function arrivals(count: number, timeout = 3000): Promise<Received[]> {
  await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(count), { timeout, interval: 10 });
  return received;
}

/**
 * Closes the app, which sends whatever is still waiting and awaits every POST (onClose): after it,
 * `received` is everything this app will ever send, with no waiting on the clock.
 */
async function everythingSent(app: FastifyInstance): Promise<Received[]> {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
  return received;
}

function report(overrides: Record<string, unknown> = {}) {
  return {
    request: { method: 'GET', url: '/api/profile/v2/merchants/7/stores?pageNumber=0&pageSize=20&lang=vi' },
    response: { httpStatus: 500, status: 500, message: 'Đã có lỗi xảy ra. Vui lòng thử lại sau.' },
    page: 'https://portal.example.vn/portal/app/offline-stores',
    merchantCode: 'MC000123',
    appVersion: '1.25.100',
    ...overrides,
  };
}

async function post(app: FastifyInstance, payload: unknown, user: string | null = 'chu_cua_hang') {
  return app.inject({
    method: 'POST',
    url: '/api/error-reports',
    headers: user ? { 'x-test-user': user } : {},
    payload: payload as Record<string, unknown>,
  });
}

describe('POST /api/error-reports', () => {
  it('sends two plain-text messages, request then response, to the webhook', async () => {
    const app = await buildApp();
    const answer = await post(app, report());
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 0, message: 'Thành công', data: { queued: true } });

    const messages = await arrivals(2);
    expect(messages).toHaveLength(2);
    for (const message of messages) {
      expect(message.path).toBe('/chat/hook?key=webhook-key-1');
      expect(message.contentType).toBe('application/json; charset=utf-8');
      expect(Object.keys(message.body)).toEqual(['text']);
    }
    const [request, response] = messages.map((m) => m.body.text);
    expect(request).toContain('request (1/2)');
    expect(request).toContain('Request: GET /api/profile/v2/merchants/7/stores?pageNumber=0&pageSize=20&lang=vi');
    expect(request).toContain('User: chu_cua_hang, id 42');
    expect(request).toContain('Merchant (as sent by the portal): MC000123');
    expect(request).toContain('Page: https://portal.example.vn/portal/app/offline-stores');
    expect(request).toContain('1.25.100');
    expect(response).toContain('response (2/2)');
    expect(response).toContain('HTTP status: 500');
    expect(response).toContain('Status: 500');
    expect(response).toContain('Message: Đã có lỗi xảy ra. Vui lòng thử lại sau.');
    // Both halves carry the same report id so they can be matched in a busy channel.
    const id = /Error report (\w+)/.exec(request)?.[1];
    expect(id).toBeTruthy();
    expect(response).toContain(`Error report ${id}`);
  });

  it('sends both messages to every configured webhook', async () => {
    const app = await buildApp({ webhookUrls: [`${hookBase}/a`, `${hookBase}/b`] });
    await post(app, report());
    const messages = await arrivals(4);
    expect(messages.map((m) => m.path).sort()).toEqual(['/a', '/a', '/b', '/b']);
    for (const path of ['/a', '/b']) {
      const texts = messages.filter((m) => m.path === path).map((m) => m.body.text);
      expect(texts[0]).toContain('request (1/2)');
      expect(texts[1]).toContain('response (2/2)');
    }
  });

  it('removes passwords, tokens and OTPs at any depth, in bodies, headers and query strings', async () => {
    const secrets = [
      'S3cret!Pass',
      'N3w!Passw0rd',
      '482913',
      '775511',
      'tok-body-abc',
      'tok-array-def',
      'tok-header-ghi',
      'tok-query-jkl',
      '654321',
      'tok-response-mno',
      'tok-page-pqr',
      'sid=cookie-stu',
      'tok-text-vwx',
    ];
    const app = await buildApp();
    await post(
      app,
      report({
        request: {
          method: 'post',
          url: '/api/authentication/v1/users/verify?token=tok-query-jkl&otp=654321&lang=vi',
          headers: {
            Authorization: 'Bearer tok-header-ghi',
            Cookie: 'sid=cookie-stu',
            'X-Request-Id': 'req-1',
            'X-Merchant-Id': '7',
          },
          body: {
            username: 'nhan_vien_01',
            password: 'S3cret!Pass',
            profile: { security: { newPassword: 'N3w!Passw0rd', otp: '482913' } },
            devices: [{ name: 'iPhone', pushToken: 'tok-body-abc' }, { name: 'Web', sessions: [{ accessToken: 'tok-array-def' }] }],
            smartOtp: '775511',
          },
        },
        response: {
          httpStatus: 400,
          status: 2,
          message: 'Dữ liệu không hợp lệ',
          body: { status: 2, message: 'Dữ liệu không hợp lệ', data: { refreshToken: 'tok-response-mno', note: 'Authorization: Bearer tok-text-vwx' } },
        },
        page: 'https://portal.example.vn/portal/app/user-info?access_token=tok-page-pqr&tab=security',
      }),
    );
    const messages = await arrivals(2);
    expect(messages).toHaveLength(2);
    const all = messages.map((m) => m.body.text).join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).toContain('[REDACTED]');
    // What is not secret survives, so the report is still useful.
    expect(all).toContain('nhan_vien_01');
    expect(all).toContain('iPhone');
    expect(all).toContain('lang=vi');
    expect(all).toContain('tab=security');
    expect(all).toContain('req-1');
    expect(all).toContain('Dữ liệu không hợp lệ');
  });

  it.each([
    ['status 1326 (session expired)', { response: { httpStatus: 401, status: 1326, message: 'Phiên đăng nhập đã hết hạn.' } }],
    ['status 78 (token invalid)', { response: { httpStatus: 401, status: 78, message: 'Vui lòng đăng nhập lại.' } }],
    ['status 78 only in the response body', { response: { httpStatus: 401, body: { status: 78, message: 'x' } } }],
    ['status 1326 in a JSON text body', { response: { httpStatus: 401, body: '{"status":1326,"message":"x"}' } }],
    ["a message containing 'Token'", { response: { httpStatus: 401, status: 9, message: 'Token không hợp lệ. Vui lòng đăng nhập lại.' } }],
    ["a message containing 'Mật khẩu'", { response: { httpStatus: 400, status: 10, message: 'Mật khẩu hoặc tên đăng nhập không chính xác' } }],
    [
      "a message containing 'Không tìm thấy tài khoản của số điện thoại này'",
      { response: { httpStatus: 404, status: 4, message: 'Không tìm thấy tài khoản của số điện thoại này' } },
    ],
    ["a message containing 'Network Error'", { response: { message: 'Network Error' } }],
    [
      "a message containing 'Không có quyền truy cập'",
      { response: { httpStatus: 403, status: 3, message: 'Không có quyền truy cập doanh nghiệp này' } },
    ],
    ["'Mật khẩu' only in the response body", { response: { httpStatus: 400, body: { status: 10, message: 'Mật khẩu không đúng' } } }],
    [
      "'Mật khẩu' written in decomposed Unicode",
      { response: { httpStatus: 400, status: 10, message: 'Mật khẩu sai'.normalize('NFD') } },
    ],
  ])('sends nothing for %s', async (_name, overrides) => {
    const app = await buildApp();
    const answer = await post(app, report(overrides));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 0, message: 'Thành công', data: { queued: false } });
    expect(await everythingSent(app)).toEqual([]);
  });

  it('refuses a caller without a user (401, status 78) and sends nothing', async () => {
    const app = await buildApp();
    const answer = await post(app, report(), null);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ status: 78, message: 'Token không hợp lệ. Vui lòng đăng nhập lại.' });
    const english = await app.inject({ method: 'POST', url: '/api/error-reports?lang=en', payload: report() });
    expect(english.json()).toEqual({ status: 78, message: 'Token is missing or invalid. Please sign in again.' });
    expect(await everythingSent(app)).toEqual([]);
  });

  it('uses the getUser hook when given one', async () => {
    const app = await buildApp({ getUser: (request) => (request.headers['x-api-user'] === 'ke_toan' ? { username: 'ke_toan' } : null) });
    expect((await post(app, report(), 'chu_cua_hang')).statusCode).toBe(401);
    const answer = await app.inject({ method: 'POST', url: '/api/error-reports', headers: { 'x-api-user': 'ke_toan' }, payload: report() });
    expect(answer.json()).toMatchObject({ status: 0, data: { queued: true } });
    const messages = await arrivals(2);
    expect(messages[0].body.text).toContain('User: ke_toan');
  });

  it('refuses a malformed report (400, status 2) and sends nothing', async () => {
    const app = await buildApp();
    const answer = await post(app, { request: { url: '/x' }, response: { status: 'boom' } });
    expect(answer.statusCode).toBe(400);
    const body = answer.json<{ status: number; data: { errors: { field: string }[] } }>();
    expect(body.status).toBe(2);
    expect(body.data.errors.map((e) => e.field).sort()).toEqual(['request.method', 'response.status']);
    expect(await everythingSent(app)).toEqual([]);
  });

  it('collapses identical reports within 300 ms into one pair of messages, sent 300 ms after the last', async () => {
    // The clock is faked for the plugin's timers and Date; the HTTP traffic stays real.
    const webhookCalls = vi.spyOn(globalThis, 'fetch');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let app: FastifyInstance;
    let lastPostAt: number;
    try {
      app = await buildApp();
      await post(app, report());
      // Each duplicate comes within the window, which restarts with it.
      await vi.advanceTimersByTimeAsync(200);
      await post(app, report());
      await vi.advanceTimersByTimeAsync(200);
      await post(app, report());
      lastPostAt = Date.now();
      await vi.advanceTimersByTimeAsync(299);
      // 699 ms after the first report, 299 ms after the last: nothing has left yet.
      expect(webhookCalls).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(webhookCalls).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
      webhookCalls.mockRestore();
    }
    const messages = await everythingSent(app);
    expect(messages).toHaveLength(2);
    expect(messages[0].body.text).toContain('×3');
    expect(messages[0].at - lastPostAt).toBeGreaterThanOrEqual(300);
  });

  it('sends a burst of simultaneous duplicates once', async () => {
    const app = await buildApp();
    await Promise.all(Array.from({ length: 10 }, () => post(app, report())));
    const messages = await everythingSent(app);
    expect(messages).toHaveLength(2);
    expect(messages[0].body.text).toContain('×10');
  });

  it('waits 300 ms before sending', async () => {
    const app = await buildApp();
    const postedAt = Date.now();
    await post(app, report());
    await arrivals(2);
    const messages = await everythingSent(app);
    expect(messages).toHaveLength(2);
    expect(messages[0].at - postedAt).toBeGreaterThanOrEqual(300);
  });

  it('sends different reports separately, and the same report again after the window', async () => {
    const app = await buildApp();
    await post(app, report());
    await post(app, report({ request: { method: 'GET', url: '/api/profile/v1/me' } }));
    await arrivals(4);
    expect(received).toHaveLength(4);
    await post(app, report());
    await arrivals(6);
    expect(await everythingSent(app)).toHaveLength(6);
  });

  it('answers at once and never fails the caller when the webhook errors, hangs or is down', async () => {
    behaviour = { status: 500, hang: false };
    const failing = await buildApp();
    expect((await post(failing, report())).json()).toMatchObject({ status: 0, data: { queued: true } });
    await arrivals(2);
    expect(received).toHaveLength(2);

    behaviour = { status: 200, hang: true };
    const hanging = await buildApp({ timeoutMs: 200 });
    expect((await post(hanging, report({ page: 'hang' }))).json()).toMatchObject({ status: 0, data: { queued: true } });
    // Both POSTs are tried: the first is cut by the timeout, then the second goes out.
    await arrivals(4);
    expect(received.filter((m) => m.body.text.includes('Page: hang'))).toHaveLength(2);

    const webhookCalls = vi.spyOn(globalThis, 'fetch');
    const down = await buildApp({ webhookUrls: ['http://127.0.0.1:1/hook'], timeoutMs: 200 });
    expect((await post(down, report())).json()).toMatchObject({ status: 0, data: { queued: true } });
    // Both POSTs to the closed port were tried and failed.
    await vi.waitFor(() => expect(webhookCalls).toHaveBeenCalledTimes(2), { timeout: 3000, interval: 10 });
    await Promise.allSettled(webhookCalls.mock.results.map((r) => r.value as Promise<unknown>));
    webhookCalls.mockRestore();
    // The app is still healthy after the failures.
    expect((await post(down, report())).statusCode).toBe(200);
  });

  it('accepts and drops reports when no webhook is configured', async () => {
    const app = await buildApp({ webhookUrls: [] });
    expect((await post(app, report())).json()).toEqual({ status: 0, message: 'Thành công', data: { queued: false } });
    expect(await everythingSent(app)).toEqual([]);
  });

  it('sends what is still waiting when the server shuts down', async () => {
    const app = await buildApp({ debounceMs: 60_000 });
    await post(app, report());
    expect(received).toHaveLength(0);
    apps.splice(apps.indexOf(app), 1);
    await app.close();
    expect(received).toHaveLength(2);
  });

  it('cuts a very long message to what a chat service accepts', async () => {
    const app = await buildApp();
    await post(app, report({ request: { method: 'POST', url: '/api/x', body: { note: 'ả'.repeat(20_000) } } }));
    const messages = await arrivals(2);
    expect(messages[0].body.text.length).toBeLessThanOrEqual(4000);
    expect(messages[0].body.text).toMatch(/… \(truncated\)$/);
  });
});
