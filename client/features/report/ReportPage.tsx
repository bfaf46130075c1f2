import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function ReportPage() {
  return (
    <Page meta={PAGES.report.meta} title="Research Report">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
