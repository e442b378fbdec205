/**
 * What the merchant's and the operator's ticket routes share: reading one uploaded file, the answers
 * for refused changes, sending an attachment back, and telling the other side (notifications).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { TICKET_ATTACHMENT_MAX_BYTES, type TicketSide } from '@/domain/tickets';
import type { Db } from '../../db/client';
import { ForeignTransactionError, type Executor } from './index';
import { notifyTicketChange, type TicketNotificationKind } from './notify';
import { ApiError } from '../../errors';
import { attachmentDisposition } from '../files';
import { readOneFile } from '../files/upload';
import { idParam } from '../../validation';
import { checkAttachment } from './attachments';
import { TicketConflict, type TicketActor, type TicketRow, type TicketService } from './service';

export const ticketParams = z.object({ id: idParam });
export const attachmentParams = z.object({ id: idParam, attachmentId: idParam });

export const attachmentSchema = z.object({ id: z.number().int(), fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() });

export const multipartLimits = { fileSize: TICKET_ATTACHMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 } as const;

const badFile = (problem: string, http = 400) => new ApiError(http, ApiStatus.VALIDATION, `tickets.files.${problem}`);

/** Reads the one part named `file`, checks its content (magic bytes) and stores it as an unlinked upload. */
export async function receiveAttachment(request: FastifyRequest, service: TicketService, actor: TicketActor, merchantId: number | null) {
  const upload = await readOneFile(request, TICKET_ATTACHMENT_MAX_BYTES, badFile);
  const checked = checkAttachment(upload.content, upload.fileName);
  if (!checked.ok) throw badFile(checked.problem);
  return service.upload(actor, merchantId, { ...checked.file, fileName: upload.fileName, content: upload.content });
}

/** Refused changes as API errors (409 conflict, 400 for bad links, 404 for foreign transactions). */
export function ticketError(err: unknown): never {
  if (err instanceof TicketConflict) throw new ApiError(err.httpStatus, err.httpStatus === 409 ? ApiStatus.CONFLICT : ApiStatus.VALIDATION, err.key);
  if (err instanceof ForeignTransactionError) throw new ApiError(400, ApiStatus.VALIDATION, 'tickets.foreignTransaction', { ids: err.transactionIds.join(', ') });
  throw err;
}

export async function sendAttachment(reply: FastifyReply, found: Awaited<ReturnType<TicketService['attachment']>>) {
  if (!found) throw ApiError.notFound();
  const { row, content } = found;
  return reply
    .header('Content-Type', row.contentType)
    .header('Content-Disposition', attachmentDisposition(row.fileName))
    .header('Content-Length', String(content.length))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
    .send(content);
}

/** One change of a ticket and its notice to the other side, in one transaction; a refused change becomes its API error. */
export async function applyChange(
  db: Db,
  ticket: TicketRow,
  actor: TicketActor,
  work: (tx: Executor) => Promise<unknown>,
  notice: { kind: TicketNotificationKind; params?: Record<string, string | number> },
): Promise<void> {
  await db
    .transaction(async (tx) => {
      await work(tx);
      await notifyTicketChange(tx, ticket, actor, notice.kind, notice.params ?? {});
    })
    .catch(ticketError);
}

export const actorOf = (request: FastifyRequest, side: TicketSide, userId: number): TicketActor => ({ side, userId, ip: request.ip ?? null });
