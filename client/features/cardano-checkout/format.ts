// Display rules: price per unit with 4 decimals (token 6); amounts are in lib/cardano-amounts.ts.

export type CheckoutCurrency = 'ADA' | 'CROW';

export function formatUnitPrice(price: number, currency: CheckoutCurrency): string {
  return `$${price.toFixed(currency === 'ADA' ? 4 : 6)}`;
}

export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
