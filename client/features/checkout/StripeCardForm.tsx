import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FieldError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import type { CardFormProps } from './card-form';

// Stripe's Payment Element. This module is loaded only by the checkout page (lazy import), and
// the `/pure` entry injects Stripe's script only when loadStripe is called here.

export default function StripeCardForm({
  publishableKey,
  clientSecret,
  payLabel,
  onBack,
  onPaid,
  onUnavailable,
}: CardFormProps & { publishableKey: string }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  // A refusal (a declined card) is said under the card fields, as Stripe's examples do; a change
  // to the card clears it.
  const [payError, setPayError] = useState<string | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    loadStripe(publishableKey)
      .then((loaded) => {
        if (cancelled || !loaded || !mountRef.current) {
          if (!loaded && !cancelled) onUnavailable();
          return;
        }
        const dark = document.documentElement.classList.contains('dark');
        const created = loaded.elements({ clientSecret, appearance: { theme: dark ? 'night' : 'stripe' } });
        const element = created.create('payment');
        element.on('ready', () => setReady(true));
        element.on('change', () => setPayError(undefined));
        element.mount(mountRef.current);
        destroy = () => element.destroy();
        setStripe(loaded);
        setElements(created);
      })
      .catch(() => {
        if (!cancelled) onUnavailable();
      });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [publishableKey, clientSecret, onUnavailable]);

  const pay = async () => {
    if (!stripe || !elements) return;
    setProcessing(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/payment-success` },
        redirect: 'if_required',
      });
      if (result.error) {
        setPayError(`Payment Failed: ${result.error.message ?? 'Your payment could not be completed.'}`);
      } else if (result.paymentIntent.status === 'succeeded') {
        await onPaid(result.paymentIntent.id);
      } else if (result.paymentIntent.status === 'processing') {
        toast({
          title: 'Payment Processing',
          description: 'Your payment is being processed. Please wait...',
        });
      } else {
        setPayError('Payment Failed: Your payment could not be completed.');
      }
    } finally {
      setProcessing(false);
    }
  };

  return (
    <div className="space-y-6">
      <div ref={mountRef} data-testid="stripe-payment-element" className="min-h-24" />
      <FieldError id="stripe-payment-error" message={payError} />
      {!ready && <Spinner label="Loading the payment form" />}
      <div className="flex gap-3">
        <Button variant="secondary" onClick={onBack} disabled={processing}>
          Back
        </Button>
        <Button
          className="flex-1"
          onClick={pay}
          aria-describedby={payError ? 'stripe-payment-error' : undefined}
          disabled={processing || !ready || !stripe || !elements}
        >
          {processing ? 'Processing...' : payLabel}
        </Button>
      </div>
    </div>
  );
}
