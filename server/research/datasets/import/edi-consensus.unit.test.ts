import { describe, expect, it } from 'vitest';
import { parseEdiConsensusCsv } from './edi-consensus';

// Rows as the EDI clustered files write them: a header of metric columns (some named with "="),
// one row a month, no newline at the end.
const CSV = [
  'ledger,date,clustering,entropy=1,gini,hhi,nakamoto_coefficient,theil_index,concentration_ratio=1,concentration_ratio=3,tau_index=0.33,total_entities',
  'bitcoin,2026-05-03,True,3.14,0.76,1599.5,3,1.15,0.3045,0.5803,2,24',
  'bitcoin,2018-01-15,True,2.93,0.79,2167.8,2,1.33,0.4102,0.6593,1,25',
].join('\n');

describe('EDI block-production files', () => {
  it('read each month’s Nakamoto coefficient, largest shares and entity count, oldest first', () => {
    expect(parseEdiConsensusCsv(CSV, 'bitcoin')).toEqual([
      { date: '2018-01-15', nakamotoCoefficient: 2, top1Share: 0.4102, top3Share: 0.6593, entities: 25 },
      { date: '2026-05-03', nakamotoCoefficient: 3, top1Share: 0.3045, top3Share: 0.5803, entities: 24 },
    ]);
  });

  it('refuse a file without the columns read, or a row of another ledger', () => {
    expect(() => parseEdiConsensusCsv('ledger,date,gini\nbitcoin,2026-05-03,0.7', 'bitcoin')).toThrow(
      /columns missing: nakamoto_coefficient/,
    );
    expect(() => parseEdiConsensusCsv(CSV.replace('bitcoin,2018', 'litecoin,2018'), 'bitcoin')).toThrow(
      /a row of another ledger/,
    );
  });
});
