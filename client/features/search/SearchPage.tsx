import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PRICES_USD } from '../../../contract/constants';
import { NOT_RATED_LABEL } from '../../../contract/methodology';
import { PAGES } from '../../../contract/pages';
import { UNVERIFIED_NAME_LABEL } from '../../../contract/reports';
import { RiskLevelBadge } from '../../components/risk-level-badge';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { useCurrentUser } from '../../lib/auth';
import { publicReportsSearchQuery } from '../../lib/queries/reports';
import { formatListedTotal, formatUsd, reportStatusLabel, reportStatusTone } from '../../lib/report-format';

/** /search?q= — a real search of public reports by asset name. */
export function SearchPage() {
  const q = new URLSearchParams(useSearch()).get('q')?.trim() ?? '';
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const inputId = useId();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);

  const results = useQuery({
    ...publicReportsSearchQuery(q),
    enabled: q.length > 0,
    staleTime: 10_000,
  });

  return (
    <Page meta={PAGES.search.meta} title="Search reports" wide>
      <search>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const term = text.trim();
            navigate(term ? `/search?q=${encodeURIComponent(term)}` : '/search');
          }}
        >
          <div className="min-w-64 flex-1">
            <Label htmlFor={inputId}>Asset name</Label>
            <Input
              id={inputId}
              type="search"
              className="mt-1"
              placeholder="e.g. Bitcoin"
              value={text}
              maxLength={100}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <Button type="submit">
            <Search size={16} aria-hidden /> Search
          </Button>
        </form>
      </search>

      <section className="mt-8" aria-live="polite">
        {!q ? (
          <p className="text-muted">Type an asset name to search the public research reports.</p>
        ) : results.isPending ? (
          <Spinner label="Searching" />
        ) : results.isError ? (
          <p className="text-destructive">The search failed. Please try again.</p>
        ) : results.data.length === 0 ? (
          <div data-testid="search-no-match">
            <p className="text-muted">No public reports match "{q}".</p>
            {/* Not a dead end: a report on it can be ordered, or the whole marketplace browsed. */}
            <p className="mt-3 flex flex-wrap gap-3">
              <Button asChild>
                <Link href={`/dashboard?asset=${encodeURIComponent(q)}`}>
                  Order a new report on "{q}" ({formatUsd(PRICES_USD.new_report)})
                </Link>
              </Button>
              <Button asChild variant="secondary">
                <Link href="/dashboard?tab=marketplace">Browse all reports</Link>
              </Button>
            </p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2" aria-label="Search results">
            {results.data.map((item) => {
              const score = formatListedTotal(item.composite_score, item.status === 'completed');
              return (
                <li key={item.id}>
                  <Card className="flex h-full flex-col justify-between gap-4">
                    <div className="space-y-2">
                      <h2 className="text-lg font-semibold">{item.asset_name}</h2>
                      {score && (
                        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                          {/* The verdict (the rating badge) beside the score (decision 0381). */}
                          <RiskLevelBadge level={item.risk_level ?? null} />
                          {score !== NOT_RATED_LABEL && <span>Score: {score}</span>}
                        </p>
                      )}
                      <div className="flex gap-2">
                        {!item.name_verified && (
                          <Badge tone="warning" data-testid="unverified-name">
                            {UNVERIFIED_NAME_LABEL}
                          </Badge>
                        )}
                        <Badge tone={reportStatusTone(item.status)}>{reportStatusLabel(item.status)}</Badge>
                        {item.owned && <Badge tone="info">Owned</Badge>}
                      </div>
                    </div>
                    {!user ? (
                      <Button asChild variant="secondary">
                        <Link href="/login">Sign in to buy for {formatUsd(PRICES_USD.existing_report)}</Link>
                      </Button>
                    ) : item.owned ? (
                      <Button variant="secondary" onClick={() => navigate(`/report/${item.id}`)}>
                        View Report
                      </Button>
                    ) : (
                      <Button
                        onClick={() =>
                          navigate(
                            `/checkout?reportId=${item.id}&purchaseType=existing_report&assetName=${encodeURIComponent(item.asset_name)}`,
                          )
                        }
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
      </section>
    </Page>
  );
}
