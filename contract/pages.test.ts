import { describe, expect, it } from 'vitest';
import { findPageMeta, NOT_FOUND_META, PAGES } from './pages';

describe('page table', () => {
  it('matches every spec route, including both report spellings and the optional Cardano id', () => {
    for (const path of [
      '/',
      '/login',
      '/dashboard',
      '/report/12',
      '/reports/12',
      '/cardano-checkout',
      '/cardano-checkout/7',
      '/disclaimer',
    ]) {
      expect(findPageMeta(path), path).toBeDefined();
    }
  });

  it('finds no page for unknown paths, so the server can answer 404', () => {
    for (const path of ['/nope', '/report', '/report/1/extra', '/dashboard/x']) {
      expect(findPageMeta(path), path).toBeUndefined();
    }
  });

  it('marks dashboard, login, purchase and not-found as noindex and keeps legal pages indexed', () => {
    expect(PAGES.dashboard.meta.noindex).toBe(true);
    expect(PAGES.login.meta.noindex).toBe(true);
    expect(PAGES.checkout.meta.noindex).toBe(true);
    expect(NOT_FOUND_META.noindex).toBe(true);
    expect(findPageMeta('/privacy-policy')?.noindex).toBeUndefined();
  });

  it('keeps the account pages and the sandbox outbox out of search engines', () => {
    for (const path of ['/account', '/forgot-password', '/reset-password', '/dev/outbox']) {
      expect(findPageMeta(path)?.noindex, path).toBe(true);
      expect(findPageMeta(path)?.inSitemap, path).toBeUndefined();
    }
  });
});
