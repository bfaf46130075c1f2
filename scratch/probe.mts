import { offlineReportInput } from '/work/wt-rules/server/research/testing/offline-report';
import { buildReportText } from '/work/wt-rules/server/research/report-text';
import { SNAPSHOT_ASSETS } from '/work/wt-rules/server/research/sources/snapshot-data';
const now = new Date('2026-11-25T00:00:00Z');
for (const id of process.argv.slice(2)) {
  const a = SNAPSHOT_ASSETS.find((x) => x.id === id)!;
  const input = await offlineReportInput(a, now);
  console.log(id, JSON.stringify(input.scores));
  console.log(buildReportText(input).slice(0, 6000));
}
