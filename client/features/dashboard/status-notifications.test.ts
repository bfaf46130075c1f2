import { describe, expect, it } from 'vitest';
import type { MyReportItem } from '../../../contract/reports';
import { statusChanges } from './status-notifications';

const item = (id: number, report_status: MyReportItem['report_status']): MyReportItem => ({
  id,
  reportId: id * 10,
  asset_name: `Asset ${id}`,
  name_verified: true,
  report_status,
  status: 'completed',
  createdAt: '2026-11-22T00:00:00.000Z',
  composite_score: null,
  purchaseType: 'new_report',
  amount: '4.99',
  paymentMethod: 'card',
  note: null,
});

const kinds = (previous: Record<string, string>, items: MyReportItem[]) =>
  statusChanges(previous, items).map((change) => `${change.kind}:${change.item.id}`);

describe('dashboard status changes', () => {
  it('announces a new purchase once, and nothing when nothing changed', () => {
    expect(kinds({}, [item(1, 'pending')])).toEqual(['purchased:1']);
    expect(kinds({ 1: 'pending' }, [item(1, 'pending')])).toEqual([]);
  });

  it('announces research starting and completing', () => {
    expect(kinds({ 1: 'pending' }, [item(1, 'processing')])).toEqual(['started:1']);
    expect(kinds({ 1: 'processing' }, [item(1, 'completed')])).toEqual(['completed:1']);
    expect(kinds({ 1: 'pending' }, [item(1, 'completed')])).toEqual(['completed:1']);
    expect(kinds({ 1: 'completed' }, [item(1, 'completed')])).toEqual([]);
  });

  it('a bought existing report that is already complete is a purchase, not a completion', () => {
    expect(kinds({ 1: 'completed' }, [item(2, 'completed'), item(1, 'completed')])).toEqual(['purchased:2']);
  });
});
