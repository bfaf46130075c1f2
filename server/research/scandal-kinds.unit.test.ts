import { describe, expect, it } from 'vitest';
import { offlineReportInput } from './offline-report';
import { buildReportText } from './report-text';
import { incidentOfSecAction, incidentOfW3igg } from './sources/incidents';
import { PUBLIC_DATA, SNAPSHOT_ASSETS } from './sources/snapshot-data';

// The analyst's notes on BitConnect: its founder's indictment for a Ponzi scheme was labelled
// "(hack)", and "$2,000,000" stood beside the same record's "$2 billion".

const REPORT_DATE = new Date('2026-11-29T12:00:00Z');
const bitconnectReport = async () => {
  const asset = SNAPSHOT_ASSETS.find((a) => a.id === 'bitconnect')!;
  return buildReportText(await offlineReportInput(asset, REPORT_DATE, undefined, { kindChecks: true }));
};

describe('what a scandal record is called', () => {
  it('calls the BitConnect founder’s indictment the law’s action, never a hack', async () => {
    const text = await bitconnectReport();
    expect(text).toContain(
      'Bitconnect founder indicted by federal grand jury on charges of orchestrating a global Ponzi scheme (regulatory action).',
    );
    expect(text).not.toMatch(/Ponzi scheme \(hack\)/);
  });

  it('records every Web3 is Going Just Great entry the law acted on as the law’s action, whatever other theme it has', () => {
    const withLaw = PUBLIC_DATA.w3igg.records.filter((entry) => entry.themes.includes('law'));
    const hacksWithLaw = withLaw.filter((entry) => entry.themes.includes('hack'));
    expect(hacksWithLaw.length).toBeGreaterThan(10);
    for (const entry of hacksWithLaw) {
      const kind = incidentOfW3igg(entry)?.kind;
      if (!entry.themes.some((theme) => ['rugPull', 'rug-pull', 'collapse'].includes(theme)))
        expect(kind, entry.id).toBe('regulatory action');
    }
  });

  it('never prints an SEC record’s amount field beside a different sum its description states', async () => {
    const text = await bitconnectReport();
    expect(text).toContain('defrauded retail investors out of $2 billion');
    expect(text).not.toContain('$2,000,000');
    const bitconnect = PUBLIC_DATA.secEnforcement.records.find(
      (r) => r.key === '2021-09-01 SEC v. BitConnect, et al.',
    )!;
    expect(bitconnect.amountUsd).toBe(2_000_000);
    expect(incidentOfSecAction(bitconnect).summary).not.toContain('The database records');
    // A record whose description agrees with its amount keeps it.
    const agreeing = PUBLIC_DATA.secEnforcement.records.find(
      (r) => r.amountUsd && r.description.includes(`$${r.amountUsd / 1e6} million`),
    )!;
    expect(incidentOfSecAction(agreeing).summary).toContain(
      `The database records $${agreeing.amountUsd!.toLocaleString('en-US')} for the action`,
    );
  });
});
