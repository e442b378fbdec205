/**
 * Authentication (bearer token → user) and merchant scope (the caller's membership of the merchant a
 * request acts on). The merchant comes from the path or query only and is always checked against the
 * caller's memberships; the X-Merchant-Id header is logged as a hint and never grants anything on
 * its own (see hintedMembership).
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiPaths, ApiStatus, Headers } from '@/domain/api';
import { membershipsRepository, type Membership } from '../db/repositories/memberships';
import { AuthCache, isMutating } from '../lib/auth-cache';
import { hashToken, sessionsRepository, TOKEN_PATTERN } from '../db/repositories/sessions';
import { ApiError } from '../errors';
import type { AuthContext } from '../types';
import { MAX_ID } from '../validation';

/** The token of a well-formed `Authorization: Bearer <token>` header, else null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match && TOKEN_PATTERN.test(match[1]) ? match[1] : null;
}

/** Decorations used by the hooks below; registered once at the root. */
export function setupAuthDecorations(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('membership', null);
  const memberships = membershipsRepository(app.database.db);
  const cache = new AuthCache(app.config.authCacheMs);
  app.decorate('authCache', cache);
  // Before and after every write: a lookup made while it runs is not kept (see AuthCache).
  if (cache.enabled) {
    app.addHook('onRequest', async (request) => {
      if (isMutating(request.method)) cache.invalidate();
    });
    // onSend, not onResponse: the client may send its next call as soon as it has the answer, before
    // onResponse runs, and a read that overlapped the write must not answer it.
    app.addHook('onSend', async (request) => {
      if (isMutating(request.method)) cache.invalidate();
    });
  }
  app.decorate('requireMembership', async (request: FastifyRequest, merchantId: number) => {
    if (!request.auth) throw ApiError.tokenInvalid();
    const userId = request.auth.userId;
    const load = () => memberships.find(merchantId, userId);
    // A write reads its own effects afresh (a handler may look again after changing the merchant).
    const membership = isMutating(request.method) ? await load() : await cache.remember(`membership:${merchantId}:${userId}`, load);
    if (!membership) throw ApiError.forbidden();
    return membership;
  });
}

/**
 * Requires a live session on every route of `app` except those with `config.public`. Missing or
 * malformed token: 401 status 78; unknown, revoked or expired session: 401 status 1326.
 */
export function requireSession(app: FastifyInstance): void {
  const sessions = sessionsRepository(app.database.db);
  const policy = { idleMinutes: app.config.sessionIdleMinutes, absoluteHours: app.config.sessionAbsoluteHours };
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.public) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw ApiError.tokenInvalid();
    const cache = isMutating(request.method) ? undefined : app.authCache;
    const session = await sessions.check(hashToken(app.config.tokenPepper, token), policy, new Date(), cache, { touch: !request.routeOptions.config.passive });
    if (!session.ok) {
      request.log.info({ reason: session.reason }, 'session refused');
      throw ApiError.sessionExpired();
    }
    request.auth = { userId: session.userId, username: session.username, sessionId: session.sessionId, userType: session.userType };
    // The provider's operators reach the operator API and their own session, never a merchant's API.
    if (session.userType === INTERNAL_USER && !internalUserMayCall(request.routeOptions.url)) throw internalUserRefused();
  });
}

export const INTERNAL_USER = 'INTERNAL_USER';
/** Prefix of the operator API (/portal/ops); every route under it is behind requireInternalUser. */
export const OPS_API_PREFIX = '/api/ops/';
const INTERNAL_USER_PATHS = new Set([`/api${ApiPaths.logout}`, `/api${ApiPaths.me}`, '/api/error-reports']);

function internalUserMayCall(routeUrl: string | undefined): boolean {
  return !!routeUrl && (routeUrl.startsWith(OPS_API_PREFIX) || INTERNAL_USER_PATHS.has(routeUrl));
}

/** 403 for an operator calling a merchant API (translated: operators work in /portal/ops only). */
export function internalUserRefused(): ApiError {
  return new ApiError(403, ApiStatus.FORBIDDEN, 'messages.internalUserRefused');
}

/**
 * Pre-handler for routes acting on one merchant: `merchantId` from the validated path or query.
 * Sets `request.membership`, or answers 403 status 3 when the caller is not an active member.
 */
export async function merchantScope(request: FastifyRequest): Promise<void> {
  const fromPath = (request.params as { merchantId?: number } | undefined)?.merchantId;
  const fromQuery = (request.query as { merchantId?: number } | undefined)?.merchantId;
  const merchantId = fromPath ?? fromQuery;
  if (typeof merchantId !== 'number') throw ApiError.forbidden();
  request.membership = await request.server.requireMembership(request, merchantId);
}

/**
 * The caller's membership of the merchant named by the X-Merchant-Id header, for the few routes whose
 * contract has no merchant parameter (GET /me/services). The header only names the merchant; the
 * membership check decides, so a foreign, unknown or malformed id is a 403. Null without the header.
 */
export async function hintedMembership(request: FastifyRequest): Promise<Membership | null> {
  const hint = request.headers[Headers.merchantId.toLowerCase()];
  if (typeof hint !== 'string' || hint.trim() === '') return null;
  const merchantId = /^\d{1,10}$/.test(hint.trim()) ? Number(hint.trim()) : 0;
  if (merchantId < 1 || merchantId > MAX_ID) throw ApiError.forbidden();
  return request.server.requireMembership(request, merchantId);
}

/** The signed-in caller of a route behind `requireSession`. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw ApiError.tokenInvalid();
  return request.auth;
}

/** The membership loaded by `merchantScope` for this request. */
export function membershipOf(request: FastifyRequest): Membership {
  if (!request.membership) throw ApiError.forbidden();
  return request.membership;
}
