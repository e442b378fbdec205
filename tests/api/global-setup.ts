/**
 * Builds the template database once for the whole API run: a fresh PGlite (initdb takes seconds),
 * migrated and seeded small, dumped to a file. Each test file starts its own database from that dump
 * in about half a second (helpers.ts).
 */
import { PGlite } from '@electric-sql/pglite';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { POSTGRES_TEMPLATE, root } from './processes';
import { pgliteDatabase, pgliteExtensions, postgresDatabase } from '../../server/db/client';
import { seedIfEmpty } from '../../server/db/seed';
import { seedSizeFor } from '../../server/config';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDumpPath: string;
    /** Set when the suite runs on PostgreSQL (API_ENGINE=postgres). */
    postgresServerUrl: string;
  }
}

/**
 * API_ENGINE=postgres (with TEST_DATABASE_URL): the whole suite runs on PostgreSQL instead. The template
 * is then a database of the test server, migrated and seeded once; each test file's app gets a copy made
 * with CREATE DATABASE … TEMPLATE (helpers.ts), so every query of the API is tried on both engines.
 */
async function setupPostgres(project: TestProject, serverUrl: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Copies of an earlier run's template would block dropping it: they are throw-away too.
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'portal_api_%'");
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${POSTGRES_TEMPLATE}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const database = postgresDatabase(pool);
  await database.migrate();
  await seedIfEmpty(database.db, seedSizeFor('small'));
  await database.close();
  project.provide('templateDumpPath', '');
  project.provide('postgresServerUrl', serverUrl);
}

/**
 * The PostgreSQL suites (two processes on one database, …) always run: without TEST_DATABASE_URL the
 * run starts a throwaway PostgreSQL with .ci/postgres (installing it where it can), and the test workers
 * inherit its URL. Where none can be had, describeOnPostgres fails those suites by name.
 */
function ensureTestDatabase(): void {
  if (process.env.TEST_DATABASE_URL) return;
  try {
    const url = execFileSync(join(root, '.ci', 'postgres'), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (url) process.env.TEST_DATABASE_URL = url;
  } catch {
    // No PostgreSQL here: the suites that need it say so.
  }
}

export default async function setup(project: TestProject) {
  ensureTestDatabase();
  if (process.env.API_ENGINE === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('API_ENGINE=postgres needs TEST_DATABASE_URL');
    return setupPostgres(project, serverUrl);
  }
  project.provide('postgresServerUrl', '');
  const dir = mkdtempSync(join(tmpdir(), 'portal-api-template-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = pgliteDatabase(client);
  await database.migrate();
  await seedIfEmpty(database.db, seedSizeFor('small'));
  await database.vacuum();
  const dump = await client.dumpDataDir('none');
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('templateDumpPath', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
