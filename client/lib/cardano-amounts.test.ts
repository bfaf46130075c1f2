import { describe, expect, it } from 'vitest';
import { formatExactAmount, formatTokenAmount } from './cardano-amounts';

describe('formatExactAmount', () => {
  it('prints what is owed in ADA exact to the lovelace, with at least 2 decimals', () => {
    expect(formatExactAmount('9.980000', 'ADA')).toBe('9.98 ADA');
    expect(formatExactAmount('9.982341', 'ADA')).toBe('9.982341 ADA');
    expect(formatExactAmount('10', 'ADA')).toBe('10.00 ADA');
    expect(formatExactAmount('0.300001', 'ADA')).toBe('0.300001 ADA');
  });

  it('prints CROW in whole tokens with thousands separators', () => {
    expect(formatExactAmount('10000000', 'NATIVE_TOKEN')).toBe('10,000,000 CROW');
    expect(formatTokenAmount(10_000_000, 'NATIVE_TOKEN')).toBe('10,000,000 CROW');
    expect(formatTokenAmount('9.9812', 'ADA')).toBe('9.98 ADA');
  });
});
