/**
 * The operator's ticket queue (/portal/ops section `tickets`): every merchant's tickets, SLA overdue
 * first on request; open one, reply with attachments, move its status. Same tables, service and audit
 * trail as the merchant's routes (server/lib/tickets); the ops plugin puts requireInternalUser in front.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { TicketApiPaths as Paths } from '@/domain/api';
import { checkTicketFilter, ticketCommentSchema, ticketFilterShape, ticketStatusChangeSchema } from '@/domain/tickets';
import { merchants, tickets } from '../../../db/schema';
import { envelopeSchema, ok } from '../../../envelope';
import { ApiError } from '../../../errors';
import { actorOf, applyChange, attachmentParams, attachmentSchema, multipartLimits, receiveAttachment, sendAttachment, ticketParams } from '../../../lib/tickets/http';
import { ticketDetailSchema, ticketPageSchema } from '../../../lib/tickets/schemas';
import { ticketService, type TicketScope } from '../../../lib/tickets/service';
import { pageQueryShape } from '../../../pagination';
import { apiQuery, idParam, langOnlyQuery } from '../../../validation';
import { operatorOf } from '../guard';
import multipart from '@fastify/multipart';

const queueQuery = apiQuery({
  ...pageQueryShape,
  ...ticketFilterShape,
  merchantId: idParam.optional(),
  overdueFirst: z.enum(['true', 'false']).optional().meta({ description: 'SLA overdue tickets first, then by due time' }),
}).superRefine(checkTicketFilter);

export const opsTicketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const service = ticketService(db);
  await app.register(multipart, { preservePath: true, limits: multipartLimits });
  const tags = ['ops'];

  const everyMerchant = (request: FastifyRequest): TicketScope => ({ merchantId: null, storeIds: null, userId: operatorOf(request).userId });
  const ticketOf = async (request: FastifyRequest, id: number) => {
    const ticket = await service.find(everyMerchant(request), id);
    if (!ticket) throw ApiError.notFound();
    return ticket;
  };
  const operator = (request: FastifyRequest) => actorOf(request, 'OPERATOR', operatorOf(request).userId);

  app.get(
    Paths.opsTickets,
    { schema: { tags, summary: 'Tickets of every merchant: status, category, merchant, created days, search; overdue first on request', querystring: queueQuery, response: { 200: envelopeSchema(ticketPageSchema) } } },
    async (request) => {
      const { pageNumber, pageSize, overdueFirst, ...filter } = request.query;
      return ok(request, await service.list(everyMerchant(request), { ...filter, overdueFirst: overdueFirst === 'true' }, { pageNumber, pageSize }));
    },
  );

  app.get(
    Paths.opsMerchants,
    { schema: { tags, summary: 'Merchants that have tickets (options of the merchant filter)', querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(z.object({ id: z.number().int(), name: z.string() }))) } } },
    async (request) => {
      const rows = await db.selectDistinct({ id: merchants.id, name: merchants.name }).from(tickets).innerJoin(merchants, eq(merchants.id, tickets.merchantId)).orderBy(asc(merchants.name));
      return ok(request, rows);
    },
  );

  app.post(
    Paths.opsAttachments,
    { schema: { tags, summary: 'Uploads one attachment of an operator reply (same rules as the merchant’s)', querystring: langOnlyQuery, response: { 200: envelopeSchema(attachmentSchema) } } },
    async (request) => ok(request, await receiveAttachment(request, service, operator(request), null)),
  );

  app.get(
    Paths.opsTicket,
    { schema: { tags, summary: 'One ticket with its thread, attachments and audit trail', params: ticketParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(ticketDetailSchema) } } },
    async (request) => ok(request, await service.detail(await ticketOf(request, request.params.id), 'OPERATOR')),
  );

  app.get(
    Paths.opsAttachmentFile,
    { schema: { tags, summary: 'An attachment of a ticket (the file)', params: attachmentParams, querystring: langOnlyQuery, response: { 200: z.unknown() } } },
    async (request, reply) => sendAttachment(reply, await service.attachment(await ticketOf(request, request.params.id), request.params.attachmentId)),
  );

  app.post(
    Paths.opsComments,
    { schema: { tags, summary: 'Replies to the merchant with uploaded attachments', params: ticketParams, querystring: langOnlyQuery, body: ticketCommentSchema, response: { 200: envelopeSchema(ticketDetailSchema) } } },
    async (request) => {
      const ticket = await ticketOf(request, request.params.id);
      const actor = operator(request);
      await applyChange(db, ticket, actor, (tx) => service.comment(tx, ticket, actor, request.body.body, request.body.attachmentIds), { kind: 'TICKET_REPLY' });
      return ok(request, await service.detail(await ticketOf(request, ticket.id), 'OPERATOR'));
    },
  );

  app.post(
    Paths.opsStatuses,
    { schema: { tags, summary: 'Moves the ticket: OPEN → IN_PROGRESS → WAITING_MERCHANT ↔ IN_PROGRESS → RESOLVED', params: ticketParams, querystring: langOnlyQuery, body: ticketStatusChangeSchema, response: { 200: envelopeSchema(ticketDetailSchema) } } },
    async (request) => {
      const ticket = await ticketOf(request, request.params.id);
      const actor = operator(request);
      await applyChange(db, ticket, actor, (tx) => service.changeStatus(tx, ticket, actor, request.body.status), { kind: 'TICKET_STATUS', params: { status: request.body.status } });
      return ok(request, await service.detail(await ticketOf(request, ticket.id), 'OPERATOR'));
    },
  );
};
