import { useQuery } from '@tanstack/react-query';
import { PAGES } from '../../../contract/pages';
import type { Health, PaymentMode } from '../../../contract/site';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { healthQuery } from './api';

const PART: Record<'ok' | 'down', { label: string; tone: BadgeTone }> = {
  ok: { label: 'Working', tone: 'success' },
  down: { label: 'Down', tone: 'danger' },
};
const PAYMENT: Record<PaymentMode, { label: string; tone: BadgeTone }> = {
  live: { label: 'Live', tone: 'success' },
  sandbox: { label: 'Sandbox (no real money)', tone: 'warning' },
  unavailable: { label: 'Unavailable', tone: 'grey' },
};

function Rows({ health }: { health: Health }) {
  const rows: [string, { label: string; tone: BadgeTone }][] = [
    ['Website and API', PART.ok],
    ['Database', PART[health.database]],
    ['Research queue', PART[health.queue]],
    ['Card payments', PAYMENT[health.payments.card]],
    ['Cardano payments', PAYMENT[health.payments.cardano]],
  ];
  return (
    <dl className="divide-y divide-border">
      {rows.map(([name, state]) => (
        <div key={name} className="flex min-h-11 items-center justify-between gap-3 py-2">
          <dt>{name}</dt>
          <dd>
            <Badge tone={state.tone}>{state.label}</Badge>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The footer's "Status": the health answer in words, instead of raw JSON. */
export function StatusPage() {
  const query = useQuery({ ...healthQuery, refetchInterval: 30_000 });
  return (
    <Page meta={PAGES.status.meta} title="Service status">
      {query.isPending ? (
        <Spinner label="Checking the service" className="text-primary" />
      ) : !query.data ? (
        <Card role="alert">The service could not be reached. Please try again in a minute.</Card>
      ) : (
        <Card>
          <p className="mb-3 text-lg font-semibold" data-testid="overall-status">
            {query.data.status === 'ok' ? 'All systems working' : 'Some parts are not working'}
          </p>
          <Rows health={query.data} />
          <p className="mt-3 text-xs text-muted">
            Up for {Math.floor(query.data.uptimeSeconds / 60)} minutes. Checked every 30 seconds.
          </p>
        </Card>
      )}
    </Page>
  );
}
