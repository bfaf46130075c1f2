import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { PAGES } from '../../../contract/pages';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { cardanoPaymentQuery } from './api';
import { PaymentStatus } from './PaymentStatus';
import { PurchaseDetailsCard } from './PurchaseDetailsCard';

/**
 * One Cardano payment at its own address, read from the server: what it pays for, then the
 * address, QR code, amount and countdown. The checkout form sends the buyer here once the
 * payment exists, and the dashboard's "Resume payment" links here.
 */
export function CardanoPaymentPage() {
  const { paymentId = '' } = useParams<{ paymentId: string }>();
  const id = /^\d+$/.test(paymentId) ? Number(paymentId) : 0;
  const query = useQuery({ ...cardanoPaymentQuery(id), enabled: id > 0, retry: false });
  const payment = query.data?.payment;

  let body: React.ReactNode;
  if (id > 0 && query.isPending) {
    body = <Spinner label="Loading the payment" className="text-primary" />;
  } else if (!payment) {
    body = (
      <Card>
        <CardTitle>Payment not found</CardTitle>
        <CardDescription className="mt-2">
          This payment does not exist or belongs to another account.
        </CardDescription>
        <Button asChild className="mt-4">
          <Link href="/dashboard">Back to Dashboard</Link>
        </Button>
      </Card>
    );
  } else {
    body = (
      <div className="space-y-6">
        <PurchaseDetailsCard
          assetName={payment.researchAsset}
          purchaseType={payment.purchaseType}
          usdAmount={Number(payment.usdAmount)}
          sandbox={payment.sandbox}
        />
        <PaymentStatus initial={payment} />
      </div>
    );
  }
  return (
    <Page meta={PAGES.cardanoPayment.meta} title="Pay with Cardano">
      {body}
    </Page>
  );
}
