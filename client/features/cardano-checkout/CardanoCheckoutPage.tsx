import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function CardanoCheckoutPage() {
  return (
    <Page meta={PAGES.cardanoCheckout.meta} title="Pay with Cardano">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
