import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { PAGES } from '../../contract/pages';
import { FullScreenSpinner } from '../components/ui/spinner';
import { LandingPage } from '../features/landing/LandingPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { useCurrentUser } from '../lib/auth';
import { RequireUser } from './RequireUser';

// Screens other than the landing and 404 pages load on demand, so the first page stays small
// (forms and their validation come with the pages that have them).
const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../features/auth/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const AdminPage = lazy(() => import('../features/admin/AdminPage').then((m) => ({ default: m.AdminPage })));
const BugReportPage = lazy(() =>
  import('../features/bug-report/BugReportPage').then((m) => ({ default: m.BugReportPage })),
);
const CardanoCheckoutPage = lazy(() =>
  import('../features/cardano-checkout/CardanoCheckoutPage').then((m) => ({
    default: m.CardanoCheckoutPage,
  })),
);
const CheckoutPage = lazy(() =>
  import('../features/checkout/CheckoutPage').then((m) => ({ default: m.CheckoutPage })),
);
const PaymentSuccessPage = lazy(() =>
  import('../features/checkout/PaymentSuccessPage').then((m) => ({ default: m.PaymentSuccessPage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);
const DocumentationPage = lazy(() =>
  import('../features/docs/DocumentationPage').then((m) => ({ default: m.DocumentationPage })),
);
const CookiePolicyPage = lazy(() =>
  import('../features/legal/CookiePolicyPage').then((m) => ({ default: m.CookiePolicyPage })),
);
const DisclaimerPage = lazy(() =>
  import('../features/legal/DisclaimerPage').then((m) => ({ default: m.DisclaimerPage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('../features/legal/PrivacyPolicyPage').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsOfServicePage = lazy(() =>
  import('../features/legal/TermsOfServicePage').then((m) => ({ default: m.TermsOfServicePage })),
);
const ReportPage = lazy(() =>
  import('../features/report/ReportPage').then((m) => ({ default: m.ReportPage })),
);
const SearchPage = lazy(() =>
  import('../features/search/SearchPage').then((m) => ({ default: m.SearchPage })),
);

function Home() {
  const { user } = useCurrentUser();
  return user ? <DashboardPage /> : <LandingPage />;
}

const signedIn = (Screen: ComponentType) => () => (
  <RequireUser>
    <Screen />
  </RequireUser>
);

/** Where this document was loaded: the server's Content Security Policy is chosen per page. */
const DOCUMENT_PATH = typeof window === 'undefined' ? '' : window.location.pathname;

/**
 * Only a document loaded at /checkout may run Stripe's script (its CSP names Stripe's hosts), so
 * arriving there from another page by client-side navigation loads the page for real.
 */
function LoadedAsDocument({ path, children }: { path: string; children: ReactNode }) {
  const here = DOCUMENT_PATH === path;
  useEffect(() => {
    if (!here) window.location.assign(window.location.href);
  }, [here]);
  return here ? <>{children}</> : <FullScreenSpinner />;
}

const checkout = signedIn(() => (
  <LoadedAsDocument path={PAGES.checkout.path}>
    <CheckoutPage />
  </LoadedAsDocument>
));

/** Every route of spec §2; paths come from contract/pages.ts, which the server also reads. */
export function Routes() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Switch>
        <Route path={PAGES.home.path} component={Home} />
        <Route path={PAGES.login.path} component={LoginPage} />
        <Route path={PAGES.register.path} component={RegisterPage} />
        <Route path={PAGES.dashboard.path} component={signedIn(DashboardPage)} />
        <Route path={PAGES.checkout.path} component={checkout} />
        <Route path={PAGES.cardanoCheckout.path} component={signedIn(CardanoCheckoutPage)} />
        <Route path={PAGES.paymentSuccess.path} component={signedIn(PaymentSuccessPage)} />
        <Route path={PAGES.report.path} component={signedIn(ReportPage)} />
        <Route path={PAGES.reports.path} component={signedIn(ReportPage)} />
        <Route path={PAGES.search.path} component={SearchPage} />
        <Route path={PAGES.documentation.path} component={DocumentationPage} />
        <Route path={PAGES.privacyPolicy.path} component={PrivacyPolicyPage} />
        <Route path={PAGES.termsOfService.path} component={TermsOfServicePage} />
        <Route path={PAGES.cookiePolicy.path} component={CookiePolicyPage} />
        <Route path={PAGES.disclaimer.path} component={DisclaimerPage} />
        <Route path={PAGES.bugReport.path} component={signedIn(BugReportPage)} />
        <Route path={PAGES.admin.path} component={signedIn(AdminPage)} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
