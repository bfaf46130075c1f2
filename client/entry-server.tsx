import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { InitialState } from '../contract/initial-state';
import { App } from './app/App';
import { ServerThemeContext, type Theme } from './app/theme';
import { CURRENT_USER_KEY } from './lib/auth';
import { SITE_CONFIG_KEY } from './lib/site-config';

// Server rendering of the public pages (issue 12): the same App the browser hydrates, rendered
// for one URL with the session and settings the server already knows. Lazy routes are awaited
// (prerender waits for every Suspense boundary), so the HTML is complete.

export interface RenderRequest {
  pathname: string;
  search: string;
  theme: Theme;
  state: InitialState;
}

export async function renderPage({ pathname, search, theme, state }: RenderRequest): Promise<string> {
  // One client per render: nothing cached leaks from one visitor to the next.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(CURRENT_USER_KEY, state.user);
  queryClient.setQueryData(SITE_CONFIG_KEY, state.config);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ServerThemeContext.Provider value={theme}>
          <Router ssrPath={pathname} ssrSearch={search}>
            <App />
          </Router>
        </ServerThemeContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  queryClient.clear();
  return Buffer.concat(chunks).toString('utf8');
}
