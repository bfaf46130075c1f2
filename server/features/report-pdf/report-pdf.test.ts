import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCIAL_DISCLAIMER } from '../../../contract/constants';
import { CATEGORIES } from '../../../contract/methodology';
import { REPORT_PDF_MESSAGES } from '../../../contract/report-pdf';
import {
  COVERAGE_LABELS,
  categoryScoreText,
  changeDownText,
  changeUpText,
  coverageDateText,
  describeDataset,
  keyRiskLabel,
  NOT_COUNTED_TEXT,
  peerLines,
  reportResponseSchema,
  scoreArithmeticLines,
  sectionLines,
  splitFindings,
} from '../../../contract/reports';
import { reportPdfs, researchProgress, researchReports } from '../../db/schema';
import { JOBS, sendJob } from '../../jobs/definitions';
import { registerPdfJobs, renderPdfJobs } from '../../pdf/jobs';
import { runResearch } from '../../research/pipeline';
import { createSnapshotSources } from '../../research/sources/snapshot';
import { deterministicWriter } from '../../research/writer';
import { grantNewReport } from '../../testing/grant';
import { checkPdfStructure, readPdf } from '../../testing/pdf';
import { seedSampleReport } from '../../testing/sample-report';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';

let t: TestApp;
let buyer: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app);
  stranger = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

const download = (reportId: number, headers: Record<string, string> = { cookie: buyer.cookie }) =>
  t.app.inject({ method: 'GET', url: `/api/reports/${reportId}/pdf`, headers });

