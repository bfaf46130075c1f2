import type { UseQueryResult } from '@tanstack/react-query';
import { Download, Eye } from 'lucide-react';
import { useLocation } from 'wouter';
import { NOT_RATED_LABEL } from '../../../contract/methodology';
import { type MyReportItem, PURCHASE_TYPE_LABELS, UNVERIFIED_NAME_LABEL } from '../../../contract/reports';
import { RiskLevelBadge } from '../../components/risk-level-badge';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { downloadReportPdf } from '../../lib/download-pdf';
import {
  formatDate,
  formatListedTotal,
  formatUsd,
  isReportInProgress,
  reportStatusLabel,
  reportStatusTone,
} from '../../lib/report-format';

export function MyReportsTab({
  query,
  onGenerateFirst,
}: {
  query: UseQueryResult<MyReportItem[]>;
  onGenerateFirst: () => void;
}) {
  const [, navigate] = useLocation();
  if (query.isPending) return <Spinner label="Loading your reports" />;
  if (query.isError && !query.data) {
    return (
      <p className="text-destructive">Your reports could not be loaded. They will be retried shortly.</p>
    );
  }
  const items = query.data ?? [];
  if (items.length === 0) {
    return (
      <Card className="text-center">
        <p className="text-muted">You haven't purchased any reports yet.</p>
        <Button className="mt-4" onClick={onGenerateFirst}>
          Generate Your First Report
        </Button>
      </Card>
    );
  }
  return (
    <ul className="space-y-4" aria-label="My reports">
      {items.map((item) => {
        const name = item.asset_name || `Report #${item.reportId}`;
        const score = formatListedTotal(item.composite_score, item.report_status === 'completed');
        const refunded = item.status === 'refunded';
        const completed = !refunded && item.report_status === 'completed' && item.reportId !== null;
        return (
          <li key={item.id} data-testid="my-report">
            <Card className="flex flex-wrap items-start justify-between gap-4">
              <div className="space-y-1">
                <h2 className="text-lg font-semibold">{name}</h2>
                <p className="text-sm text-muted">Purchased {formatDate(item.createdAt)}</p>
                {score && (
                  <p
                    className="flex flex-wrap items-center gap-2 text-sm font-medium"
                    data-testid="my-report-verdict"
                  >
                    {/* The verdict (the rating badge) beside the score (decision 0381). */}
                    <RiskLevelBadge level={item.risk_level ?? null} />
                    {score !== NOT_RATED_LABEL && <span>Score: {score}</span>}
                  </p>
                )}
                <div className="flex flex-wrap items-center gap-2 pt-1">
                  {refunded ? (
                    <Badge tone="grey" data-testid="purchase-refunded">
                      Refunded
                    </Badge>
                  ) : (
                    item.report_status && (
                      <Badge tone={reportStatusTone(item.report_status)} data-testid="report-status">
                        {reportStatusLabel(item.report_status)}
                      </Badge>
                    )
                  )}
                  {!item.name_verified && (
                    <Badge tone="warning" data-testid="unverified-name">
                      {UNVERIFIED_NAME_LABEL}
                    </Badge>
                  )}
                  <Badge tone="info">{PURCHASE_TYPE_LABELS[item.purchaseType]}</Badge>
                  <span className="text-sm font-medium">{formatUsd(item.amount)}</span>
                </div>
                {item.note && (
                  <p
                    className={`max-w-prose pt-1 text-sm ${refunded ? 'text-muted' : 'text-destructive'}`}
                    data-testid="purchase-note"
                  >
                    {item.note}
                  </p>
                )}
                {!refunded && isReportInProgress(item.report_status) && (
                  <p className="flex items-center gap-2 pt-1 text-sm text-warning">
                    <Spinner label="Research in progress" /> Analyzing...
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={!completed}
                  onClick={() => item.reportId !== null && void downloadReportPdf(item.reportId, name)}
                  aria-label={`Download PDF of ${name}`}
                >
                  <Download size={16} aria-hidden /> Download PDF
                </Button>
                <Button
                  size="sm"
                  disabled={!completed}
                  onClick={() => navigate(`/report/${item.reportId}`)}
                  aria-label={`View Report on ${name}`}
                >
                  <Eye size={16} aria-hidden /> View Report
                </Button>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
