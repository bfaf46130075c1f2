import { describe, expect, it } from 'vitest';
import {
  buildScores,
  CATEGORIES,
  type CategoryScores,
  METHODOLOGY_VERSION,
} from '../../contract/methodology';
import type { Source } from '../../contract/reports';
import { KNOCKOUT_RULES, SCORING_RULES_BY_VERSION } from '../../contract/scoring-rules';
import type { AssetEvidence, Fact, IncidentRecord } from './evidence';
import { offlineDemoEvidence, offlineReportInput } from './offline-report';
import { buildReportText, buildSummary, type CategoryResult, rulesKeyRisks } from './report-text';
import { knockoutsOf, SCORERS, scoreAudits } from './scoring';
import { SNAPSHOT_ASSETS, SNAPSHOT_DATE } from './sources/snapshot-data';

// Knockouts and audit independence (methodology 2026.11-3): a documented fraud, bankruptcy,
// collapse or permanent depeg makes a report Not Safe whatever its other figures; only
// independent code reviews count as audits.

const source: Source = { title: 'test', url: 'https://example.test/x', retrievedAt: '2026-01-01T00:00:00Z' };
const fact = <T>(value: T): Fact<T> => ({ value, source });
const NOW = new Date('2026-11-22T00:00:00Z');

/** A large, liquid, long-lived asset that scores well everywhere on its figures. */
const strongEvidence = (incidents: IncidentRecord[]): AssetEvidence => ({
  marketCapUsd: fact(50e9),
  volume24hUsd: fact(3e9),
  supply: fact({ circulating: 990, total: 1000, max: 1000 }),
  watchlistUsers: fact(2_000_000),
  developer: fact({ commits4Weeks: 300, contributors: 200 }),
  genesisDate: fact('2012-01-01'),
  team: fact({ identified: true, publicCode: true, note: 'A foundation publishes the code.' }),
  useCase: fact({ description: 'An exchange token.', categories: ['Exchange'], marketCapRank: 5 }),
  audits: fact({ count: 3, latestYear: 2025 }),
  holders: fact({ top10Share: 0.1, largest: [] }),
  hacks: fact([]),
  incidents: fact(incidents),
  chain: fact('layer1'),
});

const conviction: IncidentRecord = {
  kind: 'fraud',
  date: '2023-11-02',
  title: 'Founder convicted of fraud',
  summary: 'A jury found the founder guilty on seven counts of fraud and conspiracy.',
  link: 'https://court.example.test/verdict',
  knockout: 'fraud-conviction',
};

function scoreAll(evidence: AssetEvidence) {
  const assessments = CATEGORIES.map((c) => ({ key: c.key, ...SCORERS[c.key](evidence, NOW) }));
  const scores = buildScores(Object.fromEntries(assessments.map((a) => [a.key, a.score])) as CategoryScores, {
    knockout: assessments.some((a) => a.knockout),
  });
  return { assessments, scores };
}

