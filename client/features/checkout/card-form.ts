/** What both card forms (Stripe's Payment Element and the sandbox form) need from the checkout. */
export interface CardFormProps {
  clientSecret: string;
  paymentIntentId: string;
  payLabel: string;
  onBack: () => void;
  /** The provider says the payment succeeded: tell the server, then leave. */
  onPaid: (paymentIntentId: string) => Promise<void>;
  onUnavailable: () => void;
  /** The sandbox form names the typed test card's issuing country, so the VAT shown is the one charged. */
  onCardCountry: (country: string | null) => void;
}
