/**
 * Message management of business pages (issue 18; spec §2 message-management, {id}/chat-template,
 * /create, /{templateId}, {id}/setting-chat-channel, {id}/setting-faq-channel: BUSINESS_PAGE_MESSAGE_MANAGEMENT;
 * messages-management {id}/tag-management, {id}/message-configuration: BUSINESS_PAGE_USER_CHAT_MANAGEMENT).
 *
 * Access: the route code, then the page role (server/lib/page-access: another merchant's page 404).
 * Chat roles (PAGE_ADMIN, CHAT_AGENT) read everything and put tags on conversations; templates are also
 * read from the inbox (quick replies) with either route code; only PAGE_ADMIN (merchant owners and
 * administrators act as one) changes tags, templates, automatic messages and the channels (403 otherwise).
 * Every input is the shared zod schema of src/domain/messageSettings.ts; a refusal writes nothing.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus, MessageManagementApiPaths as Paths } from '@/domain/api';
import { PAGE_ABILITIES, type PageRole } from '@/domain/businessPages';
import {
  chatChannelSchema,
  chatTemplateSchema,
  conversationTagSchema,
  faqEntrySchema,
  hasOpeningHours,
  MESSAGE_SETTINGS_LIMITS,
  messageConfigurationSchema,
  quickMenuSchema,
  tagSchema,
  WHO_CAN_START,
} from '@/domain/messageSettings';
import type { RouteCode } from '@/domain/roles';
import type { Db } from '../../db/client';
import { businessPageMembers, businessPages, chatConversations, chatTemplates, pageChatSettings, pageCustomerTags, pageFaqEntries, pageQuickMenuItems, pageTags } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../envelope';
import { ApiError } from '../../errors';
import { settingsOf, startAutoResolver } from '../../lib/chat-automation';
import { actsAsPageAdmin, requirePageRole } from '../../lib/page-access';
import { canOpen } from '../../lib/report-family/access';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { runInBackground } from '../../lib/scheduler/periodic';

const tags = ['message-management'];
const MESSAGES: RouteCode = 'BUSINESS_PAGE_MESSAGE_MANAGEMENT';
const CHAT: RouteCode = 'BUSINESS_PAGE_USER_CHAT_MANAGEMENT';
const ADMIN: readonly PageRole[] = PAGE_ABILITIES.manageSettings;
const CHATTERS: readonly PageRole[] = PAGE_ABILITIES.chat;

const merchantParams = z.strictObject({ merchantId: idParam });
const pageParams = merchantParams.extend({ pageId: idParam });
const tagParams = pageParams.extend({ tagId: idParam });
const conversationParams = pageParams.extend({ conversationId: idParam });
const conversationTagParams = conversationParams.extend({ tagId: idParam });
const templateParams = pageParams.extend({ templateId: idParam });
const faqParams = pageParams.extend({ faqId: idParam });

const tagOut = z.object({ id: z.number().int(), name: z.string(), color: z.string(), customers: z.number().int() });
const customerTagOut = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
const templateOut = z.object({ id: z.number().int(), title: z.string(), shortcut: z.string(), text: z.string(), updatedAt: z.string() });
const configurationOut = z.object({
  greetingEnabled: z.boolean(),
  greetingText: z.string().nullable(),
  outsideHoursEnabled: z.boolean(),
  outsideHoursText: z.string().nullable(),
  awayEnabled: z.boolean(),
  awayText: z.string().nullable(),
  autoResolveHours: z.number().int().nullable(),
  hasOpeningHours: z.boolean(),
});
const channelOut = z.object({ chatEnabled: z.boolean(), whoCanStart: z.enum(WHO_CAN_START), blockedWords: z.array(z.string()) });
const faqOut = z.object({ id: z.number().int(), question: z.string(), answer: z.string(), position: z.number().int() });
const faqChannelOut = z.object({ entries: z.array(faqOut), menu: z.array(z.object({ id: z.number().int(), label: z.string(), faqId: z.number().int().nullable() })) });
const pageOut = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: z.string(),
  canConfigure: z.boolean(),
  templates: z.number().int(),
  faq: z.number().int(),
});
const templatesQuery = apiQuery({ search: z.string().max(100).optional() });

const taken = (key: string) => new ApiError(409, ApiStatus.CONFLICT, `messageManagement.${key}`);
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

const templateOf = (r: typeof chatTemplates.$inferSelect) => ({ id: r.id, title: r.title, shortcut: r.shortcut, text: r.body, updatedAt: r.updatedAt.toISOString() });

async function tagsWithCounts(db: Db, pageId: number) {
  return db
    .select({
      id: pageTags.id,
      name: pageTags.name,
      color: pageTags.color,
      customers: sql<number>`(select count(*)::int from page_customer_tags ct where ct.tag_id = ${pageTags.id})`,
    })
    .from(pageTags)
    .where(eq(pageTags.pageId, pageId))
    .orderBy(asc(sql`lower(${pageTags.name})`), asc(pageTags.id));
}

export const messageManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // Silent conversations are resolved by a periodic pass (safe in any number of processes).
  runInBackground(app, () => startAutoResolver(db, app.log));

  /** The route code (any of `codes`), then one of `roles` on the page: 403 / 404. */
  async function access(request: FastifyRequest, pageId: number, codes: readonly RouteCode[], roles: readonly PageRole[]) {
    await merchantScope(request);
    const membership = membershipOf(request);
    if (!codes.some((code) => canOpen(membership, code))) throw ApiError.forbidden();
    return requirePageRole(request, pageId, roles);
  }
  const pageOf = async (pageId: number) => (await db.select({ id: businessPages.id, merchantId: businessPages.merchantId, openingHours: businessPages.openingHours }).from(businessPages).where(eq(businessPages.id, pageId)))[0]!;

  // -------------------------------------------------------------------------------------------
  // The page list (message-management)
  // -------------------------------------------------------------------------------------------

  app.get(
    Paths.pages,
    {
      schema: {
        tags,
        summary: 'The pages the caller manages messages for (page admin or chat agent), with their templates and FAQ entries, and whether the caller may change them',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(pageOut)) },
      },
    },
    async (request) => {
      await merchantScope(request);
      const membership = membershipOf(request);
      if (!canOpen(membership, MESSAGES)) throw ApiError.forbidden();
      const everywhere = actsAsPageAdmin(membership);
      const rows = await db
        .select({
          id: businessPages.id,
          name: businessPages.name,
          slug: businessPages.slug,
          status: businessPages.status,
          role: businessPageMembers.pageRole,
          templates: sql<number>`(select count(*)::int from chat_templates t where t.page_id = ${businessPages.id})`,
          faq: sql<number>`(select count(*)::int from page_faq_entries f where f.page_id = ${businessPages.id})`,
        })
        .from(businessPages)
        .leftJoin(businessPageMembers, and(eq(businessPageMembers.pageId, businessPages.id), eq(businessPageMembers.userId, callerOf(request).userId)))
        .where(
          and(
            eq(businessPages.merchantId, membership.merchant.id),
            everywhere ? undefined : inArray(businessPageMembers.pageRole, [...CHATTERS]),
          ),
        )
        .orderBy(asc(businessPages.name), asc(businessPages.id));
      return ok(
        request,
        rows.map(({ role, ...r }) => ({ ...r, canConfigure: everywhere || (ADMIN as readonly string[]).includes(role ?? '') })),
      );
    },
  );

  app.get(
    Paths.access,
    {
      schema: {
        tags,
        summary: 'Whether the caller may change the page’s tags, templates, automatic messages and channels (page admins) or only use them (chat agents)',
        params: pageParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.object({ canConfigure: z.boolean() })) },
      },
    },
    async (request) => {
      const { role } = await access(request, request.params.pageId, [CHAT, MESSAGES], CHATTERS);
      return ok(request, { canConfigure: ADMIN.includes(role) });
    },
  );

  // -------------------------------------------------------------------------------------------
  // Tags (messages-management/{id}/tag-management)
  // -------------------------------------------------------------------------------------------

  app.get(
    Paths.tags,
    {
      schema: { tags, summary: "The page's tags by name, each with how many customers carry it", params: pageParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(tagOut)) } },
    },
    async (request) => {
      const { pageId } = await access(request, request.params.pageId, [CHAT, MESSAGES], CHATTERS);
      return ok(request, await tagsWithCounts(db, pageId));
    },
  );

  app.post(
    Paths.tags,
    {
      schema: {
        tags,
        summary: 'Creates a tag (name unique on the page whatever the case, a colour of the palette); page admins only',
        params: pageParams,
        querystring: langOnlyQuery,
        body: tagSchema,
        response: { 200: envelopeSchema(tagOut) },
      },
    },
    async (request) => {
      const { pageId, merchantId } = await access(request, request.params.pageId, [CHAT], ADMIN);
      const [{ n }] = (await db.select({ n: count() }).from(pageTags).where(eq(pageTags.pageId, pageId))) as [{ n: number }];
      if (n >= MESSAGE_SETTINGS_LIMITS.tagsPerPage) throw new ApiError(400, ApiStatus.VALIDATION, 'messageManagement.tooManyTags');
      try {
        const [row] = await db
          .insert(pageTags)
          .values({ merchantId, pageId, name: request.body.name.trim(), color: request.body.color, createdBy: callerOf(request).userId })
          .returning();
        return ok(request, { id: row!.id, name: row!.name, color: row!.color, customers: 0 });
      } catch (err) {
        if (isUniqueViolation(err)) throw taken('tagNameTaken');
        throw err;
      }
    },
  );

  app.put(
    Paths.tag,
    {
      schema: { tags, summary: 'Renames or recolours a tag; page admins only', params: tagParams, querystring: langOnlyQuery, body: tagSchema, response: { 200: envelopeSchema(tagOut) } },
    },
    async (request) => {
      const { pageId } = await access(request, request.params.pageId, [CHAT], ADMIN);
      try {
        const [row] = await db
          .update(pageTags)
          .set({ name: request.body.name.trim(), color: request.body.color, updatedAt: sql`now()` })
          .where(and(eq(pageTags.id, request.params.tagId), eq(pageTags.pageId, pageId)))
          .returning({ id: pageTags.id });
        if (!row) throw ApiError.notFound();
      } catch (err) {
        if (isUniqueViolation(err)) throw taken('tagNameTaken');
        throw err;
      }
      return ok(request, (await tagsWithCounts(db, pageId)).find((t) => t.id === request.params.tagId)!);
    },
  );

  app.delete(
    Paths.tag,
    {
      schema: { tags, summary: 'Deletes a tag (and takes it off every customer); page admins only', params: tagParams, querystring: langOnlyQuery, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const { pageId } = await access(request, request.params.pageId, [CHAT], ADMIN);
      const gone = await db.delete(pageTags).where(and(eq(pageTags.id, request.params.tagId), eq(pageTags.pageId, pageId))).returning({ id: pageTags.id });
      if (gone.length === 0) throw ApiError.notFound();
      return okEmpty(request);
    },
  );

  /** The conversation of the page (404 otherwise) and the tag of the page (404 otherwise). */
  async function conversationOf(pageId: number, merchantId: number, conversationId: number) {
    const [conv] = await db
      .select({ id: chatConversations.id, customerId: chatConversations.customerId })
      .from(chatConversations)
      .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.pageId, pageId), eq(chatConversations.merchantId, merchantId)));
    if (!conv) throw ApiError.notFound();
    return conv;
  }
  const customerTags = (pageId: number, customerId: number) =>
    db
      .select({ id: pageTags.id, name: pageTags.name, color: pageTags.color })
      .from(pageCustomerTags)
      .innerJoin(pageTags, eq(pageTags.id, pageCustomerTags.tagId))
      .where(and(eq(pageCustomerTags.pageId, pageId), eq(pageCustomerTags.customerId, customerId)))
      .orderBy(asc(sql`lower(${pageTags.name})`), asc(pageTags.id));

  app.get(
    Paths.conversationTags,
    {
      schema: { tags, summary: "The tags on the conversation's customer", params: conversationParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(customerTagOut)) } },
    },
    async (request) => {
      const { pageId, merchantId } = await access(request, request.params.pageId, [CHAT], CHATTERS);
      const conv = await conversationOf(pageId, merchantId, request.params.conversationId);
      return ok(request, await customerTags(pageId, conv.customerId));
    },
  );

  app.post(
    Paths.conversationTags,
    {
      schema: {
        tags,
        summary: "Puts a tag of the page on the conversation's customer (again: nothing changes); any chat role",
        params: conversationParams,
        querystring: langOnlyQuery,
        body: conversationTagSchema,
        response: { 200: envelopeSchema(z.array(customerTagOut)) },
      },
    },
    async (request) => {
      const { pageId, merchantId } = await access(request, request.params.pageId, [CHAT], CHATTERS);
      const conv = await conversationOf(pageId, merchantId, request.params.conversationId);
      const [tag] = await db.select({ id: pageTags.id }).from(pageTags).where(and(eq(pageTags.id, request.body.tagId), eq(pageTags.pageId, pageId)));
      if (!tag) throw ApiError.notFound();
      await db.insert(pageCustomerTags).values({ tagId: tag.id, customerId: conv.customerId, pageId, taggedBy: callerOf(request).userId }).onConflictDoNothing();
      return ok(request, await customerTags(pageId, conv.customerId));
    },
  );

  app.delete(
    Paths.conversationTag,
    {
      schema: { tags, summary: "Takes a tag off the conversation's customer; any chat role", params: conversationTagParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(customerTagOut)) } },
    },
    async (request) => {
      const { pageId, merchantId } = await access(request, request.params.pageId, [CHAT], CHATTERS);
      const conv = await conversationOf(pageId, merchantId, request.params.conversationId);
      await db
        .delete(pageCustomerTags)
        .where(and(eq(pageCustomerTags.tagId, request.params.tagId), eq(pageCustomerTags.customerId, conv.customerId), eq(pageCustomerTags.pageId, pageId)));
      return ok(request, await customerTags(pageId, conv.customerId));
    },
  );

  // -------------------------------------------------------------------------------------------
  // Message configuration (messages-management/{id}/message-configuration)
  // -------------------------------------------------------------------------------------------

  app.get(
    Paths.configuration,
    {
      schema: { tags, summary: 'Greeting, outside-hours reply, away message, auto-resolve hours', params: pageParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(configurationOut) } },
    },
    async (request) => {
      const { pageId } = await access(request, request.params.pageId, [CHAT], CHATTERS);
      const page = await pageOf(pageId);
      const s = await settingsOf(db, page);
      return ok(request, {
        greetingEnabled: s.greetingEnabled,
        greetingText: s.greetingText,
        outsideHoursEnabled: s.outsideHoursEnabled,
        outsideHoursText: s.outsideHoursText,
        awayEnabled: s.awayEnabled,
        awayText: s.awayText,
        autoResolveHours: s.autoResolveHours,
        hasOpeningHours: hasOpeningHours(page.openingHours),
      });
    },
  );

  app.put(
    Paths.configuration,
    {
      schema: {
        tags,
        summary: 'Saves the automatic messages (${name} and ${page} only) and auto-resolve; page admins only. Switching away mode on starts a new away period',
        params: pageParams,
        querystring: langOnlyQuery,
        body: messageConfigurationSchema,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const { pageId, merchantId } = await access(request, request.params.pageId, [CHAT], ADMIN);
      const b = request.body;
      const values = {
        greetingEnabled: b.greetingEnabled,
        greetingText: b.greetingText,
        outsideHoursEnabled: b.outsideHoursEnabled,
        outsideHoursText: b.outsideHoursText,
        awayEnabled: b.awayEnabled,
        awayText: b.awayText,
        autoResolveHours: b.autoResolveHours,
        updatedBy: callerOf(request).userId,
      };
      await db
        .insert(pageChatSettings)
        .values({ pageId, merchantId, ...values, awaySince: b.awayEnabled ? sql`now()` : null })
        .onConflictDoUpdate({
          target: pageChatSettings.pageId,
          // A new away period only when away mode goes from off to on.
          set: {
            ...values,
            awaySince: b.awayEnabled ? sql`case when ${pageChatSettings.awayEnabled} then ${pageChatSettings.awaySince} else now() end` : null,
            updatedAt: sql`now()`,
          },
        });
      return okEmpty(request);
    },
  );

  // -------------------------------------------------------------------------------------------
  // Chat channel (message-management/{id}/setting-chat-channel)
  // -------------------------------------------------------------------------------------------

  app.get(
    Paths.chatChannel,
    { schema: { tags, summary: 'Chat on/off, who may start a chat, blocked words', params: pageParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(channelOut) } } },
    async (request) => {
      const { pageId } = await access(request, request.params.pageId, [MESSAGES], CHATTERS);
      const s = await settingsOf(db, await pageOf(pageId));
      return ok(request, { chatEnabled: s.chatEnabled, whoCanStart: s.whoCanStart as (typeof WHO_CAN_START)[number], blockedWords: s.blockedWords });
    },
  );

  app.put(
    Paths.chatChannel,
    {
      schema: { tags, summary: 'Saves the chat channel; page admins only', params: pageParams, querystring: langOnlyQuery, body: chatChannelSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const { pageId, merchantId } = await access(request, request.params.pageId, [MESSAGES], ADMIN);
      const values = {
        chatEnabled: request.body.chatEnabled,
        whoCanStart: request.body.whoCanStart,
        blockedWords: request.body.blockedWords.map((w) => w.trim()),
        updatedBy: callerOf(request).userId,
      };
      await db
        .insert(pageChatSettings)
        .values({ pageId, merchantId, ...values })
        .onConflictDoUpdate({ target: pageChatSettings.pageId, set: { ...values, updatedAt: sql`now()` } });
      return okEmpty(request);
    },
  );

  // -------------------------------------------------------------------------------------------
  // Chat templates (message-management/{id}/chat-template, /create, /{templateId}; inbox quick replies)
  // -------------------------------------------------------------------------------------------

  app.get(
    Paths.templates,
    {
      schema: {
        tags,
        summary: "The page's chat templates by shortcut (search in title, shortcut or text); chat roles, also from the inbox",
        params: pageParams,
        querystring: templatesQuery,
        response: { 200: envelopeSchema(z.array(templateOut)) },
      },
    },
    async (request) => {
      const { pageId } = await access(request, request.params.pageId, [MESSAGES, CHAT], CHATTERS);
      const search = request.query.search?.trim().toLowerCase();
      const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const rows = await db
        .select()
        .from(chatTemplates)
        .where(
          and(
            eq(chatTemplates.pageId, pageId),
            pattern
              ? sql`(lower(${chatTemplates.title}) like ${pattern} or lower(${chatTemplates.shortcut}) like ${pattern} or lower(${chatTemplates.body}) like ${pattern})`
              : undefined,
          ),
        )
        .orderBy(asc(chatTemplates.shortcut), asc(chatTemplates.id))
        .limit(MESSAGE_SETTINGS_LIMITS.templatesPerPage);
      return ok(request, rows.map(templateOf));
    },
  );

  app.get(
    Paths.template,
    { schema: { tags, summary: 'One chat template', params: templateParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(templateOut) } } },
    async (request) => {
      const { pageId } = await access(request, request.params.pageId, [MESSAGES, CHAT], CHATTERS);
      const [row] = await db.select().from(chatTemplates).where(and(eq(chatTemplates.id, request.params.templateId), eq(chatTemplates.pageId, pageId)));
      if (!row) throw ApiError.notFound();
      return ok(request, templateOf(row));
    },
  );

  app.post(
    Paths.templates,
    {
      schema: {
        tags,
        summary: 'Creates a chat template (shortcut unique on the page; ${name} and ${page} only); page admins only',
        params: pageParams,
        querystring: langOnlyQuery,
        body: chatTemplateSchema,
        response: { 200: envelopeSchema(templateOut) },
      },
    },
    async (request) => {
      const { pageId, merchantId } = await access(request, request.params.pageId, [MESSAGES], ADMIN);
      const [{ n }] = (await db.select({ n: count() }).from(chatTemplates).where(eq(chatTemplates.pageId, pageId))) as [{ n: number }];
      if (n >= MESSAGE_SETTINGS_LIMITS.templatesPerPage) throw new ApiError(400, ApiStatus.VALIDATION, 'messageManagement.tooManyTemplates');
      const b = request.body;
      try {
        const [row] = await db
          .insert(chatTemplates)
          .values({ merchantId, pageId, title: b.title.trim(), shortcut: b.shortcut, body: b.text, createdBy: callerOf(request).userId })
          .returning();
        return ok(request, templateOf(row!));
      } catch (err) {
        if (isUniqueViolation(err)) throw taken('shortcutTaken');
        throw err;
      }
    },
  );

  app.put(
    Paths.template,
    {
      schema: { tags, summary: 'Changes a chat template; page admins only', params: templateParams, querystring: langOnlyQuery, body: chatTemplateSchema, response: { 200: envelopeSchema(templateOut) } },
    },
    async (request) => {
      const { pageId } = await access(request, request.params.pageId, [MESSAGES], ADMIN);
      const b = request.body;
      try {
        const [row] = await db
          .update(chatTemplates)
          .set({ title: b.title.trim(), shortcut: b.shortcut, body: b.text, updatedAt: sql`now()` })
          .where(and(eq(chatTemplates.id, request.params.templateId), eq(chatTemplates.pageId, pageId)))
          .returning();
        if (!row) throw ApiError.notFound();
        return ok(request, templateOf(row));
      } catch (err) {
        if (isUniqueViolation(err)) throw taken('shortcutTaken');
        throw err;
      }
    },
  );

  app.delete(
    Paths.template,
    { schema: { tags, summary: 'Deletes a chat template; page admins only', params: templateParams, querystring: langOnlyQuery, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      const { pageId } = await access(request, request.params.pageId, [MESSAGES], ADMIN);
      const gone = await db.delete(chatTemplates).where(and(eq(chatTemplates.id, request.params.templateId), eq(chatTemplates.pageId, pageId))).returning({ id: chatTemplates.id });
      if (gone.length === 0) throw ApiError.notFound();
      return okEmpty(request);
    },
  );

  // -------------------------------------------------------------------------------------------
  // FAQ channel (message-management/{id}/setting-faq-channel)
  // -------------------------------------------------------------------------------------------

  const faqChannel = async (pageId: number) => ({
    entries: await db
      .select({ id: pageFaqEntries.id, question: pageFaqEntries.question, answer: pageFaqEntries.answer, position: pageFaqEntries.position })
      .from(pageFaqEntries)
      .where(eq(pageFaqEntries.pageId, pageId))
      .orderBy(asc(pageFaqEntries.position), asc(pageFaqEntries.id)),
    menu: await db
      .select({ id: pageQuickMenuItems.id, label: pageQuickMenuItems.label, faqId: pageQuickMenuItems.faqId })
      .from(pageQuickMenuItems)
      .where(eq(pageQuickMenuItems.pageId, pageId))
      .orderBy(asc(pageQuickMenuItems.position), asc(pageQuickMenuItems.id)),
  });

  app.get(
    Paths.faq,
    { schema: { tags, summary: 'FAQ entries and the quick menu', params: pageParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(faqChannelOut) } } },
    async (request) => {
      const { pageId } = await access(request, request.params.pageId, [MESSAGES], CHATTERS);
      return ok(request, await faqChannel(pageId));
    },
  );

  app.post(
    Paths.faq,
    {
      schema: { tags, summary: 'Adds an FAQ entry (the answer: ${name} and ${page} only); page admins only', params: pageParams, querystring: langOnlyQuery, body: faqEntrySchema, response: { 200: envelopeSchema(faqOut) } },
    },
    async (request) => {
      const { pageId, merchantId } = await access(request, request.params.pageId, [MESSAGES], ADMIN);
      const [{ n }] = (await db.select({ n: count() }).from(pageFaqEntries).where(eq(pageFaqEntries.pageId, pageId))) as [{ n: number }];
      if (n >= MESSAGE_SETTINGS_LIMITS.faqEntriesMax) throw new ApiError(400, ApiStatus.VALIDATION, 'messageManagement.tooManyFaq');
      const [row] = await db
        .insert(pageFaqEntries)
        .values({ merchantId, pageId, question: request.body.question.trim(), answer: request.body.answer, position: n })
        .returning({ id: pageFaqEntries.id, question: pageFaqEntries.question, answer: pageFaqEntries.answer, position: pageFaqEntries.position });
      return ok(request, row!);
    },
  );

  app.put(
    Paths.faqEntry,
    {
      schema: { tags, summary: 'Changes an FAQ entry; page admins only', params: faqParams, querystring: langOnlyQuery, body: faqEntrySchema, response: { 200: envelopeSchema(faqOut) } },
    },
    async (request) => {
      const { pageId } = await access(request, request.params.pageId, [MESSAGES], ADMIN);
      const [row] = await db
        .update(pageFaqEntries)
        .set({ question: request.body.question.trim(), answer: request.body.answer, updatedAt: sql`now()` })
        .where(and(eq(pageFaqEntries.id, request.params.faqId), eq(pageFaqEntries.pageId, pageId)))
        .returning({ id: pageFaqEntries.id, question: pageFaqEntries.question, answer: pageFaqEntries.answer, position: pageFaqEntries.position });
      if (!row) throw ApiError.notFound();
      return ok(request, row);
    },
  );

  app.delete(
    Paths.faqEntry,
    { schema: { tags, summary: 'Deletes an FAQ entry (and its quick-menu buttons); page admins only', params: faqParams, querystring: langOnlyQuery, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      const { pageId } = await access(request, request.params.pageId, [MESSAGES], ADMIN);
      const gone = await db.delete(pageFaqEntries).where(and(eq(pageFaqEntries.id, request.params.faqId), eq(pageFaqEntries.pageId, pageId))).returning({ id: pageFaqEntries.id });
      if (gone.length === 0) throw ApiError.notFound();
      return okEmpty(request);
    },
  );

  app.put(
    Paths.quickMenu,
    {
      schema: {
        tags,
        summary: 'Replaces the quick menu (at most 5 buttons, in order; a button may point to an FAQ entry of the page); page admins only',
        params: pageParams,
        querystring: langOnlyQuery,
        body: quickMenuSchema,
        response: { 200: envelopeSchema(faqChannelOut) },
      },
    },
    async (request) => {
      const { pageId, merchantId } = await access(request, request.params.pageId, [MESSAGES], ADMIN);
      const items = request.body.items;
      const faqIds = [...new Set(items.map((i) => i.faqId).filter((id): id is number => id !== null))];
      if (faqIds.length) {
        const found = await db.select({ id: pageFaqEntries.id }).from(pageFaqEntries).where(and(eq(pageFaqEntries.pageId, pageId), inArray(pageFaqEntries.id, faqIds)));
        if (found.length !== faqIds.length) throw new ApiError(400, ApiStatus.VALIDATION, 'messageManagement.unknownFaq');
      }
      await db.transaction(async (tx) => {
        await tx.delete(pageQuickMenuItems).where(eq(pageQuickMenuItems.pageId, pageId));
        if (items.length) await tx.insert(pageQuickMenuItems).values(items.map((i, position) => ({ merchantId, pageId, label: i.label.trim(), faqId: i.faqId, position })));
      });
      return ok(request, await faqChannel(pageId));
    },
  );
};
