import { describe, expect, it } from 'vitest';
import {
  BUG_CATEGORIES,
  BUG_CATEGORY_LABELS,
  BUG_STATUS_COLOURS,
  bugReportRequestSchema,
  bugStatusUpdateSchema,
  countByStatus,
} from './bug-reports';

describe('bug report contract', () => {
  it('has the seven spec categories with their labels', () => {
    expect(BUG_CATEGORIES.map((c) => `${c}:${BUG_CATEGORY_LABELS[c]}`)).toEqual([
      'payment:Payment Issues',
      'research:Research Generation',
      'authentication:Login/Registration',
      'ui:User Interface',
      'performance:Performance',
      'data:Data/Reports',
      'other:Other',
    ]);
  });

  it('gives the spec badge colours', () => {
    expect(BUG_STATUS_COLOURS).toEqual({
      open: 'red',
      investigating: 'yellow',
      resolved: 'green',
      closed: 'grey',
    });
  });

  it('trims text and turns blank optional fields into "not given"', () => {
    const parsed = bugReportRequestSchema.parse({
      name: '  Ada ',
      email: ' ada@example.com ',
      category: '',
      title: ' T ',
      description: 'D',
      steps: '   ',
      device: null,
    });
    expect(parsed).toEqual({ name: 'Ada', email: 'ada@example.com', title: 'T', description: 'D' });
  });

  it('accepts only the four statuses', () => {
    for (const status of ['open', 'investigating', 'resolved', 'closed'])
      expect(bugStatusUpdateSchema.safeParse({ status }).success).toBe(true);
    expect(bugStatusUpdateSchema.safeParse({ status: 'Open' }).success).toBe(false);
  });

  it('counts reports for the five tiles', () => {
    expect(
      countByStatus([{ status: 'open' }, { status: 'open' }, { status: 'closed' }, { status: 'resolved' }]),
    ).toEqual({ total: 4, open: 2, investigating: 0, resolved: 1, closed: 1 });
  });
});
