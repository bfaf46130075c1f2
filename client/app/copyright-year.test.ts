import { describe, expect, it } from 'vitest';
import { copyrightYear } from '../../contract/constants';

describe('the footer copyright year', () => {
  it('is the year of the day shown (a 2026 report page reads © 2026, not a fixed 2025)', () => {
    expect(copyrightYear(new Date('2026-11-26T12:00:00Z'))).toBe(2026);
    expect(copyrightYear(new Date('2027-01-01T00:00:00Z'))).toBe(2027);
  });
});
