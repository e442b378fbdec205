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

/** The column's value in microseconds since 1970, for cursors that travel as text of digits (a safe integer until 2255). */
export const epochMicros = (column: AnyPgColumn): SQL<number> => sql<number>`(extract(epoch from ${column}) * 1000000)::bigint`.mapWith(Number);

/** The timestamp `micros` microseconds after 1970 (from epochMicros), exactly. */
export const atEpochMicros = (micros: number): SQL => sql`(timestamptz 'epoch' + interval '1 microsecond' * ${micros}::float8)`;
