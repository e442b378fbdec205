/**
 * What the merchant's and the operator's ticket routes share: reading one uploaded file, the answers
 * for refused changes, sending an attachment back, and telling the other side (notifications).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { isSafeFileName } from '@/domain/merchantInfo';
import { TICKET_ATTACHMENT_MAX_BYTES, type TicketSide } from '@/domain/tickets';
import { ForeignTransactionError } from './index';
import { ApiError } from '../../errors';
import { attachmentDisposition } from '../files';
import { idParam } from '../../validation';
import { checkAttachment } from './attachments';
import { TicketConflict, type TicketActor, type TicketService } from './service';

export const ticketParams = z.object({ id: idParam });
export const attachmentParams = z.object({ id: idParam, attachmentId: idParam });

export const attachmentSchema = z.object({ id: z.number().int(), fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() });

export const multipartLimits = { fileSize: TICKET_ATTACHMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 } as const;

const badFile = (problem: string, http = 400) => new ApiError(http, ApiStatus.VALIDATION, `tickets.files.${problem}`);

/** Reads the one part named `file`, checks its content (magic bytes) and stores it as an unlinked upload. */
export async function receiveAttachment(request: FastifyRequest, service: TicketService, actor: TicketActor, merchantId: number | null) {
  if (!request.isMultipart()) throw badFile('notMultipart', 415);
  let upload: { fileName: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts({ preservePath: true, limits: { ...multipartLimits, fieldNameSize: 20 } })) {
      if (part.type !== 'file' || part.fieldname !== 'file' || upload) throw badFile('fileMissing');
      if (!isSafeFileName(part.filename)) {
        part.file.resume();
        throw badFile('fileName');
      }
      upload = { fileName: part.filename.normalize('NFC'), content: await part.toBuffer() };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badFile('fileTooLarge');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badFile('fileMissing');
    throw err;
  }
  if (!upload) throw badFile('fileMissing');
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

export const actorOf = (request: FastifyRequest, side: TicketSide, userId: number): TicketActor => ({ side, userId, ip: request.ip ?? null });