describe('knockouts', () => {
  it('scores the category 1 and the report Not Safe, though the weighted sum alone is Likely Safe', () => {
    const { assessments, scores } = scoreAll(strongEvidence([conviction]));
    const team = assessments.find((a) => a.key === 'team')!;
    expect(team.score).toBe(1);
    expect(team.knockout?.kind).toBe('fraud-conviction');
    expect(team.facts[0]).toContain('Founder convicted of fraud');
    expect(team.sources.map((s) => s.url)).toContain(source.url);
    expect(scores.totalScore).toBeGreaterThanOrEqual(51);
    expect(scores.riskLevel).toBe('Not Safe');
  });

  it('puts each knockout kind in its documented category', () => {
    for (const rule of KNOCKOUT_RULES) {
      const { assessments, scores } = scoreAll(
        strongEvidence([{ ...conviction, kind: 'depeg', knockout: rule.kind }]),
      );
      expect(assessments.find((a) => a.key === rule.category)?.score, rule.kind).toBe(1);
      expect(scores.riskLevel, rule.kind).toBe('Not Safe');
    }
  });

  it('leaves an incident without a knockout marker to the ordinary ladders', () => {
    const { assessments, scores } = scoreAll(
      strongEvidence([{ ...conviction, knockout: undefined, kind: 'regulatory action' }]),
    );
    expect(assessments.every((a) => !a.knockout)).toBe(true);
    expect(scores.riskLevel).toBe('Likely Safe');
  });

  it('lists each incident of every knockout-marked snapshot asset under one category, the one its rule names', async () => {
    const marked = SNAPSHOT_ASSETS.map((asset) => ({ asset, evidence: offlineDemoEvidence(asset) })).filter(
      ({ evidence }) => evidence.incidents?.value.some((incident) => incident.knockout),
    );
    expect(marked.map(({ asset }) => asset.name)).toEqual(
      expect.arrayContaining(['Celsius Network', 'FTX Token', 'Terra Luna Classic']),
    );
    for (const { asset, evidence } of marked) {
      const { results } = await offlineReportInput(asset, NOW, evidence);
      for (const incident of evidence.incidents!.value) {
        const listedUnder = results
          .filter((r) =>
            // Stated with its document once; a category listing it by reference also cites that
            // document among its sources (decision 0278), which is not a second statement.
            [r.findings, r.analysis, ...(r.facts ?? [])]
              .map((text) => text.replace(/\(Sources: [^()]*\)/g, ''))
              .some((text) => text.includes(incident.link)),
          )
          .map((r) => r.key);
        // An incident proves its own knockout and, when it records the asset's collapse and the
        // price did not recover, the collapse knockout too: listed under each rule's category.
        const categories = knockoutsOf(evidence)
          .filter((k) => k.link === incident.link)
          .map((k) => KNOCKOUT_RULES.find((r) => r.kind === k.kind)!.category);
        if (categories.length > 0)
          expect(listedUnder.sort(), `${asset.name}: ${incident.title}`).toEqual(
            [...new Set(categories)].sort(),
          );
        else expect(listedUnder.length, `${asset.name}: ${incident.title}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('states each incident record once in its category, which cites only the documents and datasets of its own facts', async () => {
    const marked = SNAPSHOT_ASSETS.map((asset) => ({ asset, evidence: offlineDemoEvidence(asset) })).filter(
      ({ evidence }) => evidence.incidents?.value.some((incident) => incident.knockout),
    );
    expect(marked.length).toBeGreaterThanOrEqual(3);
    for (const { asset, evidence } of marked) {
      const { results } = await offlineReportInput(asset, NOW, evidence);
      const incidentList = evidence.incidents!.source.url;
      for (const result of results) {
        const facts = result.facts ?? [];
        const where = `${asset.name}, ${result.key}`;
        // One line per record: FTX Token's Team once listed the conviction as a knockout and again
        // as the team's fraud finding.
        for (const incident of evidence.incidents!.value) {
          const lines = facts.filter((fact) => fact.includes(incident.link));
          expect(lines.length, `${where}: ${incident.title}`).toBeLessThanOrEqual(1);
        }
        if (!result.knockout) continue;
        // A knockout category cites the documents of the incidents it lists, not the exploit
        // list the incidents were read with (FTX Token's Team cited DeFiHackLabs' README).
        const stated = facts.join(' ');
        for (const cited of result.sources) {
          expect(
            cited.url === incidentList && result.key !== 'hacksScandals',
            `${where} cites ${cited.title}`,
          ).toBe(false);
          if (!cited.dataset && cited.url)
            expect(stated.includes(cited.url), `${where} cites ${cited.url} for no fact`).toBe(true);
        }
      }
    }
  });

  it('names the knockout first in the summary', () => {
    const { assessments, scores } = scoreAll(strongEvidence([conviction]));
    const results: CategoryResult[] = assessments.map((a) => ({
      key: a.key,
      score: a.score,
      findings: a.facts.join(' '),
      analysis: a.rationale,
      sources: a.sources,
      facts: a.facts,
      ...(a.knockout ? { knockout: a.knockout } : {}),
    }));
    const summary = buildSummary({
      assetName: 'FTX Token',
      asset: { id: 'ftx-token', name: 'FTX Token', symbol: 'FTT' },
      scores,
      results,
      dataNote: 'Data: test.',
      methodologyVersion: METHODOLOGY_VERSION,
    });
    expect(summary.startsWith('Not Safe: Founder convicted of fraud (2023-11-02; Team scores 1).')).toBe(
      true,
    );
  });

  it("gives a collapse-capped category the step below the cap, not the uncapped score's step", async () => {
    // FTX Token's market capitalisation scores 3 on its figures and is held at 2 by its collapse:
    // falling below $100 million would leave it at 2, so the step down is the one below 2.
    const ftx = SNAPSHOT_ASSETS.find((a) => a.id === 'ftx-token')!;
    const text = buildReportText(await offlineReportInput(ftx, NOW));
    expect(text).toContain(
      'Market Cap (2/5). One band up: Collapse cap: held at 2 whatever the figures. One band down: Market capitalisation: below $10 million.',
    );
  });

  it('names one incident that decides two categories once, with both, the collapse month and each rule it meets', async () => {
    // Terra Luna Classic: the Terraform fraud verdict (2024-06-12) decides Team (fraud) and, as the
    // record of the May 2022 collapse, Existence/Growth; the summary once listed the verdict twice.
    const terra = SNAPSHOT_ASSETS.find((a) => a.id === 'terra-luna')!;
    const summary = buildReportText(await offlineReportInput(terra, NOW)).split('\n')[0]!;
    const lead = summary.slice(0, summary.indexOf('a knockout: '));
    expect(lead).toContain('(2024-06-12; the collapse in May 2022; Team and Existence/Growth score 1).');
    expect(lead.match(/fraud verdict/g)).toHaveLength(1);
    for (const kind of ['regulator-fraud-finding', 'collapse'] as const)
      expect(lead).toContain(KNOCKOUT_RULES.find((r) => r.kind === kind)!.rule);
  });
});

describe('audit independence', () => {
  it('shows an attestation, a bug bounty and a developer audit as what they are, not as independent audits', () => {
    const assessment = scoreAudits(
      {
        audits: fact({
          count: 3,
          reports: [
            {
              auditor: 'BDO',
              date: '2025-06-30',
              url: 'https://bdo.example.test/q2',
              kind: 'reserve-attestation',
            },
            { auditor: 'Immunefi', url: 'https://bounty.example.test', kind: 'bug-bounty' },
            {
              auditor: 'Nomadic Labs',
              date: '2024',
              url: 'https://dev.example.test/audit',
              kind: 'code-audit',
              auditorIsDeveloper: true,
            },
          ],
        }),
      },
      NOW,
    );
    expect(assessment.score).toBe(2);
    expect(assessment.facts.join(' ')).toContain('No independent code audit is recorded');
    expect(assessment.facts.join(' ')).toContain('BDO (2025-06-30, reserve attestation)');
    expect(assessment.facts.join(' ')).toContain('code audit by the asset’s own developer');
    expect(assessment.keyRisk).toContain('No independent firm has published an audit');
  });

  it('counts only the independent code audits among mixed reviews', () => {
    const assessment = scoreAudits(
      {
        audits: fact({
          count: 3,
          reports: [
            { auditor: 'Trail of Bits', date: '2025', url: 'https://a.example.test', kind: 'code-audit' },
            { auditor: 'Sigma Prime', date: '2025', url: 'https://b.example.test', auditorIsDeveloper: true },
            { auditor: 'BDO', date: '2025', url: 'https://c.example.test', kind: 'reserve-attestation' },
          ],
        }),
      },
      NOW,
    );
    expect(assessment.score).toBe(3);
    expect(assessment.facts[0]).toBe(
      '1 independent security audit recorded, by Trail of Bits, the latest from 2025 (the record gives only the year; its age counts from 2025-12-31).',
    );
  });
});

describe('methodology versions', () => {
  it('keeps every earlier rule table so old reports stay explainable', () => {
    expect(Object.keys(SCORING_RULES_BY_VERSION)).toEqual([
      '2026.11-1',
      '2026.11-2',
      '2026.11-3',
      '2026.11-4',
      METHODOLOGY_VERSION,
    ]);
    expect(METHODOLOGY_VERSION).toBe('2026.11-5');
    expect(SCORING_RULES_BY_VERSION['2026.11-2']!.audits.levels).toHaveLength(4);
    expect(SCORING_RULES_BY_VERSION[METHODOLOGY_VERSION]!.audits.levels).toHaveLength(5);
    expect(SCORING_RULES_BY_VERSION[METHODOLOGY_VERSION]!.team.notes?.at(-1)).toContain('Knockout');
  });
});

describe('key risks for every asset', () => {
  it('draws key risks only from risk findings and failed checks, one entry each, never a 5/5 strength', async () => {
    const asOf = new Date(`${SNAPSHOT_DATE}T00:00:00Z`);
    const wrong: string[] = [];
    for (const asset of SNAPSHOT_ASSETS) {
      const input = await offlineReportInput(asset, asOf);
      const risks = rulesKeyRisks(input);
      const seen = new Set<string>();
      for (const risk of risks) {
        if (seen.has(risk.text)) wrong.push(`${asset.symbol}: twice: ${risk.text}`);
        seen.add(risk.text);
        const result = input.results.find((r) => r.key === risk.category_key);
        // The risk that categories not assessed decide the verdict is filed under Evidence, no
        // category: it has no score, so it can be no 5/5 strength and no gap's own risk.
        if (!result) {
          if (risk.category !== 'Evidence') wrong.push(`${asset.symbol}: filed under ${risk.category}`);
          continue;
        }
        const fromCheck = (input.kindCheckRisks ?? []).some((c) => c.text === risk.text);
        // A 5/5 category joins only with a risk it names itself (a scorer's risk or a failed check).
        if (result.score >= 5 && !result.keyRisk && !fromCheck)
          wrong.push(`${asset.symbol}: ${risk.category} 5/5 listed as a risk: ${risk.text}`);
        if (result.coverage?.kind === 'none' && !fromCheck)
          wrong.push(`${asset.symbol}: a gap listed as a risk: ${risk.category}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
