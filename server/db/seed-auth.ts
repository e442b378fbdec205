/**
 * Auth area demo data: `secure_demo`, an accountant of the SME with two-factor security on (the
 * second step's code is in the demo outbox for its phone), so the 2FA sign-in can be tried at once;
 * and accounts the auth browser tests change (2FA, password, SSO link, reset) so that no other test's
 * demo account is ever altered on the shared e2e server.
 *
 * SSO links: every demo account is linked to its identity at the built-in demo issuer, so "Đăng nhập
 * SSO" works for it out of the box, except `auth_sso_demo`, left unlinked to show (and test) the
 * refusal and the link from the account screen. The links name the demo issuer only: a real IdP's
 * identities stay unlinked until their owners link them.
 */
import { and, eq, like, ne } from 'drizzle-orm';
import { DEMO_SSO_ISSUER, demoSsoSubject } from '../lib/sso';
import { memberships, ssoIdentities, users } from './schema';
import type { DomainSeed } from './seed-types';
import { DemoMerchants } from './seed-fixtures';

export const SECURE_DEMO_USER = {
  username: 'secure_demo',
  name: 'Phạm Thu Hà',
  email: 'secure.demo@example.vn',
  phone: '0945678123',
} as const;

/** Accounts of the auth browser tests: SME accountants (one merchant: sign-in lands on welcome), and one without merchant. */
export const AUTH_TEST_USERS = {
  twoFactor: { username: 'auth_2fa_demo', name: 'Đỗ Văn Hải', email: 'auth.2fa@example.vn', phone: '0945678124', merchant: true },
  password: { username: 'auth_pass_demo', name: 'Vũ Thị Lan', email: 'auth.pass@example.vn', phone: '0945678125', merchant: true },
  sso: { username: 'auth_sso_demo', name: 'Hoàng Minh Quân', email: 'auth.sso@example.vn', phone: '0945678126', merchant: true },
  reset: { username: 'auth_reset_demo', name: 'Bùi Ngọc Mai', email: 'auth.reset@example.vn', phone: '0945678127', merchant: false },
} as const;

export const seedAuth: DomainSeed = async (tx, ctx) => {
  const [user] = await tx
    .insert(users)
    .values({ ...SECURE_DEMO_USER, passwordHash: ctx.demoPasswordHash, twoFactorEnabled: true, createdAt: ctx.referenceDate })
    .returning({ id: users.id });
  await tx.insert(memberships).values({ merchantId: DemoMerchants.sme.id, userId: user.id, roles: ['MERCHANT_ACCOUNTANT'] });
  for (const { merchant, ...account } of Object.values(AUTH_TEST_USERS)) {
    const [row] = await tx
      .insert(users)
      .values({ ...account, passwordHash: ctx.demoPasswordHash, createdAt: ctx.referenceDate })
      .returning({ id: users.id });
    if (merchant) await tx.insert(memberships).values({ merchantId: DemoMerchants.sme.id, userId: row.id, roles: ['MERCHANT_ACCOUNTANT'] });
  }

  // Every demo account of every domain seeded so far (`_demo` names only them; generated accounts stay unlinked).
  const linked = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(like(users.username, '%\\_demo'), ne(users.username, AUTH_TEST_USERS.sso.username)));
  for (const row of linked) {
    await tx.insert(ssoIdentities).values({ issuer: DEMO_SSO_ISSUER, subject: demoSsoSubject(row.id), userId: row.id });
    await tx.update(users).set({ linkedSso: true }).where(eq(users.id, row.id));
  }
};
