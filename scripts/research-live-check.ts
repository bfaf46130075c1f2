import { formatLiveCheck, runLiveCheck } from '../server/research/sources/live-check';

// npm run research:live-check — for operators after a deployment: one call to each live research
// provider whose key is in the environment, compared with the recorded response or the shape the
// code reads. Exits 1 when a provider changed or failed; skipped providers are named, not errors.

const results = await runLiveCheck(process.env);
console.info(formatLiveCheck(results));
const ran = results.filter((r) => r.outcome !== 'skipped').length;
console.info(
  `\n${ran} provider${ran === 1 ? '' : 's'} checked, ${results.length - ran} skipped (no key or endpoint configured).`,
);
process.exitCode = results.some((r) => r.outcome === 'changed' || r.outcome === 'failed') ? 1 : 0;
