import { describe, expect, it } from 'vitest';
import { agreedCountry, decideVat, type SupplyEvidence } from './place-of-supply';
import { splitInclusiveTotal, standardVatRate } from './vat-rates';

const none: SupplyEvidence = {
  statedCountry: null,
  ipCountry: null,
  cardCountry: null,
  vatId: null,
  vies: null,
  viesCountry: null,
};
const day = new Date('2026-11-26T12:00:00Z');

describe('place of supply (decision 0302)', () => {
  it('needs two pieces of evidence that agree', () => {
    expect(agreedCountry({ ...none, statedCountry: 'DE', ipCountry: 'DE' })).toBe('DE');
    expect(agreedCountry({ ...none, statedCountry: 'FR', ipCountry: 'DE', cardCountry: 'DE' })).toBe('DE');
    expect(agreedCountry({ ...none, statedCountry: 'FR', ipCountry: 'DE' })).toBeNull();
    expect(agreedCountry({ ...none, statedCountry: 'FR' })).toBeNull();
  });

  it("conflicting or single evidence: the seller's country and rate, and the rule is recorded", () => {
    const decision = decideVat({ ...none, statedCountry: 'FR', ipCountry: 'DE' }, 'IE', day);
    expect(decision).toMatchObject({
      customerCountry: null,
      vatCountry: 'IE',
      ratePercent: 23,
      rule: 'insufficient_evidence_seller_country',
    });
  });

  it('outside the EU no EU VAT is charged; GB is outside', () => {
    expect(decideVat({ ...none, statedCountry: 'US', ipCountry: 'US' }, 'IE', day)).toMatchObject({
      treatment: 'outside_eu',
      ratePercent: 0,
    });
    expect(decideVat({ ...none, statedCountry: 'GB', cardCountry: 'GB' }, 'IE', day).treatment).toBe(
      'outside_eu',
    );
  });

  it('reverse charge only for a VIES-valid number of the decided country', () => {
    const business = { ...none, statedCountry: 'DE', ipCountry: 'DE', vatId: 'DE123456789' };
    expect(decideVat({ ...business, vies: 'valid', viesCountry: 'DE' }, 'IE', day).treatment).toBe(
      'reverse_charge',
    );
    expect(decideVat({ ...business, vies: 'unavailable', viesCountry: null }, 'IE', day)).toMatchObject({
      treatment: 'eu_vat',
      vatCountry: 'DE',
      ratePercent: 19,
    });
    expect(decideVat({ ...business, vies: 'valid', viesCountry: 'AT' }, 'IE', day).treatment).toBe('eu_vat');
  });

  it('takes the rate in force on the day from the dataset', () => {
    expect(standardVatRate('FI', new Date('2024-08-31T00:00:00Z'))?.percent).toBe(24);
    expect(standardVatRate('FI', new Date('2024-09-01T00:00:00Z'))?.percent).toBe(25.5);
    expect(standardVatRate('US', day)).toBeNull();
  });
});

describe('VAT out of a tax-inclusive price (decision 0301)', () => {
  it('rounds the net half up and keeps the VAT as the remainder', () => {
    expect(splitInclusiveTotal(499, 23)).toEqual({ netCents: 406, vatCents: 93 });
    expect(splitInclusiveTotal(499, 19)).toEqual({ netCents: 419, vatCents: 80 });
    expect(splitInclusiveTotal(299, 25.5)).toEqual({ netCents: 238, vatCents: 61 });
    expect(splitInclusiveTotal(499, 0)).toEqual({ netCents: 499, vatCents: 0 });
    for (let cents = 1; cents < 2000; cents += 7) {
      const { netCents, vatCents } = splitInclusiveTotal(cents, 21);
      expect(netCents + vatCents).toBe(cents);
    }
  });
});
