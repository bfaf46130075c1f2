import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUDIT_LISTINGS, type AuditListing, auditRecordsOf, listingDate } from './audits';

// The auditors' own report listings, on excerpts cut from the real README files of
// trailofbits/publications, sigp/public-audits and Certora/SecurityReports.

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
const listing = (repo: string): AuditListing => AUDIT_LISTINGS.find((l) => l.repo === repo)!;
const dataset = {
  name: 'sigp/public-audits',
  version: '817331cb5ab26d1363109696ba3500c788216847',
  committedAt: '2026-03-16',
  license: 'none declared (facts only)',
  url: 'https://github.com/sigp/public-audits/tree/817331cb5ab26d1363109696ba3500c788216847',
};

describe('listing dates', () => {
  it('reads the month or the day the tables give, and nothing else', () => {
    expect(listingDate('Jul 2024')).toBe('2024-07');
    expect(listingDate('September 2025')).toBe('2025-09');
    expect(listingDate('March 6th, 2026')).toBe('2026-03-06');
    expect(listingDate('December 24th, 2025')).toBe('2025-12-24');
    expect(listingDate('Nov – Dec 2025')).toBeNull();
    expect(listingDate('2025')).toBeNull();
  });
});

describe('Trail of Bits listing', () => {
  const audits = listing('trailofbits/publications').parse(fixture('trailofbits-publications-readme.md'));

  it('takes each security review with a report, under Security Reviews only', () => {
    expect(audits.map((a) => a.project)).toEqual([
      'Scroll Feynman Upgrade Smart Contract Changes',
      'Scroll Euclid Phase 2',
      'Uniswap v4 Core',
      'Uniswap Browser Extension',
      'Uniswap',
      'Uniswap Mobile Wallet',
      'Uniswap V3',
      'Istio Ztunnel',
      'Gemini Smart Wallet',
      'Otim Smart Wallet',
      'Arcus Labs Rootchain v5 Smart Contracts',
    ]);
    // Case studies and disclosures are not audits; a row without a report (V3 Staker) is left out.
    expect(audits.some((a) => a.path.startsWith('case-studies/'))).toBe(false);
  });

  it('links the security assessment (📄), not the fix review or the letter of attestation', () => {
    const byProject = Object.fromEntries(audits.map((a) => [a.project, a]));
    expect(byProject['Uniswap Mobile Wallet']?.path).toBe('reviews/UniswapMobileWallet-securityreview.pdf');
    expect(byProject['Scroll Euclid Phase 2']?.path).toBe(
      'reviews/2025-04-scroll-euclid-phase2-securityreview.pdf',
    );
    expect(byProject['Istio Ztunnel']?.path).toBe('reviews/2024-12-istio-ztunnel-securityreview.pdf');
    expect(byProject['Uniswap V3']).toEqual({
      auditor: 'Trail of Bits',
      project: 'Uniswap V3',
      date: '2021-03',
      dateFrom: 'readme-table',
      kind: 'code-audit',
      path: 'reviews/UniswapV3Core.pdf',
    });
  });
});

describe('Sigma Prime listing', () => {
  const audits = listing('sigp/public-audits').parse(fixture('sigp-public-audits-readme.md'));

  it('reads project, scope, month and report of each row, decoding the report path', () => {
    expect(audits).toHaveLength(5);
    expect(audits[1]).toEqual({
      auditor: 'Sigma Prime',
      project: 'Ethereum Foundation',
      scope: 'Pectra Systems Contracts',
      date: '2025-01',
      dateFrom: 'readme-table',
      kind: 'code-audit',
      path: 'reports/ethereum-foundation/pectra/review.pdf',
    });
    expect(audits[2]?.path).toBe(
      'reports/omni-network/Sigma Prime - Omni Network - Omni Portal - Security Assessment Report - v2.1.pdf',
    );
    expect(audits[4]).toMatchObject({ date: '2018-04', path: 'reports/havven/havven/README.md' });
  });
});

