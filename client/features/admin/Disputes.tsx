import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDispute } from '../../../contract/disputes';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/report-format';
import { AdminListSection, AdminTable, CELL } from './AdminListSection';
import { disputesQuery, submitDisputeEvidence } from './api';

// Card disputes as Stripe's webhooks reported them (decision 0304), with "Submit evidence":
// the store's evidence goes to Stripe once, and the row then says when it went.

/** Stripe's codes (fraudulent, needs_response, warning_closed…) read as words. */
const words = (code: string) => {
  const text = code.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const STATUS_TONES: Record<string, BadgeTone> = {
  needs_response: 'danger',
  warning_needs_response: 'danger',
  under_review: 'warning',
  warning_under_review: 'warning',
  won: 'success',
  warning_closed: 'grey',
  lost: 'danger',
};

/** Stripe takes evidence only while a dispute waits for a response. */
const awaitsResponse = (dispute: AdminDispute) =>
  dispute.status === 'needs_response' || dispute.status === 'warning_needs_response';

export function DisputesSection() {
  const disputes = useQuery(disputesQuery);
  return (
    <AdminListSection
      prominence="attention"
      headingId="disputes-heading"
      title="Card Disputes"
      description="Chargebacks reported by Stripe. Submit the store's evidence (buyer's email and IP, report access log, invoice PDF, refund policy) before the due date; it can be sent once."
      query={disputes}
      emptyText="No card disputes."
    >
      {(rows) => (
        <AdminTable
          columns={['Dispute', 'Reason', 'Amount', 'Status', 'Evidence due', 'Evidence']}
          rows={rows}
          rowTestId="dispute"
          cells={(dispute) => (
            <>
              <td className={`${CELL} break-all`}>
                {dispute.stripeDisputeId}
                <br />
                <span className="text-muted">
                  {dispute.purchaseId === null ? 'No matching purchase' : `Purchase #${dispute.purchaseId}`}
                </span>
              </td>
              <td className={CELL}>{words(dispute.reason)}</td>
              <td className={CELL}>
                {dispute.amount} {dispute.currency}
              </td>
              <td className={CELL}>
                <Badge tone={STATUS_TONES[dispute.status] ?? 'neutral'}>{words(dispute.status)}</Badge>
                {dispute.accessRevokedAt && <p className="mt-1 text-muted">Report access ended</p>}
              </td>
              <td className={CELL}>{dispute.evidenceDueBy ? formatDateTime(dispute.evidenceDueBy) : '—'}</td>
              <td className={CELL}>
                <EvidenceAction dispute={dispute} />
              </td>
            </>
          )}
        />
      )}
    </AdminListSection>
  );
}

function EvidenceAction({ dispute }: { dispute: AdminDispute }) {
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: () => submitDisputeEvidence(dispute.id),
    onSuccess: async () => {
      toast({
        title: 'Evidence submitted',
        description: `Stripe has the evidence for ${dispute.stripeDisputeId}.`,
      });
      await queryClient.invalidateQueries({ queryKey: disputesQuery.queryKey });
    },
    onError: async (error) => {
      toast({
        title: 'Error',
        description: errorMessage(error, 'The evidence could not be submitted.'),
        variant: 'destructive',
      });
      // A 409 means it went already (another tab): show the row as it now is.
      await queryClient.invalidateQueries({ queryKey: disputesQuery.queryKey });
    },
  });
  if (dispute.evidenceSubmittedAt) {
    return <Badge tone="success">Submitted {formatDateTime(dispute.evidenceSubmittedAt)}</Badge>;
  }
  if (!awaitsResponse(dispute) || dispute.purchaseId === null) return <span className="text-muted">—</span>;
  return (
    <Button
      size="sm"
      disabled={submit.isPending || submit.isSuccess}
      aria-label={`Submit evidence for dispute ${dispute.stripeDisputeId}`}
      onClick={() => submit.mutate()}
    >
      {submit.isPending ? 'Submitting...' : 'Submit evidence'}
    </Button>
  );
}
