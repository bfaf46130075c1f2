/** What both card forms (Stripe's Payment Element and the sandbox form) need from the checkout. */
export interface CardFormProps {
  clientSecret: string;
  paymentIntentId: string;
  payLabel: string;
  onBack: () => void;
  /** The provider says the payment succeeded: tell the server, then leave. */
  onPaid: (paymentIntentId: string) => Promise<void>;
  onUnavailable: () => void;
}
