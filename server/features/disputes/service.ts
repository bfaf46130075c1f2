import { DISPUTE_MESSAGES, REFUND_POLICY_TEXT } from '../../../contract/disputes';
import type { AppContext } from '../../context';
import { conflict, DomainError, notFound } from '../../domain/errors';
import { documentNumber, INVOICE_PREFIX } from '../../domain/invoices';
import { invoicePdfModel, renderAccountingPdf } from '../../pdf/invoice';
import { evidenceFacts, lockDispute, markEvidenceSubmitted } from './repository';

// "Submit evidence" (decision 0304): assembled from what the store knows and sent to Stripe once.
// The dispute row stays locked while Stripe is asked, so two clicks cannot both submit; the
// idempotency keys make a retried request after a lost answer the same upload and submission.
// The invoice goes as its PDF, uploaded through Stripe's Files API and named as the receipt (0306).

export async function submitDisputeEvidence(ctx: AppContext, disputeId: number) {
  const stripe = ctx.payments.card.stripe;
  if (!stripe) throw new DomainError('PAYMENT_UNAVAILABLE', DISPUTE_MESSAGES.cardUnavailable);
  return ctx.db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, disputeId);
    if (!dispute) throw notFound(DISPUTE_MESSAGES.notFound);
    if (dispute.evidenceSubmittedAt) throw conflict(DISPUTE_MESSAGES.alreadySubmitted);
    const facts = dispute.purchaseId === null ? undefined : await evidenceFacts(tx, dispute.purchaseId);
    if (!facts) throw conflict(DISPUTE_MESSAGES.noPurchase);
    const log = facts.accesses
      .map(
        (entry) =>
          `${entry.at.toISOString()} ${entry.kind === 'view' ? 'viewed the report' : 'downloaded the report PDF'}${entry.ipAddress ? ` from ${entry.ipAddress}` : ''}`,
      )
      .join('\n');
    const serviceDate = (facts.purchase.completedAt ?? facts.purchase.createdAt).toISOString().slice(0, 10);
    const evidence: Record<string, string> = {
      customer_email_address: facts.email,
      ...(facts.ipAddress ? { customer_purchase_ip: facts.ipAddress } : {}),
      access_activity_log: log || 'No access recorded.',
      product_description: facts.invoice?.description ?? `Research report on ${facts.purchase.assetName}`,
      refund_policy_disclosure: REFUND_POLICY_TEXT,
      service_date: serviceDate,
      uncategorized_text: facts.invoice
        ? `Invoice ${documentNumber(INVOICE_PREFIX, facts.invoice.number)} issued ${facts.invoice.issuedAt.toISOString().slice(0, 10)} for ${facts.invoice.totalAmount} ${facts.invoice.currency}; the report was delivered on ${serviceDate}.`
        : `The report was delivered on ${serviceDate}.`,
    };
    if (facts.invoice) {
      const model = invoicePdfModel(facts.invoice);
      const file = await stripe.files.create(
        {
          purpose: 'dispute_evidence',
          file: {
            data: await renderAccountingPdf(model, ctx.config.APP_NAME),
            name: `${model.number}.pdf`,
            type: 'application/pdf',
          },
        },
        { idempotencyKey: `dispute-evidence-file-${dispute.id}` },
      );
      evidence.receipt = file.id;
    }
    await stripe.disputes.update(
      dispute.stripeDisputeId,
      { evidence, submit: true },
      { idempotencyKey: `dispute-evidence-${dispute.id}` },
    );
    const row = await markEvidenceSubmitted(tx, dispute.id, evidence);
    ctx.log.info({ disputeId: dispute.id }, 'dispute evidence submitted');
    return { disputeId: dispute.id, submittedAt: row.evidenceSubmittedAt!.toISOString(), evidence };
  });
}
