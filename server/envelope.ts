/**
 * The provider envelope `{ status, message, data? }` (contract: status 0 is success) and its schemas.
 * Routes answer with `ok(request, data)`; errors are enveloped by the error handler only.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { translate } from './i18n';

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

export const errorEnvelopeSchema = z
  .object({
    status: z.number().int(),
    message: z.string(),
    data: z
      .object({
        errors: z.array(fieldErrorSchema).optional(),
        requestId: z.string().optional(),
      })
      .optional(),
  })
  .meta({ id: 'ErrorEnvelope', description: 'Non-zero status; message in the request language' });

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(ApiStatus.OK), message: z.string(), data });
}

export const emptyEnvelopeSchema = z.object({ status: z.literal(ApiStatus.OK), message: z.string() });

export function ok<T>(request: FastifyRequest, data: T) {
  return { status: ApiStatus.OK, message: translate(request.lang, 'messages.success'), data };
}

export function okEmpty(request: FastifyRequest) {
  return { status: ApiStatus.OK, message: translate(request.lang, 'messages.success') };
}
