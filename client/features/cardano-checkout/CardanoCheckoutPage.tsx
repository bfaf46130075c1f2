import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { type CardanoPayment, cardanoPaymentPath } from '../../../contract/cardano';
import { PRICES_USD } from '../../../contract/constants';
import { PAGES } from '../../../contract/pages';
import type { PurchaseType } from '../../../contract/reports';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { OwnedReportNotice, usePurchaseCheck } from '../../components/ui/owned-report-notice';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { useSiteConfig } from '../../lib/site-config';
import { cardanoPaymentQuery } from './api';
import { PaymentForm, type PurchaseDetails } from './PaymentForm';
import { PurchaseDetailsCard } from './PurchaseDetailsCard';

function purchaseFrom(search: string, pathReportId: string | undefined): PurchaseDetails | null {
  const params = new URLSearchParams(search);
  const assetName = params.get('assetName')?.trim();
  if (!assetName) return null;
  const rawType = params.get('purchaseType');
  const reportIdText = pathReportId ?? params.get('reportId') ?? '';
  // reportId 0 means "no report".
  const reportId = /^\d+$/.test(reportIdText) && Number(reportIdText) > 0 ? Number(reportIdText) : null;
  const purchaseType: PurchaseType =
    rawType === 'existing_report' || (rawType !== 'new_report' && reportId !== null)
      ? 'existing_report'
      : 'new_report';
  // The query's amount is only shown; the server decides what is charged.
  const queryAmount = Number(params.get('amount'));
  const usdAmount = Number.isFinite(queryAmount) && queryAmount > 0 ? queryAmount : PRICES_USD[purchaseType];
  const assetId = params.get('assetId')?.trim();
  const country = params.get('country')?.trim();
  const vatId = params.get('vatId')?.trim();
  return {
    purchaseType,
    assetName,
    reportId: purchaseType === 'existing_report' ? reportId : null,
    usdAmount,
    ...(assetId ? { assetId } : {}),
    ...(params.get('acknowledgeUnknownAsset') === '1' ? { acknowledgeUnknownAsset: true } : {}),
    ...(country ? { country } : {}),
    ...(vatId ? { vatId } : {}),
  };
}

export function CardanoCheckoutPage() {
  const params = useParams<{ reportId?: string }>();
  const search = useSearch();
  const site = useSiteConfig();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const purchase = purchaseFrom(search, params.reportId);
  const purchaseCheck = usePurchaseCheck(
    purchase?.purchaseType === 'existing_report' ? purchase.reportId : null,
  );

  // A created payment lives at its own address: a reload (a phone back from its wallet app)
  // shows the same address, QR code and countdown. Replace: Back never returns to the form.
  const openPayment = (payment: CardanoPayment) => {
    queryClient.setQueryData(cardanoPaymentQuery(payment.id).queryKey, { success: true, payment });
    navigate(cardanoPaymentPath(payment.id), { replace: true });
  };

  let body: React.ReactNode;
  if (!site.isLoaded) {
    body = <Spinner />;
  } else if (site.cardanoPayments === 'unavailable') {
    body = (
      <Card>
        <CardTitle>Payment System Unavailable</CardTitle>
        <CardDescription className="mt-2">
          Cardano payments are not available right now. Please try again later.
        </CardDescription>
        <Button asChild className="mt-4">
          <Link href="/dashboard">Back to Dashboard</Link>
        </Button>
      </Card>
    );
  } else if (!purchase) {
    body = (
      <Card>
        <CardTitle>Nothing to pay for</CardTitle>
        <CardDescription className="mt-2">Choose a report to buy from your dashboard first.</CardDescription>
        <Button asChild className="mt-4">
          <Link href="/dashboard">Back to Dashboard</Link>
        </Button>
      </Card>
    );
  } else if (purchase.reportId && purchaseCheck.data?.kind === 'owned') {
    // One purchase per report: an owner is sent to the report, never to a second payment.
    body = <OwnedReportNotice reportId={purchase.reportId} message={purchaseCheck.data.message ?? ''} />;
  } else {
    body = (
      <div className="space-y-6">
        <PurchaseDetailsCard
          assetName={purchase.assetName}
          purchaseType={purchase.purchaseType}
          usdAmount={purchase.usdAmount}
          sandbox={site.cardanoPayments === 'sandbox'}
        />
        <PaymentForm
          purchase={purchase}
          sandbox={site.cardanoPayments === 'sandbox'}
          onCreated={openPayment}
        />
      </div>
    );
  }

  return (
    <Page meta={PAGES.cardanoCheckout.meta} title="Pay with Cardano">
      {body}
    </Page>
  );
}
