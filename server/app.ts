/**
 * The Fastify application: `buildApp(config)` for the server and for tests (which use `inject`).
 * Without a `db` it opens, migrates and seeds the configured database and closes it with the app.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import { ApiStatus } from '@/domain/api';
import { version } from '../package.json';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { prepareDatabase, startMaintenance } from './db/maintenance';
import { errorEnvelopeSchema } from './envelope';
import { resolveLang, translate } from './i18n';
import { loggerOptions } from './logger';
import { requireSession, setupAuthDecorations } from './plugins/auth';
import { setupAccessChanges } from './lib/auth-cache/broadcast';
import { setupDocs } from './plugins/docs';
import { setupErrorHandler } from './plugins/error-handler';
import { setupRateLimit } from './plugins/rate-limit';
import { setupSecurity } from './plugins/security';
import { setupClientAndNotFound } from './plugins/static-client';
import { accessRoutes } from './routes/access';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { meRoutes } from './routes/me';
import { merchantsRoutes } from './routes/merchants';
import { merchantInfoRoutes } from './routes/merchant-info';
import { storesRoutes } from './routes/stores';
import { usersRoutes } from './routes/users';
import { payoutsRoutes } from './routes/payouts';
import { servicesRoutes } from './routes/services';
import { promotionsRoutes } from './routes/promotions';
import { econtractsRoutes } from './routes/econtracts';
import { nfcRoutes } from './routes/nfc';
import { reportJobsRoutes } from './routes/report-jobs';
import { transactionReportRoutes } from './routes/transaction-report';
import { reportViewsRoutes } from './routes/report-views';
import { cardPaymentReportRoutes } from './routes/card-payment-report';
import { disbursementReportRoutes } from './routes/disbursement-report';
import { disbursementManagementRoutes } from './routes/disbursement-management';
import { financingReportRoutes } from './routes/financing-report';
import { onetimeReportRoutes } from './routes/onetime-report';
import { nonpaidReportRoutes } from './routes/nonpaid-report';
import { donationHistoryRoutes } from './routes/donation-history';
import { reportSettingsRoutes } from './routes/report-settings';
import { dashboardRoutes } from './routes/dashboard';
import { paymentLinksRoutes } from './routes/payment-links';
import { paymentIntegrationRoutes } from './routes/payment-integration';
import { notificationsRoutes } from './routes/notifications';
import { liveChatRoutes } from './routes/live-chat';
import { publicPagesRoutes } from './routes/public-pages';
import { periodControlRoutes } from './routes/period-control';
import { monthlyControlRoutes } from './routes/monthly-control';
import { payoutReportRoutes } from './routes/payout-report';
import { reconciliationAccountingRoutes } from './routes/reconciliation-accounting';
import { helpCenterRoutes } from './routes/help-center';
import { opsRoutes } from './routes/ops';
import { businessPageRoutes } from './routes/business-page';
import { marketingBudgetRoutes } from './routes/marketing-budget';
import { transactionControlRoutes } from './routes/transaction-control';
import { contentManagementRoutes } from './routes/content-management';
import { reportManagementRoutes } from './routes/report-management';
import { marketingManagementRoutes } from './routes/marketing-management';
import { messageManagementRoutes } from './routes/message-management';
import { customerCareRoutes } from './routes/customer-care';
import errorReports from './routes/error-reports';
import { validatorCompiler } from './validation';
import { responseSerializerCompiler } from './serializer';
import { createNotifier } from './lib/notifier';
import { createOtpService } from './lib/otp';
import { withInstallationSecret } from './lib/installation-secret';
import { demoRoutes } from './routes/demo';
import './types';

/** The package version (spec §1: 1.25.100) is the API version in the OpenAPI document. */
export const APP_VERSION = version;

/** One module per domain; each registers its routes under /api. */
const ROUTE_MODULES: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  meRoutes,
  merchantsRoutes,
  merchantInfoRoutes,
  storesRoutes,
  usersRoutes,
  accessRoutes,
  payoutsRoutes,
  servicesRoutes,
  promotionsRoutes,
  econtractsRoutes,
  nfcRoutes,
  reportJobsRoutes,
  transactionReportRoutes,
  reportViewsRoutes,
  cardPaymentReportRoutes,
  disbursementReportRoutes,
  disbursementManagementRoutes,
  financingReportRoutes,
  onetimeReportRoutes,
  nonpaidReportRoutes,
  donationHistoryRoutes,
  reportSettingsRoutes,
  dashboardRoutes,
  paymentLinksRoutes,
  paymentIntegrationRoutes,
  notificationsRoutes,
  liveChatRoutes,
  publicPagesRoutes,
  periodControlRoutes,
  monthlyControlRoutes,
  payoutReportRoutes,
  transactionControlRoutes,
  contentManagementRoutes,
  reportManagementRoutes,
  marketingManagementRoutes,
  messageManagementRoutes,
  customerCareRoutes,
  reconciliationAccountingRoutes,
  helpCenterRoutes,
  businessPageRoutes,
  marketingBudgetRoutes,
  opsRoutes,
];

