import { FlaskConical } from 'lucide-react';
import { useId, useState } from 'react';
import { SANDBOX_CARDS, SANDBOX_COUNTRY_CARDS, sandboxCardCountry } from '../../../contract/payments';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { payWithSandboxCard } from './api';
import type { CardFormProps } from './card-form';

/** The clearly labelled test card form used when the server runs without Stripe keys (never in production). */
export function SandboxCardForm({ paymentIntentId, payLabel, onBack, onPaid, onCardCountry }: CardFormProps) {
  const cardId = useId();
  const noteId = useId();
  const [cardNumber, setCardNumber] = useState('');
  const [processing, setProcessing] = useState(false);
  // A declined card is said under the card number, as Stripe's own form does; typing clears it.
  const [cardError, setCardError] = useState<string | undefined>(undefined);
  const errorId = `${cardId}-error`;

  const pay = async () => {
    setProcessing(true);
    try {
      await payWithSandboxCard(paymentIntentId, cardNumber);
    } catch (error) {
      setCardError(`Payment Failed: ${errorMessage(error, 'Your payment could not be completed.')}`);
      setProcessing(false);
      return;
    }
    await onPaid(paymentIntentId);
    setProcessing(false);
  };

  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (!processing && cardNumber.trim()) void pay();
      }}
    >
      <div
        id={noteId}
        className="flex gap-3 rounded-md border border-warning/40 bg-warning/10 p-4 text-sm"
        data-testid="sandbox-notice"
      >
        <FlaskConical size={20} aria-hidden className="shrink-0 text-warning" />
        <div>
          <p className="font-semibold">Sandbox mode: test payments only, no real money is charged.</p>
          <p className="mt-1">
            Card {SANDBOX_CARDS.succeeds} succeeds; {SANDBOX_CARDS.declined} is declined.
          </p>
          <p className="mt-1">
            Each test card has an issuing country, as Stripe's do; the VAT above follows it:{' '}
            {SANDBOX_COUNTRY_CARDS.map((card) => `${card.country} ${card.number}`).join(', ')}.
          </p>
        </div>
      </div>
      <div>
        <Label htmlFor={cardId}>Card number (sandbox)</Label>
        <Input
          id={cardId}
          className="mt-1"
          inputMode="numeric"
          autoComplete="off"
          placeholder={SANDBOX_CARDS.succeeds}
          aria-describedby={cardError ? `${errorId} ${noteId}` : noteId}
          aria-invalid={Boolean(cardError)}
          value={cardNumber}
          maxLength={23}
          onChange={(event) => {
            setCardError(undefined);
            setCardNumber(event.target.value);
            // The checkout's VAT line follows the card's issuing country as soon as it is known.
            onCardCountry(sandboxCardCountry(event.target.value));
          }}
        />
        <FieldError id={errorId} message={cardError} />
      </div>
      <div className="flex gap-3">
        <Button variant="secondary" onClick={onBack} disabled={processing}>
          Back
        </Button>
        <Button type="submit" className="flex-1" disabled={processing || !cardNumber.trim()}>
          {processing ? 'Processing...' : payLabel}
        </Button>
      </div>
    </form>
  );
}
