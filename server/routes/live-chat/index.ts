/**
 * Live chat (issue 18; spec §2 messages-management, {id}/client/{clientId}, route code
 * BUSINESS_PAGE_USER_CHAT_MANAGEMENT; §7 live-chat manager under /businesspage and a websocket).
 *
 * Staff (route code, then page role PAGE_ADMIN or CHAT_AGENT via requirePageRole: another merchant's
 * page 404, other page roles 403): a chat token, the page's inbox, a conversation's history (keyset),
 * send (text or private note), assign, status, read. The demo customer of the public page
 * (customer session): a chat token, their conversation's history, send, read. Both then open the
 * websocket LiveChatApiPaths.ws with the token in the first frame (server/lib/live-chat/socket.ts).
 * Delivery across processes: server/lib/live-chat/bus.ts (LISTEN/NOTIFY, like notifications).
 */
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus, LiveChatApiPaths as Paths } from '@/domain/api';
import { PAGE_ABILITIES } from '@/domain/businessPages';
import {
  assignSchema,
  CHAT_FILE_EXTENSIONS,
  CHAT_FILE_NAME,
  CHAT_IMAGE_EXTENSIONS,
  CONVERSATION_STATUSES,
  customerMessageSchema,
  inboxFilterShape,
  LIVE_CHAT_LIMITS,
  MESSAGE_KINDS,
  MESSAGE_SENDERS,
  readSchema,
  staffMessageSchema,
  statusSchema,
  type ChatMessage,
} from '@/domain/liveChat';
import { dbIdParam } from '@/domain/validation';
import { membershipsRepository } from '../../db/repositories/memberships';
import { hashToken } from '../../db/repositories/sessions';
import type { ChatAttachmentColumn } from '../../db/schema/live-chat';
import { businessPages, chatMessages, customerSessions, paymentLinks, sessions, users, VI_ACCENTED, VI_PLAIN } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../envelope';
import { ApiError } from '../../errors';
import { requireCustomer } from '../../lib/customer-session';
import { attachmentDisposition, checkFile, fileStore, generatedStorageName, type FileProblem } from '../../lib/files';
import { readOneFile, type UploadProblem } from '../../lib/files/upload';
import { createChatHub } from '../../lib/live-chat/bus';
import { foldText, liveChatRepository } from '../../lib/live-chat/repository';
import { handleChatSocket, type ChatScope } from '../../lib/live-chat/socket';
import { signChatToken, verifyChatToken, type ChatClaims } from '../../lib/live-chat/token';
import { actsAsPageAdmin, pageRoleOf, requirePageRole } from '../../lib/page-access';
import { canOpen, requireRouteCode } from '../../lib/report-family/access';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { bearerToken, callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { publicPagesRepository } from '../public-pages/repository';
import { slugParams } from '../public-pages/schemas';

const tags = ['live-chat'];
const ROUTE_CODE = 'BUSINESS_PAGE_USER_CHAT_MANAGEMENT';
/** How often an open socket's access is checked again (tests lower it before building the app). */
export const liveChatTiming = { recheckMs: 15_000 };

const merchantParams = z.strictObject({ merchantId: idParam });
const pageParams = merchantParams.extend({ pageId: idParam });
const conversationParams = pageParams.extend({ conversationId: idParam });

const tokenSchema = z.object({ token: z.string(), expiresAt: z.string(), pageIds: z.array(z.number().int()) });
const messageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  pageId: z.number().int(),
  sender: z.enum(MESSAGE_SENDERS),
  senderUserId: z.number().int().nullable(),
  senderName: z.string().nullable(),
  kind: z.enum(MESSAGE_KINDS),
  body: z.string(),
  attachment: z.object({ name: z.string(), url: z.string(), mimeType: z.string(), size: z.number().int() }).nullable(),
  paymentLinkId: z.number().int().nullable(),
  paymentLink: z.object({ code: z.string(), title: z.string(), amountType: z.string(), amount: z.number().int().nullable() }).nullable(),
  clientMessageId: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
const conversationSchema = z.object({
  id: z.number().int(),
  pageId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
  assigneeUserId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  lastMessageId: z.number().int().nullable(),
  lastMessageAt: z.string().nullable(),
  lastMessagePreview: z.string().nullable(),
  lastMessageKind: z.enum(MESSAGE_KINDS).nullable(),
  lastMessageSender: z.enum(MESSAGE_SENDERS).nullable(),
  unread: z.number().int(),
  /** The customer's tags on the page (tag-management). */
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
});
const historySchema = z.object({ content: z.array(messageSchema), nextBefore: z.number().int().nullable() });
const inboxQuery = apiQuery({ ...inboxFilterShape, ...pageQueryShape });
const historyQuery = apiQuery({
  before: dbIdParam.optional(),
  size: z.coerce.number().int().min(1).max(LIVE_CHAT_LIMITS.historyMaxPageSize).default(LIVE_CHAT_LIMITS.historyPageSize),
});
const paymentLinksQuery = apiQuery({ search: z.string().max(LIVE_CHAT_LIMITS.searchMaxLength).optional() });
const payableLinkSchema = z.object({ id: z.number().int(), code: z.string(), title: z.string(), amountType: z.string(), amount: z.number().int().nullable() });
/** How many payable links the picker shows (newest first; a search narrows them). */
const PICKER_LINKS = 20;
const customerUploadQuery = apiQuery({ conversationId: dbIdParam.optional() });
const customerConversationSchema = z.object({ conversationId: z.number().int().nullable(), pageId: z.number().int(), pageName: z.string(), unread: z.number().int() });

/** Customer session tokens are stored as the HMAC of "customer:" + token (server/lib/customer-session). */
const customerSessionHash = (pepper: string, token: string) => hashToken(pepper, `customer:${token}`);

export const liveChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const pepper = app.config.tokenPepper;
  const repo = liveChatRepository(db);
  const publicRepo = publicPagesRepository(db);
  const members = membershipsRepository(db);
  const hub = createChatHub(app.database, app.log);
  const recheckMs = liveChatTiming.recheckMs;
  const idleMs = app.config.sessionIdleMinutes * 60_000;
  const sockets = new Set<() => void>();

  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  await app.register(multipart, { preservePath: true, limits: { fileSize: LIVE_CHAT_LIMITS.attachmentMaxBytes, files: 1, fields: 0, parts: 1 } });
  app.addHook('onReady', async () => {
    await hub.start();
  });
  app.addHook('preClose', async () => {
    for (const close of [...sockets]) close();
  });
  app.addHook('onClose', async () => {
    await hub.stop();
  });

  /** Each message read once per process for every socket that shows it (kept while it fans out). */
  const loading = new Map<number, Promise<ChatMessage | null>>();
  const loadMessage = (id: number) => {
    let found = loading.get(id);
    if (!found) {
      found = repo.message(id, false);
      loading.set(id, found);
      setTimeout(() => loading.delete(id), 2000).unref();
    }
    return found;
  };
  const deliveredMarked = new Set<number>();
  const delivered = (m: ChatMessage) => {
    if (deliveredMarked.has(m.id)) return;
    deliveredMarked.add(m.id);
    setTimeout(() => deliveredMarked.delete(m.id), 10_000).unref();
    void repo.markDelivered(m.id).catch((err: Error) => app.log.warn({ err: err.message }, 'live chat delivered receipt failed'));
  };

  /** Whether the merchant session still holds, read without touching it (an open socket is not activity). */
  const sessionHolds = async (sessionId: number): Promise<boolean> => {
    const [row] = await db
      .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    const now = Date.now();
    return !!row && !row.revokedAt && row.expiresAt.getTime() > now && row.lastSeenAt.getTime() + idleMs > now;
  };

  /** What the token's holder may reach now; null closes the socket. */
  const scopeOf = async (claims: ChatClaims): Promise<ChatScope | null> => {
    if (claims.typ === 'staff') {
      if (!(await sessionHolds(claims.sessionId))) return null;
      const membership = await members.find(claims.merchantId, claims.userId);
      if (!membership || !canOpen(membership, ROUTE_CODE)) return null;
      const now = await repo.chatPages(claims.merchantId, claims.userId, actsAsPageAdmin(membership));
      const pageIds = claims.pageIds.filter((id) => now.includes(id));
      if (pageIds.length === 0) return null;
      const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, claims.userId));
      return { side: 'STAFF', userId: claims.userId, name: user?.name ?? '', merchantId: claims.merchantId, pageIds };
    }
    const [live] = await db
      .select({ id: customerSessions.id })
      .from(customerSessions)
      .where(
        and(
          eq(customerSessions.id, claims.customerSessionId),
          eq(customerSessions.customerId, claims.customerId),
          isNull(customerSessions.revokedAt),
          gt(customerSessions.expiresAt, new Date()),
        ),
      );
    if (!live || !app.config.demoMode) return null;
    const [page] = await db.select({ id: businessPages.id, merchantId: businessPages.merchantId, status: businessPages.status }).from(businessPages).where(eq(businessPages.id, claims.pageId));
    if (page?.status !== 'ACTIVE') return null;
    const conv = await repo.conversationOfCustomer(page, claims.customerId, false);
    return { side: 'CUSTOMER', customerId: claims.customerId, pageId: page.id, conversationId: conv?.id ?? null };
  };

  /**
   * The scope of identical claims is read once per half recheck period for all their sockets (an agent's
   * tabs, a page's many sockets of one session): the periodic checks stay a few queries per user.
   */
  const scopes = new Map<string, { until: number; scope: Promise<ChatScope | null> }>();
  // A changed access is read afresh by the sockets it may concern (see server/lib/auth-cache/broadcast.ts).
  app.accessChanges.subscribe(() => scopes.clear());
  const cachedScopeOf = (claims: ChatClaims): Promise<ChatScope | null> => {
    const cacheKey = JSON.stringify(claims);
    const now = Date.now();
    const hit = scopes.get(cacheKey);
    if (hit && hit.until > now) return hit.scope;
    if (scopes.size > 10_000) for (const [k, v] of scopes) if (v.until <= now) scopes.delete(k);
    const scope = scopeOf(claims);
    scopes.set(cacheKey, { until: now + recheckMs / 2, scope });
    scope.catch(() => scopes.delete(cacheKey));
    return scope;
  };

  app.get(Paths.ws, { websocket: true, config: { public: true }, schema: { tags, summary: 'Live chat websocket: first frame {type:"auth", token, since?} (the chat token, never in the URL)' } }, (socket) => {
    handleChatSocket(socket, {
      db,
      hub,
      repo,
      verify: (token) => verifyChatToken(pepper, token),
      scopeOf: cachedScopeOf,
      loadMessage,
      delivered,
      recheckMs,
      onAccessChange: (listener) => app.accessChanges.subscribe((change) => listener(change.userIds)),
      log: app.log,
      track(close) {
        sockets.add(close);
        return () => sockets.delete(close);
      },
    });
  });

  /** A payment link of the merchant that can still be paid (not deactivated, not expired, a single-use one not paid). */
  const payable = (merchantId: number) =>
    and(
      eq(paymentLinks.merchantId, merchantId),
      isNull(paymentLinks.deactivatedAt),
      or(isNull(paymentLinks.expiresAt), gt(paymentLinks.expiresAt, new Date())),
      or(eq(paymentLinks.singleUse, false), isNull(paymentLinks.paidAt)),
    );

  const badFile = (problem: FileProblem | UploadProblem, http = problem === 'fileTooLarge' ? 413 : 400) =>
    new ApiError(http, ApiStatus.VALIDATION, `liveChat.files.${problem}`);

  /**
   * The request's one file (a picture: IMAGE, a PDF: FILE), checked by its content and size, stored under
   * a random name. Staff and customers upload through this same check; nothing is stored on a refusal.
   */
  async function storeUpload(request: FastifyRequest): Promise<{ kind: 'IMAGE' | 'FILE'; body: string; attachment: ChatAttachmentColumn }> {
    const upload = await readOneFile(request, LIVE_CHAT_LIMITS.attachmentMaxBytes, badFile);
    const checked = checkFile(upload.content, upload.fileName, [...CHAT_IMAGE_EXTENSIONS, ...CHAT_FILE_EXTENSIONS], LIVE_CHAT_LIMITS.attachmentMaxBytes);
    if (!checked.ok) throw badFile(checked.problem);
    const storageName = generatedStorageName(checked.file.extension);
    const url = `/api${Paths.file.replace(':name', storageName)}`;
    await fileStore(db).put(storageName, upload.content);
    const shownName = upload.fileName.split(/[\\/]/).pop()!.slice(0, 200);
    return {
      kind: checked.file.contentType === 'application/pdf' ? 'FILE' : 'IMAGE',
      body: shownName,
      attachment: { name: shownName, url, mimeType: checked.file.contentType, size: checked.file.sizeBytes },
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Staff
  // ---------------------------------------------------------------------------------------------

  /** The route code, then a chat role on the page (404 another merchant's page, 403 no chat role). */
  async function chatAccess(request: FastifyRequest, pageId: number) {
    await merchantScope(request);
    requireRouteCode(membershipOf(request), ROUTE_CODE);
    return requirePageRole(request, pageId, PAGE_ABILITIES.chat);
  }
  async function conversationOf(request: FastifyRequest, params: z.infer<typeof conversationParams>) {
    const { pageId, conversationId } = params;
    const access = await chatAccess(request, pageId);
    const conv = await repo.conversation(access.merchantId, pageId, conversationId);
    if (!conv) throw ApiError.notFound();
    return conv;
  }

  app.post(
    Paths.token,
    {
      schema: {
        tags,
        summary: 'A chat token (valid two minutes) that opens the live-chat websocket for the pages the caller may chat for',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(tokenSchema) },
      },
    },
    async (request) => {
      await merchantScope(request);
      const membership = membershipOf(request);
      requireRouteCode(membership, ROUTE_CODE);
      const { userId, sessionId } = callerOf(request);
      const pageIds = await repo.chatPages(membership.merchant.id, userId, actsAsPageAdmin(membership));
      if (pageIds.length === 0) throw ApiError.forbidden();
      const { token, expiresAt } = await signChatToken(pepper, { typ: 'staff', userId, sessionId, merchantId: membership.merchant.id, pageIds });
      return ok(request, { token, expiresAt: expiresAt.toISOString(), pageIds });
    },
  );

  app.get(
    Paths.pages,
    {
      schema: {
        tags,
        summary: 'The pages the caller may chat for, with conversations unread by staff and not resolved',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: {
          200: envelopeSchema(
            z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), status: z.string(), unreadConversations: z.number().int(), open: z.number().int() })),
          ),
        },
      },
    },
    async (request) => {
      await merchantScope(request);
      const membership = membershipOf(request);
      requireRouteCode(membership, ROUTE_CODE);
      const pageIds = await repo.chatPages(membership.merchant.id, callerOf(request).userId, actsAsPageAdmin(membership));
      return ok(request, await repo.pageSummaries(pageIds));
    },
  );

  app.get(
    Paths.conversation,
    {
      schema: { tags, summary: 'One conversation as the inbox shows it', params: conversationParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(conversationSchema) } },
    },
    async (request) => {
      const conv = await conversationOf(request, request.params);
      const { rows } = await repo.inbox(conv.pageId, conv.merchantId, callerOf(request).userId, { filter: 'all', conversationId: conv.id, pageNumber: 0, pageSize: 1 });
      return ok(request, rows[0]!);
    },
  );

  app.get(
    Paths.conversations,
    {
      schema: {
        tags,
        summary: "The page's inbox, newest activity first: filter all/mine/unassigned, status, a tag of the customer, search (customer name or phone, message text; accents optional)",
        params: pageParams,
        querystring: inboxQuery,
        response: { 200: envelopeSchema(pageSchema(conversationSchema)) },
      },
    },
    async (request) => {
      const access = await chatAccess(request, request.params.pageId);
      const q = request.query;
      const { rows, total } = await repo.inbox(access.pageId, access.merchantId, callerOf(request).userId, q);
      return ok(request, toPage(rows, total, q));
    },
  );

  app.get(
    Paths.messages,
    {
      schema: {
        tags,
        summary: 'History, newest first, `size` messages older than `before` (keyset); notes included',
        params: conversationParams,
        querystring: historyQuery,
        response: { 200: envelopeSchema(historySchema) },
      },
    },
    async (request) => {
      const conv = await conversationOf(request, request.params);
      const { before, size } = request.query;
      const content = await repo.history(conv.id, before, size, false);
      return ok(request, { content, nextBefore: content.length === size ? content[content.length - 1]!.id : null });
    },
  );

  app.post(
    Paths.messages,
    {
      schema: {
        tags,
        summary: 'Sends a text to the customer, a private note only staff see, or a payable payment link of the merchant as a card (same clientMessageId: sent once)',
        params: conversationParams,
        querystring: langOnlyQuery,
        body: staffMessageSchema,
        response: { 200: envelopeSchema(messageSchema) },
      },
    },
    async (request) => {
      const conv = await conversationOf(request, request.params);
      const { userId } = callerOf(request);
      const input = request.body;
      let body = input.body ?? '';
      if (input.kind === 'PAYMENT_LINK') {
        // A link of this merchant that can still be paid (not deactivated, not expired, a single-use one not paid).
        const [link] = await db
          .select({ title: paymentLinks.title })
          .from(paymentLinks)
          .where(and(eq(paymentLinks.id, input.paymentLinkId), payable(conv.merchantId)));
        if (!link) throw new ApiError(400, ApiStatus.VALIDATION, 'liveChat.linkNotPayable');
        body = input.body ?? link.title;
      }
      const { message } = await repo.send(conv, {
        sender: 'STAFF',
        senderUserId: userId,
        kind: input.kind,
        body,
        paymentLinkId: input.kind === 'PAYMENT_LINK' ? input.paymentLinkId : undefined,
        clientMessageId: input.clientMessageId,
      });
      return ok(request, (await repo.message(message.id, false))!);
    },
  );

  app.get(
    Paths.profile,
    {
      schema: {
        tags,
        summary: "The customer beside the conversation: name, masked phone, whether they follow the page, their payments with this merchant",
        params: conversationParams,
        querystring: langOnlyQuery,
        response: {
          200: envelopeSchema(
            z.object({
              customerId: z.number().int(),
              name: z.string(),
              phone: z.string().nullable(),
              followsPage: z.boolean(),
              payments: z.object({ count: z.number().int(), total: z.number().int(), lastAt: z.string().nullable() }),
              recent: z.array(z.object({ id: z.string(), createdAt: z.string(), amount: z.number().int(), status: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => ok(request, await repo.customerProfile(await conversationOf(request, request.params))),
  );

  app.get(
    Paths.paymentLinks,
    {
      schema: {
        tags,
        summary: "The merchant's payment links that can still be paid, newest first (at most 20; search in the title or code, accents optional), to send as a card",
        params: pageParams,
        querystring: paymentLinksQuery,
        response: { 200: envelopeSchema(z.array(payableLinkSchema)) },
      },
    },
    async (request) => {
      const access = await chatAccess(request, request.params.pageId);
      const search = request.query.search?.trim();
      const pattern = search ? `%${foldText(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const links = await db
        .select({ id: paymentLinks.id, code: paymentLinks.code, title: paymentLinks.title, amountType: paymentLinks.amountType, amount: paymentLinks.amount })
        .from(paymentLinks)
        .where(
          and(
            payable(access.merchantId),
            pattern
              ? or(sql`lower(translate(${paymentLinks.title}, ${VI_ACCENTED}, ${VI_PLAIN})) like ${pattern}`, sql`lower(${paymentLinks.code}) like ${pattern}`)
              : undefined,
          ),
        )
        .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
        .limit(PICKER_LINKS);
      return ok(request, links);
    },
  );

  app.post(
    Paths.attachments,
    {
      schema: {
        tags,
        summary: 'Sends one picture (jpg, jpeg, png: an IMAGE message) or PDF (a FILE message), multipart field `file`, at most 5 MB, checked by content',
        params: conversationParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(messageSchema) },
      },
    },
    async (request) => {
      const conv = await conversationOf(request, request.params);
      const file = await storeUpload(request);
      const { message } = await repo.send(conv, { sender: 'STAFF', senderUserId: callerOf(request).userId, ...file });
      return ok(request, (await repo.message(message.id, false))!);
    },
  );

  app.get(
    Paths.file,
    {
      config: { public: true },
      schema: { tags, summary: 'A file sent in a chat, by its random generated name (public: the customer’s screen shows it); 404 for any other name', params: z.strictObject({ name: z.string() }) },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!CHAT_FILE_NAME.test(name)) throw ApiError.notFound();
      const url = `/api${Paths.file.replace(':name', name)}`;
      const [sent] = await db
        .select({ attachment: chatMessages.attachment })
        .from(chatMessages)
        .where(sql`${chatMessages.attachment}->>'url' = ${url}`)
        .limit(1);
      const content = sent?.attachment ? await fileStore(db).get(name) : null;
      if (!sent?.attachment || !content) throw ApiError.notFound();
      const { mimeType, name: shownName } = sent.attachment;
      return reply
        .header('content-type', mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('content-disposition', mimeType === 'application/pdf' ? attachmentDisposition(shownName) : 'inline')
        .send(content);
    },
  );

  app.put(
    Paths.assignee,
    {
      schema: {
        tags,
        summary: 'Assigns the conversation to a chat agent or page admin of the page (null: nobody)',
        params: conversationParams,
        querystring: langOnlyQuery,
        body: assignSchema,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const conv = await conversationOf(request, request.params);
      const assignee = request.body.assigneeUserId;
      if (assignee !== null) {
        const membership = await members.find(conv.merchantId, assignee);
        const role = membership && canOpen(membership, ROUTE_CODE) ? await pageRoleOf(db, membership, assignee, conv.pageId) : null;
        if (!role || !(PAGE_ABILITIES.chat as readonly string[]).includes(role)) {
          throw new ApiError(400, ApiStatus.VALIDATION, 'liveChat.notAgent');
        }
      }
      await repo.assign(conv, assignee);
      return okEmpty(request);
    },
  );

  app.put(
    Paths.status,
    {
      schema: { tags, summary: 'OPEN, PENDING or RESOLVED (a customer message reopens)', params: conversationParams, querystring: langOnlyQuery, body: statusSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const conv = await conversationOf(request, request.params);
      await repo.setStatus(conv, request.body.status);
      return okEmpty(request);
    },
  );

  app.post(
    Paths.read,
    {
      schema: { tags, summary: "Marks the customer's messages read up to upToId", params: conversationParams, querystring: langOnlyQuery, body: readSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const conv = await conversationOf(request, request.params);
      await repo.markRead(conv, 'STAFF', request.body.upToId);
      return okEmpty(request);
    },
  );

  // ---------------------------------------------------------------------------------------------
  // The demo customer on the public page
  // ---------------------------------------------------------------------------------------------

  async function customerActor(request: FastifyRequest, slug: string) {
    const customer = await requireCustomer(request);
    const page = await publicRepo.activePage(slug);
    return { customer, page };
  }

  app.post(
    Paths.customerToken,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Demo mode: a chat token (two minutes) for the signed-in demo customer on this page, their conversation id (null before the first message) and the page messages they have not read',
        params: slugParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(tokenSchema.extend(customerConversationSchema.shape)) },
      },
    },
    async (request) => {
      const { customer, page } = await customerActor(request, request.params.slug);
      const [session] = await db
        .select({ id: customerSessions.id })
        .from(customerSessions)
        .where(eq(customerSessions.tokenHash, customerSessionHash(pepper, bearerToken(request.headers.authorization) ?? '')));
      if (!session) throw ApiError.tokenInvalid();
      const conv = await repo.conversationOfCustomer(page, customer.id, false);
      const { token, expiresAt } = await signChatToken(pepper, { typ: 'customer', customerId: customer.id, customerSessionId: session.id, pageId: page.id });
      return ok(request, { token, expiresAt: expiresAt.toISOString(), pageIds: [page.id], conversationId: conv?.id ?? null, pageId: page.id, pageName: page.name, unread: conv?.customerUnread ?? 0 });
    },
  );

  app.get(
    Paths.customerMessages,
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Demo mode: the customer's conversation with the page, newest first (keyset); private notes never",
        params: slugParams,
        querystring: historyQuery,
        response: { 200: envelopeSchema(historySchema) },
      },
    },
    async (request) => {
      const { customer, page } = await customerActor(request, request.params.slug);
      const conv = await repo.conversationOfCustomer(page, customer.id, false);
      if (!conv) return ok(request, { content: [], nextBefore: null });
      const { before, size } = request.query;
      const content = await repo.history(conv.id, before, size, true);
      return ok(request, { content, nextBefore: content.length === size ? content[content.length - 1]!.id : null });
    },
  );

  app.post(
    Paths.customerMessages,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Demo mode: the customer writes to the page (starts the conversation; same clientMessageId: sent once)',
        params: slugParams,
        querystring: langOnlyQuery,
        body: customerMessageSchema,
        response: { 200: envelopeSchema(messageSchema) },
      },
    },
    async (request) => {
      const { customer, page } = await customerActor(request, request.params.slug);
      const conv = (await repo.conversationOfCustomer(page, customer.id, true))!;
      const { message } = await repo.send(conv, { sender: 'CUSTOMER', senderUserId: null, kind: 'TEXT', ...request.body });
      return ok(request, (await repo.message(message.id, true))!);
    },
  );

  app.post(
    Paths.customerRead,
    {
      config: { public: true },
      schema: { tags, summary: "Demo mode: the customer has read the page's messages up to upToId", params: slugParams, querystring: langOnlyQuery, body: readSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const { customer, page } = await customerActor(request, request.params.slug);
      const conv = await repo.conversationOfCustomer(page, customer.id, false);
      if (!conv) throw ApiError.notFound();
      await repo.markRead(conv, 'CUSTOMER', request.body.upToId);
      return okEmpty(request);
    },
  );

  app.post(
    Paths.customerAttachments,
    {
      config: { public: true, rateLimit: { max: app.config.rateLimit.loginPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          "Demo mode: the customer sends one picture (jpg, jpeg, png) or PDF to the page, multipart field `file`, at most 5 MB, checked by content; into their own conversation only (`conversationId`, when given, must be it: 404 otherwise)",
        params: slugParams,
        querystring: customerUploadQuery,
        response: { 200: envelopeSchema(messageSchema) },
      },
    },
    async (request) => {
      const { customer, page } = await customerActor(request, request.params.slug);
      const stated = request.query.conversationId;
      const existing = await repo.conversationOfCustomer(page, customer.id, false);
      // The screen names the conversation it shows: one that is not the customer's own on this page is refused before anything is read.
      if (stated !== undefined && existing?.id !== stated) throw ApiError.notFound();
      const file = await storeUpload(request);
      const conv = existing ?? (await repo.conversationOfCustomer(page, customer.id, true))!;
      const { message } = await repo.send(conv, { sender: 'CUSTOMER', senderUserId: null, ...file });
      return ok(request, (await repo.message(message.id, true))!);
    },
  );
};
