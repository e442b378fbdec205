/**
 * The customer's quick menu when a chat opens (issue 18, setting-faq-channel): the page's quick-menu
 * buttons and FAQ questions (public, ACTIVE pages only), and the signed-in demo customer's pick. A pick
 * is sent as the customer's own message through the live-chat send path (so the chat channel's rules,
 * the greeting and the websocket apply); when it is an FAQ question (or a button pointing to one) the
 * answer follows from the page (SYSTEM) with ${name} and ${page} filled.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageManagementApiPaths as Paths } from '@/domain/api';
import { MESSAGE_KINDS, MESSAGE_SENDERS } from '@/domain/liveChat';
import { chatMenuPickSchema } from '@/domain/messageSettings';
import { businessPageFollows, pageFaqEntries, pageQuickMenuItems } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { chatAutomation, settingsOf } from '../../lib/chat-automation';
import { optionalCustomer, requireCustomer } from '../../lib/customer-session';
import { liveChatRepository } from '../../lib/live-chat/repository';
import { langOnlyQuery } from '../../validation';
import { publicPagesRepository } from './repository';
import { slugParams, tags } from './schemas';

const menuSchema = z.object({
  chatEnabled: z.boolean(),
  followersOnly: z.boolean(),
  menu: z.array(z.object({ id: z.number().int(), label: z.string() })),
  faq: z.array(z.object({ id: z.number().int(), question: z.string() })),
});
const sentSchema = z.object({ id: z.number().int(), conversationId: z.number().int(), sender: z.enum(MESSAGE_SENDERS), kind: z.enum(MESSAGE_KINDS), body: z.string(), createdAt: z.string() });
const pickedSchema = z.object({ question: sentSchema, answer: sentSchema.nullable() });

export const chatMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const pages = publicPagesRepository(db);
  const chat = liveChatRepository(db);
  const automation = chatAutomation(db);

  app.get(
    Paths.chatMenu,
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Public: what the chat shows when it opens: whether chat is on, whether only followers may start one (and the customer does not follow), the quick-menu buttons and the FAQ questions",
        params: slugParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(menuSchema) },
      },
    },
    async (request) => {
      const page = await pages.activePage(request.params.slug);
      const settings = await settingsOf(db, page);
      const customer = await optionalCustomer(request);
      let followersOnly = settings.whoCanStart === 'FOLLOWERS';
      if (followersOnly && customer) {
        const [follow] = await db
          .select({ id: businessPageFollows.id })
          .from(businessPageFollows)
          .where(and(eq(businessPageFollows.pageId, page.id), eq(businessPageFollows.customerId, customer.id), isNull(businessPageFollows.unfollowedAt)));
        followersOnly = !follow;
      }
      const [menu, faq] = await Promise.all([
        db
          .select({ id: pageQuickMenuItems.id, label: pageQuickMenuItems.label })
          .from(pageQuickMenuItems)
          .where(eq(pageQuickMenuItems.pageId, page.id))
          .orderBy(asc(pageQuickMenuItems.position), asc(pageQuickMenuItems.id)),
        db
          .select({ id: pageFaqEntries.id, question: pageFaqEntries.question })
          .from(pageFaqEntries)
          .where(eq(pageFaqEntries.pageId, page.id))
          .orderBy(asc(pageFaqEntries.position), asc(pageFaqEntries.id)),
      ]);
      return ok(request, { chatEnabled: settings.chatEnabled, followersOnly, menu: settings.chatEnabled ? menu : [], faq: settings.chatEnabled ? faq : [] });
    },
  );

  app.post(
    Paths.chatMenu,
    {
      config: { public: true, rateLimit: { max: app.config.rateLimit.loginPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Demo mode: the signed-in customer picks a quick-menu button ({menuItemId}) or an FAQ question ({faqId}): sent as their message; an FAQ answer follows from the page',
        params: slugParams,
        querystring: langOnlyQuery,
        body: chatMenuPickSchema,
        response: { 200: envelopeSchema(pickedSchema) },
      },
    },
    async (request) => {
      const customer = await requireCustomer(request);
      const page = await pages.activePage(request.params.slug);
      const pick = request.body;
      let text: string;
      let answer: string | null = null;
      if ('menuItemId' in pick) {
        const [item] = await db
          .select({ label: pageQuickMenuItems.label, answer: pageFaqEntries.answer })
          .from(pageQuickMenuItems)
          .leftJoin(pageFaqEntries, eq(pageFaqEntries.id, pageQuickMenuItems.faqId))
          .where(and(eq(pageQuickMenuItems.id, pick.menuItemId), eq(pageQuickMenuItems.pageId, page.id)));
        if (!item) throw ApiError.notFound();
        text = item.label;
        answer = item.answer;
      } else {
        const [entry] = await db
          .select({ question: pageFaqEntries.question, answer: pageFaqEntries.answer })
          .from(pageFaqEntries)
          .where(and(eq(pageFaqEntries.id, pick.faqId), eq(pageFaqEntries.pageId, page.id)));
        if (!entry) throw ApiError.notFound();
        text = entry.question;
        answer = entry.answer;
      }
      const conv = (await chat.conversationOfCustomer(page, customer.id, true))!;
      const { message: question } = await chat.send(conv, { sender: 'CUSTOMER', senderUserId: null, kind: 'TEXT', body: text });
      const shown = (m: typeof question) => ({ id: m.id, conversationId: m.conversationId, sender: m.sender as 'CUSTOMER', kind: m.kind as 'TEXT', body: m.body, createdAt: m.createdAt.toISOString() });
      if (answer === null) return ok(request, { question: shown(question), answer: null });
      const { message: reply } = await chat.send(conv, { sender: 'SYSTEM', senderUserId: null, kind: 'TEXT', body: await automation.fill(conv, answer) });
      return ok(request, { question: shown(question), answer: shown(reply) });
    },
  );
};
