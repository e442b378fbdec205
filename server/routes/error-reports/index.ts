/**
 * POST /error-reports (mounted by the app under /api): the portal reports a failed API call and
 * the server tells the operators' chat service, in two messages (request, then response).
 *
 * - Only for a signed-in user; without one: HTTP 401, status 78, nothing sent.
 * - §8 rules re-applied here (status 1326/78, the listed messages) and secrets redacted again:
 *   the client is never trusted to have done either.
 * - Identical reports are debounced (§9: 300 ms): a burst of the same failure (a list retried,
 *   several components hitting the same endpoint) becomes one pair of messages with a count.
 * - The answer does not wait for the chat service; a failing webhook only logs.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiStatus } from '@/domain/api';
import {
  errorReportBodySchema,
  isReportable,
  redactReport,
  reportKey,
  requestMessage,
  responseMessage,
  type ErrorReportBody,
  type ReportUser,
} from './report';
import { postWebhook } from './webhook';

export { errorReportBodySchema, type ErrorReportBody, type ReportUser } from './report';

/** Message keys of src/i18n/{lang}/api.json this route answers with. */
export type ErrorReportMessageKey = 'messages.success' | 'messages.tokenInvalid' | 'messages.invalidBody';

export interface ErrorReportsOptions {
  /** Chat-service incoming webhooks; each receives both messages. Empty: reports are accepted and dropped. */
  webhookUrls: readonly string[];
  /** Identical reports within this window are sent once. Default 300 ms (spec §9). */
  debounceMs?: number;
  /** A report repeated without pause is still sent this long after it first came. Default 5 s. */
  maxWaitMs?: number;
  /** Per webhook POST. Default 5 s. */
  timeoutMs?: number;
  /** Distinct reports waiting at once; beyond it new ones are dropped (a storm must not eat memory). Default 500. */
  maxPending?: number;
  /**
   * The signed-in user. Default: `request.auth` (set by the app's auth plugin), else `request.user`.
   * Return null for an anonymous request.
   */
  getUser?: (request: FastifyRequest) => ReportUser | null | undefined | Promise<ReportUser | null | undefined>;
  /** Answers' messages in the caller's language; the app passes its api.json translator. */
  translate?: (request: FastifyRequest, key: ErrorReportMessageKey) => string;
  /** Name shown at the top of each chat message. */
  appName?: string;
}

export const ERROR_REPORT_DEBOUNCE_MS = 300;
const DEFAULT_MAX_WAIT_MS = 5000;
const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_MAX_PENDING = 500;
/** Client reports carry request and response bodies; they stay well below this. */
const BODY_LIMIT_BYTES = 256 * 1024;

/** Same texts as src/i18n/{vi,en}/api.json, for when the app passes no translator (tests, other hosts). */
const FALLBACK_MESSAGES: Record<'vi' | 'en', Record<ErrorReportMessageKey, string>> = {
  vi: {
    'messages.success': 'Thành công',
    'messages.tokenInvalid': 'Token không hợp lệ. Vui lòng đăng nhập lại.',
    'messages.invalidBody': 'Nội dung yêu cầu không hợp lệ',
  },
  en: {
    'messages.success': 'Success',
    'messages.tokenInvalid': 'Token is missing or invalid. Please sign in again.',
    'messages.invalidBody': 'The request body is not valid',
  },
};

function fallbackTranslate(request: FastifyRequest, key: ErrorReportMessageKey): string {
  const decorated = (request as unknown as { lang?: unknown }).lang;
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  const lang = decorated === 'en' || (decorated === undefined && query === 'en') ? 'en' : 'vi';
  return FALLBACK_MESSAGES[lang][key];
}

function defaultGetUser(request: FastifyRequest): ReportUser | null {
  const { auth, user } = request as unknown as { auth?: unknown; user?: unknown };
  const candidate = auth ?? user;
  if (!candidate || typeof candidate !== 'object') return null;
  const { username, userId, id } = candidate as { username?: unknown; userId?: unknown; id?: unknown };
  const idValue = userId ?? id;
  return {
    username: typeof username === 'string' ? username : null,
    userId: typeof idValue === 'number' || typeof idValue === 'string' ? idValue : null,
  };
}

