import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findPageMeta, NOT_FOUND_META, PAGES } from '../../../contract/pages';
import { siteConfigSchema } from '../../../contract/site';
import type { AppContext } from '../../context';
import { errorBody } from '../../http/errors';
import { renderHeadTags } from './html';
import { siteConfigFrom } from './site-config';

export const CLIENT_DIST = path.resolve('dist/client');

function originOf(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.config.PUBLIC_URL) return ctx.config.PUBLIC_URL.replace(/\/$/, '');
  return `${request.protocol}://${request.headers['x-forwarded-host'] ?? request.host}`;
}

/** Site-level routes: public config, robots.txt, sitemap.xml, and the React app with per-page meta. */
export async function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  const siteConfig = siteConfigFrom(ctx.config);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/config', { schema: { response: { 200: siteConfigSchema } } }, async () => siteConfig);

  app.get('/robots.txt', async (request, reply) => {
    const origin = originOf(ctx, request);
    const disallowed = [
      '/api/',
      '/dashboard',
      '/checkout',
      '/cardano-checkout',
      '/payment-success',
      '/admin',
      '/bug-report',
      '/account',
      '/reset-password',
      '/dev/',
    ];
    return reply
      .type('text/plain')
      .send(
        [
          'User-agent: *',
          ...disallowed.map((p) => `Disallow: ${p}`),
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = originOf(ctx, request);
    const urls = Object.values(PAGES)
      .filter((page) => 'inSitemap' in page.meta && page.meta.inSitemap)
      .map((page) => `  <url><loc>${origin}${page.path === '/' ? '/' : page.path}</loc></url>`);
    return reply
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  const indexFile = path.join(CLIENT_DIST, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  if (!template) {
    ctx.log.warn(`No built client at ${CLIENT_DIST}: run \`npm run build\`. The API still runs.`);
  } else {
    await app.register(fastifyStatic, {
      root: CLIENT_DIST,
      index: false,
      wildcard: true,
      // Hashed assets never change; everything else is revalidated.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  const renderPage = (request: FastifyRequest, reply: FastifyReply, page: string) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const meta = findPageMeta(pathname);
    const origin = originOf(ctx, request);
    const head = renderHeadTags(meta ?? NOT_FOUND_META, `${origin}${pathname}`, origin, ctx.config.APP_NAME);
    const theme = request.cookies.theme_preference === 'dark' ? 'dark' : 'light';
    const html = page
      .replace('<html lang="en">', `<html lang="en" class="${theme}">`)
      .replace(/<title>.*<\/title>/, '')
      .replace('<!--app-head-->', head);
    return reply
      .status(meta ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  // The static plugin would answer "/" itself (a directory); the home page is the app.
  if (template) app.get('/', async (request, reply) => renderPage(request, reply, template));

  app.setNotFoundHandler(async (request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      !template
    ) {
      return reply
        .status(404)
        .send(errorBody(404, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
    }
    return renderPage(request, reply, template);
  });
}
