import { FullScreenSpinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toast';
import { useCurrentUser } from '../lib/auth';
import { Disclaimer, Footer } from './Footer';
import { Header } from './Header';
import { Routes } from './Routes';
import { ScrollToTop } from './ScrollToTop';
import { applyStoredTheme } from './theme';

applyStoredTheme();

export function App() {
  const { isLoading } = useCurrentUser();
  return (
    <>
      {isLoading ? (
        // While the session is being checked, a full-screen spinner replaces all routes.
        <FullScreenSpinner />
      ) : (
        <div className="flex min-h-screen flex-col">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-card focus:p-2"
          >
            Skip to content
          </a>
          <ScrollToTop />
          <Header />
          <main id="main" className="flex-1">
            <Routes />
          </main>
          <Disclaimer />
          <Footer />
        </div>
      )}
      <Toaster />
    </>
  );
}
