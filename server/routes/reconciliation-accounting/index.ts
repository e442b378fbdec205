/**
 * Reconciliation accounting (spec §2 reconciliation-accounting, MERCHANT_RECONCILIATION_ACCOUNTING;
 * §7 /ticket/v1/accountants/tickets, …/attachments, …/{id}/comments, /closes): the merchant's support
 * tickets. Members whose roles open the screen (canUseTickets) list, open, comment, close with a rating
 * and reopen; store roles only see tickets about their stores' transactions and their own. Another
 * merchant's ticket is a 404 like any unknown row.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus, TicketApiPaths as Paths } from '@/domain/api';
import {
  canUseTickets,
  checkTicketFilter,
  ticketCloseSchema,
  ticketCommentSchema,
  ticketCreateSchema,
  ticketFilterShape,
  ticketStatusChangeSchema,
} from '@/domain/tickets';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { tickets, users } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { createTicket } from '../../lib/tickets';
import { actorOf, applyChange, attachmentParams, attachmentSchema, multipartLimits, receiveAttachment, sendAttachment, ticketError, ticketParams } from '../../lib/tickets/http';
import { notifyTicketChange } from '../../lib/tickets/notify';
import { ticketService, type TicketScope } from '../../lib/tickets/service';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { pageQueryShape } from '../../pagination';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { ticketDetailSchema, ticketPageSchema } from '../../lib/tickets/schemas';

const merchantParams = z.object({ merchantId: idParam });
const oneTicket = merchantParams.extend(ticketParams.shape);
const oneAttachment = merchantParams.extend(attachmentParams.shape);
const listQuery = apiQuery({ ...pageQueryShape, ...ticketFilterShape }).superRefine(checkTicketFilter);

export const reconciliationAccountingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const service = ticketService(db);
  await app.register(multipart, { preservePath: true, limits: multipartLimits });

  /** The caller's scope after checking the role (403 for members whose roles do not open tickets). */
  const scopeOf = (request: FastifyRequest): TicketScope => {
    const { merchant, roles, storeIds } = membershipOf(request);
    if (!canUseTickets(roles)) throw ApiError.forbidden();
    return { merchantId: merchant.id, storeIds, userId: callerOf(request).userId };
  };
  const ticketOf = async (request: FastifyRequest, id: number) => {
    const ticket = await service.find(scopeOf(request), id);
    if (!ticket) throw ApiError.notFound();
    return ticket;
  };
  const merchantActor = (request: FastifyRequest) => actorOf(request, 'MERCHANT', callerOf(request).userId);
  const tags = ['reconciliation-accounting'];

  app.get(
    Paths.tickets,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'The merchant’s tickets, newest first: status, category, created days (Vietnam), creator, search (subject, ticket id, linked transaction id)',
        params: merchantParams,
        querystring: listQuery,
        response: { 200: envelopeSchema(ticketPageSchema) },
      },
    },
    async (request) => {
      const { pageNumber, pageSize, ...filter } = request.query;
      return ok(request, await service.list(scopeOf(request), filter, { pageNumber, pageSize }));
    },
  );

  app.get(
    Paths.creators,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Who created the merchant’s tickets (options of the “created by” filter)',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(z.object({ id: z.number().int(), name: z.string() }))) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const rows = await db
        .selectDistinct({ id: users.id, name: users.name })
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.createdByUserId))
        .where(and(eq(tickets.merchantId, scope.merchantId!), isNotNull(tickets.createdByUserId), ...(scope.storeIds !== null ? [eq(tickets.createdByUserId, scope.userId)] : [])))
        .orderBy(asc(users.name));
      return ok(request, rows);
    },
  );

  app.post(
    Paths.tickets,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Opens a ticket: subject, category, description, linked transactions of this merchant (store roles: of their stores) or a period, uploaded attachments',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: ticketCreateSchema,
        response: { 200: envelopeSchema(ticketDetailSchema) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const actor = merchantActor(request);
      const body = request.body;
      const id = await db
        .transaction(async (tx) => {
          const created = await createTicket(tx, {
            merchantId: scope.merchantId!,
            createdByUserId: actor.userId,
            category: body.category,
            subject: body.subject,
            description: body.description,
            transactionIds: body.transactionIds,
            periodId: body.periodId ?? null,
            ip: actor.ip,
          });
          const [row] = await tx.select().from(tickets).where(eq(tickets.id, created.id));
          // A store role opens tickets about its own stores' transactions only.
          if (scope.storeIds !== null && row.storeIds.some((s) => !scope.storeIds!.includes(s))) {
            throw new ApiError(400, ApiStatus.VALIDATION, 'tickets.foreignTransaction', { ids: (body.transactionIds ?? []).join(', ') });
          }
          await service.linkToTicket(tx, actor, row, body.attachmentIds);
          await notifyTicketChange(tx, row, actor, 'TICKET_STATUS', { status: 'OPEN' });
          return created.id;
        })
        .catch(ticketError);
      const ticket = await ticketOf(request, id);
      return ok(request, await service.detail(ticket, 'MERCHANT'));
    },
  );

  app.post(
    Paths.attachments,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Uploads one attachment (multipart, part `file`; PNG, JPEG, PDF, CSV or XLSX by content; at most 5 MB), linked later by id to a new ticket or comment',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(attachmentSchema) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      return ok(request, await receiveAttachment(request, service, merchantActor(request), scope.merchantId));
    },
  );

  app.get(
    Paths.ticket,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'One ticket with its thread, attachments, audit trail, SLA due time and the moves allowed now', params: oneTicket, querystring: langOnlyQuery, response: { 200: envelopeSchema(ticketDetailSchema) } },
    },
    async (request) => ok(request, await service.detail(await ticketOf(request, request.params.id), 'MERCHANT')),
  );

  app.get(
    Paths.attachmentFile,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'An attachment of a ticket the caller sees (the file, not an envelope)', params: oneAttachment, querystring: langOnlyQuery, response: { 200: z.unknown() } },
    },
    async (request, reply) => {
      const ticket = await ticketOf(request, request.params.id);
      return sendAttachment(reply, await service.attachment(ticket, request.params.attachmentId));
    },
  );

  app.post(
    Paths.comments,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Adds a comment with uploaded attachments; on a WAITING_MERCHANT ticket it moves back to IN_PROGRESS', params: oneTicket, querystring: langOnlyQuery, body: ticketCommentSchema, response: { 200: envelopeSchema(ticketDetailSchema) } },
    },
    async (request) => {
      const ticket = await ticketOf(request, request.params.id);
      const actor = merchantActor(request);
      await applyChange(db, ticket, actor, (tx) => service.comment(tx, ticket, actor, request.body.body, request.body.attachmentIds), { kind: 'TICKET_REPLY' });
      return ok(request, await service.detail(await ticketOf(request, ticket.id), 'MERCHANT'));
    },
  );

  app.post(
    Paths.statuses,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'A status move allowed to the merchant (closing needs /closes with a rating, reopening /reopens)', params: oneTicket, querystring: langOnlyQuery, body: ticketStatusChangeSchema, response: { 200: envelopeSchema(ticketDetailSchema) } },
    },
    async (request) => {
      const ticket = await ticketOf(request, request.params.id);
      const actor = merchantActor(request);
      await applyChange(db, ticket, actor, (tx) => service.changeStatus(tx, ticket, actor, request.body.status), { kind: 'TICKET_STATUS', params: { status: request.body.status } });
      return ok(request, await service.detail(await ticketOf(request, ticket.id), 'MERCHANT'));
    },
  );

  app.post(
    Paths.closes,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Closes the ticket with a 1–5 rating and an optional comment', params: oneTicket, querystring: langOnlyQuery, body: ticketCloseSchema, response: { 200: envelopeSchema(ticketDetailSchema) } },
    },
    async (request) => {
      const ticket = await ticketOf(request, request.params.id);
      const actor = merchantActor(request);
      await applyChange(db, ticket, actor, (tx) => service.close(tx, ticket, actor, request.body.rating, request.body.comment), { kind: 'TICKET_STATUS', params: { status: 'CLOSED' } });
      return ok(request, await service.detail(await ticketOf(request, ticket.id), 'MERCHANT'));
    },
  );

  app.post(
    Paths.reopens,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'Reopens a resolved or closed ticket within 7 days', params: oneTicket, querystring: langOnlyQuery, response: { 200: envelopeSchema(ticketDetailSchema) } },
    },
    async (request) => {
      const ticket = await ticketOf(request, request.params.id);
      const actor = merchantActor(request);
      await applyChange(db, ticket, actor, (tx) => service.reopen(tx, ticket, actor), { kind: 'TICKET_STATUS', params: { status: 'OPEN' } });
      return ok(request, await service.detail(await ticketOf(request, ticket.id), 'MERCHANT'));
    },
  );
};
