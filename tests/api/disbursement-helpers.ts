/** Shared by the disbursement API tests: an app whose code limits allow many approvals, users, calls. */
import { eq } from 'drizzle-orm';
import { memberships, users } from '../../server/db/schema';
import { testConfig } from '../../server/config';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { lastCode, freshIp } from './auth-helpers';
import { makeApp, type TestApp } from './helpers';

export const SME: number = DemoMerchants.sme.id;
export const OTHER: number = DemoMerchants.other.id;
export const base = (merchantId: number) => `/api/disbursement/v1/merchants/${merchantId}`;

/** Approvals send a code each: the hourly code limits are raised so a test file can approve many orders. */
export function makeDisbursementApp(): Promise<TestApp> {
  const auth = testConfig().auth;
  return makeApp({ auth: { ...auth, otpMaxPerAddressPerHour: 10_000, otpMaxPerIpPerHour: 10_000 } });
}

/** A second administrator of the SME (same demo password), so two-approver tiers can be completed. */
export async function addSmeAdministrator(t: TestApp, username: string, phone: string): Promise<number> {
  const [admin] = await t.database.db.select().from(users).where(eq(users.username, DemoUsers.admin.username));
  const [user] = await t.database.db
    .insert(users)
    .values({ username, name: 'Đỗ Thanh Tâm', phone, email: `${username}@example.vn`, passwordHash: admin.passwordHash })
    .returning({ id: users.id });
  await t.database.db.insert(memberships).values({ merchantId: SME, userId: user.id, roles: ['ADMINISTRATOR'] });
  return user.id;
}

export function calls(t: TestApp, merchantId = SME) {
  const url = (path: string, lang?: string) => `${base(merchantId)}${path}${lang ? `?lang=${lang}` : ''}`;
  return {
    get: (token: string, path: string, lang?: string) => t.call(token, { method: 'GET', url: url(path, lang) }),
    post: (token: string, path: string, payload: unknown = {}, opts: { lang?: string; headers?: Record<string, string> } = {}) =>
      t.call(token, { method: 'POST', url: url(path, opts.lang), payload: payload as Record<string, unknown>, remoteAddress: freshIp(), headers: opts.headers }),
    put: (token: string, path: string, payload: unknown, lang?: string) =>
      t.call(token, { method: 'PUT', url: url(path, lang), payload: payload as Record<string, unknown> }),
  };
}

/** Asks for a code as `token`'s user and approves `orderId` with it (as the approver reads it off their phone). */
export async function approveWithCode(t: TestApp, token: string, phone: string, orderId: number, merchantId = SME, lang?: string) {
  const c = calls(t, merchantId);
  const sent = await c.post(token, `/orders/${orderId}/approval-otp`, {}, { lang });
  if (sent.statusCode !== 200) return sent;
  const code = await lastCode(t, phone);
  return c.post(token, `/orders/${orderId}/approve`, { otpId: sent.json().data.otpId, otpCode: code });
}

/** The text of the newest message sent to an address (the demo outbox): what the approver reads. */
export async function lastText(t: TestApp, address: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/demo/outbox?to=${encodeURIComponent(address)}` });
  return res.json().data[0].text as string;
}
