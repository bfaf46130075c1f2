import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingSchema } from '../contract/api-v1';
import { reportResponseSchema } from '../contract/reports';
import { reportVersionsResponseSchema } from '../contract/versions';
import { runResearch } from './research/pipeline';
import { createSnapshotSources } from './research/sources/snapshot';
import { deterministicWriter } from './research/writer';
import { grantNewReport } from './testing/grant';
import { readPdf } from './testing/pdf';
import { createTestApp, type TestApp } from './testing/test-app';
import { type SignedInUser, signUp } from './testing/users';

// One report read four ways (the page's API, the versions list, the v1 rating, the PDF cover)
// states one data-as-of date and one score per category: a category without evidence is null
// wherever a score is given as a number, as the page and the PDF print it as not counted.

let t: TestApp;
let buyer: SignedInUser;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
  buyer = await signUp(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/account/api-keys',
    headers: { cookie: buyer.cookie },
    payload: { name: 'test', scopes: ['reports:read'] },
  });
  apiKey = created.json().key;
});
afterAll(async () => {
  await t.close();
});

async function researched(assetName: string): Promise<number> {
  const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, assetName);
  const outcome = await runResearch(
    {
      db: t.ctx.db,
      queue: t.ctx.queue,
      sources: createSnapshotSources({ nonCommercial: true }),
      writer: deterministicWriter,
      log: t.ctx.log,
    },
    reportId,
  );
  expect(outcome).toBe('completed');
  return reportId;
}

const cookie = () => ({ cookie: buyer.cookie });
const bearer = () => ({ authorization: `Bearer ${apiKey}` });

/** The report's data-as-of day as each reader gets it. */
async function dataAsOfEverywhere(reportId: number) {
  const page = reportResponseSchema.parse(
    (await t.app.inject({ url: `/api/reports/${reportId}`, headers: cookie() })).json(),
  );
  const versions = reportVersionsResponseSchema.parse(
    (await t.app.inject({ url: `/api/reports/${reportId}/versions`, headers: cookie() })).json(),
  );
  const rating = ratingSchema.parse(
    (await t.app.inject({ url: `/api/v1/reports/${reportId}`, headers: bearer() })).json(),
  );
  const pdf = await t.app.inject({ url: `/api/reports/${reportId}/pdf`, headers: cookie() });
  expect(pdf.statusCode, pdf.body).toBe(200);
  const cover = /Data as of (\d{4}-\d\d-\d\d)/.exec(
    (await readPdf(pdf.rawPayload)).text.replace(/\s+/g, ' '),
  );
  return {
    page: page.sections?.dataAsOf?.slice(0, 10) ?? null,
    versions: versions.versions.find((v) => v.id === reportId)?.dataAsOf?.slice(0, 10) ?? null,
    v1: rating.dataAsOf,
    pdf: cover?.[1] ?? null,
  };
}

describe("a report's data-as-of date", () => {
  it('is the same on the page, in the versions list, in the v1 API and on the PDF cover, for two assets of different data dates', async () => {
    const bitcoin = await dataAsOfEverywhere(await researched('bitcoin'));
    const usdc = await dataAsOfEverywhere(await researched('usd-coin'));
    for (const dates of [bitcoin, usdc]) {
      expect(dates.page).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(dates).toEqual({ page: dates.page, versions: dates.page, v1: dates.page, pdf: dates.page });
    }
    expect(bitcoin.page).not.toBe(usdc.page);
  });
});

describe('a reference dataset (token contracts of 2024-07-24, decision 0257)', () => {
  it('is cited with its own date but does not set the data date: Tether and Chainlink read their market data date', async () => {
    for (const asset of ['tether', 'chainlink']) {
      const reportId = await researched(asset);
      const dates = await dataAsOfEverywhere(reportId);
      // The oldest time-sensitive evidence: the monthly snapshot prices of 2025-10-01.
      expect(dates, asset).toEqual({
        page: '2025-10-01',
        versions: '2025-10-01',
        v1: '2025-10-01',
        pdf: '2025-10-01',
      });
      const page = reportResponseSchema.parse(
        (await t.app.inject({ url: `/api/reports/${reportId}`, headers: cookie() })).json(),
      );
      const layer1 = page.progressData.find((p) => p.category_key === 'layer1')!;
      const contracts = layer1.sources.find((s) => s.dataset?.name === 'dawsbot/eth-labels');
      expect(contracts?.retrievedAt.slice(0, 10), asset).toBe('2024-07-24');
    }
  });
});

describe('a category without evidence', () => {
  it('has a null score in the report API and the v1 API, as the page and the PDF print it as not counted', async () => {
    const reportId = await researched('bitcoin');
    const page = reportResponseSchema.parse(
      (await t.app.inject({ url: `/api/reports/${reportId}`, headers: cookie() })).json(),
    );
    const none = new Set(page.sections!.coverage.filter((c) => c.kind === 'none').map((c) => c.category_key));
    expect(none.size).toBeGreaterThan(0);
    for (const entry of page.progressData)
      expect(entry.score === null, entry.category_key).toBe(none.has(entry.category_key));
    const rating = ratingSchema.parse(
      (await t.app.inject({ url: `/api/v1/reports/${reportId}`, headers: bearer() })).json(),
    );
    for (const category of rating.categories) {
      expect(category.score === null, category.key).toBe(none.has(category.key));
      expect(category.evidenceKind === 'none', category.key).toBe(none.has(category.key));
    }
  });
});