/** The text a reader's tool extracts, pages separated by form feeds. */
const pdfText = async (pdf: Buffer) => (await readPdf(pdf)).text;
/** Whitespace collapsed: lines wrap anywhere. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
const pageCount = async (pdf: Buffer) => (await readPdf(pdf)).pages.length;

describe('the PDF of a researched report', () => {
  it('lists and shows the summary, key risks, score changes, coverage and peers before the categories and sources', async () => {
    // A meme coin the offline data holds too little on to rate (Dogecoin is rated since its chain is listed).
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'official-trump');
    const outcome = await runResearch(
      {
        db: t.ctx.db,
        queue: t.ctx.queue,
        sources: createSnapshotSources(),
        writer: deterministicWriter,
        log: t.ctx.log,
      },
      reportId,
    );
    expect(outcome).toBe('completed');
    const response = await download(reportId);
    expect(response.statusCode, response.body).toBe(200);
    const raw = await pdfText(response.rawPayload);
    const headings = [
      'Executive summary',
      'Key risks',
      'What would change this score',
      'Data coverage',
      'Peer comparison',
      'Research categories analysis',
      'Sources',
    ];
    // The contents list on page 1 names every section, in reading order.
    const firstPage = flat(raw.split('\f')[0]!);
    const listed = headings.map((heading) => firstPage.indexOf(heading));
    expect(
      listed.every((index) => index >= 0),
      firstPage,
    ).toBe(true);
    expect([...listed].sort((a, b) => a - b)).toEqual(listed);
    const text = flat(raw);
    expect(text).toContain('Official Trump (TRUMP) is Not rated');
    // Not rated: no "0.00 out of 77" on the cover, no bar (red) for a category without evidence.
    expect(firstPage).toContain('no total');
    expect(firstPage).not.toMatch(/0\.00 ?out of 77/);
    expect(text).toContain('n/a: no evidence found');
    expect(text).toContain('Not rated: too few categories with evidence');
    expect(text).toMatch(
      /Data coverage: (of Official Trump's twelve categories, \w+ rest|only [^;]+ of Official Trump's twelve categories rests?) on dated public datasets/,
    );
    expect(text).toMatch(
      // Not assessed: every incident list was searched and none covers it (decisions 0311, 0312, 0321).
      /Hacks\/Scandals: No evidence found \(SunWeb3Sec\/DeFiHackLabs @ [0-9a-f]{12}, license: Apache-2\.0; ChoiceCoin\/Solana-Compliance @ [0-9a-f]{12}, license: Apache-2\.0; mycodedoesnotcompile2\/web3isgoinggreat-csv @ [0-9a-f]{12}, license: CC BY 3\.0\)/,
    );
    // How old the data is: on the cover and in every page footer.
    expect(firstPage).toMatch(/Data as of \d{4}-\d\d-\d\d \(\d+ days before this report\)/);
    const pages = raw.split('\f').filter((page) => page.trim());
    expect(pages.every((page) => /Data as of \d{4}-\d\d-\d\d/.test(flat(page)))).toBe(true);
    expect(text).toContain('(Meme)');
    // The full-text section of older reports is not repeated.
    expect(text).not.toContain('Complete research report');
  });

  it("prints the asset's back-tested ratings, labelled as a back-test, with the failure that followed and its record", async () => {
    const research = async (assetId: string) => {
      const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, assetId);
      const deps = {
        db: t.ctx.db,
        queue: t.ctx.queue,
        sources: createSnapshotSources(),
        writer: deterministicWriter,
        log: t.ctx.log,
      };
      expect(await runResearch(deps, reportId)).toBe('completed');
      const response = await download(reportId);
      expect(response.statusCode, response.body).toBe(200);
      return flat(await pdfText(response.rawPayload));
    };
    const ftx = await research('ftx-token');
    expect(ftx).toContain('Back-tested rating history');
    expect(ftx).toContain("A back-test, not this report's history");
    // The filing the back-test found after the rating of 2022-11-01, with its record's link.
    expect(ftx).toMatch(/2022-11-11, default: .*chapter 11/);
    expect(ftx).toContain('The rating before it, on 2022-11-01: ');
    // The hold-out in a buyer's words, as the report page shows it.
    expect(ftx).toMatch(/What the back-test says for a buyer: of the ratings made from 2023-01-01 on/);
    expect(ftx).toContain('FTX-First-Day-Affidavit');
    // An asset no monthly snapshot lists has no back-test section (the page says so; the PDF leaves it out).
    expect(await research('staked-ether')).not.toContain('Back-tested rating history');
  });
});

describe('the page and the PDF of one report', () => {
  it('say the same: every text the page shows from the API, section by section, is in the PDF', async () => {
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'tether');
    await runResearch(
      {
        db: t.ctx.db,
        queue: t.ctx.queue,
        sources: createSnapshotSources(),
        writer: deterministicWriter,
        log: t.ctx.log,
      },
      reportId,
    );
    const api = reportResponseSchema.parse(
      (await t.app.inject({ url: `/api/reports/${reportId}`, headers: { cookie: buyer.cookie } })).json(),
    );
    const sections = api.sections!;
    // Lines wrap anywhere in a PDF (long links even inside a word): compare without whitespace.
    const squash = (text: string) => text.replace(/\s+/g, '');
    // The running footer of each page ("tether Crow Research research report … Page 7 of 9") is
    // page furniture: a text that straddles a page break is read without it.
    const footer = new RegExp(
      `${squash(api.report.asset_name)}CrowResearchresearchreport.*?Page\\d+of\\d+`,
      'g',
    );
    const pdf = squash(await pdfText((await download(reportId)).rawPayload)).replace(footer, '');
    // What the page renders, section by section (client/features/report/ReportPage.tsx).
    const page: Record<string, string[]> = {
      summary: [sections.summary],
      // The page labels a key risk as keyRiskLabel does: a category with its score, a risk read
      // from the evidence (price history, supply, network, evidence) by its name alone.
      keyRisks: sections.keyRisks.map((r) => `${keyRiskLabel(sections, r)}: ${r.text}`),
      changes: sections.changes.flatMap((c) =>
        categoryScoreText(sections, c.category_key, c.score) === NOT_COUNTED_TEXT
          ? [c.category, NOT_COUNTED_TEXT, changeUpText(c)]
          : [c.category, `${c.score}/5`, changeUpText(c), changeDownText(c)],
      ),
      arithmetic: sections.arithmetic ? scoreArithmeticLines(sections.arithmetic) : [],
      coverage: sections.coverage.flatMap((c) => [
        c.category,
        COVERAGE_LABELS[c.kind],
        coverageDateText(c),
        ...(c.datasets ?? []).map(describeDataset),
      ]),
      peers: peerLines(sections.peers),
      // A category's labelled figures are a table of label and value; the rest of its findings prose.
      categories: api.progressData.flatMap((p) => {
        const { figures, prose } = splitFindings(p.research_findings ?? '');
        return [...figures.flatMap((f) => [f.label, f.value]), prose, p.detailed_analysis ?? ''];
      }),
    };
    for (const [section, texts] of Object.entries(page)) {
      expect(texts.filter(Boolean).length, section).toBeGreaterThan(0);
      for (const text of texts.filter(Boolean)) expect(pdf, `${section}: ${text}`).toContain(squash(text));
    }
    // The peers are named, as their own reports say (none is researched in this store yet, so
    // they are a clause of the peer group line), from the value stored with the report; USDC,
    // whose name is its symbol, is named once.
    const peerText = peerLines(sections.peers).join(' ');
    expect(peerText).toMatch(/Named peers: USDC: (Not rated|[\d.]+ of 77)|named peers: USDC(,| and)/);
    expect(peerText).not.toMatch(/USDC \(USDC\)/);
    // The shared lines are the PDF's own lines too.
    for (const part of sectionLines(sections))
      for (const line of part.lines) expect(pdf).toContain(squash(line));
  });
});

describe('GET /api/reports/:id/pdf for a completed report the user bought', () => {
  let reportId: number;
  let body: Buffer;
  let etag: string;

  beforeAll(async () => {
    reportId = await seedSampleReport(t.ctx.db, { assetName: 'Cardano', buyerUserId: buyer.user.id });
    const response = await download(reportId);
    expect(response.statusCode, response.body).toBe(200);
    body = response.rawPayload;
    etag = String(response.headers.etag);
  });

  it('answers a PDF attachment named after the asset, with an entity tag', async () => {
    const response = await download(reportId);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Cardano-research-report.pdf"',
    );
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(Number(response.headers['content-length'])).toBe(body.length);
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('is a valid PDF with the asset, every category, the scores, the disclaimer and page numbers', async () => {
    expect(await checkPdfStructure(body), 'qpdf --check: no syntax or stream encoding errors').toBe(0);
    // The same check fails on a file cut short before its cross-reference table.
    expect(await checkPdfStructure(body.subarray(0, Math.floor(body.length / 2)))).not.toBe(0);

    const text = flat(await pdfText(body));
    expect(text).toContain('Cardano');
    for (const category of CATEGORIES) expect(text).toContain(category.name);
    // The sample's total is 59.55/77 (composite 3.9, Good, Likely Safe).
    expect(text).toContain('59.55');
    expect(text).toContain('3.9');
    expect(text).toContain('Good');
    expect(text).toContain('Likely Safe');
    expect(text).toContain('4.5 / 5');
    expect(text).toContain('2.5 / 5');
    expect(text).toContain('58.0 / 75');
    expect(text).toContain(flat(FINANCIAL_DISCLAIMER));
    expect(text).toContain('Page 1 of');
    expect(text).toContain('Executive summary');
    expect(text).toContain('Crow Research');

    const pages = await pageCount(body);
    expect(pages).toBeGreaterThanOrEqual(6);
    expect(pages).toBeLessThanOrEqual(30);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('sets the document metadata', async () => {
    const { info } = await readPdf(body);
    expect(info.title).toBe('Cardano Research Report');
    expect(info.author).toBe('Crow Research');
    expect(info.subject).toContain('Cardano');
    expect(info.creationDate).toMatch(/^D:\d{14}/);
  });

  it('stores the file once, with its size and SHA-256, and serves the stored bytes again', async () => {
    const [stored] = await t.ctx.db.select().from(reportPdfs).where(eq(reportPdfs.reportId, reportId));
    expect(stored?.sizeBytes).toBe(body.length);
    expect(stored?.sha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(etag).toBe(`"${stored?.sha256}"`);

    const again = await download(reportId);
    expect(again.rawPayload.equals(body)).toBe(true);
    const [after] = await t.ctx.db.select().from(reportPdfs).where(eq(reportPdfs.reportId, reportId));
    expect(after?.renderedAt).toEqual(stored?.renderedAt);
  });

  it('answers 304 without a body when the entity tag is current', async () => {
    const response = await download(reportId, { cookie: buyer.cookie, 'if-none-match': etag });
    expect(response.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(0);
    expect(response.headers.etag).toBe(etag);

    const weakList = await download(reportId, {
      cookie: buyer.cookie,
      'if-none-match': `"other", W/${etag}`,
    });
    expect(weakList.statusCode).toBe(304);
    const stale = await download(reportId, { cookie: buyer.cookie, 'if-none-match': '"outdated"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(body)).toBe(true);
  });

  it('renders again when the stored file is missing or was made under another methodology version', async () => {
    await t.ctx.db
      .update(reportPdfs)
      .set({ methodologyVersion: '2025.01-0' })
      .where(eq(reportPdfs.reportId, reportId));
    const [before] = await t.ctx.db.select().from(reportPdfs).where(eq(reportPdfs.reportId, reportId));
    const rerendered = await download(reportId);
    expect(rerendered.statusCode).toBe(200);
    const [after] = await t.ctx.db.select().from(reportPdfs).where(eq(reportPdfs.reportId, reportId));
    expect(after?.methodologyVersion).not.toBe('2025.01-0');
    expect(after!.renderedAt.getTime()).toBeGreaterThan(before!.renderedAt.getTime());

    await t.ctx.db.delete(reportPdfs).where(eq(reportPdfs.reportId, reportId));
    const recreated = await download(reportId);
    expect(recreated.statusCode).toBe(200);
    expect(recreated.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const rows = await t.ctx.db.select().from(reportPdfs).where(eq(reportPdfs.reportId, reportId));
    expect(rows).toHaveLength(1);
  });
});

describe('text the fonts must carry', () => {
  it('renders an asset named with accented, Greek and Cyrillic letters, and drops its emoji cleanly', async () => {
    const assetName = 'Ünïcødé Ελληνικά Токен 🚀';
    const reportId = await seedSampleReport(t.ctx.db, { assetName, buyerUserId: buyer.user.id });
    const response = await download(reportId);
    expect(response.statusCode, response.body).toBe(200);
    expect(await checkPdfStructure(response.rawPayload)).toBe(0);
    const text = flat(await pdfText(response.rawPayload));
    expect(text).toContain('Ünïcødé Ελληνικά Токен');
    expect(text).not.toContain('🚀');
    expect(text).not.toContain('\uFFFD');

    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(
      /^attachment; filename="[\x20-\x7e]+-research-report\.pdf"; filename\*=UTF-8''/,
    );
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${assetName}-research-report.pdf`)}`,
    );
    expect(disposition).not.toMatch(/filename="[^"]*[^\x20-\x7e]/);
  });

  it('keeps rendering when findings are full of emoji', async () => {
    const reportId = await seedSampleReport(t.ctx.db, { assetName: 'Dogecoin', buyerUserId: buyer.user.id });
    const [row] = await t.ctx.db
      .select()
      .from(researchProgress)
      .where(eq(researchProgress.reportId, reportId))
      .limit(1);
    await t.ctx.db
      .update(researchProgress)
      .set({
        researchData: {
          ...(row!.researchData as object),
          findings:
            'Community mood 🚀🔥 is upbeat 👍🏽; flags 🇺🇸 and families 👨‍👩‍👧 appear in posts. Holders: 4.2 million.',
        },
      })
      .where(eq(researchProgress.id, row!.id));
    const response = await download(reportId);
    expect(response.statusCode, response.body).toBe(200);
    expect(await checkPdfStructure(response.rawPayload)).toBe(0);
    const text = flat(await pdfText(response.rawPayload));
    expect(text).toContain(
      'Community mood is upbeat; flags and families appear in posts. Holders: 4.2 million.',
    );
  });
});

describe('who may download', () => {
  let reportId: number;
  beforeAll(async () => {
    reportId = await seedSampleReport(t.ctx.db, { assetName: 'Solana', buyerUserId: buyer.user.id });
  });

  it('refuses another user exactly like a report that does not exist', async () => {
    const other = await download(reportId, { cookie: stranger.cookie });
    const missing = await download(9_999_999, { cookie: stranger.cookie });
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json().message).toBe(REPORT_PDF_MESSAGES.notFound);
    expect(other.headers['content-type']).toMatch(/application\/json/);
  });

  it('refuses an anonymous caller', async () => {
    const response = await download(reportId, {});
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).not.toMatch(/pdf/);
    const head = await t.app.inject({ method: 'HEAD', url: `/api/reports/${reportId}/pdf` });
    expect(head.statusCode).toBe(401);
  });

  it('refuses a user whose purchase did not complete', async () => {
    const pendingBuyer = await signUp(t.app);
    const id = await seedSampleReport(t.ctx.db, { assetName: 'Polkadot' });
    const { userPurchases } = await import('../../db/schema');
    await t.ctx.db.insert(userPurchases).values({
      userId: pendingBuyer.user.id,
      reportId: id,
      purchaseType: 'existing_report',
      assetName: 'Polkadot',
      amount: '2.99',
      paymentMethod: 'card',
      stripePaymentIntentId: `pi_pending_${id}`,
      status: 'pending',
    });
    expect((await download(id, { cookie: pendingBuyer.cookie })).statusCode).toBe(404);
  });
});

describe('a report that is not completed', () => {
  it('answers 409 with a readable message while research is running, and stores nothing', async () => {
    const reportId = await seedSampleReport(t.ctx.db, {
      assetName: 'Avalanche',
      buyerUserId: buyer.user.id,
      status: 'processing',
    });
    const response = await download(reportId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(REPORT_PDF_MESSAGES.notReady);
    const rows = await t.ctx.db.select().from(reportPdfs).where(eq(reportPdfs.reportId, reportId));
    expect(rows).toHaveLength(0);
  });

  it('answers 409 for a failed report', async () => {
    const reportId = await seedSampleReport(t.ctx.db, {
      assetName: 'Terra',
      buyerUserId: buyer.user.id,
      status: 'failed',
    });
    const response = await download(reportId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(REPORT_PDF_MESSAGES.failed);
  });
});

describe('render-pdf job', () => {
  const job = (data: unknown) => ({ id: `job-${Math.random()}`, name: 'render-pdf', data }) as never;

  it('renders a completed report once, and not again when the job is delivered twice', async () => {
    const reportId = await seedSampleReport(t.ctx.db, { assetName: 'Chainlink' });
    await renderPdfJobs(t.ctx, [job({ reportId })]);
    const [first] = await t.ctx.db.select().from(reportPdfs).where(eq(reportPdfs.reportId, reportId));
    expect(first?.sizeBytes).toBeGreaterThan(10_000);
    expect(first?.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await renderPdfJobs(t.ctx, [job({ reportId })]);
    const [second] = await t.ctx.db.select().from(reportPdfs).where(eq(reportPdfs.reportId, reportId));
    expect(second?.renderedAt).toEqual(first?.renderedAt);
    expect(second?.sha256).toBe(first?.sha256);
  });

  it('leaves unfinished reports alone', async () => {
    const reportId = await seedSampleReport(t.ctx.db, { assetName: 'Near', status: 'processing' });
    await renderPdfJobs(t.ctx, [job({ reportId })]);
    const rows = await t.ctx.db.select().from(reportPdfs).where(eq(reportPdfs.reportId, reportId));
    expect(rows).toHaveLength(0);
  });

  it('runs from the queue: a report completed by the pipeline gets its stored PDF', async () => {
    const reportId = await seedSampleReport(t.ctx.db, { assetName: 'Cosmos' });
    await registerPdfJobs(t.ctx);
    await sendJob(t.ctx.queue, JOBS.renderPdf, { reportId });
    const deadline = Date.now() + 15_000;
    let stored: unknown[] = [];
    while (Date.now() < deadline && stored.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      stored = await t.ctx.db
        .select({ id: reportPdfs.reportId })
        .from(reportPdfs)
        .where(eq(reportPdfs.reportId, reportId));
    }
    expect(stored).toHaveLength(1);
    const [report] = await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, reportId));
    expect(report?.status).toBe('completed');
  });
});
