/**
 * How a refused one-time code (server/lib/otp, `app.otp`) is answered when signing a contract: each
 * outcome has its own message, and nothing about the code itself is revealed.
 */
import { ApiStatus } from '@/domain/api';
import { ApiError } from '../../errors';
import type { OtpCheck } from '../../lib/otp';

export function otpRefusal(check: Exclude<OtpCheck, 'OK'>): ApiError {
  if (check === 'TOO_MANY_TRIES') return new ApiError(429, ApiStatus.TOO_MANY_REQUESTS, 'econtracts.otp.TOO_MANY_TRIES');
  return new ApiError(400, ApiStatus.FAILED, `econtracts.otp.${check}`);
}
