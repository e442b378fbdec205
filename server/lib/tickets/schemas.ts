/** Response schemas of the ticket routes (merchant and operator answer the same shapes). */
import { z } from 'zod';
import { TICKET_CATEGORIES, TICKET_STATUSES } from '@/domain/tickets';
import { pageSchema } from '../../pagination';
import { attachmentSchema } from './http';

const status = z.enum(TICKET_STATUSES);
const side = z.enum(['MERCHANT', 'OPERATOR']);

export const ticketSummarySchema = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  merchantName: z.string(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  status,
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  slaDueAt: z.string(),
  overdue: z.boolean(),
});

export const ticketPageSchema = pageSchema(ticketSummarySchema);

export const ticketDetailSchema = ticketSummarySchema.extend({
  description: z.string(),
  transactionIds: z.array(z.string()),
  periodId: z.number().int().nullable(),
  source: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  rating: z.object({ rating: z.number().int(), comment: z.string().nullable() }).nullable(),
  canReopen: z.boolean(),
  allowed: z.array(status),
  attachments: z.array(attachmentSchema),
  comments: z.array(
    z.object({ id: z.number().int(), side, author: z.string(), body: z.string(), createdAt: z.string(), attachments: z.array(attachmentSchema) }),
  ),
  events: z.array(
    z.object({ id: z.number().int(), side, actor: z.string(), action: z.string(), fromStatus: status.nullable(), toStatus: status.nullable(), createdAt: z.string() }),
  ),
});
