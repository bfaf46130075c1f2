import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PRICES_USD } from '../../../contract/constants';
import { CATEGORIES, NOT_RATED_LABEL } from '../../../contract/methodology';
import { PURCHASE_RULE_MESSAGES } from '../../../contract/purchases';
import { type PublicReportItem, UNVERIFIED_NAME_LABEL } from '../../../contract/reports';
import { RiskLevelBadge } from '../../components/risk-level-badge';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { WatchButton } from '../../components/watch-button';
import { publicReportsSearchQuery } from '../../lib/queries/reports';
import { formatDate, formatScore77, formatUsd } from '../../lib/report-format';

/** One entry per asset, newest report first (the list arrives newest first). */
function groupByAsset(items: PublicReportItem[]): PublicReportItem[][] {
  const groups = new Map<string, PublicReportItem[]>();
  for (const item of items) {
    const key = item.asset_id ?? `name:${item.asset_name.trim().toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}

/**
 * The report's date and verdict: what tells two reports on one asset apart. The risk level (the
 * rating badge) stands beside the score, then how old the data is and how many categories had
 * evidence (decision 0381).
 */
function ListingFacts({ item }: { item: PublicReportItem }) {
  const score = item.rated === false ? null : formatScore77(item.composite_score);
  const rated = score !== null && score !== NOT_RATED_LABEL;
  return (
    <div className="space-y-1 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="listing-facts">
        {item.completed_at && <span>{formatDate(item.completed_at)} ·</span>}
        <RiskLevelBadge level={rated ? (item.risk_level ?? null) : null} />
        {rated && <span className="font-medium">Score: {score}</span>}
      </p>
      {(item.data_as_of || item.categories_with_evidence !== undefined) && (
        <p className="text-muted" data-testid="listing-evidence">
          {[
            item.data_as_of ? `Data as of ${item.data_as_of.slice(0, 10)}` : null,
            item.categories_with_evidence !== undefined
              ? `${item.categories_with_evidence} of ${CATEGORIES.length} categories with evidence`
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
    </div>
  );
}

function ListingAction({ item, onBuy }: { item: PublicReportItem; onBuy: (item: PublicReportItem) => void }) {
  const when = item.completed_at ? ` of ${formatDate(item.completed_at)}` : '';
  return item.owned ? (
    <div className="space-y-2">
      <p className="text-sm text-muted">{PURCHASE_RULE_MESSAGES.owned}.</p>
      <Button asChild variant="secondary" className="w-full">
        <Link href={`/report/${item.id}`} aria-label={`View your report on ${item.asset_name}${when}`}>
          View Report
        </Link>
      </Button>
    </div>
  ) : (
    <Button
      className="w-full"
      onClick={() => onBuy(item)}
      aria-label={`Buy for ${formatUsd(PRICES_USD.existing_report)}: ${item.asset_name}${when}`}
    >
      Buy for {formatUsd(PRICES_USD.existing_report)}
    </Button>
  );
}

export function MarketplaceTab({
  query,
  onGenerate,
}: {
  query: UseQueryResult<PublicReportItem[]>;
  /** An empty search offers a new report on the name typed. */
  onGenerate: (assetName: string) => void;
}) {
  const [, navigate] = useLocation();
  const buy = (item: PublicReportItem) =>
    navigate(
      `/checkout?reportId=${item.id}&purchaseType=existing_report&assetName=${encodeURIComponent(item.asset_name)}`,
    );
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(search.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [search]);

  // The full list holds the newest reports; a search asks the server so older reports are found too.
  const searched = useQuery({
    ...publicReportsSearchQuery(term),
    enabled: term.length > 0,
    staleTime: 10_000,
  });
  const typed = search.trim().toLowerCase();
  const locallyFiltered = (query.data ?? []).filter((item) => item.asset_name.toLowerCase().includes(typed));
  const items = typed
    ? term.length > 0 && searched.data
      ? searched.data
      : locallyFiltered
    : (query.data ?? []);

  return (
    <div className="space-y-6">
      <div>
        <Label htmlFor={searchId}>Search reports</Label>
        <div className="relative mt-1">
          <Search size={16} aria-hidden className="absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder="Search by asset name"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      {query.isPending ? (
        <Spinner label="Loading the marketplace" />
      ) : items.length === 0 ? (
        <Card className="text-center text-muted">
          <p>
            {typed ? `No reports match "${search.trim()}".` : 'No public reports available at this time.'}
          </p>
          {typed && (
            <Button className="mt-4" onClick={() => onGenerate(search.trim())}>
              Generate a new report
            </Button>
          )}
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Public reports">
          {groupByAsset(items).map(([latest, ...older]) => (
            <li key={latest!.id} data-testid="public-report">
              <Card className="flex h-full flex-col justify-between gap-4">
                <div className="space-y-2">
                  <h2 className="text-lg font-semibold">{latest!.asset_name}</h2>
                  <ListingFacts item={latest!} />
                  <div className="flex flex-wrap gap-2">
                    {!latest!.name_verified && (
                      <Badge tone="warning" data-testid="unverified-name">
                        {UNVERIFIED_NAME_LABEL}
                      </Badge>
                    )}
                    {latest!.owned && <Badge tone="info">Owned</Badge>}
                  </div>
                  {latest!.asset_id && (
                    <WatchButton assetId={latest!.asset_id} assetName={latest!.asset_name} />
                  )}
                </div>
                <ListingAction item={latest!} onBuy={buy} />
                {older.length > 0 && (
                  <details className="text-sm" data-testid="older-versions">
                    <summary className="flex min-h-11 cursor-pointer items-center font-medium">
                      Older reports ({older.length})
                    </summary>
                    <ul className="space-y-3">
                      {older.map((item) => (
                        <li key={item.id} className="space-y-2 border-t border-border pt-3">
                          <ListingFacts item={item} />
                          <ListingAction item={item} onBuy={buy} />
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
