/**
 * Two "processes" in one test file on PostgreSQL: an app and a second connection pool on a database of
 * the test's own (ownDatabase), for the suites that race passes or moves from both sides.
 */
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { ownDatabase } from './processes';

/** Opens both before the suite (handing them to `use`, which may prepare data); closes and drops them after it. */
export function onTwoPools(databaseName: string, use: (app: FastifyInstance, second: Database) => void | Promise<void>): void {
  let app: FastifyInstance | undefined;
  let second: Database | undefined;
  beforeAll(async () => {
    const own = await ownDatabase(process.env.TEST_DATABASE_URL!, databaseName);
    // No background passes (testConfig): the suites race their own passes and count what those did.
    app = await buildApp(testConfig({ databaseUrl: own }));
    second = await openDatabase({ dataDir: null, databaseUrl: own });
    await use(app, second);
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await app?.close();
    // Only once nothing holds a connection to it.
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${databaseName} with (force)`).finally(() => client.end());
  }, 30_000);
}
