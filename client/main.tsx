import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { INITIAL_STATE_ELEMENT_ID, type InitialState } from '../contract/initial-state';
import { App } from './app/App';
import { preloadPage } from './app/Routes';
import { hydrateKeepingStaticHtml } from './components/ui/static-html';
import { CURRENT_USER_KEY } from './lib/auth';
import { queryClient } from './lib/query-client';
import { SITE_CONFIG_KEY } from './lib/site-config';
import './styles.css';

// The server wrote the session and the settings into the page: no request is needed (and none
// can fail) to know whether a visitor is signed in.
const stateElement = document.getElementById(INITIAL_STATE_ELEMENT_ID);
if (stateElement?.textContent) {
  const state = JSON.parse(stateElement.textContent) as InitialState;
  queryClient.setQueryData(CURRENT_USER_KEY, state.user);
  queryClient.setQueryData(SITE_CONFIG_KEY, state.config);
}

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>
);
// Public pages arrive rendered by the server and are hydrated once their code is here (it was
// preloaded with the page); the others render here.
if (root.firstElementChild)
  void preloadPage(window.location.pathname).then(() =>
    hydrateKeepingStaticHtml(() => hydrateRoot(root, app)),
  );
else createRoot(root).render(app);
