import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { type AssetSuggestion, assetKindLabel, assetsMatching, coverageLine } from '../../../contract/assets';
import { PRICES_USD } from '../../../contract/constants';
import { MIN_RATED_CATEGORIES, NOT_RATED_LABEL } from '../../../contract/methodology';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { FieldError, Input, Label } from '../../components/ui/input';
import { assetCoverageQuery } from '../../lib/asset-coverage';
import { myReportsQuery } from '../../lib/queries/reports';
import { formatDate, formatListedTotal, formatUsd } from '../../lib/report-format';
import { assetSuggestionsQuery } from './api';

// The New Report tab resolves the typed name against our data sources as the user types, so
// the purchase names exactly one asset (by id); several matches ask the user to pick one, and
// an unknown name is bought only after a plain warning is confirmed. A matched asset shows what
// its report would hold ("11 of 12 categories, rated, data as of …"); one whose report would be
// Not rated needs the same confirmation as an unknown name.

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The asset input's id, so the My Reports empty state can focus it. */
export const NEW_REPORT_INPUT_ID = 'new-report-asset-name';

/** The radio value of "research the typed name anyway". */
const NONE_OF_THESE = '__none__';
const EMPTY_ASSET_NAME = 'Please enter a crypto asset name';
const PICK_ONE = 'Pick the asset you mean from the list first.';

function AssetFacts({ asset }: { asset: AssetSuggestion }) {
  const kind = assetKindLabel(asset.kind, asset.platform);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-semibold">{asset.name}</span>
      <span className="text-sm uppercase text-muted">{asset.symbol}</span>
      {asset.rank !== undefined && <Badge tone="grey">Rank #{asset.rank}</Badge>}
      {kind && <Badge tone="neutral">{kind}</Badge>}
    </span>
  );
}

