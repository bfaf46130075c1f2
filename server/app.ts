import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { AppContext, WebContext } from './context';
import { ChangeFeed } from './db/change-feed';
import { adminRoutes } from './features/admin/routes';
import { apiKeyRoutes } from './features/api-keys/routes';
import { accountWebhookRoutes } from './features/api-v1/account-webhook-routes';
import { apiV1Routes } from './features/api-v1/routes';
import { accountRoutes } from './features/auth/account-routes';
import { registerAccessGuard } from './features/auth/guard';
import { authRoutes } from './features/auth/routes';
import { registerSessionResolution } from './features/auth/sessions';
import { booksExportRoutes } from './features/books-exports/routes';
import { bugReportRoutes } from './features/bug-reports/routes';
import { cardPaymentRoutes } from './features/card-payments/routes';
import { cardanoRoutes } from './features/cardano/routes';
import { x402Settlement } from './features/cardano/x402-settlement';
import { devOutboxRoutes } from './features/dev-outbox/routes';
import { disputeRoutes } from './features/disputes/routes';
import { healthRoutes } from './features/health/routes';
import { invoiceRoutes } from './features/invoices/routes';
import { purchaseRoutes } from './features/purchases/routes';
import { reportPdfRoutes } from './features/report-pdf/routes';
import { reportRoutes } from './features/reports/routes';
import { accessibleReport, coverageOfAsset, reportResponse, suggestAssets } from './features/reports/service';
import { sampleReportRoutes } from './features/sample-report/routes';
import { siteRoutes } from './features/site/routes';
import { trackRecordRoutes } from './features/track-record/routes';
import { createTrackRecordService } from './features/track-record/service';
import { versionRoutes } from './features/versions/routes';
import { reportChanges } from './features/versions/service';
import { readWatchlist } from './features/watchlist/repository';
import { watchlistRoutes } from './features/watchlist/routes';
import { watchReportedAsset } from './features/watchlist/service';
import { registerApiSecurityHeaders } from './http/api-headers';
import { contentSecurityPolicy } from './http/csp';
import { registerErrorHandling } from './http/errors';
import { hostAllowList, registerHostGuard } from './http/host';
import { registerSameOriginGuard } from './http/origin';
import { proxyTrust } from './http/proxy-trust';
import { registerRateLimiting } from './http/rate-limits';
import { registerRequestContext, requestIdGenerator } from './http/request-id';
import { isApiRequest, registerRequestTargetCheck } from './http/request-path';
import { SessionCache } from './http/session-cache';
import { registerConnectionDrain } from './http/shutdown';
import { registerRequestValidation } from './http/validation';
import { registerHttpMetrics } from './metrics/http';

/** Builds the web application: plugins, guards and every feature's routes. Used by main and tests. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  return (await buildWebApp(ctx)).app;
}

/** The app and the web context its routes were given (tests read the change feed and session cache). */
export async function buildWebApp(ctx: AppContext): Promise<{ app: FastifyInstance; web: WebContext }> {
  const trustedProxy = proxyTrust(ctx.config.TRUST_PROXY);
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    bodyLimit: ctx.config.BODY_LIMIT_BYTES,
    // A request must arrive whole in time, and a silent connection is closed: one byte every few
    // seconds would otherwise hold a connection (and its memory) open indefinitely (issue 47).
    requestTimeout: ctx.config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: ctx.config.CONNECTION_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.min(60_000, ctx.config.REQUEST_TIMEOUT_SECONDS * 1000),
      // Node checks the timeouts above every 30 s by default; check often enough to hold them.
      connectionsCheckingInterval: Math.min(5_000, ctx.config.REQUEST_TIMEOUT_SECONDS * 500),
    },
    // X-Forwarded-For only from the proxies named in TRUST_PROXY; otherwise anyone could pick
    // their address and so lift every per-address limit.
    trustProxy: ctx.config.TRUST_PROXY === false ? false : trustedProxy,
    return503OnClosing: true,
    genReqId: requestIdGenerator(trustedProxy),
  });
  registerRequestValidation(app);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerConnectionDrain(app);
  registerHttpMetrics(app);
  registerRequestContext(app);
  registerRequestTargetCheck(app);
  const hosts = hostAllowList(ctx.config);
  registerHostGuard(app, hosts);

  await app.register(fastifyCookie);
  registerApiSecurityHeaders(app);
  // Helmet sets the other security headers; the policy itself comes from http/csp.ts.
  await app.register(fastifyHelmet, { contentSecurityPolicy: false });
  const pagePolicy = contentSecurityPolicy({ production: ctx.config.isProduction, stripe: false });
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiRequest(request)) reply.header('content-security-policy', pagePolicy);
    done();
  });
  // A GET or HEAD carries no body to decompress: without this, every polled route ran the
  // plugin's request-body stage for nothing (decision 0390). Registered before the plugin's own.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD'))
      (route as { decompress?: false }).decompress = false;
  });
  // HTML and JSON above 1 kB are compressed on the fly (built assets are precompressed); event
  // streams and PDFs are left alone.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(text\/(html|plain|css|xml)|application\/(json|xml|javascript)|image\/svg\+xml)\b/,
  });
  const limits = await registerRateLimiting(app, ctx.config);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${ctx.config.APP_NAME} API`, version: '1.0.0' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key from the account page' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api-docs' });

  const changes = new ChangeFeed(ctx.db.$client, ctx.log);
  await changes.start();
  const sessions = new SessionCache(changes);
  app.addHook('onClose', async () => {
    sessions.close();
    await changes.close();
  });
  const web: WebContext = { ...ctx, changes, sessions, limits };

  registerSameOriginGuard(app, hosts);
  registerSessionResolution(app, web);
  registerAccessGuard(app);

  const trackRecord = createTrackRecordService(web);
  const features = [
    healthRoutes,
    authRoutes,
    accountRoutes,
    devOutboxRoutes,
    reportRoutes,
    reportPdfRoutes,
    versionRoutes,
    watchlistRoutes,
    (scope: FastifyInstance) => trackRecordRoutes(scope, trackRecord),
    sampleReportRoutes,
    (scope: FastifyInstance) =>
      purchaseRoutes(scope, web, {
        matchAssetIds: async (text, log) =>
          (await suggestAssets({ db: ctx.db, sources: ctx.research.sources, log }, text)).map((a) => a.id),
      }),
    cardPaymentRoutes,
    cardanoRoutes,
    bugReportRoutes,
    adminRoutes,
    apiKeyRoutes,
    accountWebhookRoutes,
    invoiceRoutes,
    booksExportRoutes,
    disputeRoutes,
  ];
  for (const feature of features) {
    await app.register(async (scope) => feature(scope, web));
  }
  // /api/v1 reads through the web app's own services, composed here (features never import each other).
  await app.register(async (scope) =>
    apiV1Routes(
      scope,
      web,
      {
        searchAssets: (text, log) => suggestAssets({ db: ctx.db, sources: ctx.research.sources, log }, text),
        coverage: (assetId) => coverageOfAsset(ctx.research.sources, assetId),
        report: async (userId, rawId) =>
          reportResponse(ctx.db, await accessibleReport(ctx.db, userId, rawId)),
        changes: (userId, rawId, since) => reportChanges(ctx.db, userId, rawId, since),
        watchlist: (userId) => readWatchlist(ctx.db, userId),
        watch: (userId, assetId) => watchReportedAsset(ctx.db, userId, assetId),
      },
      x402Settlement(ctx),
    ),
  );
  // The track record's page body is written by its feature and worn by the site's layout.
  await siteRoutes(app, web, { '/track-record': () => trackRecord.pageBody() });
  return { app, web };
}
