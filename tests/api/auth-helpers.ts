/** Shared by the auth API tests: reading codes from the demo outbox and posting as a given client. */
import type { TestApp } from './helpers';

/** The newest code sent to an address (the demo outbox). */
export async function lastCode(t: TestApp, address: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/demo/outbox?to=${encodeURIComponent(address)}` });
  const code = res.json().data?.[0]?.code;
  if (!code) throw new Error(`no code sent to ${address}`);
  return code as string;
}

export async function outboxCount(t: TestApp, address: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/demo/outbox?to=${encodeURIComponent(address)}` });
  return (res.json().data as unknown[]).length;
}

let ipSeq = 0;
/** A fresh client address, so the per-IP limits of one test do not spill into the next. */
export const freshIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

export function post(t: TestApp, url: string, payload: unknown, opts: { token?: string; lang?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: opts.lang ? `${url}?lang=${opts.lang}` : url,
    payload: payload as Record<string, unknown>,
    remoteAddress: opts.ip ?? freshIp(),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
}

export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}
