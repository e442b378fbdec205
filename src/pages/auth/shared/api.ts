import { API_BASE_URL } from '@/config';
import { ApiStatus } from '@/domain/api';
import type { PasswordChallenge } from '@/domain/authApi';
import { HttpError, httpClient } from '@/dataProvider/httpClient';

/**
 * Calls of the public auth pages. Errors are shown by the page itself (an alert beside the form),
 * not as toasts, so they stay next to what the user must fix.
 */
export async function publicPost<T>(path: string, body: unknown): Promise<{ data: T; message: string }> {
  const res = await httpClient<T>(`${API_BASE_URL}${path}`, { method: 'POST', body, noAuth: true, showError: false });
  return { data: res.data, message: res.message };
}

export async function publicGet<T>(path: string): Promise<T> {
  return (await httpClient<T>(`${API_BASE_URL}${path}`, { noAuth: true, showError: false })).data;
}

/** Field messages the server sent back (already in the user's language), keyed by field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof HttpError) {
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
  if (!(error instanceof HttpError) || error.code !== ApiStatus.SECOND_FACTOR_REQUIRED) return null;
  const data = error.data as Partial<PasswordChallenge> | undefined;
  return data?.factor === 'PASSWORD' && typeof data.challengeToken === 'string' ? { challengeToken: data.challengeToken, factor: 'PASSWORD' } : null;
}
