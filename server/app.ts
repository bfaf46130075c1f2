import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TrustProxy } from './config';
import type { AppContext, WebContext } from './context';
import { ChangeFeed } from './db/change-feed';
import { adminRoutes } from './features/admin/routes';
import { accountRoutes } from './features/auth/account-routes';
import { registerAccessGuard } from './features/auth/guard';
import { authRoutes } from './features/auth/routes';
import { registerSessionResolution } from './features/auth/sessions';
import { booksExportRoutes } from './features/books-exports/routes';
import { bugReportRoutes } from './features/bug-reports/routes';
import { cardPaymentRoutes } from './features/card-payments/routes';
import { cardanoRoutes } from './features/cardano/routes';
import { devOutboxRoutes } from './features/dev-outbox/routes';
import { disputeRoutes } from './features/disputes/routes';
import { healthRoutes } from './features/health/routes';
import { invoiceRoutes } from './features/invoices/routes';
import { purchaseRoutes } from './features/purchases/routes';
import { reportPdfRoutes } from './features/report-pdf/routes';
import { reportRoutes } from './features/reports/routes';
import { siteRoutes } from './features/site/routes';
import { trackRecordRoutes } from './features/track-record/routes';
import { versionRoutes } from './features/versions/routes';
import { watchlistRoutes } from './features/watchlist/routes';
import { registerApiSecurityHeaders } from './http/api-headers';
import { contentSecurityPolicy } from './http/csp';
import { registerErrorHandling } from './http/errors';
import { registerSameOriginGuard } from './http/origin';
import { registerRateLimiting } from './http/rate-limits';
import { registerRequestContext, requestIdGenerator } from './http/request-id';
import { isApiRequest } from './http/request-path';
import { SessionCache } from './http/session-cache';
import { registerConnectionDrain } from './http/shutdown';
import { registerHttpMetrics } from './metrics/http';

/** A hop count trusts that many proxies in front of the server (the nearest first). */
function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Builds the web application: plugins, guards and every feature's routes. Used by main and tests. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  return (await buildWebApp(ctx)).app;
}

/** The app and the web context its routes were given (tests read the change feed and session cache). */
export async function buildWebApp(ctx: AppContext): Promise<{ app: FastifyInstance; web: WebContext }> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    bodyLimit: ctx.config.BODY_LIMIT_BYTES,
    // X-Forwarded-For only from the proxies named in TRUST_PROXY; otherwise anyone could pick
    // their address and so lift every per-address limit.
    trustProxy: fastifyTrustProxy(ctx.config.TRUST_PROXY),
    return503OnClosing: true,
    genReqId: requestIdGenerator(ctx.config.TRUST_PROXY),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerConnectionDrain(app);
  registerHttpMetrics(app);
  registerRequestContext(app);

  await app.register(fastifyCookie);
  registerApiSecurityHeaders(app);
  // Helmet sets the other security headers; the policy itself comes from http/csp.ts.
  await app.register(fastifyHelmet, { contentSecurityPolicy: false });
  const pagePolicy = contentSecurityPolicy({ production: ctx.config.isProduction, stripe: false });
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiRequest(request)) reply.header('content-security-policy', pagePolicy);
    done();
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
    openapi: { info: { title: `${ctx.config.APP_NAME} API`, version: '1.0.0' } },
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

  registerSameOriginGuard(app);
  registerSessionResolution(app, web);
  registerAccessGuard(app);

  const features = [
    healthRoutes,
    authRoutes,
    accountRoutes,
    devOutboxRoutes,
    reportRoutes,
    reportPdfRoutes,
    versionRoutes,
    watchlistRoutes,
    trackRecordRoutes,
    purchaseRoutes,
    cardPaymentRoutes,
    cardanoRoutes,
    bugReportRoutes,
    adminRoutes,
    invoiceRoutes,
    booksExportRoutes,
    disputeRoutes,
  ];
  for (const feature of features) {
    await app.register(async (scope) => feature(scope, web));
  }
  await siteRoutes(app, web);
  return { app, web };
}
