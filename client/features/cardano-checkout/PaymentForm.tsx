import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  CARDANO_TEXTS,
  type CardanoPaymentResponse,
  CROW_TOKEN_AMOUNT,
  type CreateCardanoPaymentRequest,
} from '../../../contract/cardano';
import type { PurchaseType } from '../../../contract/reports';
import { CheckoutTaxFields, useCheckoutTax, VatBreakdown } from '../../components/checkout-tax-fields';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { FieldError, fieldAria, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { formatUsd } from '../../lib/report-format';
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
  /** The country and VAT number given on the checkout page (decision 0305), to edit here. */
  country?: string;
  vatId?: string;
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
  const tax = useCheckoutTax({
    ...(purchase.country ? { country: purchase.country } : {}),
    ...(purchase.vatId ? { vatId: purchase.vatId } : {}),
  });

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

  // A refusal is shown under the button that asked, not in a toast across the screen.
  const create = useMutation({
    mutationFn: (body: CreateCardanoPaymentRequest) => createCardanoPayment(body),
    onSuccess: (response) => onCreated(response.payment),
  });

  const missing = !amount.trim() || !description.trim();
  const descriptionError = description.trim() ? undefined : CARDANO_TEXTS.missingDescriptionField;
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const taxFields = tax.submit();
    if (missing || !taxFields) return;
    create.mutate({
      amount: Number(amount),
      currency: currency === 'ADA' ? 'ADA' : 'NATIVE_TOKEN',
      description: description.trim(),
      reportId: purchase.reportId,
      purchaseType: purchase.purchaseType,
      researchAsset: purchase.assetName,
      ...(purchase.assetId ? { assetId: purchase.assetId } : {}),
      ...(purchase.acknowledgeUnknownAsset ? { acknowledgeUnknownAsset: true } : {}),
      country: taxFields.country,
      ...(taxFields.vatId ? { vatId: taxFields.vatId } : {}),
    });
  };

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
            className="h-11 w-full rounded-md border border-border bg-card px-3 text-fg"
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
            // The server sets the amount from the report's price; the buyer only reads it.
            readOnly
            {...fieldAria('cardano-amount', { invalid: conversion.isError, hint: true })}
          />
          {conversion.isError && !converting && (
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <FieldError id="cardano-amount-error" message={CARDANO_TEXTS.conversionFailed} />
              <Button variant="secondary" size="sm" onClick={() => void conversion.refetch()}>
                Try again
              </Button>
            </div>
          )}
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
            {...fieldAria('cardano-description', { invalid: Boolean(descriptionError) })}
            onChange={(event) => setDescription(event.target.value)}
          />
          <FieldError id="cardano-description-error" message={descriptionError} />
        </div>
        <CheckoutTaxFields tax={tax} idPrefix="cardano" />
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted">Price</dt>
          <dd className="font-semibold">{formatUsd(purchase.usdAmount)}</dd>
          <VatBreakdown tax={tax} purchaseType={purchase.purchaseType} payment={{ method: 'cardano' }} />
        </dl>
        <Button
          type="submit"
          className="w-full"
          disabled={missing || create.isPending || converting}
          aria-describedby={create.isError ? 'cardano-create-error' : undefined}
        >
          {create.isPending ? 'Creating Payment...' : 'Create Payment'}
        </Button>
        {create.isError && (
          <div id="cardano-create-error" role="alert" className="text-sm text-destructive">
            <p className="font-semibold">{CARDANO_TEXTS.createFailedTitle}</p>
            <p>{errorMessage(create.error, 'Failed to create payment request')}</p>
          </div>
        )}
      </form>
    </Card>
  );
}
