import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { CARDANO_PAYMENT_WINDOW_MS, CARDANO_TEXTS, type CardanoPayment } from '../../../contract/cardano';
import { TIMINGS_MS } from '../../../contract/constants';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { afterPaymentPath } from '../../lib/after-payment';
import { errorMessage } from '../../lib/api';
import { formatExactAmount, formatTokenAmount } from '../../lib/cardano-amounts';
import { cardanoPaymentQuery, simulateIncomingPayment, startResearch } from './api';
import { formatCountdown } from './format';

const STATUS_TONES: Record<CardanoPayment['status'], BadgeTone> = {
  pending: 'warning',
  confirmed: 'success',
  expired: 'grey',
};
const STATUS_LABELS: Record<CardanoPayment['status'], string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  expired: 'Expired',
};

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** After creation: status, address + copy, QR, countdown, progress bar, notes; polls every 30 s. */
export function PaymentStatus({ initial }: { initial: CardanoPayment }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const paymentQuery = cardanoPaymentQuery(initial.id);
  const [locallyExpired, setLocallyExpired] = useState(false);

  const query = useQuery({
    ...paymentQuery,
    initialData: { success: true as const, payment: initial },
    refetchInterval: (q) =>
      q.state.data?.payment.status === 'pending' && !locallyExpired ? TIMINGS_MS.cardanoStatusPoll : false,
  });
  const payment = query.data.payment;
  const expiresAt = new Date(payment.expiresAt).getTime();
  const now = useNow(payment.status === 'pending' && !locallyExpired);
  const remaining = Math.max(0, expiresAt - now);

  useEffect(() => {
    if (payment.status === 'pending' && remaining === 0) setLocallyExpired(true);
  }, [payment.status, remaining]);
  const status: CardanoPayment['status'] =
    payment.status === 'pending' && locallyExpired ? 'expired' : payment.status;

  // Confirmed: one toast, research for a new report, then the report page after 3 s (where the
  // research is shown as it runs), as a card buyer lands there; the dashboard when there is none.
  const handled = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (payment.status !== 'confirmed' || handled.current) return;
    handled.current = true;
    toast({
      title: CARDANO_TEXTS.confirmedTitle,
      description: CARDANO_TEXTS.confirmedDescription(payment.reportId !== null),
    });
    if (payment.purchaseType === 'new_report') {
      startResearch(payment.researchAsset).catch(() => {
        // The server starts research itself on confirmation; only warn when it has not.
        if (payment.reportId === null) {
          toast({
            title: CARDANO_TEXTS.researchErrorTitle,
            description: CARDANO_TEXTS.researchErrorDescription,
            variant: 'destructive',
          });
        }
      });
    }
    redirectTimer.current = setTimeout(
      () => navigate(afterPaymentPath(payment.reportId)),
      TIMINGS_MS.cardanoRedirect,
    );
  }, [payment, navigate]);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // Sandbox: an empty amount simulates what is still owed; a smaller one, a partial payment.
  const [simulatedAmount, setSimulatedAmount] = useState('');
  const simulate = useMutation({
    mutationFn: () => simulateIncomingPayment(payment.id, simulatedAmount.trim()),
    onSuccess: (response) => {
      setSimulatedAmount('');
      queryClient.setQueryData(paymentQuery.queryKey, response);
    },
    onError: (error) =>
      toast({
        title: 'Simulation Failed',
        description: errorMessage(error, 'Could not simulate the payment'),
        variant: 'destructive',
      }),
  });

  const [copied, setCopied] = useState(false);
  const copyAddress = async () => {
    try {
      await navigator.clipboard.writeText(payment.address);
      setCopied(true);
      toast({ title: 'Copied', description: 'Payment address copied to clipboard' });
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Select the address and copy it by hand',
        variant: 'destructive',
      });
    }
  };

  const elapsedPercent = Math.min(
    100,
    Math.round(((CARDANO_PAYMENT_WINDOW_MS - remaining) / CARDANO_PAYMENT_WINDOW_MS) * 100),
  );
  const partlyPaid = Number(payment.receivedAmount) > 0 && Number(payment.remainingAmount) > 0;
  const received = formatExactAmount(payment.receivedAmount, payment.currency);
  const stillOwed = formatExactAmount(payment.remainingAmount, payment.currency);

  return (
    <div className="space-y-6">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Payment Status</CardTitle>
          <Badge tone={STATUS_TONES[status]} data-testid="payment-status">
            {STATUS_LABELS[status]}
          </Badge>
        </div>
        {payment.sandbox && (
          <p className="mt-3 rounded-md border border-warning/40 bg-warning/10 p-2 text-sm text-warning">
            Sandbox mode: simulated chain on the preprod test network. No real money moves.
          </p>
        )}
        <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted">Amount to send</dt>
            <dd className="text-lg font-semibold" data-testid="payment-amount">
              {formatTokenAmount(payment.amount, payment.currency)}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Received so far</dt>
            <dd className="text-lg font-semibold" data-testid="payment-received">
              {received}
            </dd>
          </div>
          {partlyPaid && status !== 'confirmed' && (
            <div>
              <dt className="text-muted">Still owed</dt>
              <dd className="text-lg font-semibold text-warning" data-testid="payment-remaining">
                {stillOwed}
              </dd>
            </div>
          )}
          <div className="sm:col-span-2">
            <dt className="text-muted">Description</dt>
            <dd>{payment.description}</dd>
          </div>
        </dl>
        {status === 'pending' && partlyPaid && (
          <p className="mt-3 text-sm text-warning" role="status" data-testid="partial-payment-note">
            {received} has arrived; {stillOwed} is still owed. Send the remaining {stillOwed} to the same
            address before the time runs out and the payment completes.
          </p>
        )}
        {status === 'confirmed' && (
          <p className="mt-3 text-sm text-success" role="status">
            Payment confirmed{payment.paidLate ? ' (received after the payment window)' : ''}.{' '}
            {/* Says where the buyer is taken: the report bought, else the dashboard (afterPaymentPath). */}
            {payment.reportId ? 'Taking you to your report…' : 'Taking you to your dashboard…'}
          </p>
        )}
        {status === 'expired' && (
          <p className="mt-3 text-sm text-muted" role="status">
            The payment window has closed. Money sent before it closed, or up to 24 hours after, still
            completes this payment when it arrives; anything later is recorded for our support team to refund.
            Otherwise start a new payment.
          </p>
        )}
      </Card>

      {status === 'pending' && (
        <Card>
          <CardTitle>Send Payment</CardTitle>
          <CardDescription className="mt-1">
            {partlyPaid
              ? `Send the remaining ${stillOwed} to this ${payment.network} address.`
              : `Send exactly ${formatTokenAmount(payment.amount, payment.currency)} to this ${payment.network} address.`}
          </CardDescription>
          <div className="mt-4">
            <p className="text-sm font-medium" id="payment-address-label">
              Payment address
            </p>
            <div className="mt-1 flex items-start gap-2">
              <code
                data-testid="payment-address"
                className="min-w-0 flex-1 break-all rounded-md border border-border bg-subtle p-2 text-sm"
              >
                {payment.address}
              </code>
              <Button variant="secondary" size="sm" onClick={copyAddress} aria-label="Copy address">
                {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
          </div>
          {payment.qrCode && (
            <div className="mt-4 flex justify-center">
              <img
                src={payment.qrCode}
                alt="QR code of the payment request"
                width={224}
                height={224}
                className="rounded-md bg-white p-1"
              />
            </div>
          )}
          <div className="mt-4">
            <p className="text-sm">
              Time remaining: <span data-testid="payment-countdown">{formatCountdown(remaining)}</span>
            </p>
            <div
              role="progressbar"
              aria-label="Payment window elapsed"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={elapsedPercent}
              className="mt-2 h-2 w-full overflow-hidden rounded-full bg-subtle"
            >
              <div className="h-full bg-primary transition-all" style={{ width: `${elapsedPercent}%` }} />
            </div>
          </div>
          {payment.sandbox && (
            <form
              className="mt-4 space-y-2 rounded-md border border-warning/40 p-3"
              onSubmit={(event) => {
                event.preventDefault();
                simulate.mutate();
              }}
            >
              <Label htmlFor="simulated-amount">
                Simulated amount ({payment.currency === 'ADA' ? 'ADA' : 'CROW'}, optional)
              </Label>
              <Input
                id="simulated-amount"
                inputMode="decimal"
                placeholder={`${stillOwed} (what is still owed)`}
                value={simulatedAmount}
                onChange={(event) => setSimulatedAmount(event.target.value)}
              />
              <Button type="submit" className="w-full" variant="secondary" disabled={simulate.isPending}>
                {simulate.isPending ? 'Simulating...' : 'Simulate incoming payment'}
              </Button>
            </form>
          )}
        </Card>
      )}

      <Card>
        <CardTitle>Notes</CardTitle>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted">
          <li>{CARDANO_TEXTS.confirmationNote}</li>
          <li>This page checks the payment status every 30 seconds.</li>
          <li>The amount is locked for 30 minutes; the address is used for this payment only.</li>
          <li>
            Sent too little? What arrived counts: send the rest to the same address before the time runs out.
          </li>
          {payment.currency === 'NATIVE_TOKEN' && (
            <li>Your wallet adds the small amount of ADA every Cardano output must carry.</li>
          )}
        </ul>
      </Card>
    </div>
  );
}
