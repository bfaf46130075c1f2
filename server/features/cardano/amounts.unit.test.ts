import { describe, expect, it } from 'vitest';
import { roundAdaUp, toDisplayAmount } from '../../../contract/cardano';
import { paymentUriOf } from './service';
import { mapBounded, unitOf } from './watcher';

describe('Cardano amounts', () => {
  it('rounds ADA quotes up to whole cents of ADA, never down', () => {
    expect(roundAdaUp(4.99 / 0.5)).toBe(9.98);
    expect(roundAdaUp(4.99 / 0.35)).toBe(14.26); // 14.2571…
    expect(roundAdaUp(2.99 / 0.7)).toBe(4.28); // 4.2714…
    expect(roundAdaUp(1)).toBe(1);
  });

  it('shows base units as ADA with 6 decimals and tokens as whole units', () => {
    expect(toDisplayAmount(1n, 'ADA')).toBe('0.000001');
    expect(toDisplayAmount(9_980_000n, 'ADA')).toBe('9.980000');
    expect(toDisplayAmount(123_456_789_012_345_678n, 'ADA')).toBe('123456789012.345678');
    expect(toDisplayAmount(10_000_000n, 'NATIVE_TOKEN')).toBe('10000000');
  });

  it('builds CIP-13 URIs and chain units', () => {
    expect(paymentUriOf('addr_test1xyz', 'ADA', '9.980000')).toBe(
      'web+cardano:addr_test1xyz?amount=9.980000',
    );
    expect(paymentUriOf('addr_test1xyz', 'NATIVE_TOKEN', '10000000')).toBe('web+cardano:addr_test1xyz');
    expect(unitOf({ currency: 'ADA', policyId: null, assetName: null })).toBe('lovelace');
    expect(unitOf({ currency: 'NATIVE_TOKEN', policyId: 'ab'.repeat(28), assetName: '43524f57' })).toBe(
      `${'ab'.repeat(28)}43524f57`,
    );
  });
});

describe('mapBounded', () => {
  it('never runs more than the limit at once and keeps the input order', async () => {
    let inFlight = 0;
    let peak = 0;
    const results = await mapBounded(
      Array.from({ length: 50 }, (_, i) => i),
      7,
      async (n) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1 + (n % 3)));
        inFlight -= 1;
        return n * 2;
      },
    );
    expect(peak).toBe(7);
    expect(results).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
  });
});
