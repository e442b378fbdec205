import { ApiStatus } from '@/domain/api';
import type { PasswordChallenge } from '@/domain/authApi';

/**
 * Reading the refusals of the public auth pages' calls (dataProvider methods of src/dataProvider/api/auth.ts,
 * which never toast: the page shows the error beside the form, next to what the user must fix). The
 * dataProvider's HttpError is recognised by its shape, so these pages need nothing of the HTTP client.
 */
interface HttpErrorLike {
  name: 'HttpError';
  code: number | undefined;
  data: unknown;
}

function isHttpError(error: unknown): error is HttpErrorLike {
  return error instanceof Error && error.name === 'HttpError';
}

/** Field messages the server sent back (already in the user's language), keyed by field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isHttpError(error)) {
    const errors = (error.data as { errors?: { field: string; message: string }[] } | undefined)?.errors ?? [];
    for (const e of errors) if (!(e.field in out)) out[e.field] = e.message;
  }
  return out;
}

export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The status-21 answer of a code sign-in on a two-factor account (the password comes next), else null. */
export function asPasswordChallenge(error: unknown): PasswordChallenge | null {
  if (!isHttpError(error) || error.code !== ApiStatus.SECOND_FACTOR_REQUIRED) return null;
  const data = error.data as Partial<PasswordChallenge> | undefined;
  return data?.factor === 'PASSWORD' && typeof data.challengeToken === 'string' ? { challengeToken: data.challengeToken, factor: 'PASSWORD' } : null;
}
