import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'wouter';
import { purchaseCheckQuery } from '../../lib/queries/purchase-check';
import { Button } from './button';
import { Card } from './card';

/** The one-purchase rule's answer for a report, asked before any payment starts. */
export function usePurchaseCheck(reportId: number | null) {
  return useQuery({
    ...purchaseCheckQuery(reportId ?? 0),
    enabled: reportId !== null && reportId > 0,
    staleTime: 0,
  });
}

/** Shown instead of a checkout when the buyer already owns the report. */
export function OwnedReportNotice({ reportId, message }: { reportId: number; message: string }) {
  return (
    <Card className="text-center" role="status" data-testid="owned-report-notice">
      <CheckCircle2 size={40} aria-hidden className="mx-auto text-success" />
      <h2 className="mt-4 text-2xl font-bold">{message}</h2>
      <p className="mt-2 text-muted">There is nothing to pay: it is in My Reports.</p>
      <Button asChild className="mt-6">
        <Link href={`/report/${reportId}`}>View your report</Link>
      </Button>
    </Card>
  );
}
