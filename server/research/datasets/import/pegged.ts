// Reads DefiLlama/peggedassets-server's stablecoin registry (src/peggedData/peggedData.ts). Only
// facts are kept (CoinGecko id, peg type, peg mechanism, attestation links, and the one sentence
// that states who can mint and redeem, quoted as the registry's statement of that fact); the
// registry's descriptions are not copied, because the repository declares no license.

export interface PeggedRecord {
  geckoId: string;
  name: string;
  symbol: string;
  pegType: string;
  pegMechanism: string;
  /** Attestation or transparency pages the registry lists for the coin. */
  attestations: string[];
  /** How holders mint and redeem, as the registry's mintRedeemDescription states it. */
  mintRedeem?: string;
}

/** The entries of the registry's default export that name a CoinGecko id. */
export function peggedRecordsOf(registry: unknown): PeggedRecord[] {
  if (!Array.isArray(registry)) throw new Error('pegged registry: expected an array');
  return registry.flatMap((entry): PeggedRecord[] => {
    const e = entry as Record<string, unknown>;
    if (typeof e.gecko_id !== 'string' || !e.gecko_id) return [];
    const links = Array.isArray(e.auditLinks)
      ? e.auditLinks.filter((l): l is string => typeof l === 'string')
      : [];
    return [
      {
        geckoId: e.gecko_id,
        name: String(e.name ?? ''),
        symbol: String(e.symbol ?? ''),
        pegType: String(e.pegType ?? ''),
        pegMechanism: String(e.pegMechanism ?? ''),
        attestations: links.filter((l) => /^https?:\/\//.test(l)),
        ...(typeof e.mintRedeemDescription === 'string' && e.mintRedeemDescription.trim()
          ? { mintRedeem: e.mintRedeemDescription.trim() }
          : {}),
      },
    ];
  });
}
