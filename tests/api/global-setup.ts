/**
 * Builds the template database once for the whole API run: a fresh PGlite (initdb takes seconds),
 * migrated and seeded small, dumped to a file. Each test file starts its own database from that dump
 * in about half a second (helpers.ts).
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { pgliteDatabase, pgliteExtensions } from '../../server/db/client';
import { seedIfEmpty } from '../../server/db/seed';
import { seedSizeFor } from '../../server/config';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDumpPath: string;
  }
}

export default async function setup(project: TestProject) {
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
