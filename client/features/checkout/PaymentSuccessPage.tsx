import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function PaymentSuccessPage() {
  return (
    <Page meta={PAGES.paymentSuccess.meta} title="Payment">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
