/**
 * Postgres error codes the application reacts to. Drizzle wraps the driver's error (PGlite and pg put
 * `code` and `constraint` on it), so the code may sit a few `cause`s down.
 */
const UNIQUE_VIOLATION = '23505';

/**
 * True when `err` is a unique violation, of the index or constraint `constraint` if given (matched on
 * the error's `constraint` field or, where a driver leaves it out, its message).
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth += 1) {
    const { code, constraint: name, message, cause } = e as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (code === UNIQUE_VIOLATION && (!constraint || name === constraint || String(message).includes(constraint))) return true;
    e = cause;
  }
  return false;
}
