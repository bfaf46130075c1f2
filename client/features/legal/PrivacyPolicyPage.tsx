import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function PrivacyPolicyPage() {
  return (
    <Page meta={PAGES.privacyPolicy.meta} title="Privacy Policy">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
