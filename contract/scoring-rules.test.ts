import { describe, expect, it } from 'vitest';
import { groupThousands } from './scoring-rules';

describe('groupThousands', () => {
  it('groups whole numbers exactly as en-US toLocaleString does', () => {
    for (const value of [0, 7, 999, 1000, 10_000, 50_000, 123_456, 1_000_000, 25_000_000, -4500])
      expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
  });
});
