import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, RefreshCw, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '../../../contract/api-keys';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { FieldError, fieldAria, Input, Label } from '../../components/ui/input';
import { SubmitWithError } from '../../components/ui/submit-with-error';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { formatDateTime, formatUsd } from '../../lib/report-format';
import { useSiteConfig } from '../../lib/site-config';
import {
  apiKeysQuery,
  CREDIT_PACK_CHECKOUT_URL,
  createApiKey,
  revokeApiKey,
  rotateApiKey,
} from './api-keys-api';
import { ShownOnce } from './ShownOnce';

const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'reports:read': 'Read reports, assets and the track record',
  'reports:buy': 'Buy new reports with credits',
  watchlist: 'Read and change the watchlist',
  webhooks: 'Register, list and remove webhook endpoints',
};

const showError = (error: unknown, fallback: string) =>
  toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });

/** API keys for programs: create (the key is shown once), list with use, rotate, revoke; and credits. */
export function ApiKeysCard() {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery);
  const [shown, setShown] = useState<CreatedApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
  const onCreated = (created: CreatedApiKey) => {
    setShown(created);
    refresh();
  };
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(key.id),
    onSuccess: (_ok, key) => {
      toast({ title: 'Key revoked', description: `"${key.name}" no longer works.` });
      if (shown?.apiKey.id === key.id) setShown(null);
      refresh();
    },
    onError: (error) => showError(error, 'The key could not be revoked'),
  });
  const rotate = useMutation({
    mutationFn: (key: ApiKey) => rotateApiKey(key.id),
    onSuccess: onCreated,
    onError: (error) => showError(error, 'The key could not be rotated'),
  });
  const list = keys.data?.keys ?? [];

  return (
    <Card>
      <CardTitle id="api-keys-title">API keys</CardTitle>
      <CardDescription className="mt-1">
        Programs and agents use the research through the API at /api/v1 with a key sent as{' '}
        <code>Authorization: Bearer &lt;key&gt;</code>. See the documentation page for the endpoints.
      </CardDescription>
      <CreditsLine credits={keys.data?.credits} />
      {shown && <ShownKey created={shown} onDone={() => setShown(null)} />}
      <CreateKeyForm onCreated={onCreated} />
      {keys.isLoading ? (
        <p className="mt-4 text-sm text-muted">Loading keys…</p>
      ) : keys.isError ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          The keys could not be loaded.
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm">You have no API keys.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border" aria-labelledby="api-keys-title">
          {list.map((key) => (
            <li key={key.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium">
                  {key.name} <code className="ml-1 text-xs text-muted">{key.prefix}…</code>
                  {key.expiresAt && (
                    <Badge tone="warning" className="ml-2">
                      Replaced: works until {formatDateTime(key.expiresAt)}
                    </Badge>
                  )}
                </p>
                <p className="text-muted">{key.scopes.join(', ')}</p>
                <p className="text-muted">
                  Created {formatDateTime(key.createdAt)} · Last used{' '}
                  {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'}
                </p>
                {key.usage.length > 0 && (
                  <p className="text-muted">
                    Requests per day: {key.usage.map((day) => `${day.day}: ${day.requests}`).join(' · ')}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                {!key.expiresAt && (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={rotate.isPending}
                    onClick={() => rotate.mutate(key)}
                    aria-label={`Rotate key ${key.name}`}
                  >
                    <RefreshCw size={16} aria-hidden />
                    Rotate
                  </Button>
                )}
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(key)}
                  aria-label={`Revoke key ${key.name}`}
                >
                  <Trash2 size={16} aria-hidden />
                  Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function CreditsLine({ credits }: { credits: number | undefined }) {
  const { creditPack } = useSiteConfig();
  return (
    <p className="mt-4 text-sm">
      {credits === undefined ? 'API credits: …' : `API credits left: ${credits}.`}{' '}
      {creditPack && (
        <a className="underline" href={CREDIT_PACK_CHECKOUT_URL}>
          Buy {creditPack.credits} credits for {formatUsd(creditPack.priceUsd)}
        </a>
      )}
    </p>
  );
}

/** The new key, this once: it is stored only as a hash and can never be shown again. */
function ShownKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <ShownOnce
      id="new-api-key"
      title={`Your new key "${created.apiKey.name}"`}
      note={`Copy it now: it is shown only this once.${
        created.replaced
          ? ` The key it replaces works until ${formatDateTime(created.replaced.expiresAt)}.`
          : ''
      }`}
      noun="key"
      label="New API key"
      value={created.key}
      onDone={onDone}
    />
  );
}

type FormError = { field: 'name' | 'scopes' | 'form'; message: string };

const NAME_MESSAGES: readonly string[] = [API_KEY_MESSAGES.nameRequired, API_KEY_MESSAGES.nameTooLong];

/** The error a refusal is about: the name, the scopes, or the form as a whole (under its button). */
function fieldOf(message: string): FormError['field'] {
  if (NAME_MESSAGES.includes(message)) return 'name';
  if (message === API_KEY_MESSAGES.scopesRequired) return 'scopes';
  return 'form';
}

/** Errors under their field (decision 0261), as on the webhooks form; the next edit clears them. */
function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['reports:read']);
  const [error, setError] = useState<FormError | null>(null);
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (created) => {
      setName('');
      onCreated(created);
    },
    onError: (failure) => {
      const message = errorMessage(failure, 'The key could not be created');
      setError({ field: fieldOf(message), message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError({ field: 'name', message: API_KEY_MESSAGES.nameRequired });
    if (scopes.length === 0) return setError({ field: 'scopes', message: API_KEY_MESSAGES.scopesRequired });
    setError(null);
    create.mutate({ name: name.trim(), scopes });
  };
  const toggle = (scope: ApiKeyScope, on: boolean) => {
    if (error?.field === 'scopes' || error?.field === 'form') setError(null);
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
  };
  const nameInvalid = error?.field === 'name';
  return (
    <form className="mt-4 space-y-3" onSubmit={submit} noValidate>
      <div>
        <Label htmlFor="api-key-name">Key name</Label>
        <Input
          id="api-key-name"
          className="mt-1 max-w-sm"
          maxLength={60}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            if (error?.field === 'name' || error?.field === 'form') setError(null);
          }}
          {...fieldAria('api-key-name', { invalid: nameInvalid })}
        />
        <FieldError id="api-key-name-error" message={nameInvalid ? error.message : undefined} />
      </div>
      <fieldset aria-describedby={error?.field === 'scopes' ? 'api-key-scopes-error' : undefined}>
        <legend className="text-sm font-medium">Scopes</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="mt-1 flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.currentTarget.checked)}
            />
            <code>{scope}</code> — {SCOPE_LABELS[scope]}
          </label>
        ))}
        <FieldError
          id="api-key-scopes-error"
          message={error?.field === 'scopes' ? error.message : undefined}
        />
      </fieldset>
      <div>
        <SubmitWithError
          disabled={create.isPending}
          errorId="api-key-form-error"
          error={error?.field === 'form' ? error.message : undefined}
        >
          <KeyRound size={18} aria-hidden />
          Create key
        </SubmitWithError>
      </div>
    </form>
  );
}
