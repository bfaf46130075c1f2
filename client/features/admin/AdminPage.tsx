import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function AdminPage() {
  return (
    <Page meta={PAGES.admin.meta} title="Admin">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
