/**
 * Server configuration from environment variables, validated once at start so a bad value stops the
 * process with a message naming the variable instead of failing later in a request.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';

export type SeedPreset = 'small' | 'medium' | 'large';

export interface SeedSize {
  preset: SeedPreset;
  /** Scale of the transaction tables (used by the domains that seed transactions). */
  transactionsPerMerchant: number;
}

export interface LoginThrottleConfig {
  /** Failed sign-ins of one username inside the window before it is locked. */
  maxFailuresPerUser: number;
  /** Failed sign-ins from one IP inside the window before that IP is refused. */
  maxFailuresPerIp: number;
  windowMinutes: number;
  lockMinutes: number;
}

export interface RateLimitConfig {
  /** Requests per minute per client IP on the whole API. */
  apiPerMinute: number;
  /** Sign-in attempts per minute per client IP (before any password is checked). */
  loginPerMinute: number;
}

export interface SsoConfig {
  /** Where "Sign in with SSO" sends the browser; the IdP returns to /portal/auth/sso-check?token=… */
  loginUrl: string | null;
  /** HS256 shared secret of the IdP's tokens, or… */
  secret: string | null;
  /** …the IdP's JWKS address (RS256/ES256 keys). */
  jwksUrl: string | null;
  issuer: string;
  audience: string;
}

export interface AuthConfig {
  smtpUrl: string | null;
  mailFrom: string;
  smsWebhookUrl: string | null;
  otpMaxPerAddressPerHour: number;
  otpMaxPerIpPerHour: number;
  sso: SsoConfig;
}

/** S3-compatible object storage of export files (S3_*); see server/lib/files/blobs.ts. */
export interface S3StorageConfig {
  kind: 's3';
  /** S3_ENDPOINT: the service's address (MinIO, Ceph, …); null: AWS S3 of the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; both null: the AWS SDK's default chain (instance role, …). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** S3_FORCE_PATH_STYLE: http://host/bucket/key instead of http://bucket.host/key (most non-AWS servers). */
  forcePathStyle: boolean;
  /** S3_PREFIX: prepended to every object key (one bucket for several installations). */
  prefix: string;
}

/** Where files any process may have to serve are kept: the database (default) or S3. */
export type FileStorageConfig = { kind: 'database' } | S3StorageConfig;

export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  /** Absolute path of the embedded database folder; null keeps the database in memory (tests). */
  dataDir: string | null;
  databaseUrl: string | null;
  /** EXPORT_SMALL_MAX_ROWS: up to this many rows an export downloads at once; more become an export job. */
  exportSmallMaxRows: number;
  /** PGLITE_SHARED_BUFFERS: the embedded database's page cache (default 32MB; see db/client.ts). */
  pgliteSharedBuffers: string;
  /** Export job files: in the database, or S3-compatible storage when S3_BUCKET is set. */
  fileStorage: FileStorageConfig;
  seed: boolean;
  seedSize: SeedSize;
  /**
   * Server secret of the session, challenge and one-time-code hashes and of the demo SSO issuer's key.
   * TOKEN_PEPPER when set; otherwise empty here and buildApp fills in the installation's own random
   * secret, kept with the data (server/lib/installation-secret). Never a value written in the source.
   */
  tokenPepper: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /**
   * How long (ms) a session and membership lookup may be reused (AUTH_CACHE_MS; 0 = off). Any
   * mutating request clears it at once, so the bound only matters for writes made outside this
   * process: default 5000 on the embedded database (one process by construction), 0 on PostgreSQL.
   */
  authCacheMs: number;
  logLevel: string;
  /** Absolute path of the built SPA; static serving is skipped when the folder does not exist. */
  clientDir: string;
  errorWebhookUrls: string[];
  ssoLogoutUrl: string | null;
  trustProxy: boolean;
  /** Largest accepted request body for JSON routes. */
  bodyLimitBytes: number;
  /** Time allowed to receive a whole request (Node's `server.requestTimeout`). */
  requestTimeoutMs: number;
  /** How long shutdown waits for in-flight requests before the process gives up. */
  shutdownTimeoutMs: number;
  /** Interval of `VACUUM ANALYZE` on the embedded database (PGlite has no autovacuum). */
  vacuumIntervalMs: number;
  loginThrottle: LoginThrottleConfig;
  rateLimit: RateLimitConfig;
  /**
   * RESPONSE_CHECKS=on: every answer is also parsed by its zod schema, and the compiled serializer must
   * write the same text (server/serializer.ts). On in the API tests; off by default, for speed.
   */
  checkResponses: boolean;
  /** Demo mode (DEMO_MODE, default: on when SEED is on): demo outbox and demo SSO issuer exist. */
  demoMode: boolean;
  /**
   * BACKGROUND_JOBS (default on): this process runs the periodic passes (scheduled reports, webhook
   * deliveries, post publishing, campaigns, broadcasts, auto-resolve, badges). Every pass is safe in
   * several processes at once; off makes a process that only answers requests. Off in testConfig().
   */
  backgroundJobs: boolean;
  /** Auth area: delivery of one-time codes, their sending limits, and the SSO identity provider. */
  auth: AuthConfig;
  /** Messages about the configuration worth logging once the logger exists. */
  warnings: string[];
}

