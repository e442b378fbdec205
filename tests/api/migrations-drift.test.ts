/**
 * The schema and the migrations must agree, because databases in the field are built by the
 * migrations while the code (and drizzle-kit generate) trusts the schema:
 * (a) drizzle-kit's last snapshot is the schema, so `npm run db:generate` on an unchanged schema
 *     writes nothing and a new migration holds only the new change;
 * (b) the database the migrations build equals the one the schema describes, compared in Postgres's
 *     own words (pg_get_constraintdef, pg_get_indexdef, format_type, pg_get_expr), so spelling
 *     differences between hand-written SQL and drizzle's SQL do not count, and every real one does.
 * drizzle-kit's own pushSchema cannot do (b): its introspection drops the parameters of one query
 * (composite primary keys) and reports false differences on composite foreign keys.
 */
import { PGlite } from '@electric-sql/pglite';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, pgliteExtensions } from '../../server/db/client';
import * as schema from '../../server/db/schema';

type Snapshot = ReturnType<typeof generateDrizzleJson>;

/**
 * What the migrations hold that a Drizzle schema cannot express; the schema side gets it by hand.
 * Functions and triggers (the daily-totals trigger of 0006) are not compared at all.
 */
const OUTSIDE_THE_SCHEMA = ['CREATE EXTENSION IF NOT EXISTS pg_trgm'];

/** One line per table, column, constraint, index and sequence of the public schema, sorted. */
async function catalogOf(query: (sql: string) => Promise<string[]>) {
  const [tables, columns, constraints, indexes, sequences] = await Promise.all([
    query(`select c.relname || ' ' || c.relkind::text from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')`),
    query(`select c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || case when a.attnotnull then ' not null' else '' end
        || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
        || case a.attidentity when 'd' then ' identity by default' when 'a' then ' identity always' else '' end
        || case a.attgenerated when 's' then ' generated' else '' end
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`),
    query(`select c.relname || ' ' || con.conname || ' ' || pg_get_constraintdef(con.oid)
      from pg_constraint con join pg_class c on c.oid = con.conrelid
      where con.connamespace = 'public'::regnamespace`),
    query(`select indexdef from pg_indexes where schemaname = 'public'`),
    query(`select s.relname || ' ' || format_type(q.seqtypid, null) || ' ' || q.seqstart || ' ' || q.seqincrement
        || ' ' || q.seqmin || ' ' || q.seqmax || ' ' || q.seqcache || ' ' || q.seqcycle::text
      from pg_sequence q join pg_class s on s.oid = q.seqrelid
      where s.relnamespace = 'public'::regnamespace`),
  ]);
  const sorted = (rows: string[]) => [...rows].sort();
  return {
    tables: sorted(tables),
    columns: sorted(columns),
    constraints: sorted(constraints),
    indexes: sorted(indexes),
    sequences: sorted(sequences),
  };
}

function queryOf(client: PGlite) {
  return async (sql: string) => (await client.query<Record<string, string>>(sql)).rows.map((row) => Object.values(row)[0]!);
}

describe('migrations and schema agree', () => {
  let migrated: PGlite;
  let fromSchema: PGlite;

  beforeAll(async () => {
    // The template database of the API suite is built by the migrations (global-setup.ts).
    const dump = readFileSync(inject('templateDumpPath'));
    migrated = await PGlite.create({ extensions: pgliteExtensions, loadDataDir: new Blob([dump]) });
    fromSchema = await PGlite.create({ extensions: pgliteExtensions });
    for (const statement of OUTSIDE_THE_SCHEMA) await fromSchema.exec(statement);
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
    for (const statement of statements) await fromSchema.exec(statement);
  });

  afterAll(async () => {
    await migrated?.close();
    await fromSchema?.close();
  });

  it("drizzle-kit's last snapshot is the schema: generate has nothing to write", async () => {
    const journal = JSON.parse(readFileSync(`${migrationsFolder()}/meta/_journal.json`, 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const last = journal.entries.at(-1)!;
    const folder = migrationsFolder();
    expect(existsSync(`${folder}/${last.tag}.sql`)).toBe(true);
    const snapshotPath = `${folder}/meta/${String(last.idx).padStart(4, '0')}_snapshot.json`;
    expect(existsSync(snapshotPath), `the last migration ${last.tag} has no snapshot`).toBe(true);
    const snapshot = JSON.parse(readFileSync(snapshotPath, 'utf8')) as Snapshot;
    expect(await generateMigration(snapshot, generateDrizzleJson(schema, snapshot.id))).toEqual([]);
  });

  it('drizzle-kit check finds the snapshots consistent', async () => {
    const { stdout } = await promisify(execFile)('node_modules/.bin/drizzle-kit', ['check'], { env: { ...process.env, NO_COLOR: '1' } });
    expect(stdout).toContain('Everything');
  });

  it('the database the migrations build equals the one the schema describes', async () => {
    const actual = await catalogOf(queryOf(migrated));
    const expected = await catalogOf(queryOf(fromSchema));
    expect(actual).toEqual(expected);
  });
});
