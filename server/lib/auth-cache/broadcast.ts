/**
 * Access changes told to every process (issue 19): a sign-out, a password change, a member removed,
 * deactivated or given another role. Each process keeps session and membership lookups for a few seconds
 * (AuthCache); on PostgreSQL several processes share one database, so the process that made the change
 * NOTIFYs `portal_auth` before it answers, and every process (itself included: PGlite delivers in-process)
 * clears its cache and tells its live connections (the chat sockets of those users re-check at once).
 *
 * Handlers name who lost access with `accessChanged(request, userIds)`; the NOTIFY goes out in onSend of
 * a successful answer only, so the caller's next call, to any process, is refused. A NOTIFY reaches the
 * other processes asynchronously, so for a named change the answer also waits until every other process
 * listening (seen by its listener's application_name in pg_stat_activity) has confirmed it cleared its
 * cache, up to ACK_WAIT_MS: one that does not confirm is logged, and its cache's time limit bounds it.
 * On PostgreSQL every other successful signed-in write NOTIFYs too (naming nobody, not waited for),
 * since a cached membership carries the merchant's record.
 * A listener connection that was lost and replaced may have missed a NOTIFY: the cache is cleared then
 * too, and the time limit of the cache bounds anything else written outside the API (a manual fix).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { channelSubscription } from '../live/channel';
import { isMutating } from './index';

export const AUTH_CHANNEL = 'portal_auth';
/** The listener connection of each process is named `portal-auth <process id>`. */
const LISTENER_NAME = 'portal-auth ';
export const ACK_WAIT_MS = 2000;

/** Whose access changed; null: anyone's (a merchant suspended, …). */
export type AccessChange = { userIds: number[] | null };
export type AccessListener = (change: AccessChange) => void;

export interface AccessChanges {
  /** Calls `listener` on every change seen by this process; returns the unsubscribe function. */
  subscribe(listener: AccessListener): () => void;
  /**
   * NOTIFYs every process (this one included); with `confirmed`, resolves once every other listening
   * process has cleared its cache (or ACK_WAIT_MS passed).
   */
  publish(change: AccessChange, confirmed?: boolean): Promise<void>;
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

/** A change (`id`: its sender waits for acks) or a process's ack of change `ack`; `from`: the sending process. */
type Message = { change: AccessChange; id?: string; from?: string } | { ack: string; from: string };

function parse(payload: string): Message {
  try {
    const value = JSON.parse(payload) as { userIds?: unknown; id?: unknown; from?: unknown; ack?: unknown };
    const from = typeof value.from === 'string' ? value.from : undefined;
    if (typeof value.ack === 'string' && from) return { ack: value.ack, from };
    const id = typeof value.id === 'string' ? value.id : undefined;
    if (Array.isArray(value.userIds) && value.userIds.every((n) => Number.isInteger(n))) return { change: { userIds: value.userIds as number[] }, id, from };
    return { change: { userIds: null }, id, from };
  } catch {
    // A payload this code did not write: treat it as "anyone".
    return { change: { userIds: null } };
  }
}

export function setupAccessChanges(app: FastifyInstance): void {
  const self = randomUUID();
  const postgres = app.database.kind === 'postgres';
  const listeners = new Set<AccessListener>();
  /** Changes this process published and waits on: the processes that have not confirmed yet. */
  const awaiting = new Map<string, { peers: Set<string>; done: () => void }>();
  const notify = (message: object) => app.database.db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${JSON.stringify(message)})`);
  const dispatch = (change: AccessChange) => {
    app.authCache.invalidate();
    for (const listener of listeners) listener(change);
  };
  const receive = (message: Message) => {
    if ('ack' in message) {
      const waiting = awaiting.get(message.ack);
      if (waiting?.peers.delete(message.from) && waiting.peers.size === 0) waiting.done();
      return;
    }
    dispatch(message.change);
    if (postgres && message.id && message.from !== self) {
      notify({ ack: message.id, from: self }).catch((err: unknown) => app.log.warn({ err }, 'could not acknowledge an access change'));
    }
  };
  const subscription = channelSubscription(app.database, AUTH_CHANNEL, (payload) => receive(parse(payload)), {
    applicationName: LISTENER_NAME + self,
    onReattach: () => dispatch({ userIds: null }),
  });
  /** The other processes listening now, by their listener connections' names. */
  const peers = async () => {
    const names = await rows<{ name: string }>(
      app.database.db,
      sql`select application_name as name from pg_stat_activity where datname = current_database() and starts_with(application_name, ${LISTENER_NAME})`,
    );
    return new Set(names.map(({ name }) => name.slice(LISTENER_NAME.length)).filter((id) => id !== self));
  };
  const changes: AccessChanges = {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async publish(change, confirmed = false) {
      // The local cache first: this process's next lookup must not wait for its own NOTIFY to come back.
      app.authCache.invalidate();
      if (!postgres || !confirmed) return void (await notify(change));
      const id = randomUUID();
      const waiting = await peers();
      if (waiting.size === 0) return void (await notify(change));
      let timer: NodeJS.Timeout | undefined;
      const all = new Promise<boolean>((resolve) => {
        awaiting.set(id, { peers: waiting, done: () => resolve(true) });
        timer = setTimeout(() => resolve(false), ACK_WAIT_MS);
      });
      try {
        await notify({ ...change, id, from: self });
        if (!(await all)) app.log.warn({ unconfirmed: waiting.size }, 'access change not confirmed by every process in time');
      } finally {
        clearTimeout(timer);
        awaiting.delete(id);
      }
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
    if (marked) return changes.publish({ userIds: userIds == null ? null : [...userIds] }, true);
    // Any other signed-in write may change what a cached membership carries (the merchant's record):
    // the other processes drop their caches too (no socket re-check: it names nobody). One process alone
    // (PGlite) has already cleared its own cache in the auth plugin.
    if (postgres && request.auth && isMutating(request.method)) await changes.publish({ userIds: [] });
  });
}
