/**
 * Business errors: an HTTP status, an envelope status and a message key of src/i18n/{lang}/api.json.
 * Thrown anywhere; the one error handler (plugins/error-handler.ts) turns them into the envelope.
 */
import { ApiStatus } from '@/domain/api';

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: number,
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }

  static tokenInvalid() {
    return new ApiError(401, ApiStatus.TOKEN_INVALID, 'messages.tokenInvalid');
  }

  static sessionExpired() {
    return new ApiError(401, ApiStatus.SESSION_EXPIRED, 'messages.sessionExpired');
  }

  static forbidden() {
    return new ApiError(403, ApiStatus.FORBIDDEN, 'messages.forbidden');
  }

  static notFound() {
    return new ApiError(404, ApiStatus.NOT_FOUND, 'messages.notFound');
  }

  static invalidCredentials() {
    return new ApiError(400, ApiStatus.INVALID_CREDENTIALS, 'messages.invalidCredentials');
  }

  static accountLocked(retryAfterSeconds: number) {
    return new ApiError(
      429,
      ApiStatus.ACCOUNT_LOCKED,
      'messages.accountLocked',
      { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
      { 'retry-after': String(retryAfterSeconds) },
    );
  }

  static tooManyRequests(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new ApiError(429, ApiStatus.TOO_MANY_REQUESTS, 'messages.tooManyRequests', { seconds }, { 'retry-after': String(seconds) });
  }

  static unavailable() {
    return new ApiError(503, ApiStatus.UNAVAILABLE, 'messages.unavailable');
  }
}