export interface BuildOptions {
  /** An open, migrated database owned by the caller (tests). Otherwise the app opens its own. */
  db?: Database;
  /** Without `db`: the configured database, already being opened (server/main.ts). The app prepares and closes it. */
  opening?: Promise<Database>;
  /** Where log lines go instead of stdout (tests capture them this way). */
  logStream?: Writable;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Keeps a well-formed X-Request-Id from the caller so one id follows a request across systems. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Errors raised before routing (an undecodable URL) bypass hooks and the error handler: they are
 * enveloped here, with the headers the hooks would have added.
 */
function unroutable(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'unroutable request');
  const lang = resolveLang((request.query as Record<string, unknown> | undefined)?.lang);
  return reply
    .code(400)
    .header('x-request-id', request.id)
    .header('cache-control', 'no-store')
    .send({ status: ApiStatus.VALIDATION, message: translate(lang, 'messages.badRequest') });
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Our own 503 (below) is in the envelope; Fastify's would not be.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors: unroutable,
  }).withTypeProvider<ZodTypeProvider>();
  for (const warning of config.warnings) app.log.warn(warning);

  const ownsDatabase = !options.db;
  let database: Database | undefined = options.db;
  try {
    let mark = performance.now();
    const lap = () => {
      const ms = Math.round(performance.now() - mark);
      mark = performance.now();
      return ms;
    };
    database ??= await (options.opening ?? openDatabase(config));
    const openMs = lap();
    if (ownsDatabase) await prepareDatabase(database, config, app.log);
    const prepareMs = lap();
    // TOKEN_PEPPER, or the installation's generated secret kept with the data (never a source constant).
    await assemble(app, await withInstallationSecret(config, database, app.log), database, ownsDatabase);
    app.log.info({ openMs, prepareMs, assembleMs: lap() }, 'app built');
    return app;
  } catch (err) {
    if (ownsDatabase) await (database ?? (await options.opening?.catch(() => undefined)))?.close();
    throw err;
  }
}

async function assemble(app: FastifyInstance, config: Config, database: Database, ownsDatabase: boolean): Promise<void> {
  // Added first so it runs last: onClose hooks run in the reverse order they were added, and every
  // plugin's own (a background pass finishing, a LISTEN stopping) still needs the database open.
  let stopMaintenance: () => Promise<void> = async () => undefined;
  app.addHook('onClose', async () => {
    await stopMaintenance();
    if (ownsDatabase) await database.close();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.checkResponses));
  app.decorate('config', config);
  app.decorate('database', database);
  database.watch?.((incident) => {
    if (incident.kind === 'reopened') app.log.error({ err: incident.error, attempt: incident.attempt }, 'embedded database thread stopped: the folder is open again');
    else app.log.fatal({ err: incident.error }, 'embedded database thread stopped and the folder does not open again');
  });
  const notifier = createNotifier({
    db: database.db,
    demoMode: config.demoMode,
    smtpUrl: config.auth.smtpUrl,
    mailFrom: config.auth.mailFrom,
    smsWebhookUrl: config.auth.smsWebhookUrl,
    log: app.log,
  });
  app.decorate('notifier', notifier);
  app.decorate(
    'otp',
    createOtpService({
      db: database.db,
      notifier,
      pepper: config.tokenPepper,
      limits: { maxPerAddressPerHour: config.auth.otpMaxPerAddressPerHour, maxPerIpPerHour: config.auth.otpMaxPerIpPerHour },
    }),
  );
  app.decorateRequest('lang', 'vi');

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    request.lang = resolveLang((request.query as Record<string, unknown> | undefined)?.lang);
    if (closing) {
      // In-flight requests finish; new ones on kept-alive connections are turned away cleanly.
      reply.header('connection', 'close');
      return reply
        .code(503)
        .send({ status: ApiStatus.UNAVAILABLE, message: translate(request.lang, 'messages.unavailable') });
    }
  });

  // Empty JSON bodies (e.g. a logout sent with a JSON content type) mean "no body"; anything else
  // goes through Fastify's parser, which refuses __proto__ and constructor keys.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    jsonParser(request, body as string, done);
  });

  await setupSecurity(app);
  setupErrorHandler(app);
  setupAuthDecorations(app);
  setupAccessChanges(app);
  await setupDocs(app, APP_VERSION);

  await app.register(
    async (api) => {
      // Every API route documents the error envelope and, unless public, the bearer token.
      api.addHook('onRoute', (route) => {
        const schema = route.schema ?? {};
        route.schema = {
          ...schema,
          ...(route.config?.public ? {} : { security: [{ bearerAuth: [] }] }),
          response: { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema, ...(schema.response as object) },
        };
      });
      await setupRateLimit(api);
      requireSession(api);
      for (const routes of ROUTE_MODULES) await api.register(routes);
      // The outbox and the demo SSO issuer do not exist at all outside demo mode.
      if (config.demoMode) await api.register(demoRoutes);
      // Behind the session check like every non-public route: anonymous failures are never reported (§8).
      await api.register(errorReports, {
        webhookUrls: config.errorWebhookUrls,
        translate: (request, key) => translate(request.lang, key),
      });
    },
    { prefix: '/api' },
  );

  await setupClientAndNotFound(app, config.clientDir);

  stopMaintenance = startMaintenance(database, config, app.log);
  await app.ready();
}
