// Reads dawsbot/eth-labels data/csv/tokens.csv (MIT), whole: every labelled token contract with
// its chain id, label, name, symbol and website, as Etherscan-family explorers label them. Pure:
// the build script feeds it the file text; the reviewed map (token-contract-map.ts) says which
// rows are the catalogue's tokens (decision 0244).
import { csvFields } from './market';

export interface TokenLabelRow {
  address: string;
  chainId: number;
  label: string;
  name: string;
  symbol: string;
  website?: string;
}

const HEADER = 'address,chainId,label,name,symbol,website,image';

/** Every row of tokens.csv; throws on a row it cannot read. */
export function parseTokenLabels(text: string, path: string): TokenLabelRow[] {
  const lines = text.replace(/\r/g, '').split('\n');
  if (lines[0] !== HEADER) throw new Error(`${path}: unexpected header "${lines[0]}"`);
  const rows: TokenLabelRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i]!.trim() === '') continue;
    const f = csvFields(lines[i]!);
    const where = `${path} line ${i + 1}`;
    if (f.length !== 7) throw new Error(`${where}: ${f.length} fields, not 7`);
    const [address, chainId, label, name, symbol, website] = f as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!/^0x[0-9a-f]{40}$/.test(address))
      throw new Error(`${where}: "${address}" is not a lower-case address`);
    if (!/^\d+$/.test(chainId)) throw new Error(`${where}: chain id "${chainId}" is not a number`);
    rows.push({
      address,
      chainId: Number(chainId),
      label,
      name,
      symbol,
      ...(website && website !== 'null' ? { website } : {}),
    });
  }
  return rows;
}

/** One catalogue token's contracts as the file labels them (a contract may carry several labels). */
export interface TokenContractRecord {
  id: string;
  chainId: number;
  contracts: { address: string; name: string; symbol: string; website?: string; labels: string[] }[];
}

/** The catalogue's tokens per the reviewed map; throws where a mapped row is absent or not the catalogue's symbol. */
export function tokenContractsOf(
  rows: readonly TokenLabelRow[],
  map: Record<string, { chainId: number; addresses: readonly string[] }>,
  symbolOf: (id: string) => string | undefined,
): TokenContractRecord[] {
  return Object.entries(map).map(([id, { chainId, addresses }]) => {
    const symbol = symbolOf(id);
    if (!symbol) throw new Error(`token map names unknown asset ${id}`);
    const contracts = addresses.map((address) => {
      const labelled = rows.filter((r) => r.address === address && r.chainId === chainId);
      if (!labelled.length)
        throw new Error(`token map: ${id}'s ${address} on chain ${chainId} is not in the file`);
      // Some rows cut the name short ("Synthetix Ne..."): the whole name is kept where a row has it.
      const first = labelled.find((r) => !r.name.endsWith('...')) ?? labelled[0]!;
      if (first.symbol.toLowerCase() !== symbol.toLowerCase())
        throw new Error(`token map: ${address} is ${first.symbol} in the file, not ${symbol}`);
      return {
        address,
        name: first.name,
        symbol: first.symbol,
        ...(first.website ? { website: first.website } : {}),
        labels: [...new Set(labelled.map((r) => r.label))].sort(),
      };
    });
    return { id, chainId, contracts };
  });
}
