import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';

// Placeholder until this screen's issue lands.
export function BugReportPage() {
  return (
    <Page meta={PAGES.bugReport.meta} title="Report a Bug">
      <p className="text-muted">This part of the product is coming soon.</p>
    </Page>
  );
}
