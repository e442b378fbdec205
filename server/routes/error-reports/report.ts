/**
 * What an error report is, and how it is told to the chat service: validation of the client's
 * body, the §8 "not sent" rules, redaction, and the two plain-text messages.
 */
import { z } from 'zod';
import { redactSecrets, shouldReportError } from '@/domain/errorReport';

/** Bounds keep a hostile or buggy client from making the server format megabytes of text. */
export const errorReportBodySchema = z.object({
  request: z.object({
    method: z.string().trim().min(1).max(16),
    url: z.string().min(1).max(4096),
    headers: z.record(z.string(), z.unknown()).optional(),
    body: z.unknown().optional(),
  }),
  response: z.object({
    /** Envelope status (business code). */
    status: z.number().int().optional(),
    /** HTTP status. */
    httpStatus: z.number().int().min(0).max(999).optional(),
    message: z.string().max(4000).optional(),
    body: z.unknown().optional(),
  }),
  page: z.string().max(4096).optional(),
  merchantCode: z.string().max(64).optional(),
  appVersion: z.string().max(32).optional(),
});

export type ErrorReportBody = z.infer<typeof errorReportBodySchema>;

export interface ReportUser {
  username?: string | null;
  userId?: number | string | null;
}

interface EnvelopeLike {
  status?: unknown;
  message?: unknown;
}

function envelopeOf(body: unknown): EnvelopeLike {
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as EnvelopeLike;
  if (typeof body === 'string') {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as EnvelopeLike;
    } catch {
      // Not JSON: no envelope to look into.
    }
  }
  return {};
}

/**
 * §8: not sent for status 1326 or 78, without a user, or for the listed messages. The status and
 * message may sit in the report's own fields or only in the response body's envelope (an HTTP
 * error whose body says `{ status: 78 }`), so every one of them is checked.
 */
export function isReportable(report: ErrorReportBody, hasUser: boolean): boolean {
  const envelope = envelopeOf(report.response.body);
  const statuses = [report.response.status, typeof envelope.status === 'number' ? envelope.status : undefined];
  const message = [report.response.message, typeof envelope.message === 'string' ? envelope.message : undefined]
    .filter(Boolean)
    .join('\n');
  return statuses.every((status) => shouldReportError({ status, message, hasUser }));
}

/** The report with every secret removed: never trust the client to have done it. */
export function redactReport(report: ErrorReportBody): ErrorReportBody {
  return redactSecrets(report) as ErrorReportBody;
}

/** Reports that say the same thing: the debounce collapses them into one pair of messages. */
export function reportKey(report: ErrorReportBody, user: ReportUser): string {
  return JSON.stringify([
    user.userId ?? null,
    user.username ?? null,
    report.merchantCode ?? null,
    report.request.method.toUpperCase(),
    report.request.url,
    report.response.httpStatus ?? null,
    report.response.status ?? null,
    report.response.message ?? null,
  ]);
}

/** Chat services cap a message (Google Chat 4,096 characters); longer text is cut, not refused. */
export const MAX_MESSAGE_LENGTH = 4000;
const TRUNCATED = '\n… (truncated)';

function truncate(text: string): string {
  return text.length <= MAX_MESSAGE_LENGTH ? text : text.slice(0, MAX_MESSAGE_LENGTH - TRUNCATED.length) + TRUNCATED;
}

function block(value: unknown): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

export interface ReportContext {
  id: string;
  user: ReportUser;
  /** How many identical reports this pair of messages stands for. */
  count: number;
  receivedAt: Date;
  appName: string;
}

function heading(report: ErrorReportBody, context: ReportContext, part: string): string[] {
  const version = report.appVersion ? ` ${report.appVersion}` : '';
  const repeated = context.count > 1 ? ` (×${context.count} within the debounce window)` : '';
  const who = [context.user.username, context.user.userId != null ? `id ${context.user.userId}` : null]
    .filter(Boolean)
    .join(', ');
  return [
    `[${context.appName}${version}] Error report ${context.id}: ${part}${repeated}`,
    `Time: ${context.receivedAt.toISOString()}`,
    `User: ${who || '(unknown)'}`,
    `Merchant (as sent by the portal): ${report.merchantCode || '(none)'}`,
    `Page: ${report.page || '(unknown)'}`,
  ];
}

/** First message: what was asked. Expects a redacted report. */
export function requestMessage(report: ErrorReportBody, context: ReportContext): string {
  return truncate(
    [
      ...heading(report, context, 'request (1/2)'),
      `Request: ${report.request.method.toUpperCase()} ${report.request.url}`,
      `Headers: ${block(report.request.headers)}`,
      `Body: ${block(report.request.body)}`,
    ].join('\n'),
  );
}

/** Second message: what came back. Expects a redacted report. */
export function responseMessage(report: ErrorReportBody, context: ReportContext): string {
  const { response } = report;
  return truncate(
    [
      ...heading(report, context, 'response (2/2)'),
      `Request: ${report.request.method.toUpperCase()} ${report.request.url}`,
      `HTTP status: ${response.httpStatus ?? '(none)'}`,
      `Status: ${response.status ?? '(none)'}`,
      `Message: ${response.message || '(none)'}`,
      `Body: ${block(response.body)}`,
    ].join('\n'),
  );
}
