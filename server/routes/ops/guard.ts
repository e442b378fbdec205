/**
 * The operator area's one guard: every route under /api/ops is for the provider's staff (users of type
 * INTERNAL_USER). A merchant user gets 403 with a translated message, whatever their roles. The
 * reverse wall (operators refused every merchant API) is in plugins/auth.ts requireSession.
 */
import type { FastifyRequest } from 'fastify';
import { ApiStatus } from '@/domain/api';
import { ApiError } from '../../errors';
import { callerOf, INTERNAL_USER } from '../../plugins/auth';
import type { AuthContext } from '../../types';

export async function requireInternalUser(request: FastifyRequest): Promise<void> {
  const caller = callerOf(request);
  if (caller.userType !== INTERNAL_USER) throw new ApiError(403, ApiStatus.FORBIDDEN, 'messages.opsOnly');
}

/** The operator behind a route guarded by requireInternalUser. */
export function operatorOf(request: FastifyRequest): AuthContext {
  const caller = callerOf(request);
  if (caller.userType !== INTERNAL_USER) throw new ApiError(403, ApiStatus.FORBIDDEN, 'messages.opsOnly');
  return caller;
}
