import { PURCHASE_TYPE_LABELS, type PurchaseType } from '../../../contract/reports';
import { Card, CardTitle } from '../../components/ui/card';
import { formatUsd } from '../../lib/report-format';

/** What is being bought and its price, above the payment form and on the payment's own page. */
export function PurchaseDetailsCard({
  assetName,
  purchaseType,
  usdAmount,
  sandbox,
}: {
  assetName: string;
  purchaseType: PurchaseType;
  usdAmount: number;
  sandbox: boolean;
}) {
  return (
    <Card>
      <CardTitle>Purchase Details</CardTitle>
      <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Asset</dt>
          <dd className="font-medium">{assetName}</dd>
        </div>
        <div>
          <dt className="text-muted">Purchase</dt>
          <dd className="font-medium">{PURCHASE_TYPE_LABELS[purchaseType]}</dd>
        </div>
        <div>
          <dt className="text-muted">Price</dt>
          <dd className="font-medium">{formatUsd(usdAmount)}</dd>
        </div>
      </dl>
      {sandbox && (
        <p className="mt-3 text-sm text-muted">
          Sandbox mode: payments run on a simulated chain with a fixed test price.
        </p>
      )}
    </Card>
  );
}
