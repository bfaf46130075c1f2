import { EU_COUNTRIES, standardVatRate } from './vat-rates';

// Where a digital service is supplied for VAT (decision 0302): the customer's country, decided
// from two pieces of evidence that agree. Pure: the same evidence on the same day decides the same.

export interface SupplyEvidence {
  /** The country the buyer stated at checkout. */
  statedCountry: string | null;
  /** The country of the buyer's IP address (a trusted proxy's header), when known. */
  ipCountry: string | null;
  /** The issuing country of the buyer's card, when the card provider gives it. */
  cardCountry: string | null;
  /** An EU business buyer's VAT number and what VIES answered about it. */
  vatId: string | null;
  vies: 'valid' | 'invalid' | 'unavailable' | null;
  /** The country VIES confirmed the number for (ISO code). */
  viesCountry: string | null;
}

export type SupplyRule =
  /** Two or more pieces of evidence name the same country. */
  | 'two_agreeing_pieces'
  /** Fewer than two pieces agree: the seller's own country and rate apply (recorded). */
  | 'insufficient_evidence_seller_country'
  /** A VAT number VIES confirmed, for the country the evidence decided: reverse charge. */
  | 'reverse_charge_vies_valid';

export interface VatDecision {
  /** The customer's country as decided (null: undecided, the seller's country was used). */
  customerCountry: string | null;
  /** The country whose VAT applies; null when none does (outside the EU, reverse charge). */
  vatCountry: string | null;
  treatment: 'eu_vat' | 'reverse_charge' | 'outside_eu';
  ratePercent: number;
  rateSource: string | null;
  rule: SupplyRule;
}

/** The country at least two pieces of evidence name, in the order stated, IP, card. */
export function agreedCountry(evidence: SupplyEvidence): string | null {
  const pieces = [evidence.statedCountry, evidence.ipCountry, evidence.cardCountry].filter(
    (country): country is string => Boolean(country),
  );
  for (const country of pieces) {
    if (pieces.filter((other) => other === country).length >= 2) return country;
  }
  return null;
}

export function decideVat(evidence: SupplyEvidence, sellerCountry: string, on: Date): VatDecision {
  const agreed = agreedCountry(evidence);
  const country = agreed ?? sellerCountry;
  const rule: SupplyRule = agreed ? 'two_agreeing_pieces' : 'insufficient_evidence_seller_country';
  if (!EU_COUNTRIES.has(country)) {
    return {
      customerCountry: agreed,
      vatCountry: null,
      treatment: 'outside_eu',
      ratePercent: 0,
      rateSource: null,
      rule,
    };
  }
  // Reverse charge only for a number VIES confirmed, in the country the evidence decided: an
  // unreachable VIES or an invalid number means VAT is charged.
  if (agreed && evidence.vatId && evidence.vies === 'valid' && evidence.viesCountry === agreed) {
    return {
      customerCountry: agreed,
      vatCountry: null,
      treatment: 'reverse_charge',
      ratePercent: 0,
      rateSource: null,
      rule: 'reverse_charge_vies_valid',
    };
  }
  const rate = standardVatRate(country, on);
  if (!rate) throw new Error(`no VAT rate for ${country} on ${on.toISOString()}`);
  return {
    customerCountry: agreed,
    vatCountry: country,
    treatment: 'eu_vat',
    ratePercent: rate.percent,
    rateSource: rate.source,
    rule,
  };
}

/**
 * The VAT a buyer who states `country` finds in the tax-inclusive price, shown at checkout before
 * paying (decision 0305): the treatment the invoice gives when the evidence confirms that
 * country, with reverse charge only for a VAT number VIES confirmed for it.
 */
export function vatForStatedCountry(
  country: string,
  vies: { status: 'valid' | 'invalid' | 'unavailable'; country: string | null } | null,
  on: Date,
): Pick<VatDecision, 'vatCountry' | 'treatment' | 'ratePercent' | 'rateSource'> {
  const decision = decideVat(
    {
      // The preview assumes what the invoice needs: a second piece of evidence that agrees.
      statedCountry: country,
      ipCountry: country,
      cardCountry: null,
      vatId: vies ? 'checked' : null,
      vies: vies?.status ?? null,
      viesCountry: vies?.status === 'valid' ? vies.country : null,
    },
    country,
    on,
  );
  return {
    vatCountry: decision.vatCountry,
    treatment: decision.treatment,
    ratePercent: decision.ratePercent,
    rateSource: decision.rateSource,
  };
}
