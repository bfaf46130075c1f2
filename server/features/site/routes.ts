import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findPageMeta, NOT_FOUND_META, PAGES } from '../../../contract/pages';
import { chosenTheme, siteConfigSchema, THEME_COOKIE } from '../../../contract/site';
import type { AppContext } from '../../context';
import { contentSecurityPolicy } from '../../http/csp';
import { errorBody } from '../../http/errors';
import { decodedRequestPath, isApiRequest } from '../../http/request-path';
import { inlineStylesheets, renderHeadTags, renderInitialState } from './html';
import { loadPageRenderer } from './page-renderer';
import { siteConfigFrom } from './site-config';

export const CLIENT_DIST = path.resolve('dist/client');

/**
 * Files under dist/client a browser may fetch: never dot-directories such as the build manifest,
 * and source maps (the client's own source) only when the operator chose SERVE_SOURCE_MAPS.
 */
export function servedStaticPath(pathName: string, serveSourceMaps = false): boolean {
  const decoded = decodedRequestPath(pathName);
  if (!serveSourceMaps && decoded.endsWith('.map')) return false;
  return !decoded.split('/').some((segment) => segment.startsWith('.'));
}

/** The build's maps are "hidden" (no sourceMappingURL in the scripts): this header points at them. */
const sourceMapOf = (filePath: string) => {
  const script = filePath.replace(/\.(br|gz)$/, '');
  return script.endsWith('.js') ? `${path.basename(script)}.map` : undefined;
};

function originOf(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.config.PUBLIC_URL) return ctx.config.PUBLIC_URL.replace(/\/$/, '');
  // request.host reads X-Forwarded-Host only when TRUST_PROXY trusts the proxy that sent it.
  return `${request.protocol}://${request.host}`;
}

/** The body of a public page another feature writes (by path), placed inside the App's own layout. */
export type PageBodies = Record<string, (request: FastifyRequest) => Promise<string>>;

/** Site-level routes: public config, robots.txt, sitemap.xml, and the React app with per-page meta. */
export async function siteRoutes(app: FastifyInstance, ctx: AppContext, pageBodies: PageBodies = {}) {
  const siteConfig = siteConfigFrom(ctx);
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
  const readAsset = (file: string) => {
    const assetFile = path.join(CLIENT_DIST, file);
    return existsSync(assetFile) ? readFileSync(assetFile, 'utf8') : undefined;
  };
  const template = existsSync(indexFile)
    ? inlineStylesheets(readFileSync(indexFile, 'utf8'), readAsset)
    : null;
  if (!template) {
    ctx.log.warn(`No built client at ${CLIENT_DIST}: run \`npm run build\`. The API still runs.`);
  } else {
    await app.register(fastifyStatic, {
      root: CLIENT_DIST,
      index: false,
      // Only what pages load: the build's manifest (.vite/) maps every chunk and is nobody's business.
      allowedPath: (pathName) => servedStaticPath(pathName, ctx.config.SERVE_SOURCE_MAPS),
      wildcard: true,
      // The build writes .br and .gz beside each asset; the one the browser accepts is sent as is.
      preCompressed: true,
      // Hashed assets never change; everything else is revalidated.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        const sourceMap = ctx.config.SERVE_SOURCE_MAPS ? sourceMapOf(filePath) : undefined;
        if (sourceMap) res.header('sourcemap', sourceMap);
      },
    });
  }

  const renderer = template ? await loadPageRenderer(CLIENT_DIST) : null;
  if (template && !renderer) {
    ctx.log.warn('No server renderer in dist/server: public pages are sent without their content.');
  }
  const checkoutPolicy = contentSecurityPolicy({ production: ctx.config.isProduction, stripe: true });

  const renderPage = async (request: FastifyRequest, reply: FastifyReply, page: string) => {
    const [pathname = '/', search = ''] = request.url.split('?');
    const meta = findPageMeta(pathname);
    const pageMeta = meta ?? NOT_FOUND_META;
    const origin = originOf(ctx, request);
    // The theme chosen with the toggle; none chosen, the stylesheet follows the system setting.
    const theme = chosenTheme(request.cookies[THEME_COOKIE]);
    const state = { user: request.user, config: siteConfig };
    // Public pages arrive complete; a signed-in visitor's home page is the dashboard, drawn in the browser.
    const serverRendered = renderer && pageMeta.serverRendered && !(pathname === '/' && request.user);
    const bodyOf = Object.hasOwn(pageBodies, pathname) ? pageBodies[pathname] : undefined;
    const pageHtml = serverRendered && bodyOf ? await bodyOf(request) : undefined;
    const body = serverRendered
      ? await renderer.render({
          pathname,
          search,
          state,
          ...(pageHtml !== undefined ? { pageHtml } : {}),
        })
      : '';
    const head = [
      renderHeadTags(pageMeta, `${origin}${pathname}`, origin, ctx.config.APP_NAME),
      renderInitialState(state),
      serverRendered ? renderer.preloadTags(pathname) : '',
    ].join('\n');
    const html = page
      .replace('<html lang="en">', theme ? `<html lang="en" class="${theme}">` : '<html lang="en">')
      .replace(/<title>.*<\/title>/, '')
      // Functions, not strings: a "$&" or "$`" in page text must not be read as a pattern.
      .replace('<!--app-head-->', () => head)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
    // Stripe's hosts are allowed only where its script runs (client/app/Routes.tsx loads
    // /checkout as a document for that reason).
    if (pathname === '/checkout') reply.header('content-security-policy', checkoutPolicy);
    return reply
      .status(meta ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  // The static plugin would answer "/" itself (a directory); the home page is the app.
  if (template) app.get('/', async (request, reply) => renderPage(request, reply, template));

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiRequest(request) || (request.method !== 'GET' && request.method !== 'HEAD') || !template) {
      return reply
        .status(404)
        .send(errorBody(404, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
    }
    return renderPage(request, reply, template);
  });
}
