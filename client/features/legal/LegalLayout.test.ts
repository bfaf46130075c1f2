import { describe, expect, it } from 'vitest';
import { formatPolicyDate } from './LegalLayout';

describe('formatPolicyDate', () => {
  it('writes the date as en-US long form, in UTC', () => {
    for (const iso of ['2026-11-01', '2026-01-31', '2025-12-09', '2024-02-29']) {
      const expected = new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      expect(formatPolicyDate(iso)).toBe(expected);
    }
    expect(formatPolicyDate('2026-11-01')).toBe('November 1, 2026');
  });

  it('leaves what is not a date as it is', () => {
    expect(formatPolicyDate('soon')).toBe('soon');
  });
});
