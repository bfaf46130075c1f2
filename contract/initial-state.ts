import type { CurrentUser } from './auth';
import type { SiteConfig } from './site';

// Kept free of schemas (no zod): the browser's entry chunk reads it on every page.

/**
 * What the server writes into every HTML page it sends (a JSON data block with this id), so the
 * browser knows the session and the settings without a request that could fail.
 */
export const INITIAL_STATE_ELEMENT_ID = 'initial-state';

export interface InitialState {
  user: CurrentUser | null;
  config: SiteConfig;
}
