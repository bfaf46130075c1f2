import { sql } from 'drizzle-orm';
import { assetKindLabel } from '../../contract/assets';
import type { ReportSections } from '../../contract/reports';
import type { DbExecutor } from '../db/client';

// Where a report's total stands among the other completed reports: all of them, and those on
// assets of the same kind (layer 1, stablecoin, meme…). Computed when asked, so it stays current.

export interface PeerInput {
  reportId: number;
  /** Total on the 77-point scale. */
  total: number;
  kind: string | null;
}

const percent = (below: number, compared: number) =>
  compared === 0 ? null : Math.round((below / compared) * 100);

export async function peerComparison(db: DbExecutor, input: PeerInput): Promise<ReportSections['peers']> {
  const result = await db.execute<{
    compared_all: string;
    below_all: string;
    compared_kind: string;
    below_kind: string;
  }>(sql`
    select count(*) as compared_all,
           count(*) filter (where composite_score < ${input.total}) as below_all,
           count(*) filter (where asset_kind = ${input.kind}) as compared_kind,
           count(*) filter (where asset_kind = ${input.kind} and composite_score < ${input.total}) as below_kind
      from research_reports
     where status = 'completed' and id <> ${input.reportId}`);
  const row = result.rows[0]!;
  const comparedAll = Number(row.compared_all);
  const comparedKind = input.kind ? Number(row.compared_kind) : 0;
  return {
    kindLabel: assetKindLabel(input.kind ?? undefined) ?? null,
    percentileAll: percent(Number(row.below_all), comparedAll),
    comparedAll,
    percentileKind: input.kind ? percent(Number(row.below_kind), comparedKind) : null,
    comparedKind,
  };
}
