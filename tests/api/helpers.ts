/**
 * Test wrapper: an app on its own database copied from the template (global-setup.ts), driven with
 * `inject`. Builders for the calls every test makes live here rather than in each file.
 */
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig, type Config } from '../../server/config';
import pg from 'pg';
import { pgliteDatabase, type Database } from '../../server/db/client';
import { openPgliteThread } from '../../server/db/pglite-thread';
import { postgresDatabase } from '../../server/db/postgres';
import { DEMO_PASSWORD } from '../../server/db/seed-fixtures';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Lines the app logged (JSON strings), for tests that check what must never be logged. */
  logs: string[];
  /** Signs in and returns the bearer token. */
  login(username: string, password?: string): Promise<string>;
  /** `inject` with a bearer token. */
  call(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let copies = 0;

/** A copy of the PostgreSQL template (API_ENGINE=postgres), dropped when the database is closed. */
async function openPostgresCopy(serverUrl: string): Promise<Database> {
  const prefix = inject('postgresRunPrefix');
  const name = `${prefix}_${process.pid}_${(copies += 1)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${prefix}_template`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 8 });
  // The copy is dropped with (force) at close: a connection still closing then is cut, which is expected.
  pool.on('error', () => undefined);
  const database = postgresDatabase(pool);
  return {
    ...database,
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`).finally(() => drop.end());
    },
  };
}

export async function openTemplateDatabase(): Promise<Database> {
  const serverUrl = inject('postgresServerUrl');
  if (serverUrl) return openPostgresCopy(serverUrl);
  // On its own thread, as the server runs it (server/db/pglite-thread.ts).
  const dump = readFileSync(inject('templateDumpPath'));
  return pgliteDatabase(await openPgliteThread({ loadDataDir: new Uint8Array(dump) }));
}

export async function makeApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await openTemplateDatabase();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  const config = testConfig({ logLevel: 'info', ...overrides });
  const app = await buildApp(config, { db: database, logStream });

  const call = (token: string | null, options: InjectOptions) =>
    app.inject({
      ...options,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
    });

  return {
    app,
    database,
    config,
    logs,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/authentication/v1/login', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return res.json().data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
