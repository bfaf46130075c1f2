import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { ChangeFeed } from './db/change-feed';
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
import { errorBody, registerErrorHandling } from './http/errors';
import { registerSameOriginGuard } from './http/origin';
import { registerConnectionDrain } from './http/shutdown';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's one LISTEN connection: what changed in the database, and when caches must be dropped. */
    changes: ChangeFeed;
  }
}

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
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: ctx.config.isProduction ? [] : null,
      },
    },
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

  const changes = new ChangeFeed(ctx.db.$client, ctx.log);
  await changes.start();
  app.decorate('changes', changes);
  app.addHook('onClose', async () => changes.close());

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
