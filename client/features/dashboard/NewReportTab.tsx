import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { AssetSuggestion } from '../../../contract/assets';
import { PRICES_USD } from '../../../contract/constants';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { formatUsd } from '../../lib/report-format';

/** Suggestions are a help, never a requirement: any failure or an empty answer shows none. */
async function fetchSuggestions(q: string, signal: AbortSignal): Promise<AssetSuggestion[]> {
  try {
    const response = await fetch(`/api/assets/search?q=${encodeURIComponent(q)}`, {
      credentials: 'include',
      signal,
    });
    if (!response.ok) return [];
    const body = (await response.json()) as { assets?: AssetSuggestion[] };
    return Array.isArray(body.assets) ? body.assets.slice(0, 8) : [];
  } catch {
    return [];
  }
}

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

export function NewReportTab() {
  const [assetName, setAssetName] = useState('');
  const [showSuggestions, setShowSuggestions] = useState(false);
  const [, navigate] = useLocation();
  const inputId = NEW_REPORT_INPUT_ID;
  const suggestionsId = useId();
  const term = useDebounced(assetName.trim(), 250);

  const suggestions = useQuery<AssetSuggestion[]>({
    queryKey: ['asset-suggestions', term],
    queryFn: ({ signal }) => fetchSuggestions(term, signal),
    enabled: term.length > 0,
    staleTime: 60_000,
  });
  const visibleSuggestions = showSuggestions && term.length > 0 ? (suggestions.data ?? []) : [];

  const purchase = () => {
    const name = assetName.trim();
    if (!name) {
      toast({ title: 'Error', description: 'Please enter a crypto asset name', variant: 'destructive' });
      return;
    }
    setAssetName('');
    navigate(`/checkout?purchaseType=new_report&assetName=${encodeURIComponent(name)}`);
  };

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
        <div className="relative">
          <Label htmlFor={inputId}>Crypto asset name</Label>
          <Input
            id={inputId}
            className="mt-1"
            placeholder="e.g. Bitcoin, Ethereum, Cardano"
            autoComplete="off"
            value={assetName}
            maxLength={100}
            aria-controls={visibleSuggestions.length ? suggestionsId : undefined}
            onChange={(event) => {
              setAssetName(event.target.value);
              setShowSuggestions(true);
            }}
            onKeyDown={(event) => {
              // The button is disabled while the name is blank; Enter still explains why.
              if (event.key === 'Enter') {
                event.preventDefault();
                purchase();
              }
              if (event.key === 'Escape') setShowSuggestions(false);
            }}
          />
          {visibleSuggestions.length > 0 && (
            <ul
              id={suggestionsId}
              aria-label="Suggested assets"
              className="absolute z-10 mt-1 w-full overflow-hidden rounded-md border border-border bg-card shadow-lg"
            >
              {visibleSuggestions.map((asset) => (
                <li key={asset.id}>
                  <button
                    type="button"
                    className="flex w-full items-center justify-between px-3 py-2 text-left hover:bg-subtle focus:bg-subtle"
                    onClick={() => {
                      setAssetName(asset.name);
                      setShowSuggestions(false);
                      document.getElementById(inputId)?.focus();
                    }}
                  >
                    <span>{asset.name}</span>
                    <span className="text-sm uppercase text-muted">{asset.symbol}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="rounded-md border border-border bg-subtle p-4" data-testid="new-report-price">
          <p className="text-3xl font-bold">{formatUsd(PRICES_USD.new_report)}</p>
          <p className="text-sm text-muted">one-time</p>
          <p className="mt-2 text-sm">Complete AI analysis with 12 research categories</p>
        </div>

        <Button type="submit" size="lg" className="w-full" disabled={!assetName.trim()}>
          Purchase New Report
        </Button>
      </form>
    </Card>
  );
}
