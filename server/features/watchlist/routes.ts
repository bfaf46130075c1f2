import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FINANCIAL_DISCLAIMER } from '../../../contract/constants';
import { idParamSchema, okResponseSchema } from '../../../contract/http';
import {
  WATCHLIST_MESSAGES,
  watchlistAddSchema,
  watchlistAssetParamsSchema,
  watchlistResponseSchema,
  watchSettingsSchema,
} from '../../../contract/watchlist';
import type { AppContext } from '../../context';
import { notFound } from '../../domain/errors';
import { findWatchByToken, unwatchAsset, unwatchByToken } from '../../domain/watchlist';
import { requireUserId } from '../../http/signed-in';
import { dismissAlert, readWatchlist, setWatchOnPurchase } from './repository';
import { watchReportedAsset } from './service';

const tokenQuery = z.object({ token: z.string().max(100).default('') });

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page of its own: the unsubscribe link must work signed out, without the app's JavaScript. */
function plainPage(appName: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} — ${escapeHtml(appName)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">${escapeHtml(appName)}</a></p></main><footer><p><small>${escapeHtml(FINANCIAL_DISCLAIMER)}</small></p></footer></body></html>`;
}

/** Watchlists: follow an asset, read the list and its notices, and the email's unsubscribe link. */
export async function watchlistRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const appName = ctx.config.APP_NAME;
  api.get(
    '/api/watchlist',
    { schema: { response: { 200: watchlistResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readWatchlist(ctx.db, requireUserId(request));
    },
  );

  api.post(
    '/api/watchlist',
    { schema: { body: watchlistAddSchema, response: { 201: watchlistResponseSchema } } },
    async (request, reply) => {
      await watchReportedAsset(ctx.db, requireUserId(request), request.body.assetId);
      return reply.status(201).send(await readWatchlist(ctx.db, requireUserId(request)));
    },
  );

  api.delete(
    '/api/watchlist/:assetId',
    { schema: { params: watchlistAssetParamsSchema, response: { 200: watchlistResponseSchema } } },
    async (request) => {
      await unwatchAsset(ctx.db, requireUserId(request), request.params.assetId);
      return readWatchlist(ctx.db, requireUserId(request));
    },
  );

  api.put(
    '/api/watchlist/settings',
    { schema: { body: watchSettingsSchema, response: { 200: watchlistResponseSchema } } },
    async (request) => {
      await setWatchOnPurchase(ctx.db, requireUserId(request), request.body.watchOnPurchase);
      return readWatchlist(ctx.db, requireUserId(request));
    },
  );

  api.post(
    '/api/watchlist/alerts/:id/dismiss',
    { schema: { params: idParamSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      if (!(await dismissAlert(ctx.db, requireUserId(request), request.params.id)))
        throw notFound(WATCHLIST_MESSAGES.alertNotFound);
      return { success: true as const };
    },
  );

  // The unsubscribe pages live in a scope of their own: only there is a form body accepted. Every
  // JSON route of the watchlist answers a form POST with 415.
  const nothingToUnsubscribe = plainPage(
    appName,
    'Nothing to unsubscribe',
    '<p>This link was already used or is not valid.</p>',
  );
  await app.register(async (scope) => {
    const unsubscribe = scope.withTypeProvider<ZodTypeProvider>();
    // The unsubscribe form posts no fields and a mail client's one-click POST (RFC 8058) posts
    // "List-Unsubscribe=One-Click", urlencoded or as multipart form data: the token in the
    // address is what counts, so the body is accepted and ignored.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4_096 },
      (_request, _body, done) => done(null, {}),
    );

    // The email's link opens a page that asks; the button removes the asset. A mail scanner that
    // follows the link therefore unsubscribes nobody.
    unsubscribe.get(
      '/watchlist/unsubscribe',
      { schema: { querystring: tokenQuery } },
      async (request, reply) => {
        const token = request.query.token;
        const entry = token ? await findWatchByToken(ctx.db, token) : undefined;
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        if (!entry) {
          return reply.status(404).send(nothingToUnsubscribe);
        }
        return plainPage(
          appName,
          `Stop alerts about ${entry.assetName}`,
          `<p>You will no longer get emails or notices when a new version of the ${escapeHtml(entry.assetName)} report changes the picture.</p><form method="post" action="/watchlist/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit">Unsubscribe from ${escapeHtml(entry.assetName)}</button></form>`,
        );
      },
    );

    unsubscribe.post(
      '/watchlist/unsubscribe',
      { schema: { querystring: tokenQuery } },
      async (request, reply) => {
        const assetName = request.query.token ? await unwatchByToken(ctx.db, request.query.token) : null;
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        if (!assetName) {
          return reply.status(404).send(nothingToUnsubscribe);
        }
        return plainPage(
          appName,
          'Unsubscribed',
          `<p>${escapeHtml(assetName)} is no longer on your watchlist. You can watch it again from its report.</p>`,
        );
      },
    );
  });
}
