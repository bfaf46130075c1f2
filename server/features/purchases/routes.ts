import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MARKETPLACE_LIMIT,
  myReportsResponseSchema,
  publicReportsQuerySchema,
  publicReportsResponseSchema,
} from '../../../contract/marketplace';
import {
  PURCHASE_RULE_MESSAGES,
  purchaseCheckQuerySchema,
  purchaseCheckResponseSchema,
} from '../../../contract/purchases';
import type { AppContext } from '../../context';
import { checkReportPurchase } from '../../domain/purchase-rule';
import { etagOf, notModified, notModifiedSchema } from '../../http/etag';
import { listMyReports, listPublicReports, ownedReportIds, type PublicListing } from './repository';

/** How long one process reuses the unfiltered marketplace list; the dashboard polls it every 30 s. */
const PUBLIC_LIST_TTL_MS = 2_000;

/** Purchases: my reports, public reports (marketplace), whether a report may be bought. */
export async function purchaseRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  let cachedPublic: { at: number; items: PublicListing[]; version: string } | null = null;
  let refreshing: Promise<{ items: PublicListing[]; version: string }> | null = null;

  async function publicList() {
    if (cachedPublic && Date.now() - cachedPublic.at < PUBLIC_LIST_TTL_MS) return cachedPublic;
    // Concurrent pollers share one query.
    refreshing ??= listPublicReports(ctx.db, { limit: MARKETPLACE_LIMIT })
      .then((items) => {
        cachedPublic = { at: Date.now(), items, version: etagOf(items) };
        return cachedPublic;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  api.get(
    '/api/my-reports',
    { schema: { response: { 200: myReportsResponseSchema, 304: notModifiedSchema } } },
    async (request, reply) => {
      const items = await listMyReports(ctx.db, request.user!.id);
      if (notModified(request, reply, etagOf(items))) return reply.code(304).send(null);
      return items;
    },
  );

  api.get(
    '/api/public-reports',
    {
      schema: {
        querystring: publicReportsQuerySchema,
        response: { 200: publicReportsResponseSchema, 304: notModifiedSchema },
      },
    },
    async (request, reply) => {
      const search = request.query.q || undefined;
      const { items, version } = search
        ? await listPublicReports(ctx.db, { search, limit: MARKETPLACE_LIMIT }).then((found) => ({
            items: found,
            version: etagOf(found),
          }))
        : await publicList();
      const owned = request.user ? await ownedReportIds(ctx.db, request.user.id) : new Set<number>();
      const ownedListed = items.filter((item) => owned.has(item.id)).map((item) => item.id);
      if (notModified(request, reply, etagOf([version, ownedListed]))) return reply.code(304).send(null);
      return items.map((item) => ({ ...item, owned: owned.has(item.id) }));
    },
  );

  // The checkout pages ask before any payment starts: "You already own this report" and friends.
  api.get(
    '/api/purchase-check',
    { schema: { querystring: purchaseCheckQuerySchema, response: { 200: purchaseCheckResponseSchema } } },
    async (request) => {
      const { reportId } = request.query;
      const check = await checkReportPurchase(ctx.db, request.user!.id, reportId);
      return {
        reportId,
        kind: check.kind,
        message: check.kind === 'available' ? null : PURCHASE_RULE_MESSAGES[check.kind],
      };
    },
  );
}
