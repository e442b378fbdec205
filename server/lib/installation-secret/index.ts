/**
 * The installation's own secret when TOKEN_PEPPER is not set. A default written in the source would
 * let anyone who reads it mint demo SSO tokens and recompute every session hash, so instead a random
 * secret is made at first start and kept with the data: it survives restarts (sessions stay valid)
 * and differs per installation. On PGlite it is a file in DATA_DIR readable by the owner only; on
 * PostgreSQL a row of `installation_secrets`, so every process on that database shares it.
 * Production must set TOKEN_PEPPER (server/config.ts refuses to start without it).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { installationSecrets } from '../../db/schema';

/** The file in DATA_DIR (mode 0600) that holds the generated secret on the embedded database. */
export const SECRET_FILE_NAME = 'installation-secret';
/** Its row name in `installation_secrets` on PostgreSQL. */
export const TOKEN_PEPPER_ROW = 'token_pepper';
/** Same floor as TOKEN_PEPPER's (config.ts): anything shorter was not made here. */
const MIN_LENGTH = 32;

export interface InstallationSecret {
  value: string;
  /** Made by this start (first start of the installation). */
  created: boolean;
  where: 'file' | 'database' | 'memory';
}

/** 256 random bits. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

function checked(value: string, where: string): string {
  if (value.length < MIN_LENGTH) {
    throw new ConfigError([`The installation secret in ${where} is damaged (shorter than ${MIN_LENGTH} characters): restore it from a backup or set TOKEN_PEPPER`]);
  }
  return value;
}

/** Reads, or makes on first start, the secret file of an embedded-database folder. */
export function fileSecret(dataDir: string, log?: FastifyBaseLogger): InstallationSecret {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, SECRET_FILE_NAME);
  let created = false;
  try {
    // 'wx': created only if absent, so two racing starts cannot overwrite each other's secret.
    writeFileSync(path, `${newSecret()}\n`, { flag: 'wx', mode: 0o600 });
    created = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if ((statSync(path).mode & 0o077) !== 0) {
    // Copied or restored with loose permissions: other local accounts could read it.
    chmodSync(path, 0o600);
    log?.warn({ file: SECRET_FILE_NAME }, 'the installation secret was readable by other accounts: permissions reset to 0600');
  }
  return { value: checked(readFileSync(path, 'utf8').trim(), `${SECRET_FILE_NAME} of DATA_DIR`), created, where: 'file' };
}

/** Reads, or makes on first start, the secret row; concurrent first starts agree on one value. */
export async function databaseSecret(db: Db): Promise<InstallationSecret> {
  const inserted = await db
    .insert(installationSecrets)
    .values({ name: TOKEN_PEPPER_ROW, value: newSecret() })
    .onConflictDoNothing()
    .returning({ name: installationSecrets.name });
  const [row] = await db.select().from(installationSecrets).where(eq(installationSecrets.name, TOKEN_PEPPER_ROW));
  return { value: checked(row.value, 'the installation_secrets table'), created: inserted.length > 0, where: 'database' };
}

/**
 * The configuration with its secret filled in: TOKEN_PEPPER when set, else this installation's
 * generated one (an in-memory database gets a fresh one per start, as it keeps nothing either).
 */
export async function withInstallationSecret(config: Config, database: Database, log: FastifyBaseLogger): Promise<Config> {
  if (config.tokenPepper) return config;
  const secret =
    database.kind === 'postgres'
      ? await databaseSecret(database.db)
      : config.dataDir
        ? fileSecret(config.dataDir, log)
        : { value: newSecret(), created: true, where: 'memory' as const };
  log.info(
    { where: secret.where },
    secret.created
      ? 'TOKEN_PEPPER is not set: generated this installation\'s secret and stored it with the data'
      : 'TOKEN_PEPPER is not set: using this installation\'s stored secret',
  );
  return { ...config, tokenPepper: secret.value };
}
