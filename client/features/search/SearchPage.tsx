import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function SearchPage() {
  return (
    <Page meta={PAGES.search.meta} title="Search reports">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
