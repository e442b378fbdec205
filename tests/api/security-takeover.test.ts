/**
 * Account takeover in the default configuration (issue 13, critical): each test replays the attack
 * against `npm start`'s defaults and shows it now fails.
 * 1. Secrets anyone can compute: the demo SSO key used to derive from a TOKEN_PEPPER default written in
 *    the source, so anyone could mint a sign-on token. Now the secret is generated per installation.
 * 2. The demo outbox handed every one-time code to anyone who knew a phone number. Now demo routes
 *    answer only the machine itself, whatever X-Forwarded-For says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SignJWT } from 'jose';
import { buildApp } from '../../server/app';
import { ConfigError, testConfig } from '../../server/config';
import { demoOutbox, ssoIdentities, users } from '../../server/db/schema';
import { normaliseAddress } from '../../server/lib/otp/address';
import { DemoUsers } from '../../server/db/seed-fixtures';
import type { Database } from '../../server/db/client';
import { databaseSecret, fileSecret, SECRET_FILE_NAME, withInstallationSecret } from '../../server/lib/installation-secret';
import { demoSsoKey } from '../../server/lib/sso';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import { makeApp, openTemplateDatabase, type TestApp } from './helpers';

/** Where withInstallationSecret's notes go when called on its own. */
const silentLog = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;

/** The TOKEN_PEPPER default the source used to carry: public to anyone who read it. */
const OLD_SOURCE_PEPPER = 'dev-only-token-pepper-change-me-in-production';
const SIGN_ON = '/api/authentication/v1/sso/sign-on';
const NONCE = 'attacker-chosen-nonce-0123456789';
/** What the portal sends the demo issuer (state back in the return URL, nonce inside the token). */
const HAND_OFF = `state=portal-state-0123456789abcdef&nonce=${NONCE}`;

/** A hand-off token as the demo issuer makes one, signed with `key`. */
async function ssoToken(t: TestApp, key: Uint8Array, subject: string, username: string) {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ preferred_username: username, phone_number: null, nonce: NONCE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuer(t.config.auth.sso.issuer)
    .setAudience(t.config.auth.sso.audience)
    .setIssuedAt(iat)
    .setJti(crypto.randomUUID())
    .setExpirationTime(iat + 60)
    .sign(key);
}

describe('secrets anyone can compute', () => {
  let t: TestApp;
  let subject = '';
  beforeAll(async () => {
    // The default configuration: no TOKEN_PEPPER, demo mode on.
    t = await makeApp({ tokenPepper: '' });
    const [owner] = await t.database.db.select().from(users).where(eq(users.username, DemoUsers.owner.username));
    // The victim has linked an SSO identity (the seed may already have), so a valid token for it opens their account.
    await t.database.db.insert(ssoIdentities).values({ issuer: t.config.auth.sso.issuer, subject: `demo-sso-victim-${owner.id}`, userId: owner.id }).onConflictDoNothing();
    const [link] = await t.database.db
      .select()
      .from(ssoIdentities)
      .where(and(eq(ssoIdentities.userId, owner.id), eq(ssoIdentities.issuer, t.config.auth.sso.issuer)));
    subject = link.subject;
  });
  afterAll(() => t.close());

  it('gives a default installation its own random secret instead of a value from the source', () => {
    expect(t.app.config.tokenPepper).toMatch(/^[\w-]{43}$/);
    expect(t.app.config.tokenPepper).not.toBe(OLD_SOURCE_PEPPER);
  });

  it('refuses a sign-on token signed with the old source constant or any key but the installation’s (401 envelope)', async () => {
    for (const key of [demoSsoKey(OLD_SOURCE_PEPPER), demoSsoKey('k'.repeat(48)), demoSsoKey(`${t.app.config.tokenPepper}x`)]) {
      for (const username of [DemoUsers.owner.username, DemoUsers.owner.username.toUpperCase()]) {
        const res = await t.app.inject({ method: 'POST', url: SIGN_ON, payload: { token: await ssoToken(t, key, subject, username), nonce: NONCE } });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ status: 78, message: viApi.auth.ssoInvalid });
      }
    }
  });

  it('still signs on with a token of the installation’s own key (the check above is not refusing everything)', async () => {
    const token = await ssoToken(t, demoSsoKey(t.app.config.tokenPepper), subject, DemoUsers.owner.username);
    const res = await t.app.inject({ method: 'POST', url: SIGN_ON, payload: { token, nonce: NONCE } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ username: DemoUsers.owner.username, isLoginSSO: true });
  });
});

