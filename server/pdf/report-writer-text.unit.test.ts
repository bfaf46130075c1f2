import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../contract/methodology';
import { assembleSections } from '../research/report-text';
import { readPdf } from '../testing/pdf';
import { sampleReportRows } from '../testing/sample-report';
import { buildReportDocument } from './document';
import { renderReportPdf } from './render';

const flat = (text: string) => text.replace(/\s+/g, ' ');

// Page 1 of a report the rules wrote says no AI model wrote it (decision 0344): the footer on every
// page and the disclaimer say nothing else, and a report a model wrote still says so.
describe('who wrote the report, as every page of the PDF says it', { timeout: 60_000 }, () => {
  const textOf = async (writer: 'rules' | 'llm') => {
    const { report, progress } = sampleReportRows('Sui');
    // The sections the research job stores beside the rows, written by the rules or by a model.
    const results = CATEGORIES.map((c) => ({
      key: c.key,
      score: 3,
      findings: '',
      analysis: '',
      sources: [],
    }));
    const sections = assembleSections(results, null, { summary: 'Summary.', keyRisks: [], writer });
    const document = buildReportDocument(report, progress, sections);
    const pdf = await readPdf(await renderReportPdf(document, { appName: 'Crow Research' }));
    return flat(pdf.text);
  };

  it('never credits AI in the footer or the disclaimer of a report the rules wrote', async () => {
    const text = await textOf('rules');
    expect(text).toContain('no AI model wrote this report');
    expect(text).not.toMatch(/AI analysis|AI assistance/);
    expect(text).toContain('This report was written by the published rules, with no AI model,');
    // The financial disclaimer stays on every page.
    const pages = (
      text.match(/Not financial advice\. Automated research has limits; use at your own risk\./g) ?? []
    ).length;
    expect(pages).toBeGreaterThan(3);
  });

  it('says a report a model wrote was produced with AI assistance', async () => {
    const text = await textOf('llm');
    expect(text).toContain('This report was produced with AI assistance');
    expect(text).not.toContain('no AI model wrote this report');
  });
});
