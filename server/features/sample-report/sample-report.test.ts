import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES_WRITER_TEXT } from '../../../contract/constants';
import { readPdf } from '../../testing/pdf';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The sample report a signed-out visitor reads from the landing page and the pricing box: the
// page and the PDF of a complete report on Bitcoin, rebuilt from the offline demo's data.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
});
afterAll(async () => {
  await t.close();
});

describe('the sample report', () => {
  it('is a complete, rated report page a signed-out visitor can read', async () => {
    const response = await t.app.inject({ url: '/sample-report' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = response.body;
    expect(html).toContain('<h1>Sample report: Bitcoin</h1>');
    expect(html).toMatch(
      // Eight of twelve with evidence since Team and Use Case have datasets (0330, 0331); Hacks/Scandals is not assessed (0321).
      /Executive summary: Bitcoin \(BTC\) scores \d+\.\d\d of 77 .*risk level Likely Safe, rated on 8 of 12 categories/,
    );
    // Figures from the market files, each category with its evidence, the sources listed.
    expect(html).toMatch(/Market capitalisation: \$[\d.]+ trillion on \d{4}-\d{2}-\d{2}/);
    expect(html).toMatch(/Chain recorded since: 2009-01-03 \(coinmetrics\/data, CC BY-NC 4\.0\)/);
    expect(html).toContain('Data coverage');
    expect(html).toContain('<a href="https://github.com/RobACA2026/operational-governance-engine/blob/');
    expect(html).toContain('href="/sample-report.pdf"');
  });

  it('downloads as the same report in PDF', async () => {
    const response = await t.app.inject({ url: '/sample-report.pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.text).toContain('Bitcoin');
    expect(pdf.text).toMatch(/Potential Risk/);
    expect(pdf.text).toMatch(/Market capitalisation\s+\$[\d.]+ trillion/);
  });

  it('says in its PDF that the published rules wrote it, not research agents or an AI model', async () => {
    const pdf = await readPdf((await t.app.inject({ url: '/sample-report.pdf' })).rawPayload);
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain(
      'The published rules examined Bitcoin and scored each category with evidence from 1 to 5; no AI model wrote this report.',
    );
    expect(text).not.toContain('Twelve research agents');
    const page = (await t.app.inject({ url: '/sample-report' })).body;
    expect(page).toContain(RULES_WRITER_TEXT);
  });
});

describe('who writes the reports, in the settings the site reads', () => {
  it('says the rules write them when no AI model is configured', async () => {
    const config = (await t.app.inject({ url: '/api/config' })).json();
    expect(config.reportWriter).toBe('rules');
  });
});
