import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function CookiePolicyPage() {
  return (
    <Page meta={PAGES.cookiePolicy.meta} title="Cookie Policy">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
