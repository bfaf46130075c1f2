import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function TermsOfServicePage() {
  return (
    <Page meta={PAGES.termsOfService.meta} title="Terms of Service">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
