import { useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import type { CardanoPayment } from '../../../contract/cardano';
import { PRICES_USD } from '../../../contract/constants';
import { PAGES } from '../../../contract/pages';
import { PURCHASE_TYPE_LABELS, type PurchaseType } from '../../../contract/reports';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { OwnedReportNotice, usePurchaseCheck } from '../../components/ui/owned-report-notice';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { useSiteConfig } from '../../lib/site-config';
import { PaymentForm, type PurchaseDetails } from './PaymentForm';
import { PaymentStatus } from './PaymentStatus';

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
  return {
    purchaseType,
    assetName,
    reportId: purchaseType === 'existing_report' ? reportId : null,
    usdAmount,
    ...(assetId ? { assetId } : {}),
    ...(params.get('acknowledgeUnknownAsset') === '1' ? { acknowledgeUnknownAsset: true } : {}),
  };
}

export function CardanoCheckoutPage() {
  const params = useParams<{ reportId?: string }>();
  const search = useSearch();
  const site = useSiteConfig();
  const [payment, setPayment] = useState<CardanoPayment | null>(null);
  const purchase = purchaseFrom(search, params.reportId);
  const purchaseCheck = usePurchaseCheck(
    purchase?.purchaseType === 'existing_report' ? purchase.reportId : null,
  );

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
  } else if (!payment && purchase.reportId && purchaseCheck.data?.kind === 'owned') {
    // One purchase per report: an owner is sent to the report, never to a second payment.
    body = <OwnedReportNotice reportId={purchase.reportId} message={purchaseCheck.data.message ?? ''} />;
  } else {
    body = (
      <div className="space-y-6">
        <Card>
          <CardTitle>Purchase Details</CardTitle>
          <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted">Asset</dt>
              <dd className="font-medium">{payment?.researchAsset ?? purchase.assetName}</dd>
            </div>
            <div>
              <dt className="text-muted">Purchase</dt>
              <dd className="font-medium">{PURCHASE_TYPE_LABELS[purchase.purchaseType]}</dd>
            </div>
            <div>
              <dt className="text-muted">Price</dt>
              <dd className="font-medium">
                ${(payment ? Number(payment.usdAmount) : purchase.usdAmount).toFixed(2)}
              </dd>
            </div>
          </dl>
          {site.cardanoPayments === 'sandbox' && (
            <p className="mt-3 text-sm text-muted">
              Sandbox mode: payments run on a simulated chain with a fixed test price.
            </p>
          )}
        </Card>
        {payment ? (
          <PaymentStatus initial={payment} />
        ) : (
          <PaymentForm
            purchase={purchase}
            sandbox={site.cardanoPayments === 'sandbox'}
            onCreated={setPayment}
          />
        )}
      </div>
    );
  }

  return (
    <Page meta={PAGES.cardanoCheckout.meta} title="Pay with Cardano">
      {body}
    </Page>
  );
}