interface Pending {
  report: ErrorReportBody;
  user: ReportUser;
  count: number;
  firstAt: number;
  timer: NodeJS.Timeout;
}

const errorReports: FastifyPluginAsync<ErrorReportsOptions> = async (fastify, options) => {
  const webhookUrls = [...(options.webhookUrls ?? [])];
  const debounceMs = options.debounceMs ?? ERROR_REPORT_DEBOUNCE_MS;
  const maxWaitMs = Math.max(options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS, debounceMs);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxPending = options.maxPending ?? DEFAULT_MAX_PENDING;
  const getUser = options.getUser ?? defaultGetUser;
  const translate = options.translate ?? fallbackTranslate;
  const appName = options.appName ?? 'Merchant portal';

  const pending = new Map<string, Pending>();
  const inFlight = new Set<Promise<void>>();

  async function deliver(entry: Pending): Promise<void> {
    const context = { id: randomUUID().slice(0, 8), user: entry.user, count: entry.count, receivedAt: new Date(entry.firstAt), appName };
    const messages = [requestMessage(entry.report, context), responseMessage(entry.report, context)];
    await Promise.all(
      webhookUrls.map(async (url) => {
        // In order, so the chat shows the request above its response.
        for (const text of messages) await postWebhook(url, { text }, timeoutMs, fastify.log);
      }),
    );
  }

  function flush(key: string): void {
    const entry = pending.get(key);
    if (!entry) return;
    pending.delete(key);
    clearTimeout(entry.timer);
    const delivery = deliver(entry).finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  }

  function schedule(key: string, entry: Pending): NodeJS.Timeout {
    const delay = Math.max(0, Math.min(debounceMs, entry.firstAt + maxWaitMs - Date.now()));
    const timer = setTimeout(() => flush(key), delay);
    // A pending report must not keep a process alive that is otherwise done; onClose flushes it.
    timer.unref();
    return timer;
  }

  /** Queues the report; false when it was dropped because too many are already waiting. */
  function enqueue(report: ErrorReportBody, user: ReportUser): boolean {
    const key = reportKey(report, user);
    const existing = pending.get(key);
    if (existing) {
      clearTimeout(existing.timer);
      existing.report = report;
      existing.count += 1;
      existing.timer = schedule(key, existing);
      return true;
    }
    if (pending.size >= maxPending) {
      fastify.log.warn({ pending: pending.size }, 'error reports dropped: too many waiting');
      return false;
    }
    const entry: Pending = { report, user, count: 1, firstAt: Date.now(), timer: undefined as unknown as NodeJS.Timeout };
    entry.timer = schedule(key, entry);
    pending.set(key, entry);
    return true;
  }

  // On shutdown, what is waiting is sent now rather than lost; each POST is bounded by timeoutMs.
  fastify.addHook('onClose', async () => {
    for (const key of [...pending.keys()]) flush(key);
    await Promise.allSettled([...inFlight]);
  });

  fastify.post('/error-reports', { bodyLimit: BODY_LIMIT_BYTES }, async (request, reply) => {
    let user: ReportUser | null | undefined;
    try {
      user = await getUser(request);
    } catch {
      user = null;
    }
    if (!user) {
      return reply.code(401).send({ status: ApiStatus.TOKEN_INVALID, message: translate(request, 'messages.tokenInvalid') });
    }

    const parsed = errorReportBodySchema.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({
        status: ApiStatus.VALIDATION,
        message: translate(request, 'messages.invalidBody'),
        data: { errors: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })) },
      });
    }

    const queued = webhookUrls.length > 0 && isReportable(parsed.data, true) && enqueue(redactReport(parsed.data), user);
    return { status: ApiStatus.OK, message: translate(request, 'messages.success'), data: { queued } };
  });
};

export default errorReports;
