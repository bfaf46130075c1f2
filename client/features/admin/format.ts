import type { FlaggedPayment, UnmatchedIncoming } from '../../../contract/admin';
import { CROW_TOKEN_LABEL, toDisplayAmount } from '../../../contract/cardano';
import type { RefundReason, RefundStatus } from '../../../contract/purchases';

/** Base units as a person reads them: ADA with 6 decimals (exact to the lovelace), tokens as whole units. */
export function displayQuantity(quantity: string, currency: FlaggedPayment['currency']): string {
  const [whole = '0', fraction] = toDisplayAmount(BigInt(quantity), currency).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fraction === undefined ? grouped : `${grouped}.${fraction}`} ${currency === 'ADA' ? 'ADA' : CROW_TOKEN_LABEL}`;
}

export const METHOD_LABELS = {
  card: 'Card',
  cardano: 'Cardano',
  credits: 'API credit',
  x402: 'Cardano (pay per call)',
} as const;

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  duplicate_payment: 'Second payment',
  research_failed: 'Research failed',
  account_deleted: 'Paid after the account was deleted',
};

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Refund sending',
  succeeded: 'Refunded',
  failed: 'Refund failed',
  due: 'Refund due',
};

export const CLASSIFICATION_LABELS: Record<UnmatchedIncoming['classification'], string> = {
  late: 'Late (after the watch window)',
  duplicate: 'Sent again after confirmation',
  surplus: 'Over-payment surplus',
};
