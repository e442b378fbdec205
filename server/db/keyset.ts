/**
 * Keyset cursors on timestamps. PostgreSQL keeps microseconds; a JavaScript Date keeps milliseconds (and
 * PGlite's clock ticks in milliseconds, which hides the difference there). A cursor made from a Date read
 * back from the database falls inside its own millisecond: rows of that millisecond are skipped (or sent
 * twice). The cursor therefore carries the database's own text of the time, compared as a timestamp.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The column's value as the database prints it, microseconds included: select it beside the row for the cursor. */
export const exactTime = (column: AnyPgColumn): SQL<string> => sql<string>`${column}::text`;

/** Rows strictly before (`time`, `id`) = (`at`, `lastId`) in (time desc, id desc) order; `at` comes from exactTime. */
export function olderThan(time: AnyPgColumn, id: AnyPgColumn, at: string, lastId: number): SQL {
  return sql`(${time}, ${id}) < (${at}::timestamptz, ${lastId})`;
}
