import { NOT_RATED_LABEL } from '../../contract/methodology';
import type { ReportStatus } from '../../contract/reports';
import type { BadgeTone } from '../components/ui/badge';

/**
 * 'x.x/77.0': lists show the 77-point total to one decimal. A rated total is at least 15.4 (every
 * category scores 1 or more); a report with too little evidence is stored with 0 and reads "Not rated".
 */
export function formatScore77(compositeScore: string | number | null | undefined): string | null {
  if (compositeScore === null || compositeScore === undefined) return null;
  const value = Number(compositeScore);
  if (!Number.isFinite(value)) return null;
  if (value === 0) return NOT_RATED_LABEL;
  return `${value.toFixed(1)}/77.0`;
}

/** A completed report's total as listed: "Not rated" when the answer carries no total (null). */
export function formatListedTotal(
  compositeScore: string | null | undefined,
  completed: boolean,
): string | null {
  if (completed && (compositeScore === null || compositeScore === undefined)) return NOT_RATED_LABEL;
  return formatScore77(compositeScore);
}

/** '$4.99': dollars with 2 decimals. */
export function formatUsd(amount: string | number): string {
  return `$${Number(amount).toFixed(2)}`;
}

/** 'Nov 25, 2026, 6:40 PM' in the reader's locale: when something happened, to the minute. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

const STATUS_LABELS: Record<ReportStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

const STATUS_TONES: Record<ReportStatus, BadgeTone> = {
  pending: 'neutral',
  processing: 'warning',
  completed: 'success',
  failed: 'danger',
};

export function reportStatusLabel(status: ReportStatus): string {
  return STATUS_LABELS[status];
}

export function reportStatusTone(status: ReportStatus): BadgeTone {
  return STATUS_TONES[status];
}

/** Pending and processing reports are still being researched (they are polled). */
export const isReportInProgress = (status: ReportStatus | null | undefined) =>
  status === 'pending' || status === 'processing';
