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

type VatOf = Pick<VatDecision, 'vatCountry' | 'treatment' | 'ratePercent' | 'rateSource'>;

const vatOf = (decision: VatDecision): VatOf => ({
  vatCountry: decision.vatCountry,
  treatment: decision.treatment,
  ratePercent: decision.ratePercent,
  rateSource: decision.rateSource,
});

export interface CheckoutVatOutlook {
  basis: 'confirmed' | 'if_card_matches' | 'not_confirmed';
  /** The VAT the invoice charges (if_card_matches: when the card is issued in the stated country). */
  vat: VatOf;
  /** if_card_matches: the VAT a card issued elsewhere gets. */
  otherwise: VatOf | null;
}

/**
 * The VAT a buyer is told before paying (decisions 0305, 0380): the invoice's own decision on the
 * evidence known so far. A card payment whose card is not known yet depends on that card, so
 * both outcomes are given; a Cardano payment has only the connection's country to agree.
 */
export function checkoutVatOutlook(
  known: {
    statedCountry: string;
    ipCountry: string | null;
    cardCountry: string | null;
    method: 'card' | 'cardano';
    vies: { status: 'valid' | 'invalid' | 'unavailable'; country: string | null } | null;
  },
  sellerCountry: string,
  on: Date,
): CheckoutVatOutlook {
  const evidence: SupplyEvidence = {
    statedCountry: known.statedCountry,
    ipCountry: known.ipCountry,
    cardCountry: known.cardCountry,
    vatId: known.vies ? 'checked' : null,
    vies: known.vies?.status ?? null,
    viesCountry: known.vies?.status === 'valid' ? known.vies.country : null,
  };
  const now = decideVat(evidence, sellerCountry, on);
  if (now.rule !== 'insufficient_evidence_seller_country') {
    return { basis: 'confirmed', vat: vatOf(now), otherwise: null };
  }
  if (known.method === 'card' && !known.cardCountry) {
    const cardAgrees = decideVat({ ...evidence, cardCountry: known.statedCountry }, sellerCountry, on);
    return { basis: 'if_card_matches', vat: vatOf(cardAgrees), otherwise: vatOf(now) };
  }
  return { basis: 'not_confirmed', vat: vatOf(now), otherwise: null };
}
