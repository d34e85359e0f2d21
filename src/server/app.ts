import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database, type Listener } from './db/client.ts';
import { createThrottle } from './lib/throttle.ts';
import { lazyChildLogger, levelEnabled } from './lib/lazy-logger.ts';
import { createAuth } from './modules/auth/better-auth.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { createIdentityCache, identityRead, isRead } from './modules/auth/session.ts';
import { createReadRouter } from './lib/read-replica.ts';
import { createListCache, TABLE_CHANGED_CHANNEL } from './modules/resources/list-cache.ts';
import { HEALTH_PROBES, registerHealthRoutes } from './modules/health/routes.ts';
import { registerLocationRoutes } from './modules/locations/routes.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './modules/mail/mailer.ts';
import { registerDevMailRoutes } from './modules/mail/routes.ts';
import { registerUserRoutes } from './modules/user/routes.ts';
import { createLocalFileStore, createS3FileStore, fileStoreRoot, type FileStore } from './modules/files/store.ts';
import multipart from '@fastify/multipart';
import { createOpenMeteoProvider, withCache } from './modules/weather/provider.ts';
import { registerWeatherRoutes } from './modules/weather/routes.ts';
import { registerOrganisationRoutes } from './modules/organisations/routes.ts';
import { registerBillingRoutes } from './modules/billing/routes.ts';
import { createLocalProvider } from './modules/billing/local-provider.ts';
import { createStripeProvider } from './modules/billing/stripe-provider.ts';
import type { PaymentProvider } from './modules/billing/provider.ts';
import { RESOURCES } from '#shared/resources/registry.ts';
import { registerResource } from './modules/resources/register.ts';
import { tableOf } from './modules/resources/tables.ts';
import { RESOURCE_HOOKS } from './modules/resources/hooks.ts';
import { registerConnectionRoutes } from './modules/connections/routes.ts';
import { registerPostRoutes } from './modules/posts/routes.ts';
import { registerProfileRoutes } from './modules/profiles/routes.ts';
import { registerSearchRoutes } from './modules/search/routes.ts';
import { registerNotificationRoutes } from './modules/notifications/routes.ts';
import { registerChatRoutes } from './modules/chats/routes.ts';
import { registerQuoteRoutes } from './modules/quotes/routes.ts';
import { registerAiRoutes } from './modules/ai/register.ts';
import { registerPublicQuoteRoutes } from './modules/quotes/public-routes.ts';
import { registerBookingRoutes } from './modules/operations/bookings.ts';
import { registerShipmentRoutes } from './modules/operations/shipments.ts';
import { registerAnalyticsRoutes } from './modules/analytics/routes.ts';
import { registerAnalyticsViews } from './modules/analytics/views.ts';
import { registerTrackingRoutes } from './modules/operations/tracking.ts';
import { registerExceptionRoutes } from './modules/operations/exceptions.ts';
import { registerTaskRoutes } from './modules/operations/tasks.ts';
import { registerDocumentRoutes } from './modules/operations/documents.ts';
import { registerHolidayRoutes } from './modules/hr/holidays.ts';
import { registerContractRoutes } from './modules/hr/contracts.ts';
import { registerLeaveRoutes } from './modules/hr/leave.ts';
import { registerHrSummary } from './modules/hr/summary.ts';
import { registerPayrollRoutes } from './modules/hr/payroll.ts';
import { registerBankAccountRoutes } from './modules/hr/bank-accounts.ts';
import { registerPerformanceRoutes } from './modules/hr/performance.ts';
import { registerRecruitmentRoutes } from './modules/recruitment/routes.ts';
import { registerPublicRecruitmentRoutes } from './modules/recruitment/public.ts';
import { registerRateRoutes } from './modules/rates/routes.ts';
import { registerCrmRoutes, registerPipelineRoutes } from './modules/crm/routes.ts';
import { registerClientRoutes } from './modules/crm/clients.ts';
import { registerImportRoutes } from './modules/crm/imports.ts';
import { registerCommissionRoutes } from './modules/crm/commission.ts';
import { registerEmissionsReportRoutes } from './modules/quotes/emissions-report.ts';
import { createLiveHub } from './modules/events/hub.ts';
import { registerEventRoutes } from './modules/events/routes.ts';
import { createJobs } from './modules/jobs/jobs.ts';
import { registerStaffRoutes } from './modules/staff/routes.ts';
import { registerExchangeRoutes } from './modules/exchange/routes.ts';
import { registerControlCentreSummary } from './modules/resources/summary.ts';
import { registerAccessCheck, registerAccessDeclarations } from './plugins/access.ts';
import { registerTextInput } from './plugins/text-input.ts';
import { canonicalPathError } from './plugins/canonical-path.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerPublicNoStore, securityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { hasBearer } from './lib/bearer.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerKeyRateLimit } from './plugins/key-rate-limit.ts';
import { keyRequestsPerMinute } from './modules/developers/key-auth.ts';
import { registerApiKeyRoutes } from './modules/developers/api-keys.ts';
import { registerWebhookRoutes } from './modules/developers/webhook-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export type BuildOptions = {
  /** An open, migrated database; when absent one is opened from the configuration. */
  database?: Database;
  mailer?: Mailer;
  files?: FileStore;
  payments?: PaymentProvider;
};