describe('the installation secret', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  const start = (dataDir: string) => buildApp(testConfig({ tokenPepper: '', dataDir, seed: false }));

  it('is generated at first start on PGlite, kept in DATA_DIR with mode 0600, the same after a restart, another in another folder', async () => {
    const [a, b] = [folder(), folder()];
    const first = await start(a);
    const secret = first.config.tokenPepper;
    await first.close();
    const file = join(a, SECRET_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(secret).toMatch(/^[\w-]{43}$/);

    const restarted = await start(a);
    expect(restarted.config.tokenPepper).toBe(secret);
    await restarted.close();

    const other = await start(b);
    expect(other.config.tokenPepper).toMatch(/^[\w-]{43}$/);
    expect(other.config.tokenPepper).not.toBe(secret);
    await other.close();
  }, 120_000);

  it('TOKEN_PEPPER, when set, wins and nothing is written', async () => {
    const dir = folder();
    const pepper = 'configured-secret-0123456789-0123456789';
    const database = { kind: 'pglite' } as Database;
    const resolved = await withInstallationSecret(testConfig({ tokenPepper: pepper, dataDir: dir }), database, silentLog);
    expect(resolved.tokenPepper).toBe(pepper);
    expect(existsSync(join(dir, SECRET_FILE_NAME))).toBe(false);
  });

  it('takes back owner-only permissions from a copied file, and refuses a damaged one with a configuration error', () => {
    const dir = folder();
    const { value } = fileSecret(dir);
    chmodSync(join(dir, SECRET_FILE_NAME), 0o644);
    expect(fileSecret(dir)).toEqual({ value, created: false, where: 'file' });
    expect(statSync(join(dir, SECRET_FILE_NAME)).mode & 0o777).toBe(0o600);
    writeFileSync(join(dir, SECRET_FILE_NAME), 'short\n');
    expect(() => fileSecret(dir)).toThrow(ConfigError);
  });

  it('is one row on PostgreSQL: made once, then the same for every process; another database gets another', { timeout: 120_000 }, async () => {
    // The same SQL PostgreSQL runs, on two embedded databases standing in for two installations.
    const [one, two] = await Promise.all([openTemplateDatabase(), openTemplateDatabase()]);
    try {
      const made = await databaseSecret(one.db);
      expect(made).toMatchObject({ created: true, where: 'database' });
      expect(await databaseSecret(one.db)).toEqual({ ...made, created: false });
      expect((await databaseSecret(two.db)).value).not.toBe(made.value);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('is required in production: the server refuses to start without TOKEN_PEPPER (exit 78, clear message)', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: folder(), CLIENT_DIR: '/nonexistent' };
    delete env.TOKEN_PEPPER;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: join(import.meta.dirname, '..', '..'), env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(78);
    expect(output).toContain('TOKEN_PEPPER must be set when NODE_ENV=production');
    expect(output).not.toContain('merchant portal ready');
  }, 60_000);
});

describe('the demo outbox and demo identity provider answer this machine only', () => {
  let t: TestApp;
  const phone = DemoUsers.owner.phone;
  const CODE = '493817';
  const outbox = `/api/demo/outbox?to=${phone}`;
  beforeAll(async () => {
    // TRUST_PROXY on: request.ip then comes from X-Forwarded-For, which the attacker writes.
    t = await makeApp({ trustProxy: true });
    // A sign-in code sent to the victim's phone, as the notifier keeps it in demo mode.
    await t.database.db
      .insert(demoOutbox)
      .values({ channel: 'SMS', address: normaliseAddress('SMS', phone), title: 'OTP', body: `Ma dang nhap ${CODE}`, code: CODE });
  });
  afterAll(() => t.close());

  const attacker = { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } };

  it('refuses the outbox to a remote address even with X-Forwarded-For: 127.0.0.1 (403 envelope, vi and en), and leaks no code', async () => {
    const res = await t.app.inject({ method: 'GET', url: outbox, ...attacker });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 3, message: viApi.demo.localOnly });
    expect(res.body).not.toContain(CODE);
    const en = await t.app.inject({ method: 'GET', url: `${outbox}&lang=en`, ...attacker });
    expect(en.json()).toEqual({ status: 3, message: enApi.demo.localOnly });
    for (const headers of [{}, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '::1' }]) {
      expect((await t.app.inject({ method: 'GET', url: outbox, remoteAddress: '10.0.0.9', headers })).statusCode).toBe(403);
    }
  });

  it('refuses a request relayed by a proxy on the same host (loopback socket, forwarding header)', async () => {
    const res = await t.app.inject({ method: 'GET', url: outbox, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses the demo identity provider to a remote address: no sign-in form, no password check, no token', async () => {
    const form = await t.app.inject({ method: 'GET', url: `/api/demo/sso/authorize?${HAND_OFF}`, ...attacker });
    expect(form.statusCode).toBe(403);
    expect(form.json().status).toBe(3);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/demo/sso/authorize',
      ...attacker,
      headers: { ...attacker.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${DemoUsers.owner.username}&password=Demo%401234&${HAND_OFF}`,
    });
    expect(post.statusCode).toBe(403);
    expect(post.headers.location).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/demo/sso/logout', ...attacker })).statusCode).toBe(403);
  });

  it('still answers the machine itself (IPv4, IPv6 and IPv4-mapped loopback): npm run outbox keeps working', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url: outbox, remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json().data[0]).toMatchObject({ channel: 'SMS', code: CODE });
    }
    const form = await t.app.inject({ method: 'GET', url: `/api/demo/sso/authorize?${HAND_OFF}`, remoteAddress: '::1' });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toMatch(/^text\/html/);
  });

  it('npm run outbox (scripts/outbox.mjs) still prints the code on the same machine', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const child = spawn(process.execPath, ['scripts/outbox.mjs', phone, '--url', url], { cwd: join(import.meta.dirname, '..', '..') });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    expect(await new Promise<number | null>((resolve) => child.on('exit', resolve)), output).toBe(0);
    expect(output).toContain(`code ${CODE}`);
  });

  it('logs loudly at start that demo mode is on and what it exposes, and tells the portal (health) to show its badge', async () => {
    const warning = t.logs.map((l) => JSON.parse(l)).find((l) => String(l.msg).startsWith('DEMO MODE IS ON'));
    expect(warning).toMatchObject({ level: 40 });
    expect(warning.msg).toContain('/api/demo/outbox');
    expect(warning.msg).toContain('/api/demo/sso/');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().data).toEqual({ db: 'ok', demo: true });
  });
});

describe('outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ demoMode: false });
  });
  afterAll(() => t.close());

  it('has no outbox at all, even for the machine itself, and no demo badge', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/demo/outbox?to=0901234567' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().data).toEqual({ db: 'ok', demo: false });
    expect(t.logs.some((l) => l.includes('DEMO MODE IS ON'))).toBe(false);
  });
});
