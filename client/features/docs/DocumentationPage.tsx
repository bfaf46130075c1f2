import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function DocumentationPage() {
  return (
    <Page meta={PAGES.documentation.meta} title="Research Methodology">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