describe('Certora listing', () => {
  const audits = listing('Certora/SecurityReports').parse(fixture('certora-securityreports-readme.md'));

  it('takes the day from the table (not the file name) and calls a ticked FV column formal verification', () => {
    const byProject = Object.fromEntries(audits.map((a) => [`${a.project} ${a.scope}`, a]));
    // The file name says 2015; the table says 2025.
    expect(byProject['Grove ALM']).toMatchObject({ date: '2025-12-24', kind: 'code-audit' });
    expect(byProject['Tether Token']).toMatchObject({
      auditor: 'Certora',
      date: '2024-06-04',
      kind: 'formal-verification',
      path: 'Reports/2024/06_04_2024_Tether_Token-FV-MR.pdf',
    });
    expect(byProject['Celo Governance']?.kind).toBe('formal-verification');
    expect(byProject['Lido Dual Governance Design Review']?.kind).toBe('code-audit');
  });
});

describe('Cyfrin listing', () => {
  const audits = listing('Cyfrin/cyfrin-audit-reports').parse(fixture('cyfrin-audit-reports-readme.md'));

  it('reads each linked report of the dated table, a formal verification under the report before it', () => {
    expect(audits.map((a) => [a.project, a.date, a.kind])).toEqual([
      ['Lido Circuit Breaker', '2026-04-07', 'code-audit'],
      ['Lido Circuit Breaker', '2026-04-07', 'formal-verification'],
      ['Shutter Security Council', '2026-03-11', 'code-audit'],
      ['ENS Registrar Manager', '2026-03-11', 'code-audit'],
      ['ENS Registrar Manager', '2026-03-11', 'formal-verification'],
      ['Myriad CLOB', '2026-04-06', 'code-audit'],
      ['Myriad Realitio Oracle', '2026-04-06', 'code-audit'],
      ['Myriad PR145', '2026-04-06', 'code-audit'],
    ]);
    // A redacted row has no report; the topic tables repeat reports without dates and are skipped.
    expect(audits[1]?.path).toBe('reports/2026-04-08-cyfrin-lido-circuit-breaker-fv-v2.0.pdf');
    expect(audits.some((a) => a.project === 'MetaMask Veda Adapter')).toBe(false);
  });
});

describe('audit records', () => {
  it('keeps only reports in the commit read, each once, with the reviewed assets and a link at the commit', () => {
    const sigma = listing('sigp/public-audits');
    const readme = fixture('sigp-public-audits-readme.md');
    const doubled = `${readme}\n\n## Again\n\n${readme.split('\n').slice(8, 10).join('\n')}\n${readme.split('\n')[11]}\n`;
    const files = new Set([
      'reports/ethereum-foundation/pectra/review.pdf',
      'reports/omni-network/Sigma Prime - Omni Network - Omni Portal - Security Assessment Report - v2.1.pdf',
      'reports/chainlink/chainlink-1/review.pdf',
    ]);
    const { records, missing } = auditRecordsOf(sigma, doubled, files, dataset, {
      'sigp/public-audits/reports/ethereum-foundation/pectra/review.pdf': {
        assets: ['ethereum'],
        auditorIsDeveloper: true,
      },
      'sigp/public-audits/reports/chainlink/chainlink-1/review.pdf': ['chainlink'],
    });
    expect(records.map((r) => r.key)).toEqual([
      'sigp/public-audits/reports/ethereum-foundation/pectra/review.pdf',
      'sigp/public-audits/reports/omni-network/Sigma Prime - Omni Network - Omni Portal - Security Assessment Report - v2.1.pdf',
      'sigp/public-audits/reports/chainlink/chainlink-1/review.pdf',
    ]);
    expect(missing).toEqual([
      'reports/origin/Sigma_Prime_Origin_Protocol_Validator_Consolidations_Security_Assessment_Report_v2_0.pdf',
      'reports/havven/havven/README.md',
    ]);
    expect(records[0]).toMatchObject({ assets: ['ethereum'], auditorIsDeveloper: true, dataset });
    expect(records[1]?.assets).toEqual([]);
    expect(records[1]?.url).toBe(
      'https://github.com/sigp/public-audits/blob/817331cb5ab26d1363109696ba3500c788216847/reports/omni-network/Sigma%20Prime%20-%20Omni%20Network%20-%20Omni%20Portal%20-%20Security%20Assessment%20Report%20-%20v2.1.pdf',
    );
    expect(records[2]).toMatchObject({ assets: ['chainlink'] });
    expect(records[2]?.auditorIsDeveloper).toBeUndefined();
  });
});
