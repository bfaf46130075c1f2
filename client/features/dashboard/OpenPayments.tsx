import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { cardanoPaymentPath } from '../../../contract/cardano';
import { PURCHASE_TYPE_LABELS } from '../../../contract/reports';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { formatExactAmount } from '../../lib/cardano-amounts';
import { openCardanoPaymentsQuery } from './api';

const OPEN_PAYMENTS_POLL_MS = 30_000;

const untilText = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { timeStyle: 'short' });

/**
 * Cardano payments the buyer started and has not paid yet, while they can still be paid: a phone
 * that went to its wallet app and lost the page comes back to the same address from here.
 */
export function OpenPayments() {
  const query = useQuery({ ...openCardanoPaymentsQuery, refetchInterval: OPEN_PAYMENTS_POLL_MS });
  const payments = query.data?.payments ?? [];
  if (payments.length === 0) return null;
  return (
    <Card className="mb-6" data-testid="open-payments">
      <CardTitle id="open-payments-title">Payments waiting for you</CardTitle>
      <ul className="mt-3 space-y-3" aria-labelledby="open-payments-title">
        {payments.map((payment) => (
          <li
            key={payment.id}
            className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3"
          >
            <p className="text-sm">
              <span className="font-semibold">{payment.researchAsset}</span> ·{' '}
              {PURCHASE_TYPE_LABELS[payment.purchaseType]} ·{' '}
              {formatExactAmount(payment.remainingAmount, payment.currency)} · open until{' '}
              {untilText(payment.expiresAt)}
            </p>
            <Button asChild size="sm">
              <Link
                href={cardanoPaymentPath(payment.id)}
                aria-label={`Resume payment for ${payment.researchAsset}`}
              >
                Resume payment
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