const SEED_PRESETS: Record<SeedPreset, number> = {
  small: 2_000,
  medium: 100_000,
  large: 1_000_000,
};

export function seedSizeFor(value: string): SeedSize {
  if (value in SEED_PRESETS) {
    const preset = value as SeedPreset;
    return { preset, transactionsPerMerchant: SEED_PRESETS[preset] };
  }
  const n = Number(value);
  // A number scales the transactions; the other tables follow the nearest preset at or below it.
  const preset: SeedPreset = n >= SEED_PRESETS.large ? 'large' : n >= SEED_PRESETS.medium ? 'medium' : 'small';
  return { preset, transactionsPerMerchant: n };
}

const intIn = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

const envSchema = z.object({
  NODE_ENV: optional(z.string()),
  PORT: optional(intIn('PORT', 1, 65535)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a PostgreSQL URL (postgres://user:pass@host:5432/db)'),
  ),
  SEED: optional(z.enum(['on', 'off'], { error: 'SEED must be on or off' })),
  RESPONSE_CHECKS: optional(z.enum(['on', 'off'], { error: 'RESPONSE_CHECKS must be on or off' })),
  SEED_SIZE: optional(
    z
      .string()
      .trim()
      .refine(
        (v) => v in SEED_PRESETS || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 50_000_000),
        'SEED_SIZE must be small, medium, large or a number of transactions per merchant (1 to 50000000)',
      ),
  ),
  TOKEN_PEPPER: optional(z.string().min(32, 'TOKEN_PEPPER must be at least 32 characters')),
  SESSION_IDLE_MINUTES: optional(intIn('SESSION_IDLE_MINUTES', 1, 24 * 60)),
  AUTH_CACHE_MS: optional(intIn('AUTH_CACHE_MS', 0, 60_000)),
  EXPORT_SMALL_MAX_ROWS: optional(intIn('EXPORT_SMALL_MAX_ROWS', 1, 1_000_000)),
  PGLITE_SHARED_BUFFERS: optional(
    z.string().trim().regex(/^[1-9]\d{0,5}(kB|MB|GB)$/, { error: 'PGLITE_SHARED_BUFFERS must look like 32MB (kB, MB or GB)' }),
  ),
  RATE_LIMIT_API_PER_MINUTE: optional(intIn('RATE_LIMIT_API_PER_MINUTE', 1, 1_000_000)),
  RATE_LIMIT_LOGIN_PER_MINUTE: optional(intIn('RATE_LIMIT_LOGIN_PER_MINUTE', 1, 1_000_000)),
  SESSION_ABSOLUTE_HOURS: optional(intIn('SESSION_ABSOLUTE_HOURS', 1, 24 * 30)),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    }),
  ),
  CLIENT_DIR: optional(z.string()),
  ERROR_WEBHOOK_URLS: optional(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine(
        (urls) => urls.every((u) => /^https?:\/\/\S+$/.test(u)),
        'ERROR_WEBHOOK_URLS must be a comma-separated list of http(s) URLs',
      ),
  ),
  SSO_LOGOUT_URL: optional(z.url({ protocol: /^https?$/, error: 'SSO_LOGOUT_URL must be an http(s) URL' })),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' })),
  S3_BUCKET: optional(z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)')),
  S3_REGION: optional(z.string().trim().regex(/^[a-z0-9-]{2,40}$/, 'S3_REGION must be a region name such as us-east-1')),
  S3_ACCESS_KEY_ID: optional(z.string().trim().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' })),
  S3_PREFIX: optional(z.string().trim().regex(/^[a-z0-9][a-z0-9/_.-]{0,100}\/$/i, 'S3_PREFIX must end with / (e.g. portal/)')),
  TRUST_PROXY: optional(z.enum(['true', 'false'], { error: 'TRUST_PROXY must be true or false' })),
  DEMO_MODE: optional(z.enum(['on', 'off'], { error: 'DEMO_MODE must be on or off' })),
  BACKGROUND_JOBS: optional(z.enum(['on', 'off'], { error: 'BACKGROUND_JOBS must be on or off' })),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/\S+$/, 'SMTP_URL must be an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string().trim().min(3, 'MAIL_FROM must be an e-mail address or "Name <address>"')),
  SMS_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/, error: 'SMS_WEBHOOK_URL must be an http(s) URL' })),
  OTP_MAX_PER_ADDRESS_PER_HOUR: optional(intIn('OTP_MAX_PER_ADDRESS_PER_HOUR', 1, 1000)),
  OTP_MAX_PER_IP_PER_HOUR: optional(intIn('OTP_MAX_PER_IP_PER_HOUR', 1, 100_000)),
  SSO_LOGIN_URL: optional(z.string().regex(/^(https?:\/\/|\/)\S*$/, 'SSO_LOGIN_URL must be an http(s) URL or a path')),
  SSO_SECRET: optional(z.string().min(32, 'SSO_SECRET must be at least 32 characters')),
  SSO_JWKS_URL: optional(z.url({ protocol: /^https?$/, error: 'SSO_JWKS_URL must be an http(s) URL' })),
  SSO_ISSUER: optional(z.string().trim().min(1)),
  SSO_AUDIENCE: optional(z.string().trim().min(1)),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        const value = env[name];
        // Secrets are never echoed back, even in a start-up error.
        const shown = /PEPPER|URL|SECRET|KEY/.test(name) ? '' : ` (got ${JSON.stringify(value)})`;
        return `${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const warnings: string[] = [];
  // Production must name its secret: a generated one would differ between hosts sharing a database
  // and vanish with a lost data folder, signing every user out (see README, production settings).
  if (!e.TOKEN_PEPPER && nodeEnv === 'production') {
    throw new ConfigError([
      'TOKEN_PEPPER must be set when NODE_ENV=production: a random secret of 32+ characters (e.g. `openssl rand -base64 48`)',
    ]);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS default credentials)']);
  }
  const s3Named = [e.S3_ENDPOINT, e.S3_REGION, e.S3_ACCESS_KEY_ID, e.S3_FORCE_PATH_STYLE, e.S3_PREFIX].some((v) => v !== undefined);
  if (s3Named && !e.S3_BUCKET) throw new ConfigError(['S3_BUCKET must be set when any other S3_ setting is: without it export files stay in the database']);
  const fileStorage: FileStorageConfig = e.S3_BUCKET
    ? {
        kind: 's3',
        endpoint: e.S3_ENDPOINT ?? null,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION ?? 'us-east-1',
        accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
        forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        prefix: e.S3_PREFIX ?? '',
      }
    : { kind: 'database' };
  // Demo mode follows SEED unless set (a seeded demo needs its outbox), but never by default in production.
  const demoMode = e.DEMO_MODE ? e.DEMO_MODE === 'on' : (e.SEED ?? 'on') === 'on' && nodeEnv !== 'production';
  return {
    nodeEnv,
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    dataDir: resolve(cwd, e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL ?? null,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS ?? '32MB',
    exportSmallMaxRows: e.EXPORT_SMALL_MAX_ROWS ?? 5_000,
    fileStorage,
    seed: (e.SEED ?? 'on') === 'on',
    seedSize: seedSizeFor(e.SEED_SIZE ?? 'small'),
    tokenPepper: e.TOKEN_PEPPER ?? '',
    // Spec §9's "20 minutes" constant: the idle time after which a session ends.
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES ?? 20,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS ?? 12,
    // Safe on PostgreSQL too: every process is told of writes by NOTIFY (server/lib/auth-cache/broadcast.ts).
    authCacheMs: e.AUTH_CACHE_MS ?? 5_000,
    logLevel: e.LOG_LEVEL ?? 'info',
    clientDir: resolve(cwd, e.CLIENT_DIR ?? 'dist/client'),
    errorWebhookUrls: e.ERROR_WEBHOOK_URLS ?? [],
    ssoLogoutUrl: e.SSO_LOGOUT_URL ?? null,
    trustProxy: e.TRUST_PROXY === 'true',
    bodyLimitBytes: 1024 * 1024,
    requestTimeoutMs: 30_000,
    shutdownTimeoutMs: 10_000,
    vacuumIntervalMs: 6 * 60 * 60 * 1000,
    loginThrottle: { maxFailuresPerUser: 5, maxFailuresPerIp: 20, windowMinutes: 15, lockMinutes: 15 },
    rateLimit: { apiPerMinute: e.RATE_LIMIT_API_PER_MINUTE ?? 600, loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE ?? 30 },
    checkResponses: e.RESPONSE_CHECKS === 'on',
    demoMode,
    backgroundJobs: (e.BACKGROUND_JOBS ?? 'on') === 'on',
    auth: {
      smtpUrl: e.SMTP_URL ?? null,
      mailFrom: e.MAIL_FROM ?? 'Ví Xanh <no-reply@vixanh.vn>',
      smsWebhookUrl: e.SMS_WEBHOOK_URL ?? null,
      otpMaxPerAddressPerHour: e.OTP_MAX_PER_ADDRESS_PER_HOUR ?? 10,
      otpMaxPerIpPerHour: e.OTP_MAX_PER_IP_PER_HOUR ?? 30,
      sso: {
        // In demo mode the built-in issuer (server/routes/demo) signs with a key derived from the
        // installation's secret (TOKEN_PEPPER or the generated one).
        loginUrl: e.SSO_LOGIN_URL ?? (demoMode ? '/api/demo/sso/authorize' : null),
        secret: e.SSO_SECRET ?? null,
        jwksUrl: e.SSO_JWKS_URL ?? null,
        issuer: e.SSO_ISSUER ?? (demoMode ? 'demo-sso' : 'sso'),
        audience: e.SSO_AUDIENCE ?? 'merchant-portal',
      },
    },
    warnings,
  };
}

/** A configuration for tests: in-memory database, no static client, quiet logs, a fresh random secret. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', TOKEN_PEPPER: randomBytes(32).toString('base64url') }),
    dataDir: null,
    clientDir: '/nonexistent-client-dir',
    rateLimit: { apiPerMinute: 10_000, loginPerMinute: 10_000 },
    checkResponses: true,
    // Tests run each background pass themselves, when they choose; one about the jobs running asks for them.
    backgroundJobs: false,
    ...overrides,
  };
}
