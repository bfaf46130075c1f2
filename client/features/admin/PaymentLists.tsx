import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge';
import { formatDateTime, formatUsd } from '../../lib/report-format';
import { AdminListSection, AdminTable, CELL } from './AdminListSection';
import { flaggedPaymentsQuery, openRefundsQuery, unmatchedIncomingQuery } from './api';
import { CLASSIFICATION_LABELS, displayQuantity, REFUND_REASON_LABELS, REFUND_STATUS_LABELS } from './format';

/** Username above email, the way every admin table names a customer. */
function CustomerCell({ user }: { user: { username: string; email: string } }) {
  return (
    <td className={CELL}>
      {user.username}
      <br />
      <span className="break-all text-muted">{user.email}</span>
    </td>
  );
}

export function OpenRefundsSection() {
  const open = useQuery(openRefundsQuery);
  return (
    <AdminListSection
      prominence="attention"
      headingId="refunds-heading"
      title="Refunds"
      description="Refunds not yet settled: Cardano refunds to send from the wallet, card refunds still sending or refused. Money that arrived after its buyer deleted the account is listed here too: nobody can open what it paid for."
      query={open}
      emptyText="No open refunds."
    >
      {(refunds) => (
        <AdminTable
          columns={['ID', 'Customer', 'Reason', 'Amount', 'Send to', 'Status']}
          rows={refunds}
          rowTestId="open-refund"
          cells={(refund) => (
            <>
              <td className={CELL}>{refund.id}</td>
              <CustomerCell user={refund.user} />
              <td className={CELL}>{REFUND_REASON_LABELS[refund.reason]}</td>
              <td className={CELL}>
                {formatUsd(refund.usdAmount)}
                {refund.paymentMethod === 'cardano' && (
                  <>
                    <br />
                    <span className="text-muted">
                      {displayQuantity(
                        refund.quantity,
                        refund.currency === 'NATIVE_TOKEN' ? 'NATIVE_TOKEN' : 'ADA',
                      )}
                    </span>
                  </>
                )}
              </td>
              <td className={`${CELL} break-all`}>
                {refund.paymentMethod === 'card'
                  ? 'The card that paid'
                  : (refund.destinationAddress ??
                    `Sender of Cardano payment #${refund.cardanoPaymentId ?? '?'} (look up its incoming transaction)`)}
              </td>
              <td className={CELL}>
                <Badge tone={refund.status === 'failed' ? 'danger' : 'warning'}>
                  {REFUND_STATUS_LABELS[refund.status]}
                </Badge>
                {refund.failureReason && <p className="mt-1 text-muted">{refund.failureReason}</p>}
              </td>
            </>
          )}
        />
      )}
    </AdminListSection>
  );
}

export function FlaggedPaymentsSection() {
  const flagged = useQuery(flaggedPaymentsQuery);
  return (
    <AdminListSection
      prominence="attention"
      headingId="payments-heading"
      title="Flagged Cardano Payments"
      description="Payments that arrived after their window closed, or where less than the quoted amount arrived. Read-only."
      query={flagged}
      emptyText="No flagged payments."
    >
      {(payments) => (
        <AdminTable
          columns={['ID', 'Customer', 'Expected', 'Received', 'Status', 'Flags', 'Created']}
          rows={payments}
          cells={(payment) => (
            <>
              <td className={CELL}>{payment.id}</td>
              <CustomerCell user={payment.user} />
              <td className={CELL}>{displayQuantity(payment.expectedQuantity, payment.currency)}</td>
              <td className={CELL}>{displayQuantity(payment.receivedQuantity, payment.currency)}</td>
              <td className={CELL}>{payment.status}</td>
              <td className={CELL}>
                <div className="flex flex-wrap gap-1">
                  {payment.paidLate && <Badge tone="warning">Paid late</Badge>}
                  {payment.underPaid && <Badge tone="danger">Under-paid</Badge>}
                </div>
              </td>
              <td className={CELL}>{formatDateTime(payment.createdAt)}</td>
            </>
          )}
        />
      )}
    </AdminListSection>
  );
}

export function UnmatchedIncomingSection() {
  const incoming = useQuery(unmatchedIncomingQuery);
  return (
    <AdminListSection
      prominence="attention"
      headingId="unmatched-incoming-heading"
      title="Cardano Money Not Applied"
      description="Money that reached a payment address but paid for nothing: it arrived too late, after the payment was confirmed, or beyond the amount owed. Refund it to the sender or credit the customer by hand."
      query={incoming}
      emptyText="No unapplied Cardano money."
    >
      {(rows) => (
        <AdminTable
          columns={['Payment', 'Customer', 'Kind', 'Amount', 'Transaction', 'Sender', 'Block time']}
          rows={rows}
          cells={(row) => (
            <>
              <td className={CELL}>{row.paymentId}</td>
              <CustomerCell user={row.user} />
              <td className={CELL}>{CLASSIFICATION_LABELS[row.classification]}</td>
              <td className={CELL}>{displayQuantity(row.quantity, row.currency)}</td>
              <td className={`${CELL} break-all font-mono text-xs`}>{row.txHash}</td>
              <td className={`${CELL} break-all font-mono text-xs`}>{row.senderAddress ?? 'Unknown'}</td>
              <td className={CELL}>{formatDateTime(row.blockTime)}</td>
            </>
          )}
        />
      )}
    </AdminListSection>
  );
}
