import { type CardanoPayment, CROW_TOKEN_LABEL } from '../../contract/cardano';

// Cardano amounts as the checkout and the dashboard's open payments print them: ADA with 2
// decimals, CROW in whole tokens; what arrived or is still owed exact to the lovelace.

export function formatTokenAmount(amount: string | number, currency: CardanoPayment['currency']): string {
  const value = Number(amount);
  if (currency === 'ADA') return `${value.toFixed(2)} ADA`;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 0 })} ${CROW_TOKEN_LABEL}`;
}

/** What arrived or is still owed: exact to the lovelace (at least 2 decimals), so a top-up is never short. */
export function formatExactAmount(amount: string, currency: CardanoPayment['currency']): string {
  if (currency !== 'ADA') return formatTokenAmount(amount, currency);
  const [whole, fraction = ''] = amount.split('.');
  const decimals = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${decimals} ADA`;
}
