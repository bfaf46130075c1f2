import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FailedReport } from '../../../contract/admin';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { formatDateTime, formatUsd } from '../../lib/report-format';
import { AdminListSection, AdminTable, CELL } from './AdminListSection';
import { failedReportsQuery, openRefundsQuery, refundPurchase, retryResearch } from './api';
import { METHOD_LABELS, REFUND_STATUS_LABELS } from './format';

export function FailedReportsSection() {
  const failed = useQuery(failedReportsQuery);
  return (
    <AdminListSection
      prominence="attention"
      headingId="failed-heading"
      title="Failed Research Reports"
      description="Paid research that stopped with an error. Retry the research, or refund the buyer (card: refunded through the card provider; Cardano: recorded as due)."
      query={failed}
      emptyText="No failed research reports."
    >
      {(reports) => (
        <AdminTable
          columns={['ID', 'Asset', 'Reason', 'Buyer', 'Amount', 'Method', 'Failed at', 'Actions']}
          rows={reports}
          rowTestId="failed-report"
          cells={(report) => (
            <>
              <td className={CELL}>{report.id}</td>
              <td className={CELL}>{report.assetName}</td>
              <td className={`${CELL} break-words`}>{report.failureReason ?? 'No reason recorded'}</td>
              <td className={CELL}>
                {report.purchase ? (
                  <>
                    {report.purchase.buyer.username}
                    <br />
                    <span className="break-all text-muted">{report.purchase.buyer.email}</span>
                  </>
                ) : (
                  <span className="text-muted">No paid purchase</span>
                )}
              </td>
              <td className={CELL}>{report.purchase ? formatUsd(report.purchase.amount) : '—'}</td>
              <td className={CELL}>{report.purchase ? METHOD_LABELS[report.purchase.paymentMethod] : '—'}</td>
              <td className={CELL}>{formatDateTime(report.updatedAt)}</td>
              <td className={CELL}>
                <FailedReportActions report={report} />
              </td>
            </>
          )}
        />
      )}
    </AdminListSection>
  );
}

type Action = 'retry' | 'refund';

/** Retry and Refund, each confirmed in place before anything is sent. */
function FailedReportActions({ report }: { report: FailedReport }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const purchase = report.purchase;
  const refundStatus = purchase?.refundStatus ?? null;
  const action = useMutation({
    mutationFn: async (kind: Action) => {
      if (kind === 'retry') await retryResearch(report.id);
      // Unreachable: the Refund button is shown only for a report with a paid purchase.
      else if (!purchase) throw new Error('No paid purchase to refund');
      else await refundPurchase(purchase.id);
    },
    onSuccess: async (_data, kind) => {
      setConfirming(null);
      toast({
        title: 'Success',
        description:
          kind === 'retry'
            ? `Research on ${report.assetName} was queued again.`
            : purchase?.paymentMethod === 'card'
              ? 'The refund is being sent to the card provider.'
              : 'The refund is recorded as due: send it from the wallet.',
      });
      await queryClient.invalidateQueries({ queryKey: failedReportsQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: openRefundsQuery.queryKey });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'The action failed.'),
        variant: 'destructive',
      }),
  });

  // A refund the provider refused can be sent again with the same button.
  if (refundStatus && refundStatus !== 'failed') {
    return <Badge tone="grey">{REFUND_STATUS_LABELS[refundStatus]}</Badge>;
  }
  if (confirming) {
    const question =
      confirming === 'retry'
        ? `Retry research on ${report.assetName}?`
        : `Refund ${formatUsd(purchase?.amount ?? '0')} to ${purchase?.buyer.username}?`;
    return (
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">{question}</legend>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={confirming === 'refund' ? 'destructive' : 'primary'}
            disabled={action.isPending}
            onClick={() => action.mutate(confirming)}
          >
            {confirming === 'retry' ? 'Confirm retry' : 'Confirm refund'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={action.isPending}
            onClick={() => setConfirming(null)}
          >
            Cancel
          </Button>
        </div>
      </fieldset>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {refundStatus ? (
        <Badge tone="danger">{REFUND_STATUS_LABELS.failed}</Badge>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => setConfirming('retry')}>
          Retry research
        </Button>
      )}
      {purchase && (
        <Button size="sm" variant="secondary" onClick={() => setConfirming('refund')}>
          Refund
        </Button>
      )}
    </div>
  );
}
