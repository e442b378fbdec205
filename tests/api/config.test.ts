/** Environment configuration: defaults, validation messages, production's required secret. */
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, testConfig } from '../../server/config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/app/data',
      databaseUrl: null,
      seed: true,
      seedSize: { preset: 'small' },
      // Not configured: the app fills in the installation's generated secret (security-takeover.test.ts).
      tokenPepper: '',
      sessionIdleMinutes: 20,
      sessionAbsoluteHours: 12,
      logLevel: 'info',
      clientDir: '/srv/app/dist/client',
      errorWebhookUrls: [],
      ssoLogoutUrl: null,
      demoMode: true,
      backgroundJobs: true,
    });
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/portal',
        DATABASE_URL: 'postgres://u:p@db:5432/portal',
        SEED: 'off',
        SEED_SIZE: '250000',
        TOKEN_PEPPER: 'x'.repeat(40),
        SESSION_IDLE_MINUTES: '30',
        SESSION_ABSOLUTE_HOURS: '8',
        LOG_LEVEL: 'warn',
        CLIENT_DIR: 'build/web',
        ERROR_WEBHOOK_URLS: 'https://chat.example/a, https://chat.example/b',
        SSO_LOGOUT_URL: 'https://sso.example/logout',
        AUTH_CACHE_MS: '2000',
        PGLITE_SHARED_BUFFERS: '64MB',
        EXPORT_SMALL_MAX_ROWS: '2000',
        RATE_LIMIT_API_PER_MINUTE: '1200',
        RATE_LIMIT_LOGIN_PER_MINUTE: '10',
        BACKGROUND_JOBS: 'off',
      },
      '/srv/app',
    );
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/portal',
      databaseUrl: 'postgres://u:p@db:5432/portal',
      seed: false,
      seedSize: { preset: 'medium', transactionsPerMerchant: 250_000 },
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 8,
      logLevel: 'warn',
      clientDir: resolve('/srv/app', 'build/web'),
      errorWebhookUrls: ['https://chat.example/a', 'https://chat.example/b'],
      ssoLogoutUrl: 'https://sso.example/logout',
      authCacheMs: 2000,
      pgliteSharedBuffers: '64MB',
      exportSmallMaxRows: 2000,
      rateLimit: { apiPerMinute: 1200, loginPerMinute: 10 },
      backgroundJobs: false,
    });
    // The cache is off by default on PostgreSQL (several processes may share it), on for the embedded database.
    expect(loadConfig({}).authCacheMs).toBe(5_000);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/portal' }).authCacheMs).toBe(5_000);
    expect(loadConfig({}).pgliteSharedBuffers).toBe('32MB');
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: "32MB'; drop table users; --" })).toThrow(/PGLITE_SHARED_BUFFERS must look like 32MB/);
    expect(loadConfig({ SEED_SIZE: 'large' }).seedSize).toEqual({ preset: 'large', transactionsPerMerchant: 1_000_000 });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a whole number (got "abc")'],
    ['PORT', '70000', 'PORT must be between 1 and 65535 (got "70000")'],
    ['SEED', 'yes', 'SEED must be on or off (got "yes")'],
    ['SEED_SIZE', 'huge', 'SEED_SIZE must be small, medium, large or a number of transactions per merchant (1 to 50000000) (got "huge")'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    ['SESSION_IDLE_MINUTES', '0', 'SESSION_IDLE_MINUTES must be between 1 and 1440 (got "0")'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must be a PostgreSQL URL (postgres://user:pass@host:5432/db)'],
    ['TOKEN_PEPPER', 'short', 'TOKEN_PEPPER must be at least 32 characters'],
    ['BACKGROUND_JOBS', 'false', 'BACKGROUND_JOBS must be on or off (got "false")'],
    ['ERROR_WEBHOOK_URLS', 'ftp://x', 'ERROR_WEBHOOK_URLS must be a comma-separated list of http(s) URLs'],
  ])('refuses %s=%s with a message naming the variable', (name, value, message) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([message]);
    expect((error as Error).message).toBe(`Invalid configuration:\n  - ${message}`);
  });

  it('never echoes secrets in its messages', () => {
    expect(() => loadConfig({ TOKEN_PEPPER: 'tiny-secret' })).toThrow(/^(?![\s\S]*tiny-secret)/);
  });

  it('refuses to start in production without TOKEN_PEPPER (no secret falls back to a value in the source)', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'TOKEN_PEPPER must be set when NODE_ENV=production: a random secret of 32+ characters (e.g. `openssl rand -base64 48`)',
    ]);
    const production = loadConfig({ NODE_ENV: 'production', TOKEN_PEPPER: 'p'.repeat(32) });
    expect(production.tokenPepper).toBe('p'.repeat(32));
    expect(production.demoMode).toBe(false);
    expect(production.warnings).toEqual([]);
  });

  it('has no configuration warnings by default (demo mode is announced by its routes, security-takeover.test.ts)', () => {
    expect(loadConfig({}).warnings).toEqual([]);
  });

  it('gives every test configuration its own random secret', () => {
    const [a, b] = [testConfig().tokenPepper, testConfig().tokenPepper];
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(a).not.toBe(b);
  });
});
