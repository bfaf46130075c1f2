import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { InitialState } from '../contract/initial-state';
import { App } from './app/App';
import { preloadAllPages } from './app/Routes';
import { CURRENT_USER_KEY } from './lib/auth';
import { ServerPageHtmlContext } from './lib/server-page-html';
import { SITE_CONFIG_KEY } from './lib/site-config';

// Server rendering of the public pages: the same App the browser hydrates, rendered
// for one URL with the session and settings the server already knows. Every page's code is
// loaded once up front, so rendering never suspends and the HTML is complete.

const pagesLoaded = preloadAllPages();

export interface RenderRequest {
  pathname: string;
  search: string;
  state: InitialState;
  /** The body of a page the server writes itself (the track record). */
  pageHtml?: string;
}

export async function renderPage({ pathname, search, state, pageHtml }: RenderRequest): Promise<string> {
  // One client per render: nothing cached leaks from one visitor to the next.
  const queryClient = new QueryClient({
    // Everything a public page reads is seeded below; nothing is fetched while rendering.
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        queryFn: () => Promise.reject(new Error('no fetching during server rendering')),
      },
    },
  });
  queryClient.setQueryData(CURRENT_USER_KEY, state.user);
  queryClient.setQueryData(SITE_CONFIG_KEY, state.config);
  await pagesLoaded;
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ServerPageHtmlContext.Provider value={pageHtml ?? null}>
          <Router ssrPath={pathname} ssrSearch={search}>
            <App />
          </Router>
        </ServerPageHtmlContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
  queryClient.clear();
  return withoutReactOnlyMarkup(html);
}

/**
 * React's server output carries markup meant for React's own client: resource hints it hoists to
 * the front (a preload of the header's logo) and Suspense boundary comments. Preact hydrates
 * past neither: it moved the whole app (or the page) back in front of them, which made the
 * browser restyle and lay out every element again right after hydration. The text
 * separators (`<!-- -->`) stay: Preact hydrates text nodes one by one.
 */
export function withoutReactOnlyMarkup(html: string): string {
  return html.replace(/^(?:<link rel="preload"[^>]*\/>)+/, '').replace(/<!--\/?\$-->/g, '');
}
