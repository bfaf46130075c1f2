import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

// A listening change feed whose notifications go nowhere (one process).
const feed = { healthy: true, on: () => () => {}, onReset: () => () => {}, notify: async () => {} };
const entry = () => ({
  user: {
    id: 7,
    username: 'ada',
    email: 'ada@example.com',
    isAdmin: false,
    createdAt: '2026-11-22T00:00:00Z',
  },
  expiresAt: Date.now() + 60_000,
});

describe('SessionCache', () => {
  it('does not bring back a session revoked while its lookup was in flight', async () => {
    const cache = new SessionCache(feed);
    const ticket = cache.lookupStarted(); // a request starts reading the session from the database
    await cache.revoke('session-a'); // meanwhile the user logs out
    cache.set('session-a', entry(), ticket); // the lookup returns the session it read before
    expect(cache.get('session-a')).toBeUndefined();
  });

  it('caches a lookup when nothing was revoked meanwhile, and evicts on revoke', async () => {
    const cache = new SessionCache(feed);
    cache.set('session-b', entry(), cache.lookupStarted());
    expect(cache.get('session-b')).toBeDefined();
    await cache.revoke('session-b');
    expect(cache.get('session-b')).toBeUndefined();
  });
});
