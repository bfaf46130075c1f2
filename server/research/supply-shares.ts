// The share of a hard cap already issued, computed once for every statement of a report (the
// Total Supply category and the layer-1 issuance check): the total supply (the circulating supply
// where the record states no total) over the maximum supply, capped at 100%. Two computations
// once printed "37% issued" beside "100.0% issued" for Sui (decision 0342).

export function issuedShareOfCap(supply: {
  circulating: number | null;
  total: number | null;
  max: number | null;
}): number | undefined {
  const issued = supply.total ?? supply.circulating;
  if (!supply.max || issued === null) return undefined;
  return Math.min(1, issued / supply.max);
}

/** A share as every supply statement prints it: one decimal ("36.8%"). */
export const formatShare = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
