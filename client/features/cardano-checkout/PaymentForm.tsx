import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  CARDANO_TEXTS,
  type CardanoPaymentResponse,
  CROW_TOKEN_AMOUNT,
  type CreateCardanoPaymentRequest,
} from '../../../contract/cardano';
import type { PurchaseType } from '../../../contract/reports';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { createCardanoPayment, priceConversionQuery } from './api';
import { type CheckoutCurrency, formatUnitPrice } from './format';

export interface PurchaseDetails {
  purchaseType: PurchaseType;
  assetName: string;
  reportId: number | null;
  usdAmount: number;
  /** The asset picked in the New Report tab, or the confirmation of an unknown name. */
  assetId?: string;
  acknowledgeUnknownAsset?: boolean;
}

/** The create-payment form: currency, amount (converted, read-only for CROW), description. */
export function PaymentForm({
  purchase,
  sandbox,
  onCreated,
}: {
  purchase: PurchaseDetails;
  sandbox: boolean;
  onCreated: (payment: CardanoPaymentResponse['payment']) => void;
}) {
  const [currency, setCurrency] = useState<CheckoutCurrency>('ADA');
  const [amount, setAmount] = useState('');
  const [tokenPrice, setTokenPrice] = useState<number | null>(null);
  const [description, setDescription] = useState(CARDANO_TEXTS.defaultDescription(purchase.assetName));

  const conversion = useQuery({
    ...priceConversionQuery(purchase.usdAmount, currency),
    staleTime: 60_000,
  });
  const converting = conversion.isFetching;

  useEffect(() => {
    if (conversion.isError) {
      // A failed conversion silently clears the amount and the price.
      setAmount('');
      setTokenPrice(null);
    } else if (conversion.data) {
      const { tokenAmount, tokenPrice: price } = conversion.data.conversion;
      setAmount(currency === 'ADA' ? tokenAmount.toFixed(2) : String(tokenAmount));
      setTokenPrice(price);
    }
  }, [conversion.data, conversion.isError, currency]);

  const create = useMutation({
    mutationFn: (body: CreateCardanoPaymentRequest) => createCardanoPayment(body),
    onSuccess: (response) => onCreated(response.payment),
    onError: (error) =>
      toast({
        title: CARDANO_TEXTS.createFailedTitle,
        description: errorMessage(error, 'Failed to create payment request'),
        variant: 'destructive',
      }),
  });

  const missing = !amount.trim() || !description.trim();
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (missing) {
      toast({
        title: CARDANO_TEXTS.missingTitle,
        description: CARDANO_TEXTS.missingDescription,
        variant: 'destructive',
      });
      return;
    }
    create.mutate({
      amount: Number(amount),
      currency: currency === 'ADA' ? 'ADA' : 'NATIVE_TOKEN',
      description: description.trim(),
      reportId: purchase.reportId,
      purchaseType: purchase.purchaseType,
      researchAsset: purchase.assetName,
      ...(purchase.assetId ? { assetId: purchase.assetId } : {}),
      ...(purchase.acknowledgeUnknownAsset ? { acknowledgeUnknownAsset: true } : {}),
    });
  };

  const readOnlyAmount = currency === 'CROW' || converting;
  return (
    <Card>
      <CardTitle>Create Payment</CardTitle>
      <CardDescription className="mt-1">
        Choose how you want to pay. The amount is set by the server from the report price.
      </CardDescription>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
        <div>
          <Label htmlFor="cardano-currency">Currency</Label>
          <select
            id="cardano-currency"
            className="h-10 w-full rounded-md border border-border bg-card px-3 text-fg"
            value={currency}
            onChange={(event) => {
              const next = event.target.value as CheckoutCurrency;
              setCurrency(next);
              if (next === 'CROW') setAmount(String(CROW_TOKEN_AMOUNT));
            }}
          >
            <option value="ADA">ADA</option>
            <option value="CROW">CROW (native token)</option>
          </select>
        </div>
        <div>
          <Label htmlFor="cardano-amount">Amount ({currency})</Label>
          <Input
            id="cardano-amount"
            type="number"
            inputMode="decimal"
            step="0.000001"
            min="0.001"
            value={amount}
            readOnly={readOnlyAmount}
            aria-describedby="cardano-amount-hint"
            onChange={(event) => setAmount(event.target.value)}
          />
          <p id="cardano-amount-hint" className="mt-1 text-xs text-muted" aria-live="polite">
            {converting
              ? 'Calculating the current price…'
              : currency === 'CROW'
                ? `Fixed amount: ${CROW_TOKEN_AMOUNT.toLocaleString('en-US')} CROW for any report.`
                : 'Converted from the USD price; locked for 30 minutes once the payment is created.'}
            {tokenPrice !== null && !converting && (
              <span className="block">
                Price per unit: {formatUnitPrice(tokenPrice, currency)}
                {sandbox && currency === 'ADA' ? ' (sandbox price, not a market quote)' : ''}
              </span>
            )}
          </p>
        </div>
        <div>
          <Label htmlFor="cardano-description">Description</Label>
          <Input
            id="cardano-description"
            value={description}
            maxLength={200}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <Button type="submit" className="w-full" disabled={missing || create.isPending || converting}>
          {create.isPending ? 'Creating Payment...' : 'Create Payment'}
        </Button>
      </form>
    </Card>
  );
}
