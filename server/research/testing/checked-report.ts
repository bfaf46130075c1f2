import { checkReportText } from '../claims/claim-check';
import { offlineReportInput } from '../offline-report';
import { buildReportText } from '../report-text';
import { SNAPSHOT_ASSETS } from '../sources/snapshot-data';

/**
 * An offline report's text, and the claim checker's mismatches about one kind of figure (those
 * matching `about`) on that text or a changed copy of it: the old wording a buyer read, fed back.
 */
export async function checkedReport(id: string, about: RegExp, now: Date) {
  const input = await offlineReportInput(SNAPSHOT_ASSETS.find((a) => a.id === id)!, now);
  return {
    text: buildReportText(input),
    mismatches: (text: string) =>
      checkReportText(text, input, new Map(), new Map()).mismatches.filter((m) => about.test(m)),
  };
}
