import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
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
import type { MyReportItem } from '../../../contract/reports';
import type { WebContext } from '../../context';
import { checkReportPurchase } from '../../domain/purchase-rule';
import { etagOf, notModified, notModifiedSchema } from '../../http/etag';
import { requireUserId } from '../../http/signed-in';
import { ListVersions, type PublicListVersion, type UserListVersion } from './list-versions';
import { listMyReports, listPublicReports, type PublicListing } from './repository';

const NOTHING_OWNED: ReadonlySet<number> = new Set();

/** Purchases: my reports, public reports (marketplace), whether a report may be bought. */
/** What the purchases routes read through other features, composed in app.ts. */
export interface PurchaseRouteDeps {
  /** The asset ids the New Report box offers for a text ("btc": bitcoin), the same matcher. */
  matchAssetIds(text: string, log: FastifyBaseLogger): Promise<string[]>;
}

export async function purchaseRoutes(app: FastifyInstance, ctx: WebContext, deps: PurchaseRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Unchanged polls are answered from these versions without touching the database.
  const versions = new ListVersions<PublicListing>(ctx.changes);
  let refreshingPublic: Promise<PublicListVersion<PublicListing>> | null = null;

  async function publicList(): Promise<PublicListVersion<PublicListing>> {
    const known = versions.publicVersion();
    if (known) return known;
    // Concurrent pollers share one query.
    refreshingPublic ??= (async () => {
      const epoch = versions.begin();
      const items = await listPublicReports(ctx.db, { limit: MARKETPLACE_LIMIT });
      const version = { items, etag: etagOf(items) };
      versions.rememberPublic(epoch, version);
      return version;
    })().finally(() => {
      refreshingPublic = null;
    });
    return refreshingPublic;
  }

  async function readMyReports(userId: number): Promise<{ items: MyReportItem[]; version: UserListVersion }> {
    const epoch = versions.begin();
    const items = await listMyReports(ctx.db, userId);
    const reportIds = items.flatMap((item) => (item.reportId === null ? [] : [item.reportId]));
    const version = { myReportsEtag: etagOf(items), owned: new Set(reportIds) };
    versions.rememberUser(epoch, userId, version, reportIds);
    return { items, version };
  }

  // The public list's tag for one owned set, kept beside that set: an unchanged poll then costs
  // a lookup, not a pass over the list and a hash. A new owned set (the user's list changed) or a
  // new public list (its tag changed) computes it afresh.
  const publicTags = new WeakMap<ReadonlySet<number>, { listEtag: string; tag: string }>();
  function publicListTag(listEtag: string, items: PublicListing[], owned: ReadonlySet<number>): string {
    const known = publicTags.get(owned);
    if (known?.listEtag === listEtag) return known.tag;
    const ownedListed = items.filter((item) => owned.has(item.id)).map((item) => item.id);
    const tag = etagOf([listEtag, ownedListed]);
    publicTags.set(owned, { listEtag, tag });
    return tag;
  }

  async function userVersion(userId: number): Promise<UserListVersion> {
    return versions.user(userId) ?? (await readMyReports(userId)).version;
  }

  api.get(
    '/api/my-reports',
    { schema: { response: { 200: myReportsResponseSchema, 304: notModifiedSchema } } },
    async (request, reply) => {
      const userId = requireUserId(request);
      const known = versions.user(userId);
      if (known && notModified(request, reply, known.myReportsEtag)) return reply.code(304).send(undefined);
      const { items, version } = await readMyReports(userId);
      if (notModified(request, reply, version.myReportsEtag)) return reply.code(304).send(undefined);
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
      const { items, etag } = search
        ? await listPublicReports(ctx.db, {
            search,
            // The name match still answers when the asset search cannot.
            assetIds: await deps.matchAssetIds(search, request.log).catch((error: unknown) => {
              request.log.warn({ err: error }, 'asset search failed; public search by name only');
              return [];
            }),
            limit: MARKETPLACE_LIMIT,
          }).then((found) => ({
            items: found,
            etag: etagOf(found),
          }))
        : await publicList();
      const owned = request.user ? (await userVersion(request.user.id)).owned : NOTHING_OWNED;
      if (notModified(request, reply, publicListTag(etag, items, owned)))
        return reply.code(304).send(undefined);
      return items.map((item) => ({ ...item, owned: owned.has(item.id) }));
    },
  );

  // The checkout pages ask before any payment starts: "You already own this report" and friends.
  api.get(
    '/api/purchase-check',
    { schema: { querystring: purchaseCheckQuerySchema, response: { 200: purchaseCheckResponseSchema } } },
    async (request) => {
      const { reportId } = request.query;
      const check = await checkReportPurchase(ctx.db, requireUserId(request), reportId);
      return {
        reportId,
        kind: check.kind,
        message: check.kind === 'available' ? null : PURCHASE_RULE_MESSAGES[check.kind],
      };
    },
  );
}
