import { Link } from 'wouter';
import { NOT_FOUND_META } from '../../../contract/pages';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';

export function NotFoundPage() {
  return (
    <Page meta={NOT_FOUND_META}>
      <div className="py-16 text-center">
        <h1 className="text-3xl font-bold">404 Page Not Found</h1>
        <p className="mt-3 text-muted">Sorry, the page you're looking for doesn't exist.</p>
        <Button asChild className="mt-8">
          <Link href="/">Go to Home</Link>
        </Button>
      </div>
    </Page>
  );
}
