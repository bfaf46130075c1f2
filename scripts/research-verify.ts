import { verifyOfflineReports } from '../server/research/claims/claim-check';

// npm run research:verify: generates every offline report through the research job's code path
// and checks each stated figure against the record it cites and each total against its parts.

const started = performance.now();
const result = await verifyOfflineReports(new Date());
const kinds = Object.entries(result.byKind)
  .map(([kind, n]) => `${kind} ${n}`)
  .join(', ');
console.info(
  `Claim checker: ${result.reports} reports, ${result.checked} figures checked (${kinds}), ${result.mismatches.length} mismatches, ${Math.round(performance.now() - started)} ms`,
);
for (const mismatch of result.mismatches) console.error(`MISMATCH ${mismatch}`);
process.exitCode = result.mismatches.length ? 1 : 0;
