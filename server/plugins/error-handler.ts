/**
 * The one error handler: every error becomes the envelope, with its message in the request's
 * language. Validation errors name the field; server errors say only "something went wrong" and the
 * request id (the details go to the log).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiStatus } from '@/domain/api';
import { ApiError, type FieldError } from '../errors';
import { resolveLang, translate, type Lang } from '../i18n';
import { fieldErrorsOf, RequestValidationError } from '../validation';

function langOf(request: FastifyRequest): Lang {
  // Errors raised before the language hook ran (e.g. an unparsable URL) still get a language.
  return request.lang ?? resolveLang((request.query as Record<string, unknown> | undefined)?.lang);
}

function sendError(
  reply: FastifyReply,
  httpStatus: number,
  status: number,
  message: string,
  data?: { errors?: FieldError[]; requestId?: string },
) {
  return reply.code(httpStatus).send(data ? { status, message, data } : { status, message });
}

/** Fastify's own client errors, mapped to our messages. */
const CLIENT_ERRORS: Record<string, { http: number; key: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { http: 413, key: 'messages.bodyTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { http: 415, key: 'messages.unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { http: 400, key: 'messages.invalidBody' },
  FST_ERR_CTP_INVALID_JSON_BODY: { http: 400, key: 'messages.invalidBody' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { http: 400, key: 'messages.invalidBody' },
};

/**
 * PostgreSQL's refusals of a value: NUL or a bad byte in text, a number beyond its column, text that is
 * not a number. Validation stops these first; should one slip past a schema it is still the caller's
 * bad input (400), not a server failure, and is logged so the schema gets fixed.
 */
const PG_BAD_VALUE_CODES = new Set(['22021', '22P05', '22003', '22P02']);

function pgBadValueCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (typeof current.code === 'string' && PG_BAD_VALUE_CODES.has(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

export function setupErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | RequestValidationError, request, reply) => {
    const lang = langOf(request);

    if (error instanceof ApiError) {
      reply.headers(error.headers);
      if (error.httpStatus >= 500) request.log.warn({ status: error.status }, error.messageKey);
      return sendError(reply, error.httpStatus, error.status, translate(lang, error.messageKey, error.params));
    }

    if (error instanceof RequestValidationError) {
      const errors = fieldErrorsOf(error, lang);
      return sendError(reply, 400, ApiStatus.VALIDATION, errors[0]?.message ?? translate(lang, 'messages.badRequest'), {
        errors,
      });
    }

    const fastifyError = error as FastifyError;
    const statusCode = fastifyError.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const known = fastifyError.code ? CLIENT_ERRORS[fastifyError.code] : undefined;
      request.log.info({ code: fastifyError.code, statusCode }, 'client error');
      const http = known?.http ?? statusCode;
      const message = translate(lang, known?.key ?? 'messages.badRequest', {
        maxKilobytes: Math.round(app.config.bodyLimitBytes / 1024),
      });
      return sendError(reply, http, ApiStatus.VALIDATION, message);
    }

    const pgCode = pgBadValueCode(error);
    if (pgCode) {
      request.log.warn({ err: error, pgCode }, 'a bad value reached the database');
      return sendError(reply, 400, ApiStatus.VALIDATION, translate(lang, 'messages.badRequest'));
    }

    request.log.error({ err: error }, 'request failed');
    return sendError(
      reply,
      500,
      ApiStatus.INTERNAL,
      translate(lang, 'messages.internalError', { requestId: request.id }),
      { requestId: request.id },
    );
  });
}
