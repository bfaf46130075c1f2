// DefiLlama's stablecoin registry lists its "audit links" for a coin in one field: reserve
// attestations and transparency reports beside smart-contract audits (Frax's CertiK page,
// USDD's SlowMist report, USDe's Quantstamp audit). A code audit reviews the contracts, not the
// reserves, so only a document whose address names an attestation, a transparency report or
// the reserves counts as a reserve attestation (decision 0343).

const CODE_AUDIT = /audit|certik|slowmist|quantstamp|trailofbits|openzeppelin|peckshield|halborn|hacken/i;
const ATTESTATION = /attest|transparen|reserve|proof-of-reserve/i;

/** Splits registry links into reserve attestations and the other links (code audits and the rest). */
export function splitAttestationLinks(links: readonly string[]): {
  attestations: string[];
  others: string[];
} {
  const attestations = links.filter((url) => !CODE_AUDIT.test(url) && ATTESTATION.test(url));
  return { attestations, others: links.filter((url) => !attestations.includes(url)) };
}
