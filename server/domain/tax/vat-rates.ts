import { readFileSync } from 'node:fs';
import { z } from 'zod';

// VAT rates are data, not code (decision 0302): the EU standard rates with their effective dates,
// copied unchanged from the public ibericode/vat-rates dataset (eu-vat-rates.provenance.json).

const RATES_COMMIT = '5abb1e1be91faa42d21c743c603a0aec9b5bab70';

const datasetSchema = z.object({
  items: z.record(
    z.string().regex(/^[A-Z]{2}$/),
    z.array(z.object({ effective_from: z.string(), rates: z.object({ standard: z.number() }) })),
  ),
});

const dataset = datasetSchema.parse(
  JSON.parse(readFileSync(new URL('./eu-vat-rates.json', import.meta.url), 'utf8')),
);

/** The member states (the dataset also lists GB, which left the EU VAT area in 2021). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  Object.keys(dataset.items).filter((country) => country !== 'GB'),
);

export interface VatRate {
  /** Percent, e.g. 25.5. */
  percent: number;
  effectiveFrom: string;
  /** Where the number came from, stored on the invoice. */
  source: string;
}

/** The standard rate in force in an EU country on a day (the newest period starting on or before it). */
export function standardVatRate(country: string, on: Date): VatRate | null {
  if (!EU_COUNTRIES.has(country)) return null;
  const day = on.toISOString().slice(0, 10);
  const periods = (dataset.items[country] ?? [])
    .filter((period) => period.effective_from <= day)
    .sort((a, b) => b.effective_from.localeCompare(a.effective_from));
  const period = periods[0];
  if (!period) return null;
  return {
    percent: period.rates.standard,
    effectiveFrom: period.effective_from,
    source: `ibericode/vat-rates@${RATES_COMMIT.slice(0, 12)} ${country} standard from ${period.effective_from}`,
  };
}

/**
 * Splits a tax-inclusive total into net and VAT (decision 0301): the net is the total divided by
 * (1 + rate), rounded half up to the cent; the VAT is the remainder, so net + VAT is the total.
 */
export function splitInclusiveTotal(
  totalCents: number,
  ratePercent: number,
): { netCents: number; vatCents: number } {
  // Integer arithmetic in hundredths of a percent: rates such as 25.5 or 13.5 stay exact.
  const rateBasisPoints = Math.round(ratePercent * 100);
  const divisor = 10_000 + rateBasisPoints;
  const netCents = Math.floor((totalCents * 10_000 * 2 + divisor) / (2 * divisor));
  return { netCents, vatCents: totalCents - netCents };
}
