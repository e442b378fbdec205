/**
 * Access changes told to every process (issue 19): a sign-out, a password change, a member removed,
 * deactivated or given another role. Each process keeps session and membership lookups for a few seconds
 * (AuthCache); on PostgreSQL several processes share one database, so the process that made the change
 * NOTIFYs `portal_auth` before it answers, and every process (itself included: PGlite delivers in-process)
 * clears its cache and tells its live connections (the chat sockets of those users re-check at once).
 *
 * Handlers name who lost access with `accessChanged(request, userIds)`; the NOTIFY goes out in onSend of
 * a successful answer only, so the caller's next call, to any process, is refused. On PostgreSQL every
 * other successful signed-in write NOTIFYs too (naming nobody), since a cached membership carries the
 * merchant's record.
 * A listener connection that was lost and replaced may have missed a NOTIFY: the cache is cleared then too,
 * and the time limit of the cache bounds anything else written outside the API (a manual fix).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { channelSubscription } from '../live/channel';
import { isMutating } from './index';

export const AUTH_CHANNEL = 'portal_auth';

/** Whose access changed; null: anyone's (a merchant suspended, …). */
export type AccessChange = { userIds: number[] | null };
export type AccessListener = (change: AccessChange) => void;

export interface AccessChanges {
  /** Calls `listener` on every change seen by this process; returns the unsubscribe function. */
  subscribe(listener: AccessListener): () => void;
  /** NOTIFYs every process (this one included). */
  publish(change: AccessChange): Promise<void>;
}

const pending = new WeakMap<FastifyRequest, Set<number> | null>();

/** Records that the request changes the access of `userIds` (null: anyone's), told to every process if it succeeds. */
export function accessChanged(request: FastifyRequest, userIds: readonly number[] | null): void {
  const current = pending.get(request);
  if (current === null) return;
  if (userIds === null) return void pending.set(request, null);
  const set = current ?? new Set<number>();
  for (const id of userIds) set.add(id);
  pending.set(request, set);
}

function parse(payload: string): AccessChange {
  try {
    const value = JSON.parse(payload) as { userIds?: unknown };
    if (Array.isArray(value.userIds) && value.userIds.every((id) => Number.isInteger(id))) return { userIds: value.userIds as number[] };
  } catch {
    // A payload this code did not write: treat it as "anyone".
  }
  return { userIds: null };
}

export function setupAccessChanges(app: FastifyInstance): void {
  const listeners = new Set<AccessListener>();
  const dispatch = (change: AccessChange) => {
    app.authCache.invalidate();
    for (const listener of listeners) listener(change);
  };
  const subscription = channelSubscription(app.database, AUTH_CHANNEL, (payload) => dispatch(parse(payload)));
  const changes: AccessChanges = {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async publish(change) {
      // The local cache first: this process's next lookup must not wait for its own NOTIFY to come back.
      app.authCache.invalidate();
      await app.database.db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${JSON.stringify(change)})`);
    },
  };
  app.decorate('accessChanges', changes);
  app.addHook('onReady', () => subscription.start());
  app.addHook('onClose', () => subscription.stop());
  app.addHook('onSend', async (request, reply) => {
    const marked = pending.has(request);
    const userIds = pending.get(request);
    pending.delete(request);
    if (reply.statusCode >= 400) return;
    if (marked) return changes.publish({ userIds: userIds == null ? null : [...userIds] });
    // Any other signed-in write may change what a cached membership carries (the merchant's record):
    // the other processes drop their caches too (no socket re-check: it names nobody). One process alone
    // (PGlite) has already cleared its own cache in the auth plugin.
    if (app.database.kind === 'postgres' && request.auth && isMutating(request.method)) await changes.publish({ userIds: [] });
  });
}
