import { type ComponentType, type ReactNode, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { PAGES } from '../../contract/pages';
import { FullScreenSpinner } from '../components/ui/spinner';
import { LandingPage } from '../features/landing/LandingPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { useCurrentUser } from '../lib/auth';
import { type LazyPage, lazyPage } from './lazy-page';
import { RequireUser } from './RequireUser';

// Screens other than the landing and 404 pages load on demand, so the first page stays small
// (forms and their validation come with the pages that have them).
const LoginPage = lazyPage(
  () => import('../features/auth/LoginPage'),
  (m) => m.LoginPage,
);
const RegisterPage = lazyPage(
  () => import('../features/auth/RegisterPage'),
  (m) => m.RegisterPage,
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/ForgotPasswordPage'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/ResetPasswordPage'),
  (m) => m.ResetPasswordPage,
);
const AccountPage = lazyPage(
  () => import('../features/account/AccountPage'),
  (m) => m.AccountPage,
);
const OutboxPage = lazyPage(
  () => import('../features/dev-outbox/OutboxPage'),
  (m) => m.OutboxPage,
);
const AdminPage = lazyPage(
  () => import('../features/admin/AdminPage'),
  (m) => m.AdminPage,
);
const BugReportPage = lazyPage(
  () => import('../features/bug-report/BugReportPage'),
  (m) => m.BugReportPage,
);
const CardanoCheckoutPage = lazyPage(
  () => import('../features/cardano-checkout/CardanoCheckoutPage'),
  (m) => m.CardanoCheckoutPage,
);
const CardanoPaymentPage = lazyPage(
  () => import('../features/cardano-checkout/CardanoPaymentPage'),
  (m) => m.CardanoPaymentPage,
);
const CheckoutPage = lazyPage(
  () => import('../features/checkout/CheckoutPage'),
  (m) => m.CheckoutPage,
);
const PaymentSuccessPage = lazyPage(
  () => import('../features/checkout/PaymentSuccessPage'),
  (m) => m.PaymentSuccessPage,
);
const DashboardPage = lazyPage(
  () => import('../features/dashboard/DashboardPage'),
  (m) => m.DashboardPage,
);
const DocumentationPage = lazyPage(
  () => import('../features/docs/DocumentationPage'),
  (m) => m.DocumentationPage,
);
const TrackRecordPage = lazyPage(
  () => import('../features/track-record/TrackRecordPage'),
  (m) => m.TrackRecordPage,
);
const CookiePolicyPage = lazyPage(
  () => import('../features/legal/CookiePolicyPage'),
  (m) => m.CookiePolicyPage,
);
const DisclaimerPage = lazyPage(
  () => import('../features/legal/DisclaimerPage'),
  (m) => m.DisclaimerPage,
);
const PrivacyPolicyPage = lazyPage(
  () => import('../features/legal/PrivacyPolicyPage'),
  (m) => m.PrivacyPolicyPage,
);
const TermsOfServicePage = lazyPage(
  () => import('../features/legal/TermsOfServicePage'),
  (m) => m.TermsOfServicePage,
);
const ReportPage = lazyPage(
  () => import('../features/report/ReportPage'),
  (m) => m.ReportPage,
);
const StatusPage = lazyPage(
  () => import('../features/status/StatusPage'),
  (m) => m.StatusPage,
);
const SearchPage = lazyPage(
  () => import('../features/search/SearchPage'),
  (m) => m.SearchPage,
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

function CheckoutDocument() {
  return (
    <LoadedAsDocument path={PAGES.checkout.path}>
      <CheckoutPage />
    </LoadedAsDocument>
  );
}
const checkout = signedIn(CheckoutDocument);

/** Pages that arrive rendered by the server (contract/pages.ts `serverRendered`), by path. */
const SERVER_RENDERED_PAGES: Record<string, LazyPage> = {
  [PAGES.login.path]: LoginPage,
  [PAGES.register.path]: RegisterPage,
  [PAGES.documentation.path]: DocumentationPage,
  [PAGES.trackRecord.path]: TrackRecordPage,
  [PAGES.privacyPolicy.path]: PrivacyPolicyPage,
  [PAGES.termsOfService.path]: TermsOfServicePage,
  [PAGES.cookiePolicy.path]: CookiePolicyPage,
  [PAGES.disclaimer.path]: DisclaimerPage,
};

/** Loads the code of a server-rendered page so it hydrates without suspending. */
export function preloadPage(pathname: string): Promise<unknown> {
  return SERVER_RENDERED_PAGES[pathname.replace(/(.)\/$/, '$1')]?.preload() ?? Promise.resolve();
}

/** Loads every server-rendered page (the server does this once at start). */
export function preloadAllPages(): Promise<unknown> {
  return Promise.all(Object.values(SERVER_RENDERED_PAGES).map((page) => page.preload()));
}

/** Every route; paths come from contract/pages.ts, which the server also reads. */
export function Routes() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Switch>
        <Route path={PAGES.home.path} component={Home} />
        <Route path={PAGES.login.path} component={LoginPage} />
        <Route path={PAGES.register.path} component={RegisterPage} />
        <Route path={PAGES.forgotPassword.path} component={ForgotPasswordPage} />
        <Route path={PAGES.resetPassword.path} component={ResetPasswordPage} />
        <Route path={PAGES.account.path} component={signedIn(AccountPage)} />
        <Route path={PAGES.devOutbox.path} component={OutboxPage} />
        <Route path={PAGES.dashboard.path} component={signedIn(DashboardPage)} />
        <Route path={PAGES.checkout.path} component={checkout} />
        <Route path={PAGES.cardanoPayment.path} component={signedIn(CardanoPaymentPage)} />
        <Route path={PAGES.cardanoCheckout.path} component={signedIn(CardanoCheckoutPage)} />
        <Route path={PAGES.paymentSuccess.path} component={signedIn(PaymentSuccessPage)} />
        <Route path={PAGES.report.path} component={signedIn(ReportPage)} />
        <Route path={PAGES.reports.path} component={signedIn(ReportPage)} />
        <Route path={PAGES.search.path} component={SearchPage} />
        <Route path={PAGES.status.path} component={StatusPage} />
        <Route path={PAGES.documentation.path} component={DocumentationPage} />
        <Route path={PAGES.trackRecord.path} component={TrackRecordPage} />
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
