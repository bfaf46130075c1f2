import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { TIMINGS_MS } from '../../../contract/constants';
import { PAGES } from '../../../contract/pages';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageMeta } from '../../components/ui/page-meta';
import { Spinner } from '../../components/ui/spinner';
import { afterPaymentPath } from '../../lib/after-payment';
import { confirmPayment } from './api';

type Outcome =
  | { kind: 'checking' }
  | { kind: 'succeeded'; reportId: number | null }
  | { kind: 'error'; message: string };

/** Where Stripe returns after a payment that needed a redirect. */
export function PaymentSuccessPage() {
  const params = new URLSearchParams(useSearch());
  const paymentIntent = params.get('payment_intent');
  const redirectStatus = params.get('redirect_status');
  const [, navigate] = useLocation();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'checking' });

  useEffect(() => {
    if (redirectStatus !== 'succeeded' || !paymentIntent) {
      setOutcome({ kind: 'error', message: 'Payment verification failed' });
      return;
    }
    let cancelled = false;
    // The server asks Stripe itself; the query string alone grants nothing.
    confirmPayment(paymentIntent)
      .then(({ reportId }) => !cancelled && setOutcome({ kind: 'succeeded', reportId }))
      .catch(
        () => !cancelled && setOutcome({ kind: 'error', message: 'Error processing payment confirmation' }),
      );
    return () => {
      cancelled = true;
    };
  }, [paymentIntent, redirectStatus]);

  useEffect(() => {
    if (outcome.kind !== 'succeeded') return;
    const timer = window.setTimeout(
      () => navigate(afterPaymentPath(outcome.reportId)),
      TIMINGS_MS.successPageRedirect,
    );
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12">
      <PageMeta meta={PAGES.paymentSuccess.meta} />
      {outcome.kind === 'checking' ? (
        <div className="flex justify-center py-12">
          <Spinner label="Checking your payment" className="text-primary" />
        </div>
      ) : outcome.kind === 'succeeded' ? (
        <Card className="text-center" role="status">
          <CheckCircle2 size={48} aria-hidden className="mx-auto text-success" />
          <h1 className="mt-4 text-2xl font-bold">Payment Successful!</h1>
          <p className="mt-2 text-muted">
            Your purchase is confirmed. Taking you to {outcome.reportId ? 'your report' : 'your dashboard'}...
          </p>
        </Card>
      ) : (
        <Card className="text-center">
          <XCircle size={48} aria-hidden className="mx-auto text-destructive" />
          <h1 className="mt-4 text-2xl font-bold">Payment Error</h1>
          <p className="mt-2 text-muted">{outcome.message}</p>
          <Button className="mt-6" onClick={() => navigate('/dashboard')}>
            Return to Dashboard
          </Button>
        </Card>
      )}
    </div>
  );
}
