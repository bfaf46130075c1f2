import { useMutation, useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, CreditCard, Wallet } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { coverageLine } from '../../../contract/assets';
import { PRICES_USD, RULES_WRITER_SITE_TEXT, TIMINGS_MS } from '../../../contract/constants';
import { PAGES } from '../../../contract/pages';
import type { CreatePaymentIntentResponse } from '../../../contract/payments';
import { PURCHASE_TYPE_LABELS, PURCHASE_TYPES, type PurchaseType } from '../../../contract/reports';
import { CheckoutTaxFields, useCheckoutTax, VatBreakdown } from '../../components/checkout-tax-fields';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { OwnedReportNotice, usePurchaseCheck } from '../../components/ui/owned-report-notice';
import { PageMeta } from '../../components/ui/page-meta';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { afterPaymentPath } from '../../lib/after-payment';
import { ApiError, errorMessage } from '../../lib/api';
import { assetCoverageQuery } from '../../lib/asset-coverage';
import { formatUsd } from '../../lib/report-format';
import { useSiteConfig } from '../../lib/site-config';
import { confirmPayment, createPaymentIntent } from './api';
import type { CardFormProps } from './card-form';
import { SandboxCardForm } from './SandboxCardForm';

// Stripe's SDK is fetched only when this page shows its card form.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

type Step = 'method' | 'card' | 'unavailable' | 'succeeded';
type Method = 'card' | 'cardano';

function readPurchase(search: string) {
  const params = new URLSearchParams(search);
  const purchaseType = params.get('purchaseType');
  const assetName = params.get('assetName')?.trim() ?? '';
  const reportId = Number(params.get('reportId') ?? 0);
  if (!purchaseType || !PURCHASE_TYPES.includes(purchaseType as PurchaseType) || !assetName) return null;
  return {
    purchaseType: purchaseType as PurchaseType,
    assetName,
    reportId: Number.isInteger(reportId) && reportId > 0 ? reportId : 0,
    ...assetChoiceFrom(params),
  };
}

/** The asset picked in the New Report tab, or the buyer's confirmation of an unknown name. */
function assetChoiceFrom(params: URLSearchParams) {
  const assetId = params.get('assetId')?.trim();
  return {
    ...(assetId ? { assetId } : {}),
    ...(params.get('acknowledgeUnknownAsset') === '1' ? { acknowledgeUnknownAsset: true } : {}),
  };
}

export function CheckoutPage() {
  const purchase = readPurchase(useSearch());
  if (!purchase) return <Redirect to="/dashboard" replace />;
  return <Checkout {...purchase} />;
}

