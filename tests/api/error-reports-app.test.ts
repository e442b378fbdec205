/**
 * The error-report relay as mounted in the real app: behind the session check, on the app's
 * translator, forwarding to the configured webhooks with secrets removed.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeApp, type TestApp } from './helpers';

let receiver: Server;
const received: Array<{ text: string }> = [];
let hookUrl: string;
let t: TestApp;

function readJson(req: IncomingMessage): Promise<{ text: string }> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(JSON.parse(body)));
  });
}

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    received.push(await readJson(req));
    res.end('ok');
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const { port } = receiver.address() as AddressInfo;
  hookUrl = `http://127.0.0.1:${port}/hook`;
  t = await makeApp({ errorWebhookUrls: [hookUrl] });
});

beforeEach(() => {
  received.length = 0;
});

afterAll(async () => {
  await t.close();
  await new Promise((r) => receiver.close(r));
});

const report = {
  request: { method: 'POST', url: '/api/x?token=abc123&page=1', body: { password: 'Secret@123', amount: 5000 } },
  response: { status: 9, httpStatus: 200, message: 'Xung đột dữ liệu', body: { otp: '123456' } },
};

const arrivals = (count: number) =>
  vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(count), { timeout: 3000, interval: 10 });

describe('POST /api/error-reports in the app', () => {
  it('refuses an anonymous report with 401 status 78 and sends nothing', async () => {
    // An app of its own: closing it sends whatever is still waiting, so afterwards nothing means nothing.
    const own = await makeApp({ errorWebhookUrls: [hookUrl] });
    const res = await own.call(null, { method: 'POST', url: '/api/error-reports', payload: report });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(78);
    await own.close();
    expect(received).toHaveLength(0);
  });

  it('relays a signed-in report as two messages without the secrets', async () => {
    const token = await t.login('owner_demo');
    const res = await t.call(token, { method: 'POST', url: '/api/error-reports?lang=en', payload: report });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 0, message: 'Success' });
    await arrivals(2);
    expect(received).toHaveLength(2);
    const all = received.map((m) => m.text).join('\n');
    expect(all).toContain('owner_demo');
    expect(all).toContain('Xung đột dữ liệu');
    for (const secret of ['abc123', 'Secret@123', '123456']) expect(all).not.toContain(secret);
  });
});
