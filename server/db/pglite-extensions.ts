/** PGlite's extensions, in a module of their own: the database thread (pglite-worker.ts) loads them without client.ts. */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Extensions must be passed on every PGlite open, not only the first. */
export const pgliteExtensions = { pg_trgm };
