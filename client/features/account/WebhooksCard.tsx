import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2, Webhook } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  type AccountWebhook,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_URL_MESSAGES,
  type WebhookEvent,
} from '../../../contract/webhooks';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { FieldError, fieldAria, Input, Label } from '../../components/ui/input';
import { SubmitWithError } from '../../components/ui/submit-with-error';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/report-format';
import { ShownOnce } from './ShownOnce';
import { createWebhook, deleteWebhook, webhookDeliveriesQuery, webhooksQuery } from './webhooks-api';

const EVENT_LABELS: Record<WebhookEvent, string> = {
  'report.completed': 'a report you bought is ready',
  'watchlist.changed': 'a watched asset changed band or moved 3 points',
};

type Created = { url: string; secret: string };

/** Webhook endpoints (decision 0287): register (the secret is shown once), list, delivery log, delete. */
export function WebhooksCard() {
  const queryClient = useQueryClient();
  const webhooks = useQuery(webhooksQuery);
  const [created, setCreated] = useState<Created | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey });
  const remove = useMutation({
    mutationFn: (endpoint: AccountWebhook) => deleteWebhook(endpoint.id),
    onSuccess: (_ok, endpoint) => {
      toast({ title: 'Webhook deleted', description: `Nothing more is sent to ${endpoint.url}.` });
      refresh();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'The webhook could not be deleted'),
        variant: 'destructive',
      }),
  });
  const list = webhooks.data?.endpoints ?? [];
  return (
    <Card>
      <CardTitle id="webhooks-title">Webhooks</CardTitle>
      <CardDescription className="mt-1">
        We POST a signed JSON message (Standard Webhooks: <code>webhook-id</code>,{' '}
        <code>webhook-timestamp</code>, <code>webhook-signature</code>) to your HTTPS endpoint when an event
        happens, and retry for a day until it answers 2xx.
      </CardDescription>
      {created && <ShownSecret created={created} onDone={() => setCreated(null)} />}
      <CreateWebhookForm
        onCreated={(value) => {
          setCreated(value);
          refresh();
        }}
      />
      {webhooks.isLoading ? (
        <p className="mt-4 text-sm text-muted">Loading webhooks…</p>
      ) : webhooks.isError ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          The webhooks could not be loaded.
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm">You have no webhook endpoints.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border" aria-labelledby="webhooks-title">
          {list.map((endpoint) => (
            <li key={endpoint.id} className="py-3 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium break-all">{endpoint.url}</p>
                  <p className="text-muted">{endpoint.events.join(', ')}</p>
                  <p className="text-muted">
                    Added {formatDateTime(endpoint.createdAt)} · <LastDelivery endpoint={endpoint} />
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(endpoint)}
                  aria-label={`Delete webhook ${endpoint.url}`}
                >
                  <Trash2 size={16} aria-hidden />
                  Delete
                </Button>
              </div>
              <DeliveryLog endpoint={endpoint} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function LastDelivery({ endpoint }: { endpoint: AccountWebhook }) {
  const last = endpoint.lastDelivery;
  if (!last) return <span>No deliveries yet</span>;
  if (last.deliveredAt)
    return (
      <span>
        Last delivery <Badge tone="success">delivered</Badge> {formatDateTime(last.deliveredAt)}
      </span>
    );
  if (last.attempts === 0) return <span>Last delivery: waiting to be sent</span>;
  return (
    <span>
      Last delivery <Badge tone="danger">failed</Badge>{' '}
      {last.lastStatus ? `HTTP ${last.lastStatus}` : (last.lastError ?? 'no answer')} after {last.attempts}{' '}
      {last.attempts === 1 ? 'attempt' : 'attempts'}, retrying
    </span>
  );
}

/** The endpoint's recent deliveries with its answers, loaded when opened. */
function DeliveryLog({ endpoint }: { endpoint: AccountWebhook }) {
  const [open, setOpen] = useState(false);
  const deliveries = useQuery({ ...webhookDeliveriesQuery(endpoint.id), enabled: open });
  const id = `webhook-${endpoint.id}-deliveries`;
  const list = deliveries.data?.deliveries ?? [];
  return (
    <div className="mt-2">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide deliveries' : 'Show deliveries'}
        <span className="sr-only"> of {endpoint.url}</span>
      </Button>
      {open && (
        <div id={id} className="mt-2">
          {deliveries.isLoading ? (
            <p className="text-muted">Loading deliveries…</p>
          ) : deliveries.isError ? (
            <p role="alert" className="text-destructive">
              The deliveries could not be loaded.
            </p>
          ) : list.length === 0 ? (
            <p className="text-muted">No deliveries yet.</p>
          ) : (
            <ol className="space-y-2" aria-label={`Deliveries to ${endpoint.url}`}>
              {list.map((delivery) => (
                <li key={delivery.id} className="rounded-md border border-border p-2">
                  <p>
                    <code>{delivery.event}</code> · {formatDateTime(delivery.createdAt)} ·{' '}
                    {delivery.deliveredAt ? (
                      <Badge tone="success">delivered</Badge>
                    ) : (
                      <Badge tone={delivery.attempts === 0 ? 'grey' : 'danger'}>
                        {delivery.attempts === 0 ? 'waiting' : 'failed'}
                      </Badge>
                    )}
                  </p>
                  <p className="text-muted break-all">
                    {delivery.messageId} · {delivery.attempts}{' '}
                    {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                    {delivery.lastStatus !== null && ` · HTTP ${delivery.lastStatus}`}
                  </p>
                  {delivery.lastError && <p className="break-all text-destructive">{delivery.lastError}</p>}
                  {delivery.lastResponse && (
                    <pre className="mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-subtle p-2 text-xs">
                      {delivery.lastResponse}
                    </pre>
                  )}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}

/** The signing secret, this once: deliveries are signed with it and it is never shown again. */
function ShownSecret({ created, onDone }: { created: Created; onDone: () => void }) {
  return (
    <ShownOnce
      id="new-webhook-secret"
      title={
        <>
          Signing secret for <span className="break-all">{created.url}</span>
        </>
      }
      note="Copy it now: it is shown only this once. Verify each delivery's signature with it."
      noun="signing secret"
      label="Webhook signing secret"
      value={created.secret}
      onDone={onDone}
    />
  );
}

type FormError = { field: 'url' | 'events' | 'form'; message: string };

/** The error a refusal is about: the URL, the events, or the form as a whole (under its button). */
function fieldOf(message: string): FormError['field'] {
  if (WEBHOOK_URL_MESSAGES.includes(message)) return 'url';
  if (message === WEBHOOK_MESSAGES.eventsRequired) return 'events';
  return 'form';
}

function CreateWebhookForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['report.completed']);
  const [error, setError] = useState<FormError | null>(null);
  const create = useMutation({
    mutationFn: createWebhook,
    onSuccess: (answer) => {
      setUrl('');
      onCreated({ url: answer.endpoint.url, secret: answer.secret });
    },
    onError: (failure) => {
      const message = errorMessage(failure, 'The webhook could not be registered');
      setError({ field: fieldOf(message), message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setError({ field: 'url', message: WEBHOOK_MESSAGES.urlInvalid });
    if (events.length === 0) return setError({ field: 'events', message: WEBHOOK_MESSAGES.eventsRequired });
    setError(null);
    create.mutate({ url: url.trim(), events });
  };
  const toggle = (value: WebhookEvent, on: boolean) => {
    if (error?.field === 'events' || error?.field === 'form') setError(null);
    setEvents((current) => (on ? [...current, value] : current.filter((e) => e !== value)));
  };
  const urlInvalid = error?.field === 'url';
  return (
    <form className="mt-4 space-y-3" onSubmit={submit} noValidate>
      <div>
        <Label htmlFor="webhook-url">Endpoint URL</Label>
        <Input
          id="webhook-url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/crow"
          className="mt-1"
          maxLength={2000}
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            if (error?.field === 'url' || error?.field === 'form') setError(null);
          }}
          {...fieldAria('webhook-url', { invalid: urlInvalid })}
        />
        <FieldError id="webhook-url-error" message={urlInvalid ? error.message : undefined} />
      </div>
      <fieldset aria-describedby={error?.field === 'events' ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium">Events</legend>
        {WEBHOOK_EVENTS.map((value) => (
          <label key={value} className="mt-1 flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={events.includes(value)}
              onChange={(event) => toggle(value, event.currentTarget.checked)}
            />
            <span>
              <code>{value}</code> — {EVENT_LABELS[value]}
            </span>
          </label>
        ))}
        <FieldError
          id="webhook-events-error"
          message={error?.field === 'events' ? error.message : undefined}
        />
      </fieldset>
      <div>
        <SubmitWithError
          disabled={create.isPending}
          errorId="webhook-form-error"
          error={error?.field === 'form' ? error.message : undefined}
        >
          <Webhook size={18} aria-hidden />
          Add webhook
        </SubmitWithError>
      </div>
    </form>
  );
}
