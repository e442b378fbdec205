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
import { root } from './processes';
import { pgliteDatabase, pgliteExtensions } from '../../server/db/client';
import { postgresDatabase } from '../../server/db/postgres';
import { seedIfEmpty } from '../../server/db/seed';
import { seedSizeFor } from '../../server/config';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDumpPath: string;
    /** Set when the suite runs on PostgreSQL (API_ENGINE=postgres). */
    postgresServerUrl: string;
    /** Its databases' names start with this and '_': `<prefix>_template`, and the copies helpers.ts makes. */
    postgresRunPrefix: string;
  }
}

/** Another process of this machine is running (a signal to it would be allowed, or is refused for rights). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The databases of an API run on PostgreSQL: portal_api_<pid of the run>_template and its copies. */
const RUN_DATABASE = /^portal_api_(?:(\d+)_)?/;

async function dropDatabases(serverUrl: string, drop: (name: string) => boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'portal\\_api\\_%'");
    for (const { datname } of rows) if (drop(datname)) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * API_ENGINE=postgres (with TEST_DATABASE_URL): the whole suite runs on PostgreSQL instead. The template
 * is then a database of the test server, migrated and seeded once; each test file's app gets a copy made
 * with CREATE DATABASE … TEMPLATE (helpers.ts), so every query of the API is tried on both engines.
 * Two runs may share a server (two checkouts, two people): each names its databases after its own
 * process, drops them at the end, and drops at start only those left by runs that are no longer running.
 */
async function setupPostgres(project: TestProject, serverUrl: string) {
  const prefix = `portal_api_${process.pid}`;
  const template = `${prefix}_template`;
  await dropDatabases(serverUrl, (name) => {
    const run = RUN_DATABASE.exec(name)?.[1];
    return !run || Number(run) === process.pid || !isRunning(Number(run));
  });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const database = postgresDatabase(pool);
  await database.migrate();
  await seedIfEmpty(database.db, seedSizeFor('small'));
  await database.close();
  project.provide('templateDumpPath', '');
  project.provide('postgresServerUrl', serverUrl);
  project.provide('postgresRunPrefix', prefix);
  return () => dropDatabases(serverUrl, (name) => name.startsWith(`${prefix}_`));
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
  project.provide('postgresRunPrefix', '');
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
