import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function DashboardPage() {
  return (
    <Page meta={PAGES.dashboard.meta} title="Dashboard">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