function Checkout({
  purchaseType,
  assetName,
  reportId,
  assetId,
  acknowledgeUnknownAsset,
}: {
  purchaseType: PurchaseType;
  assetName: string;
  reportId: number;
  assetId?: string;
  acknowledgeUnknownAsset?: boolean;
}) {
  const [, navigate] = useLocation();
  const config = useSiteConfig();
  const [step, setStep] = useState<Step>('method');
  const [method, setMethod] = useState<Method>('card');
  const [intent, setIntent] = useState<CreatePaymentIntentResponse | null>(null);
  const [paidReportId, setPaidReportId] = useState<number | null>(null);
  const [cardCountry, setCardCountry] = useState<string | null>(null);
  // A credit pack's price is configuration, read from GET /api/config.
  const price =
    purchaseType === 'credit_pack' ? (config.creditPack?.priceUsd ?? 0) : PRICES_USD[purchaseType];
  // One purchase per report: an owner is sent to the report, never to a second payment.
  const purchaseCheck = usePurchaseCheck(purchaseType === 'existing_report' ? reportId : null);
  const owned = purchaseCheck.data?.kind === 'owned' && step !== 'succeeded';
  // What the new report would hold, as the New Report tab showed it.
  const coverage = useQuery({
    ...assetCoverageQuery(assetId ?? ''),
    enabled: purchaseType === 'new_report' && assetId !== undefined,
  });

  const tax = useCheckoutTax();

  const createIntent = useMutation({
    mutationFn: (taxFields: { country: string; vatId?: string | undefined }) =>
      createPaymentIntent({
        purchaseType,
        assetName,
        ...(reportId > 0 ? { reportId } : {}),
        ...(assetId ? { assetId } : {}),
        ...(acknowledgeUnknownAsset ? { acknowledgeUnknownAsset } : {}),
        country: taxFields.country,
        ...(taxFields.vatId ? { vatId: taxFields.vatId } : {}),
      }),
    onSuccess: (created) => {
      setIntent(created);
      setCardCountry(null);
      setStep('card');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'PAYMENT_UNAVAILABLE') {
        setStep('unavailable');
        return;
      }
      // The same report is already the buyer's: nothing was charged, open the one they own.
      const ownedId =
        error instanceof ApiError ? (error.body as { reportId?: unknown })?.reportId : undefined;
      if (error instanceof ApiError && error.code === 'ALREADY_OWNED' && typeof ownedId === 'number') {
        toast({ title: 'You already own this report', description: errorMessage(error, '') });
        navigate(`/reports/${ownedId}`);
        return;
      }
      toast({
        title: 'Error',
        description: errorMessage(error, 'The payment could not be started.'),
        variant: 'destructive',
      });
      navigate('/dashboard');
    },
  });

  useEffect(() => {
    if (step !== 'succeeded') return;
    const timer = window.setTimeout(() => navigate(afterPaymentPath(paidReportId)), TIMINGS_MS.cardRedirect);
    return () => window.clearTimeout(timer);
  }, [step, navigate, paidReportId]);

  const onPaid = useCallback(async (paymentIntentId: string) => {
    try {
      setPaidReportId((await confirmPayment(paymentIntentId)).reportId);
    } catch {
      toast({
        title: 'Payment Confirmation Error',
        description: 'Payment succeeded but confirmation failed. Please contact support.',
        variant: 'destructive',
      });
      return;
    }
    setStep('succeeded');
  }, []);
  const onUnavailable = useCallback(() => setStep('unavailable'), []);

  const onContinue = () => {
    // The country is the place-of-supply evidence the buyer gives: asked before either method.
    const taxFields = tax.submit();
    if (!taxFields) return;
    if (method === 'cardano') {
      const params = new URLSearchParams({
        reportId: String(reportId),
        purchaseType,
        assetName,
        amount: price.toFixed(2),
        ...(assetId ? { assetId } : {}),
        ...(acknowledgeUnknownAsset ? { acknowledgeUnknownAsset: '1' } : {}),
        country: taxFields.country,
        ...(taxFields.vatId ? { vatId: taxFields.vatId } : {}),
      });
      navigate(`/cardano-checkout?${params.toString()}`);
      return;
    }
    createIntent.mutate(taxFields);
  };

  const meta = { ...PAGES.checkout.meta, title: `Purchase ${assetName} Research Report` };

  if (step === 'unavailable') {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-12">
        <PageMeta meta={meta} />
        <Card className="text-center">
          <AlertTriangle size={40} aria-hidden className="mx-auto text-warning" />
          <h1 className="mt-4 text-2xl font-bold">Payment System Unavailable</h1>
          <p className="mt-3">The payment system is temporarily unavailable due to configuration issues.</p>
          <p className="mt-2 text-muted">
            We're experiencing technical difficulties with our payment processor. Please try again later or
            contact support for assistance.
          </p>
          <Button className="mt-6" onClick={() => navigate('/dashboard')}>
            Back to Dashboard
          </Button>
        </Card>
      </div>
    );
  }

  const summary = (
    <Card className="space-y-2" aria-label="Order summary">
      <CardTitle>Order summary</CardTitle>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-muted">Asset</dt>
        <dd className="font-medium">{assetName}</dd>
        <dt className="text-muted">Purchase</dt>
        <dd>{PURCHASE_TYPE_LABELS[purchaseType]}</dd>
        <dt className="text-muted">Price</dt>
        <dd className="font-semibold" data-testid="checkout-price">
          {formatUsd(price)}
        </dd>
        <VatBreakdown
          tax={tax}
          purchaseType={purchaseType}
          payment={{ method, cardCountry: step === 'card' ? cardCountry : null }}
        />
        {coverage.data && (
          <>
            <dt className="text-muted">Evidence</dt>
            <dd data-testid="checkout-coverage">{coverageLine(coverage.data)}</dd>
          </>
        )}
        {purchaseType === 'new_report' && config.reportWriter === 'rules' && (
          <>
            <dt className="text-muted">Written by</dt>
            <dd data-testid="checkout-writer">{RULES_WRITER_SITE_TEXT}</dd>
          </>
        )}
      </dl>
    </Card>
  );

  const cardFormProps: CardFormProps | null = intent
    ? {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.paymentIntentId,
        payLabel: `Pay ${formatUsd(price)}`,
        onBack: () => setStep('method'),
        onPaid,
        onUnavailable,
        onCardCountry: setCardCountry,
      }
    : null;

  return (
    <div className="mx-auto w-full max-w-xl space-y-6 px-4 py-8">
      <PageMeta meta={meta} />
      <h1 className="text-3xl font-bold tracking-tight">Purchase {assetName} Research Report</h1>
      {owned ? (
        <OwnedReportNotice reportId={reportId} message={purchaseCheck.data?.message ?? ''} />
      ) : (
        summary
      )}
      {step === 'method' && !owned && (
        <Card>
          <fieldset>
            <legend>
              <h2 className="text-xl font-semibold">Choose Payment Method</h2>
            </legend>
            <div className="mt-4 grid gap-3">
              <MethodOption
                value="card"
                checked={method === 'card'}
                onSelect={setMethod}
                icon={<CreditCard size={20} aria-hidden />}
                title="Credit Card"
                description={
                  config.cardPayments === 'sandbox'
                    ? 'Sandbox test card (no real money)'
                    : 'Visa, Mastercard, American Express'
                }
              />
              <MethodOption
                value="cardano"
                checked={method === 'cardano'}
                onSelect={setMethod}
                icon={<Wallet size={20} aria-hidden />}
                title="Cardano (ADA)"
                description="Pay in ADA or CROW from your Cardano wallet"
              />
            </div>
          </fieldset>
          <div className="mt-6">
            <CheckoutTaxFields tax={tax} idPrefix="checkout" />
          </div>
          <Button className="mt-6 w-full" onClick={onContinue} disabled={createIntent.isPending}>
            {createIntent.isPending ? 'Preparing payment...' : 'Continue'}
          </Button>
        </Card>
      )}
      {step === 'card' && cardFormProps && (
        <Card>
          <CardTitle>Complete Purchase</CardTitle>
          <CardDescription className="mb-6 mt-1">
            {assetName} · {PURCHASE_TYPE_LABELS[purchaseType]} · {formatUsd(price)}
          </CardDescription>
          {!config.isLoaded ? (
            <Spinner label="Loading the payment form" />
          ) : config.cardPayments === 'live' && config.stripePublishableKey ? (
            <Suspense fallback={<Spinner label="Loading the payment form" />}>
              <StripeCardForm publishableKey={config.stripePublishableKey} {...cardFormProps} />
            </Suspense>
          ) : config.cardPayments === 'sandbox' ? (
            <SandboxCardForm {...cardFormProps} />
          ) : (
            <UnavailableNotice onUnavailable={onUnavailable} />
          )}
        </Card>
      )}
      {step === 'succeeded' && (
        <Card className="text-center" role="status">
          <CheckCircle2 size={40} aria-hidden className="mx-auto text-success" />
          <h2 className="mt-4 text-2xl font-bold">Payment successful!</h2>
          <p className="mt-2 text-muted">
            {paidReportId ? 'Taking you to your report...' : 'Taking you to your dashboard...'}
          </p>
        </Card>
      )}
    </div>
  );
}

/** The server handed out an intent but the browser has no provider to pay it with. */
function UnavailableNotice({ onUnavailable }: { onUnavailable: () => void }) {
  useEffect(() => onUnavailable(), [onUnavailable]);
  return null;
}

function MethodOption({
  value,
  checked,
  onSelect,
  icon,
  title,
  description,
}: {
  value: Method;
  checked: boolean;
  onSelect: (value: Method) => void;
  icon: React.ReactNode;
  title: string;
  description: string;
}) {
  return (
    <label
      className={`flex cursor-pointer items-center gap-3 rounded-md border p-4 ${
        checked ? 'border-primary bg-primary/5' : 'border-border'
      }`}
    >
      <input
        type="radio"
        name="payment-method"
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="h-4 w-4 accent-[var(--color-primary)]"
      />
      {icon}
      <span>
        <span className="block font-medium">{title}</span>
        <span className="block text-sm text-muted">{description}</span>
      </span>
    </label>
  );
}
