import type { CardanoPayment } from '../../../contract/cardano';

// Display rules: ADA amounts with 2 decimals, price per unit with 4 (token 6).

export type CheckoutCurrency = 'ADA' | 'CROW';

export function formatTokenAmount(amount: string | number, currency: CardanoPayment['currency']): string {
  const value = Number(amount);
  if (currency === 'ADA') return `${value.toFixed(2)} ADA`;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 0 })} CROW`;
}

/** What arrived or is still owed: exact to the lovelace (at least 2 decimals), so a top-up is never short. */
export function formatExactAmount(amount: string, currency: CardanoPayment['currency']): string {
  if (currency !== 'ADA') return formatTokenAmount(amount, currency);
  const [whole, fraction = ''] = amount.split('.');
  const decimals = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${decimals} ADA`;
}

export function formatUnitPrice(price: number, currency: CheckoutCurrency): string {
  return `$${price.toFixed(currency === 'ADA' ? 4 : 6)}`;
}

export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
