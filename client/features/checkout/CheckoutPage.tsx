import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function CheckoutPage() {
  return (
    <Page meta={PAGES.checkout.meta} title="Checkout">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
