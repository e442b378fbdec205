/**
 * The caller's own notifications (spec §7 `/notification/v1/user`, issue 15): a page of the chosen
 * merchant's notifications (plus the caller's invitations, which come from merchants they are not in
 * yet), the unread count, mark read / all read, preferences for e-mail and SMS copies, and the live
 * stream (`/notification/v2/stream`, server-sent events; the bearer token in the Authorization header,
 * never in the URL). Rows are always scoped by the caller's user id; the merchant by membership.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_STREAM_EVENT,
  NotificationApiPaths as Paths,
  type NotificationItem,
  type NotificationKind,
} from '@/domain/notifications';
import { notificationPreferencesSchema } from '@/domain/notificationPreferences';
import { notificationPreferences, notifications, sessions } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../envelope';
import { ApiError } from '../../errors';
import { offsetOf, pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { createNotificationHub } from '../../lib/notifications/live';
import { startCopySender } from '../../lib/notifications/mailer';
import { API_ANSWER_HEADERS } from '../../plugins/security';

const tags = ['notifications'];
const HEARTBEAT_MS = 25_000;

const itemSchema = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
const preferenceOut = z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.boolean(), sms: z.boolean() });
const merchantQuery = apiQuery({ merchantId: idParam });
const listQuery = apiQuery({ merchantId: idParam, unread: z.enum(['true', 'false']).optional(), ...pageQueryShape });

type Row = typeof notifications.$inferSelect;
const itemOf = (r: Row): NotificationItem => ({
  id: r.id,
  merchantId: r.merchantId,
  kind: r.kind as NotificationKind,
  params: r.params,
  link: r.link,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});

/** The caller's notifications seen from `merchantId`: that merchant's, and invitations from any. */
const visibleTo = (userId: number, merchantId: number): SQL =>
  and(eq(notifications.userId, userId), or(eq(notifications.merchantId, merchantId), eq(notifications.kind, 'INVITATION')))!;

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const hub = createNotificationHub(app.database, app.log);
  const heartbeatMs = app.config.nodeEnv === 'test' ? 500 : HEARTBEAT_MS;
  const idleMs = app.config.sessionIdleMinutes * 60_000;
  /**
   * Whether the stream's session still holds (not signed out, not past either expiry), read without
   * touching it: an open stream is not activity, so an idle session still ends and the portal signs out.
   */
  const sessionHolds = async (sessionId: number): Promise<boolean> => {
    const [row] = await db
      .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    const now = Date.now();
    return !!row && !row.revokedAt && row.expiresAt.getTime() > now && row.lastSeenAt.getTime() + idleMs > now;
  };
  const streams = new Set<() => void>();
  let copies: ReturnType<typeof startCopySender> | null = null;
  app.addHook('onReady', async () => {
    await hub.start();
    copies = startCopySender(db, app.notifier, app.log, app.config.nodeEnv === 'test' ? 500 : 5000);
    hub.onAny(() => copies?.wake());
  });
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  app.addHook('onClose', async () => {
    await copies?.stop();
    await hub.stop();
  });

  app.get(
    Paths.list,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: "The caller's notifications for the chosen merchant (and their invitations), newest first",
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(itemSchema)) },
      },
    },
    async (request) => {
      const { merchantId, unread, pageNumber, pageSize } = request.query;
      const where = and(visibleTo(callerOf(request).userId, merchantId), unread === 'true' ? isNull(notifications.readAt) : undefined);
      const [content, [{ total }]] = await Promise.all([
        db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(pageSize).offset(offsetOf({ pageNumber, pageSize })),
        db.select({ total: count() }).from(notifications).where(where),
      ]);
      return ok(request, toPage(content.map(itemOf), total, { pageNumber, pageSize }));
    },
  );

  app.get(
    Paths.summary,
    {
      // Polled by the bell while its live stream is down: not activity, so an idle session still ends.
      config: { passive: true },
      preHandler: merchantScope,
      schema: { tags, summary: 'Unread count', querystring: merchantQuery, response: { 200: envelopeSchema(z.object({ unread: z.number().int() })) } },
    },
    async (request) => {
      const where = and(visibleTo(callerOf(request).userId, request.query.merchantId), isNull(notifications.readAt));
      const [{ unread }] = await db.select({ unread: count() }).from(notifications).where(where);
      return ok(request, { unread });
    },
  );

  app.post(
    Paths.read,
    {
      schema: {
        tags,
        summary: 'Marks one of the caller’s notifications read (404 for anyone else’s)',
        params: z.strictObject({ id: idParam }),
        querystring: langOnlyQuery,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const userId = callerOf(request).userId;
      const found = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, request.params.id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      if (found.length === 0) throw ApiError.notFound();
      return okEmpty(request);
    },
  );

  app.post(
    Paths.readAll,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Marks all the caller’s notifications of the merchant read', querystring: merchantQuery, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(visibleTo(callerOf(request).userId, request.query.merchantId), isNull(notifications.readAt)));
      return okEmpty(request);
    },
  );

  const preferencesOf = async (userId: number) => {
    const saved = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    const byKind = new Map(saved.map((p) => [p.kind, p]));
    return NOTIFICATION_KINDS.map((kind) => ({ kind, email: byKind.get(kind)?.email ?? false, sms: byKind.get(kind)?.sms ?? false }));
  };

  app.get(
    Paths.preferences,
    { schema: { tags, summary: 'Which kinds also go by e-mail or SMS', querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(preferenceOut)) } } },
    async (request) => ok(request, await preferencesOf(callerOf(request).userId)),
  );

  app.put(
    Paths.preferences,
    {
      schema: {
        tags,
        summary: 'Saves the kinds given (others keep their choice)',
        querystring: langOnlyQuery,
        body: notificationPreferencesSchema,
        response: { 200: envelopeSchema(z.array(preferenceOut)) },
      },
    },
    async (request) => {
      const userId = callerOf(request).userId;
      const given = request.body.preferences;
      if (given.length > 0) {
        await db
          .insert(notificationPreferences)
          .values(given.map((p) => ({ userId, kind: p.kind, email: p.email, sms: p.sms, updatedAt: new Date() })))
          .onConflictDoUpdate({
            target: [notificationPreferences.userId, notificationPreferences.kind],
            set: { email: sql`excluded.email`, sms: sql`excluded.sms`, updatedAt: sql`now()` },
          });
      }
      return ok(request, await preferencesOf(userId));
    },
  );

  app.get(
    Paths.stream,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Server-sent events: each new notification as it is committed (event "notification")', querystring: merchantQuery },
    },
    async (request: FastifyRequest<{ Querystring: { merchantId: number } }>, reply) => {
      const { userId, sessionId } = callerOf(request);
      const merchantId = request.query.merchantId;
      reply.hijack();
      const raw = reply.raw;
      // A hijacked answer skips the onSend hook that gives API answers their security headers.
      raw.writeHead(200, {
        ...API_ANSWER_HEADERS,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.write(': ready\n\n');
      let open = true;
      const send = async (ids: number[]) => {
        if (!(await sessionHolds(sessionId))) return end();
        const found = await db
          .select()
          .from(notifications)
          .where(and(visibleTo(userId, merchantId), inArray(notifications.id, ids)))
          .orderBy(notifications.id);
        for (const row of found) if (open) raw.write(`event: ${NOTIFICATION_STREAM_EVENT}\ndata: ${JSON.stringify(itemOf(row))}\n\n`);
      };
      const unsubscribe = hub.subscribe(userId, (ids) => {
        void send(ids).catch((err: Error) => request.log.warn({ err: err.message }, 'notification stream read failed'));
      });
      // Each beat also ends the stream of a session that has ended (sign-out elsewhere, expiry, idle).
      const heartbeat = setInterval(() => {
        void sessionHolds(sessionId)
          .then((holds) => (holds ? open && raw.write(': keep-alive\n\n') : end()))
          .catch((err: Error) => request.log.warn({ err: err.message }, 'notification stream session check failed'));
      }, heartbeatMs);
      heartbeat.unref();
      const end = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end);
        raw.end();
      };
      streams.add(end);
      raw.on('close', end);
    },
  );
};
