import { describe, expect, it } from 'vitest';
import { formatScore77 } from './report-format';

describe('formatScore77', () => {
  it('shows the 77-point total to one decimal', () => {
    expect(formatScore77('59.55')).toBe('59.5/77.0');
    expect(formatScore77(15.4)).toBe('15.4/77.0');
  });

  it('reads "Not rated" for a report stored without a verdict, and nothing while there is no score', () => {
    expect(formatScore77('0.00')).toBe('Not rated');
    expect(formatScore77(null)).toBeNull();
  });
});
