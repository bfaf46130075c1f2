import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { adminRoutes } from './features/admin/routes';
import { registerAccessGuard } from './features/auth/guard';
import { authRoutes } from './features/auth/routes';
import { registerSessionResolution } from './features/auth/sessions';
import { bugReportRoutes } from './features/bug-reports/routes';
import { cardPaymentRoutes } from './features/card-payments/routes';
import { cardanoRoutes } from './features/cardano/routes';
import { healthRoutes } from './features/health/routes';
import { purchaseRoutes } from './features/purchases/routes';
import { reportPdfRoutes } from './features/report-pdf/routes';
import { reportRoutes } from './features/reports/routes';
import { siteRoutes } from './features/site/routes';
import { registerApiSecurityHeaders } from './http/api-headers';
import { contentSecurityPolicy } from './http/csp';
import { errorBody, registerErrorHandling } from './http/errors';
import { registerSameOriginGuard } from './http/origin';
import { registerConnectionDrain } from './http/shutdown';

/** Builds the web application: plugins, guards and every feature's routes. Used by main and tests. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    bodyLimit: ctx.config.BODY_LIMIT_BYTES,
    trustProxy: ctx.config.isProduction,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerConnectionDrain(app);

  await app.register(fastifyCookie);
  registerApiSecurityHeaders(app);
  // Helmet sets the other security headers; the policy itself comes from http/csp.ts.
  await app.register(fastifyHelmet, { contentSecurityPolicy: false });
  const pagePolicy = contentSecurityPolicy({ production: ctx.config.isProduction, stripe: false });
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) reply.header('content-security-policy', pagePolicy);
    done();
  });
  // HTML and JSON above 1 kB are compressed on the fly (built assets are precompressed); event
  // streams and PDFs are left alone.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(text\/(html|plain|css|xml)|application\/(json|xml|javascript)|image\/svg\+xml)\b/,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      ...errorBody(
        429,
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
      statusCode: 429,
    }),
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: `${ctx.config.APP_NAME} API`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api-docs' });

  registerSameOriginGuard(app);
  await registerSessionResolution(app, ctx);
  registerAccessGuard(app);

  const features = [
    healthRoutes,
    authRoutes,
    reportRoutes,
    reportPdfRoutes,
    purchaseRoutes,
    cardPaymentRoutes,
    cardanoRoutes,
    bugReportRoutes,
    adminRoutes,
  ];
  for (const feature of features) {
    await app.register(async (scope) => feature(scope, ctx));
  }
  await siteRoutes(app, ctx);
  return app;
}
