import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PRICES_USD } from '../../../contract/constants';
import { PURCHASE_RULE_MESSAGES } from '../../../contract/purchases';
import { type PublicReportItem, UNVERIFIED_NAME_LABEL } from '../../../contract/reports';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { WatchButton } from '../../components/watch-button';
import { publicReportsSearchQuery } from '../../lib/queries/reports';
import { formatScore77, formatUsd, reportStatusLabel, reportStatusTone } from '../../lib/report-format';

export function MarketplaceTab({ query }: { query: UseQueryResult<PublicReportItem[]> }) {
  const [, navigate] = useLocation();
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
          {typed ? `No reports match "${search.trim()}".` : 'No public reports available at this time.'}
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Public reports">
          {items.map((item) => {
            const score = formatScore77(item.composite_score);
            return (
              <li key={item.id} data-testid="public-report">
                <Card className="flex h-full flex-col justify-between gap-4">
                  <div className="space-y-2">
                    <h2 className="text-lg font-semibold">{item.asset_name}</h2>
                    {score && <p className="text-sm font-medium">Score: {score}</p>}
                    <div className="flex flex-wrap gap-2">
                      {!item.name_verified && (
                        <Badge tone="warning" data-testid="unverified-name">
                          {UNVERIFIED_NAME_LABEL}
                        </Badge>
                      )}
                      <Badge tone={reportStatusTone(item.status)}>{reportStatusLabel(item.status)}</Badge>
                      {item.owned && <Badge tone="info">Owned</Badge>}
                    </div>
                    {item.asset_id && <WatchButton assetId={item.asset_id} assetName={item.asset_name} />}
                  </div>
                  {item.owned ? (
                    <div className="space-y-2">
                      <p className="text-sm text-muted">{PURCHASE_RULE_MESSAGES.owned}.</p>
                      <Button asChild variant="secondary" className="w-full">
                        <Link
                          href={`/report/${item.id}`}
                          aria-label={`View your report on ${item.asset_name}`}
                        >
                          View Report
                        </Link>
                      </Button>
                    </div>
                  ) : (
                    <Button
                      onClick={() =>
                        navigate(
                          `/checkout?reportId=${item.id}&purchaseType=existing_report&assetName=${encodeURIComponent(item.asset_name)}`,
                        )
                      }
                      aria-label={`Buy for ${formatUsd(PRICES_USD.existing_report)}: ${item.asset_name}`}
                    >
                      Buy for {formatUsd(PRICES_USD.existing_report)}
                    </Button>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
