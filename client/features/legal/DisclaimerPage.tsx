import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function DisclaimerPage() {
  return (
    <Page meta={PAGES.disclaimer.meta} title="Disclaimer">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