/** `initialName`: a name carried over from an empty marketplace search. */
export function NewReportTab({ initialName = '' }: { initialName?: string }) {
  const [assetName, setAssetName] = useState(initialName);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [warningOpen, setWarningOpen] = useState(false);
  const [warningFor, setWarningFor] = useState<'unknown' | 'not-rated'>('unknown');
  // Shown under the name until the buyer types or picks: never a toast far from the field.
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [, navigate] = useLocation();
  const inputId = NEW_REPORT_INPUT_ID;
  const choicesId = useId();
  const statusId = useId();
  const confirmId = useId();
  const typed = assetName.trim();
  const term = useDebounced(typed, 250);

  const search = useQuery({
    ...assetSuggestionsQuery(term),
    enabled: term.length > 0,
    staleTime: 60_000,
  });

  const settled = typed.length > 0 && term === typed && !search.isFetching && search.data !== undefined;
  const found = settled ? (search.data ?? []) : [];
  // The same matching rule as the payment endpoints: several matches always ask to pick.
  const exact = assetsMatching(typed, found);
  // One exact match is the asset; otherwise the user picks among the candidates.
  const candidates = exact.length === 1 ? [] : exact.length > 1 ? exact : found;
  const picked = found.find((a) => a.id === pickedId);
  const match = picked ?? (exact.length === 1 ? exact[0] : undefined);
  const state: 'empty' | 'resolving' | 'search-failed' | 'matched' | 'choose' | 'unknown' = !typed
    ? 'empty'
    : !settled
      ? 'resolving'
      : search.data === null
        ? 'search-failed'
        : match
          ? 'matched'
          : pickedId === NONE_OF_THESE || found.length === 0
            ? 'unknown'
            : 'choose';

  const coverage = useQuery({
    ...assetCoverageQuery(state === 'matched' && match ? match.id : ''),
    enabled: state === 'matched' && match !== undefined,
  });
  const covered = state === 'matched' ? coverage.data : undefined;

  useEffect(() => {
    if (warningOpen) document.getElementById(confirmId)?.focus();
  }, [warningOpen, confirmId]);

  const goToCheckout = (params: Record<string, string>) => {
    setAssetName('');
    setPickedId(null);
    setWarningOpen(false);
    navigate(`/checkout?${new URLSearchParams(params).toString()}`);
  };

  const purchase = () => {
    if (!typed) {
      setFieldError(EMPTY_ASSET_NAME);
      return;
    }
    if (state === 'matched' && match) {
      if (covered?.rated === false) {
        setWarningFor('not-rated');
        setWarningOpen(true);
      } else goToCheckout({ purchaseType: 'new_report', assetName: match.name, assetId: match.id });
    } else if (state === 'unknown' || state === 'search-failed') {
      // The server decides for a failed search; an unknown name needs the confirmed warning.
      if (state === 'search-failed') goToCheckout({ purchaseType: 'new_report', assetName: typed });
      else {
        setWarningFor('unknown');
        setWarningOpen(true);
      }
    } else if (state === 'choose') {
      setFieldError(PICK_ONE);
    }
  };

  const canPurchase = state === 'matched' || state === 'unknown' || state === 'search-failed';
  const recent = match?.recentReport;
  // The buyer's own copy of that report is never offered to them again (issue 46).
  const myReports = useQuery(myReportsQuery);
  const ownsRecent =
    recent !== undefined &&
    (myReports.data ?? []).some((item) => item.reportId === recent.id && item.status === 'completed');

  return (
    <Card>
      <CardTitle>Generate a New Research Report</CardTitle>
      <CardDescription className="mt-1">
        Name a crypto asset and our research agents analyse it across 12 categories.
      </CardDescription>
      <form
        className="mt-6 space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          purchase();
        }}
      >
        <div>
          <Label htmlFor={inputId}>Crypto asset name</Label>
          <Input
            id={inputId}
            className="mt-1"
            placeholder="e.g. Bitcoin, Ethereum, Cardano"
            autoComplete="off"
            value={assetName}
            maxLength={100}
            aria-invalid={Boolean(fieldError)}
            aria-describedby={fieldError ? `${inputId}-error ${statusId}` : statusId}
            aria-controls={candidates.length ? choicesId : undefined}
            onChange={(event) => {
              setFieldError(undefined);
              setAssetName(event.target.value);
              setPickedId(null);
              setWarningOpen(false);
            }}
            onKeyDown={(event) => {
              // The button is disabled while the name is blank or unresolved; Enter still answers.
              if (event.key === 'Enter') {
                event.preventDefault();
                purchase();
              }
            }}
          />
          <FieldError id={`${inputId}-error`} message={fieldError} />
          <div id={statusId} aria-live="polite" className="mt-2 min-h-6 text-sm">
            {state === 'resolving' && <span className="text-muted">Checking our data sources…</span>}
            {state === 'search-failed' && (
              <span className="text-muted">
                The name could not be checked right now; checkout will check it.
              </span>
            )}
            {state === 'matched' && match && (
              <section
                className="rounded-md border border-border bg-subtle p-3"
                data-testid="matched-asset"
                aria-label="Matched asset"
              >
                <p className="mb-1 text-xs text-muted">Report on</p>
                <AssetFacts asset={match} />
                <p className="mt-1 text-xs" data-testid="asset-coverage">
                  {covered
                    ? `Its report: ${coverageLine(covered)}`
                    : coverage.isFetching
                      ? 'Checking what its report would hold…'
                      : ''}
                </p>
              </section>
            )}
            {state === 'unknown' && !warningOpen && (
              <span className="text-muted">We could not find “{typed}” in our data sources.</span>
            )}
          </div>
        </div>

        {candidates.length > 0 && (
          <fieldset id={choicesId} className="space-y-2">
            <legend className="mb-2 text-sm font-semibold">
              {exact.length > 1
                ? `Several assets match “${typed}”. Which one do you mean?`
                : `No exact match for “${typed}”. Did you mean one of these?`}
            </legend>
            {[...candidates, null].map((asset) => {
              const value = asset?.id ?? NONE_OF_THESE;
              return (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 hover:bg-subtle has-[:checked]:border-primary"
                >
                  <input
                    type="radio"
                    name="asset-choice"
                    value={value}
                    checked={pickedId === value}
                    onChange={() => {
                      setFieldError(undefined);
                      setPickedId(value);
                      setWarningOpen(false);
                    }}
                  />
                  {asset ? (
                    <AssetFacts asset={asset} />
                  ) : (
                    <span>None of these: research “{typed}” as typed</span>
                  )}
                </label>
              );
            })}
          </fieldset>
        )}

        {warningOpen && (
          <div
            role="alert"
            className="space-y-3 rounded-md border border-warning/50 bg-warning/10 p-4 text-sm"
            data-testid="unknown-asset-warning"
          >
            <p className="font-semibold">
              {warningFor === 'not-rated' && match && covered
                ? `Our sources hold evidence for only ${covered.categoriesWithEvidence} of the 12 categories on ${match.name}.`
                : `We could not find “${typed}” in our data sources.`}
            </p>
            <p data-testid="not-rated-warning">
              If you buy this report anyway, it will be <strong>{NOT_RATED_LABEL}</strong>: with evidence for
              fewer than {MIN_RATED_CATEGORIES} of the 12 categories it gets no composite score and no risk
              level, and most categories will say “No evidence found”. Check the spelling, or pick a known
              asset.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                id={confirmId}
                type="button"
                onClick={() =>
                  goToCheckout({
                    purchaseType: 'new_report',
                    ...(warningFor === 'not-rated' && match
                      ? { assetName: match.name, assetId: match.id }
                      : { assetName: typed }),
                    acknowledgeUnknownAsset: '1',
                  })
                }
              >
                Buy anyway for {formatUsd(PRICES_USD.new_report)}
              </Button>
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  setWarningOpen(false);
                  document.getElementById(inputId)?.focus();
                }}
              >
                Change the name
              </Button>
            </div>
          </div>
        )}

        <div className={recent ? 'grid gap-4 md:grid-cols-2' : ''}>
          <div className="rounded-md border border-border bg-subtle p-4" data-testid="new-report-price">
            <p className="text-3xl font-bold">{formatUsd(PRICES_USD.new_report)}</p>
            <p className="text-sm text-muted">one-time</p>
            <p className="mt-2 text-sm" data-testid="new-report-holds">
              {covered
                ? `This report would hold evidence in ${covered.categoriesWithEvidence} of 12 categories: ${
                    covered.rated
                      ? 'rated, with a risk level and a composite score.'
                      : `${NOT_RATED_LABEL}, a verdict needs at least ${MIN_RATED_CATEGORIES}.`
                  }`
                : 'Research across the 12 categories; what this report would hold shows once the asset is matched.'}
            </p>
          </div>
          {recent && match && ownsRecent && (
            <div className="rounded-md border border-border p-4" data-testid="recent-report-owned">
              <p className="font-semibold">You own the report on {match.name}</p>
              <p className="mt-2 text-sm">
                Completed {formatDate(recent.completed_at)} ({formatListedTotal(recent.composite_score, true)}
                ).
              </p>
              <Button asChild variant="secondary" className="mt-3 w-full">
                <Link href={`/report/${recent.id}`}>View your report</Link>
              </Button>
            </div>
          )}
          {recent && match && !ownsRecent && (
            <div
              className="rounded-md border border-primary/40 bg-primary/5 p-4"
              data-testid="recent-report-offer"
            >
              <p className="text-3xl font-bold">{formatUsd(PRICES_USD.existing_report)}</p>
              <p className="text-sm text-muted">existing report</p>
              <p className="mt-2 text-sm">
                A report on {match.name} completed {formatDate(recent.completed_at)} (
                {formatListedTotal(recent.composite_score, true)}) is ready now.
              </p>
              <Button
                type="button"
                variant="secondary"
                className="mt-3 w-full"
                onClick={() =>
                  goToCheckout({
                    purchaseType: 'existing_report',
                    reportId: String(recent.id),
                    assetName: match.name,
                  })
                }
              >
                Buy this report for {formatUsd(PRICES_USD.existing_report)}
              </Button>
            </div>
          )}
        </div>

        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!typed || (!canPurchase && typed.length > 0)}
        >
          Purchase New Report
        </Button>
      </form>
    </Card>
  );
}
