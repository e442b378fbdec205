import { HttpError } from '@/dataProvider';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Why a list or its totals did not load, in the user's language: the server's own words when it gave
 * some (a field error such as an invalid date range, else its message), "cannot reach the server" when
 * nothing answered (offline, network failure), "the server ran into a problem" for a bare 5xx.
 */
export function loadFailureReason(error: unknown, translate: Translate): string {
  if (error instanceof HttpError) {
    const data = error.data as { errors?: Array<{ message?: unknown }> } | undefined;
    const fieldMessage = Array.isArray(data?.errors) ? data.errors.find((e) => typeof e?.message === 'string')?.message : undefined;
    if (typeof fieldMessage === 'string' && fieldMessage) return fieldMessage;
    const body = error.body as { message?: unknown } | undefined;
    if (error.code !== undefined && typeof body?.message === 'string' && body.message) return body.message;
    if (error.status === 0 && error.reason === undefined) return translate('portal.reports.errors.offline');
    if (error.status >= 500) return translate('portal.reports.errors.server', { status: error.status });
    return error.message || translate('portal.http.error');
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return translate('portal.reports.errors.offline');
  return error instanceof Error && error.message ? error.message : translate('portal.http.error');
}