/** Stripe when STRIPE_SECRET_KEY is set, else the local provider (docs/architecture.md#payments). */
function paymentProvider(config: Config, database: Database): PaymentProvider {
  if (!config.stripe) return createLocalProvider(database, { takesCards: config.localPayments });
  const base = config.stripe.apiBase ? new URL(config.stripe.apiBase) : null;
  return createStripeProvider({
    secretKey: config.stripe.secretKey,
    webhookSecret: config.stripe.webhookSecret ?? '',
    ...(base && { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol === 'https:' ? 'https' : 'http' }),
  });
}

const SLOW_REQUEST_MS = 1000;
/** Webhooks come from a provider, not a browser: their signature stands in for the anti-forgery token. */
const CSRF_EXEMPT = ['/api/billing/webhook', /^\/api\/tracking\/webhook\/[^/]+$/, /^\/api\/analytics\/unsubscribe\/[^/]+$/];

/** The file store of the configuration: a bucket with FILES_URL, else DATA_DIR/uploads. */
export const fileStoreOf = (config: Config): FileStore =>
  config.files ? createS3FileStore(config.files.location, config.files.credentials) : createLocalFileStore(fileStoreRoot(config.dataDir));

/** The whole application without listening: the server entry point and the tests use it. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]'] },
    // One line per request, written below only where it tells something (see onResponse).
    logController: new LogController({ disableRequestLogging: true }),
    // A request's child logger is made only when that request logs something.
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Plugins and the onReady hook (jobs start there: pg-boss creates its schema and queues) may take
    // longer than Fastify's 10 s on a loaded machine; the start then failed with FST_ERR_HOOK_TIMEOUT.
    pluginTimeout: 120_000,
    // Path parameters as long as the longest a route declares (255, Stripe's ids): Fastify's 100 refused valid ones.
    routerOptions: { maxParamLength: 256 },
    // Failures before any route (a URL that cannot be decoded, a parameter beyond that length)
    // leave in the error shape too.
    frameworkErrors: (err, _req, reply) => {
      const [status, code, message] = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, 'uri_too_long', 'A part of the URL is too long.']
        : err.code === 'FST_ERR_BAD_URL' ? [400, 'malformed_request', 'The URL cannot be decoded.']
        : [400, 'malformed_request', 'The request cannot be routed.'];
      void (reply as FastifyReply).status(status).send({ error: { code, message } });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase(config.databaseUrl ? { url: config.databaseUrl, listenUrl: config.databaseListenUrl, readUrl: config.databaseReadUrl } : { dataDir: join(config.dataDir, 'db') }));
  const mailer = options.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(database));
  // The database tells this process of every committed write to a record table (list-cache.ts).
  let notices: Listener | null = null;
  const ctx: AppContext = {
    config,
    database,
    mailer,
    auth: createAuth(config, database, mailer),
    throttle: createThrottle(database),
    files: options.files ?? fileStoreOf(config),
    payments: options.payments ?? paymentProvider(config, database),
    identities: createIdentityCache(config.identityReuseMs),
    lists: createListCache(true, { sync: () => (notices ? notices.sync() : Promise.reject(new Error('not listening'))) }),
    jobs: createJobs(database, { work: config.jobs, log: app.log, stopTimeoutMs: config.shutdown.timeoutS * 1000 }),
    lifecycle: { draining: false },
    reads: createReadRouter(database, config.readYourWritesMs),
  };
  app.decorate('ctx', ctx);
  notices = await database.listen(TABLE_CHANGED_CHANNEL, { notice: (table) => ctx.lists.changed(table), reset: () => ctx.lists.reset() });
  // A session that ends anywhere ends its live streams here, and this node's reused identities with it.
  const live = await createLiveHub(database, { checkMs: config.liveSessionCheckMs, onAccessEnded: () => ctx.identities.clear() });
  // Jobs start once every module has defined its own (below), and stop before the database closes.
  app.addHook('onReady', () => ctx.jobs.start());
  app.addHook('onClose', async () => {
    await ctx.jobs.stop().catch((err: unknown) => app.log.warn({ err }, 'stopping background jobs failed'));
    // A database already closed (shutdown, lost) has dropped its listeners with it.
    await live.stop();
    await notices?.stop();
    await mailer.close();
    if (!options.files) await ctx.files.close();
    if (!options.database) await database.close();
  });

  registerErrorHandling(app);
  // One synchronous hook ahead of every route, the probes' too (each hook is a step that every
  // request pays for; bench "shipped").
  const headers = securityHeaders(config, { probes: HEALTH_PROBES });
  app.addHook('onRequest', (req, reply, done) => {
    // While draining, answers close their connection: a keep-alive client's next request opens a
    // new one, which the balancer sends to a node that is not stopping.
    if (ctx.lifecycle.draining) reply.header('connection', 'close');
    // The security headers, then an API path spelt any other way than its canonical one is refused
    // before any other hook reads it.
    headers(req, reply, (err) => done(err ?? canonicalPathError(req.url)));
  });
  // Failures and slow answers at info and above; every request only at debug (a hot path otherwise).
  const debug = levelEnabled(app.log, 'debug');
  app.addHook('onResponse', (req, reply, done) => {
    const ms = reply.elapsedTime;
    // A draining node's readiness 503 is the signal a balancer waits for, not a failure.
    if (reply.statusCode >= 500 && !(reply.statusCode === 503 && ctx.lifecycle.draining)) req.log.error({ method: req.method, url: req.url, status: reply.statusCode, ms }, 'request failed');
    else if (ms > SLOW_REQUEST_MS) req.log.warn({ method: req.method, url: req.url, status: reply.statusCode, ms }, 'slow request');
    else if (debug) req.log.debug({ method: req.method, url: req.url, status: reply.statusCode, ms }, 'request');
    done();
  });
  // Every /api route declares who may call it (checked in the API's context below).
  registerAccessDeclarations(app);
  // The OpenAPI document sees every route registered after it, in every context.
  await registerDocs(app, { appUrl: config.appUrl, secureCookies: config.appUrl.startsWith('https://'), csrfExempt: CSRF_EXEMPT, unthrottled: HEALTH_PROBES });

  // Liveness and readiness in a context of their own, without the API's request hooks (cookies,
  // rate limit, CSRF, access, identities): a load balancer's probe costs little more than a bare
  // route and answers whatever those hooks are waiting for (docs/architecture.md#request-flow).
  await app.register(async (probes) => registerHealthRoutes(probes, ctx));

  // The API: its hooks apply to the routes of this context only.
  await app.register(async (api) => {
    // A write that was not refused (a 4xx changes nothing) may have changed who can do what:
    // reused identities are dropped before its answer leaves, so the caller's next request sees it.
    // With a read replica, the writer's own reads stay on the primary for a moment (lib/read-replica.ts).
    // Synchronous for reads (most requests): an async hook costs every request a promise.
    api.addHook('onSend', (req, reply, payload, done) => {
      if (isRead(req.method) || (reply.statusCode >= 400 && reply.statusCode < 500)) return done(null, payload);
      ctx.identities.clear();
      if (!ctx.database.reader) return done(null, payload);
      identityRead(req).then((identity) => {
        ctx.reads.wrote(req, reply, identity?.user.id ?? null);
        done(null, payload);
      }, done);
    });
    await api.register(cookie);
    // A request with an API key is the key's alone: a browser's cookies beside it count for nothing (no session, no CSRF token).
    api.addHook('onRequest', (req, _reply, done) => {
      if (hasBearer(req)) {
        req.cookies = {};
        delete req.headers.cookie;
      }
      done();
    });
    await api.register(multipart, { limits: { files: 1, fields: 5, fileSize: 5 * 1024 * 1024 } });
    // A coarse per-address ceiling for the whole API; finer limits (logins, codes) live in the routes.
    if (config.rateLimitPerMinute > 0) {
      await api.register(rateLimit, {
        max: config.rateLimitPerMinute,
        timeWindow: '1 minute',
        // Decided on the route the router matched (the raw URL may spell it otherwise).
        allowList: (req) => !req.routeOptions.url?.startsWith('/api/'),
      });
    }
    // Who may call (401/403) is answered before anything about the input (422).
    registerAccessCheck(api, ctx);
    // Per API key: counted once the key is known (after the access check), before its input is read.
    registerKeyRateLimit(api, ctx, (organisation) => keyRequestsPerMinute(ctx, organisation));
    // Writes with an Idempotency-Key: after access and validation, before the handler.
    registerIdempotency(api, ctx);
    registerTextInput(api);
    registerPublicNoStore(api);
    // Webhooks come from the provider, not a browser: their signature stands in for the token.
    registerCsrf(api, { secret: config.sessionSecret, secure: config.appUrl.startsWith('https://'), exempt: ['/api/billing/webhook', '/api/tracking/webhook/:organisationId', '/api/analytics/unsubscribe/:token'] });

    registerAuthRoutes(api, ctx);
    registerUserRoutes(api, ctx);
    registerLocationRoutes(api, ctx);
    registerOrganisationRoutes(api, ctx);
    registerBillingRoutes(api, ctx);
    for (const descriptor of RESOURCES) registerResource(api, ctx, descriptor, tableOf(descriptor.name), RESOURCE_HOOKS[descriptor.name]);
    registerStaffRoutes(api, ctx);
    registerConnectionRoutes(api, ctx);
    registerPostRoutes(api, ctx);
    registerProfileRoutes(api, ctx);
    registerSearchRoutes(api, ctx);
    registerNotificationRoutes(api, ctx);
    registerChatRoutes(api, ctx);
    registerQuoteRoutes(api, ctx);
    registerPublicQuoteRoutes(api, ctx);
    registerBookingRoutes(api, ctx);
    registerShipmentRoutes(api, ctx);
    registerAnalyticsRoutes(api, ctx);
    registerAnalyticsViews(api, ctx);
    registerTrackingRoutes(api, ctx);
    registerExceptionRoutes(api, ctx);
    registerTaskRoutes(api, ctx);
    registerDocumentRoutes(api, ctx);
    registerHolidayRoutes(api, ctx);
    registerContractRoutes(api, ctx);
    registerLeaveRoutes(api, ctx);
    registerHrSummary(api, ctx);
    registerPayrollRoutes(api, ctx);
    registerBankAccountRoutes(api, ctx);
    registerPerformanceRoutes(api, ctx);
    registerRecruitmentRoutes(api, ctx);
    registerPublicRecruitmentRoutes(api, ctx);
    registerRateRoutes(api, ctx);
    registerCrmRoutes(api, ctx);
    registerPipelineRoutes(api, ctx);
    registerClientRoutes(api, ctx);
    registerImportRoutes(api, ctx);
    registerCommissionRoutes(api, ctx);
    registerEmissionsReportRoutes(api, ctx);
    registerAiRoutes(api, ctx);
    registerEventRoutes(api, ctx, live);
    registerExchangeRoutes(api, ctx);
    registerControlCentreSummary(api, ctx);
    registerApiKeyRoutes(api, ctx);
    await registerWebhookRoutes(api, ctx);
    registerWeatherRoutes(api, ctx, config.weatherUrl ? withCache(createOpenMeteoProvider(config.weatherUrl)) : null);
    if (config.devMode) registerDevMailRoutes(api, ctx);
  });

  await registerSpa(app, config.webDir);
  return app;
}
